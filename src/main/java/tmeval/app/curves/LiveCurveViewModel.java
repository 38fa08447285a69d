package tmeval.app.curves;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.Form;
import tmeval.app.common.Workspace;
import tmeval.curve.ConvergenceRule;
import tmeval.io.CorpusLoader;
import tmeval.io.SeriesFollower;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.run.certify.LiveCurve;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.LiveTraining;
import tmeval.run.exec.SeriesWatch;
import tmeval.run.output.Provenance;
import tmeval.run.output.TrainingProvenance;
import tmeval.run.plan.CurvePlan;
import tmeval.train.GibbsTrainer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The iteration curve watched as it grows (a training run of this tool's, or a folder another process writes): each
 * snapshot's points go to the {@link CurvesViewModel}'s curves as it lands, with the iteration-AIS step from the one
 * before and the convergence verdict, as {@code curve --follow} prints them; Stop training ends a training run of the
 * workbench's after its current snapshot. It runs as the curves' background job, with their form, message and bar.
 */
public final class LiveCurveViewModel {
    private final CurvesViewModel curves;
    private final StringProperty verdict = new SimpleStringProperty("");
    private final StringProperty step = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper training = new ReadOnlyBooleanWrapper(false);
    private final AtomicBoolean stopTraining = new AtomicBoolean();

    LiveCurveViewModel(CurvesViewModel curves) {
        this.curves = curves;
        // the verdict and step are a watched curve's: other curves in their place clear them
        curves.onReset(() -> {
            verdict.set("");
            step.set("");
        });
    }
    /**
     * Watches a series folder that a training run (this tool's {@code train}, MALLET's {@code --output-state-interval})
     * is writing: each snapshot's points are drawn as it lands, with the step from the one before and the verdict, as
     * {@code curve --follow} prints them; ends on Cancel or after {@link SeriesWatch#DEFAULT_IDLE} without a snapshot.
     */
    public void watch(Path dir) {
        startLive(dir, null);
    }

    /** Trains on a corpus into a new series folder and watches it ({@link #watch}); Stop training ends it after its current snapshot. */
    public void train(TrainRequest request) {
        startLive(request.seriesDir(), request);
    }

    /** Ends the training run after its current snapshot, keeping every snapshot written; the watch takes the last one and ends. */
    public void stopTraining() {
        if (training.get()) {
            stopTraining.set(true);
            training.set(false); // asked once: pressing again would do nothing
            // the message line follows the job while it runs: the verdict line says it until the last snapshot is drawn
            verdict.set("Stop training: training ends after its current snapshot, the snapshots written kept; " + verdict.get());
        }
    }

    /** Whether Stop training applies: a training run of this view is writing snapshots, not yet asked to stop nor at its last. */
    public ReadOnlyBooleanProperty trainingProperty() {
        return training.getReadOnlyProperty();
    }

    /** The convergence verdict on the curve watched live (empty when none is watched). */
    public StringProperty verdictProperty() {
        return verdict;
    }

    /** The latest iteration-AIS step between consecutive snapshots with its certificate (empty when none). */
    public StringProperty stepProperty() {
        return step;
    }

    private void startLive(Path dir, TrainRequest request) {
        if (curves.runningProperty().get()) {
            return;
        }
        Workspace inputs = curves.inputs();
        String typed = Form.commit(inputs.form(), curves.form());
        Corpus heldOut = inputs.rawCorpusProperty().get();
        CurvePlan plan = curves.formPlanOrSay();
        if (plan == null) {
            return;
        }
        String refused = typed != null ? "cannot run: " + typed : heldOut == null ? "load a held-out corpus first (File > Open held-out corpus)"
                : !plan.methods().contains(LiveCurve.JUDGED) ? "select " + LiveCurve.JUDGED + ": the steps and the verdict are its" : null;
        if (refused != null) {
            curves.messageProperty().set(refused);
            return;
        }
        if (!curves.mayReplace("Watching a series", "Go ahead?")) {
            return;
        }
        Path corpusFile = inputs.path(Workspace.Slot.CORPUS);
        int minTokens = inputs.minTokensProperty().get();
        curves.show(plan, List.of(), dir.toString()); // the series grows as it is watched: not compared with the loaded one
        stopTraining.set(false);
        training.set(request != null);
        verdict.set("waiting for the first snapshot in " + dir + (request == null || request.snapshots() >= snapshotsForVerdict() ? ""
                : String.format(Locale.ROOT, "; a verdict needs at least %d snapshots and this training run writes %d: it will end without one",
                snapshotsForVerdict(), request.snapshots())));
        SeriesWatch.End[] end = {null};
        curves.job().of((sink, token) -> {
            CurveRunner.Live[] live = {null};
            LiveCurve[] judged = {null};
            SeriesWatch.Handler handler = snapshot -> {
                if (live[0] == null) {
                    Corpus corpus = CorpusLoader.mapOnto(heldOut, snapshot.model().vocabulary(), corpusFile).withMinimumLength(minTokens);
                    live[0] = CurveRunner.live(CurveRunner.Job.of(plan, corpus, new ModelSeries(dir.getFileName().toString(), List.of(snapshot))));
                    judged[0] = new LiveCurve(corpus, ConvergenceRule.DEFAULT);
                }
                String scoring = "scoring " + snapshotName(snapshot);
                sink.message(scoring + " from " + dir);
                if (judged[0].points().isEmpty()) {
                    sink.publish(() -> verdict.set(scoring + ": its points, then the step and the verdict, follow"));
                }
                List<List<CurveRunner.Point>> done = new ArrayList<>();
                live[0].next(snapshot, new CurveRunner.Listener() {
                    @Override
                    public void row(CurveRunner.Row row) {
                    }

                    @Override
                    public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                        done.add(points);
                    }
                }, (d, total, what) -> sink.progress(d, total), token);
                LiveCurve.Step s = judged[0].add(snapshot.iteration(), done.get(0));
                String stepText = s == null ? "" : s.text(judged[0].target());
                String verdictText = judged[0].verdict().text();
                boolean trainingDone = request != null && snapshot.iteration() >= request.lastSnapshot();
                sink.publish(() -> {
                    if (trainingDone) {
                        training.set(false); // its last snapshot landed: nothing is left to stop
                    }
                    curves.add(done.get(0));
                    step.set(stepText);
                    verdict.set(verdictText);
                });
                sink.message("snapshot at iteration " + snapshot.iteration() + " drawn; watching " + dir + " for the next");
                return false;
            };
            // the message line says what the watch waits for (it was empty until the first snapshot landed)
            SeriesWatch.Waiting waiting = why -> sink.message("watching " + dir + ": " + why);
            end[0] = request == null
                    ? SeriesWatch.watch(new SeriesFollower(dir, false), SeriesWatch.POLL, SeriesWatch.DEFAULT_IDLE, () -> false,
                            handler, waiting, token)
                    : LiveTraining.trainAndWatch(new GibbsTrainer(request.config()), CorpusLoader.read(CorpusLoader.Spec.of(request.corpus())),
                            "workbench", dir, trainingRun(request), stopTraining::get, handler, waiting, token);
            return null;
        }).onSuccess(none -> curves.messageProperty().set(switch (end[0]) {
                    case WRITER_DONE -> "Training ended (" + (stopTraining.get() ? "stopped" : "all iterations done") + "); its snapshots are in " + dir;
                    case IDLE -> "Stopped watching: no snapshot for " + SeriesWatch.DEFAULT_IDLE.toSeconds() + " s";
                    case VERDICT -> "Stopped watching on the verdict";
                } + curves.floorWarning()))
                .onCancelled(() -> curves.messageProperty().set("Cancelled: the points drawn are kept" + (request == null ? "" : "; the snapshots written are in " + dir)))
                .onFailure(f -> curves.messageProperty().set("failed: " + f.message()))
                .onEnd(outcome -> {
                    training.set(false);
                    curves.emptyStoppedBar(outcome);
                    sayTooFewForVerdict();
                })
                .start();
    }

    /** The provenance every snapshot of a training run of the workbench carries: train's, for its defaults (a series is one run). */
    private static String trainingRun(TrainRequest r) throws java.io.IOException {
        return TrainingProvenance.header(r.config(), false, TrainingProvenance.CorpusReading.defaults(r.corpus()),
                List.of(new Provenance.Input("corpus", r.corpus())));
    }

    /** "the snapshot at iteration 10 (workbench @10)": its name unless it only repeats the iteration (a MALLET state's). */
    static String snapshotName(ModelSeries.Snapshot snapshot) {
        String at = "the snapshot at iteration " + snapshot.iteration();
        String name = snapshot.model().name();
        return name.equals("iteration " + snapshot.iteration()) ? at : at + " (" + name + ")";
    }

    /** The snapshots the convergence rule needs before it can give a verdict. */
    static int snapshotsForVerdict() {
        return ConvergenceRule.DEFAULT.m() + 1;
    }

    /** "a verdict needs at least 11 snapshots; this series has 4": said when a watch ends with too few for one. */
    private void sayTooFewForVerdict() {
        long drawn = curves.snapshotsDrawn();
        if (drawn < snapshotsForVerdict()) {
            verdict.set(String.format(Locale.ROOT, "no verdict: a verdict needs at least %d snapshots; this series has %d", snapshotsForVerdict(), drawn));
        }
    }
}
