package tmeval.app.curves;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Form;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveFloor;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.LiveTraining;
import tmeval.run.exec.SeriesWatch;
import tmeval.run.certify.LiveCurve;
import tmeval.run.output.Provenance;
import tmeval.curve.ConvergenceRule;
import tmeval.train.GibbsTrainer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * View-model of the iteration curves (Foulds and Smyth Figure 2): fills a {@link CurvePlan} from the form (starting
 * from the command line's defaults), runs iteration-AIS and the baselines over the loaded model series in a
 * background task and hands each snapshot's points to the view as soon as the snapshot is done, each tagged with
 * the series (method, run) it belongs to. The typed text of its fields is committed before a run ({@link #form()}); the
 * curves on screen name the plan that drew them ({@link #caption()}), and a run over curves not saved asks first.
 */
public final class CurvesViewModel {
    private static final CurvePlan DEFAULTS = CurvePlan.defaults();
    /** The variance chart's value axis, with its unit: a variance of log-likelihoods in nats is in nats squared. */
    public static final String VARIANCE_AXIS = "mean per-document variance across runs (nats\u00b2)";
    public static final String LIKELIHOOD_AXIS = "held-out corpus log-likelihood (nats)";
    static final String NO_SERIES = "No model series loaded: load a folder of snapshots on the Inputs screen, then press Run curves.";
    static final String READY = "Series loaded: press Run curves to draw a point per snapshot.";
    static final String RUNNING = "Running the curves: each snapshot's points appear here as soon as it is done.";

    private final Workspace inputs;
    private final Map<String, BooleanProperty> methods = new LinkedHashMap<>();
    private final IntegerProperty temperatures = new SimpleIntegerProperty(DEFAULTS.settings().temperatures());
    private final IntegerProperty runs = new SimpleIntegerProperty(DEFAULTS.runs());
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty(NO_SERIES);
    private final StringProperty empty = new SimpleStringProperty(NO_SERIES);
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final List<Consumer<List<CurvePoint>>> likelihoodListeners = new ArrayList<>();
    private final List<Consumer<List<CurvePoint>>> varianceListeners = new ArrayList<>();
    private final List<Consumer<List<CurveInterval>>> intervalListeners = new ArrayList<>();
    private final List<Runnable> resetListeners = new ArrayList<>();
    private int likelihoodPoints;
    private final List<CurveRunner.Point> received = new ArrayList<>();
    private final BackgroundJob<Void> background;
    private final Form form = new Form();
    private final ReadOnlyObjectWrapper<CurvePlan> shownPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<CurvePlan> formPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper(false);
    private final PlanCaption<CurvePlan> caption;
    /** The series and corpus of the curves on screen (empty: those loaded when they were restored from a session). */
    private List<Object> shownInputs = List.of();
    private BiPredicate<String, String> confirm = (title, question) -> true;
    private final StringProperty verdict = new SimpleStringProperty("");
    private final StringProperty step = new SimpleStringProperty("");
    /** The folder of the curves on screen when they were watched live (empty: the loaded series'). */
    private final StringProperty watched = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper training = new ReadOnlyBooleanWrapper(false);
    private final java.util.concurrent.atomic.AtomicBoolean stopTraining = new java.util.concurrent.atomic.AtomicBoolean();

    public CurvesViewModel(Workspace inputs, TaskExecutor executor) {
        this.inputs = inputs;
        this.background = new BackgroundJob<Void>(executor).showIn(progress, message);
        running.bind(background.runningProperty());
        for (String m : CurvePlan.CURVE_METHODS) {
            BooleanProperty on = new SimpleBooleanProperty(DEFAULTS.methods().contains(m));
            on.addListener((o, a, b) -> formChanged());
            methods.put(m, on);
        }
        temperatures.addListener((o, a, b) -> formChanged());
        runs.addListener((o, a, b) -> formChanged());
        formChanged();
        caption = new PlanCaption<>("Curves", shownPlan, formPlan, CurvesViewModel::describe, CurvePlan::usedSettings, CurvePlan::toSettings);
        caption.setPutBack(this::putShownPlanInForm, UserMessages.NONE);
        // curves are the user's work (a session keeps them): another series or corpus marks them, never drops them
        caption.markStaleWhen(javafx.beans.binding.Bindings.createStringBinding(() -> shownPlan.get() == null || shownInputs.isEmpty()
                        || shownInputs.equals(java.util.Arrays.asList(inputs.seriesProperty().get(), inputs.corpusProperty().get())) ? ""
                        : "these curves are of the series and corpus loaded before, not of those loaded now: run the curves again for them",
                shownPlan, inputs.seriesProperty(), inputs.corpusProperty()));
        inputs.seriesProperty().addListener((o, a, b) -> describeEmpty());
        inputs.corpusProperty().addListener((o, a, b) -> describeEmpty());
        // while the curves run, the empty chart says so (not "press Run curves")
        running.addListener((o, a, b) -> empty.set(emptyText()));
        describeEmpty();
    }

    private void formChanged() {
        CurvePlan now;
        try {
            now = plan();
        } catch (IllegalArgumentException e) {
            now = null;
        }
        formPlan.set(now);
    }

    /** The methods, then "n = 1000, 2 runs, seed 1". */
    static String describe(CurvePlan p) {
        return String.format(Locale.ROOT, "%s, n = %d, %d run%s, seed %d", String.join(", ", p.methods()), p.settings().temperatures(), p.runs(),
                p.runs() == 1 ? "" : "s", p.seed());
    }

    /** Puts the plan of the curves on screen in the form: its methods, temperatures and runs (the form holds no other). */
    private List<String> putShownPlanInForm() {
        CurvePlan p = shownPlan.get();
        if (p != null) {
            methods.forEach((m, on) -> on.set(p.methods().contains(m)));
            temperatures.set(p.settings().temperatures());
            runs.set(p.runs());
        }
        return List.of();
    }

    /** Asked (title, question) before a run replaces curves that are not saved; true goes ahead. */
    public void setConfirmHandler(BiPredicate<String, String> handler) {
        this.confirm = handler;
    }

    /** The curves form's typed text, committed before a run (the view adds its fields). */
    public Form form() {
        return form;
    }

    /** "Curves of: ..." naming the plan of the curves on screen, and how the form differs from it since. */
    public PlanCaption<CurvePlan> caption() {
        return caption;
    }

    /** The plan that drew the curves on screen, null when there are none (or they came from an older session). */
    public javafx.beans.property.ReadOnlyObjectProperty<CurvePlan> shownPlanProperty() {
        return shownPlan.getReadOnlyProperty();
    }

    /** Whether a run has drawn points since the curves were last saved in a session or opened from one. */
    public ReadOnlyBooleanProperty unsavedProperty() {
        return unsaved.getReadOnlyProperty();
    }

    public void markSaved() {
        unsaved.set(false);
    }

    /** What an empty chart says: which input is missing, or that Run curves is the next press. */
    private String emptyText() {
        String refused = refusal(inputs.seriesProperty().get(), inputs.corpusProperty().get());
        if (running.get() && !watched.get().isEmpty()) {
            return "Watching " + watched.get() + ": each snapshot's points appear here as it lands.";
        }
        return running.get() ? RUNNING : inputs.seriesProperty().get() == null ? NO_SERIES : refused != null ? refused : READY;
    }

    private void describeEmpty() {
        String text = emptyText();
        empty.set(text);
        if (!running.get() && likelihoodPoints == 0 && !message.isBound()) {
            message.set(text);
        }
    }

    /**
     * Why a loaded series cannot be run on the loaded corpus, and what to do; null when it can. The corpus is read onto
     * model A's vocabulary (its word ids are A's), so a series over other words would score the wrong words.
     */
    static String refusal(ModelSeries series, Corpus corpus) {
        if (series == null || corpus == null || series.vocabulary().equals(corpus.vocabulary())) {
            return null;
        }
        return "Cannot run curves: the series' vocabulary (" + series.vocabulary().size() + " words) differs from model A's ("
                + corpus.vocabulary().size() + " words), onto which the held-out corpus was read. Load a series trained on model A's"
                + " vocabulary, or open one of the series' snapshots as model A and reload the corpus.";
    }

    /** The text an empty chart shows in place of its lines. */
    public StringProperty emptyMessageProperty() {
        return empty;
    }

    /** Receives each snapshot's corpus log-likelihoods, one point per (method, run). */
    public void onLikelihood(Consumer<List<CurvePoint>> listener) {
        likelihoodListeners.add(listener);
    }

    /** Receives each snapshot's per-document variance across runs, one point per method. */
    public void onVariance(Consumer<List<CurvePoint>> listener) {
        varianceListeners.add(listener);
    }

    /** Receives each snapshot's 95% intervals over runs, one per method (none with a single run). */
    public void onInterval(Consumer<List<CurveInterval>> listener) {
        intervalListeners.add(listener);
    }

    public void onReset(Runnable listener) {
        resetListeners.add(listener);
    }

    /**
     * The curve the form describes, as {@code tmeval curve} would build it from the same settings (the first
     * snapshot reached with as many extra temperatures as each later one).
     *
     * @throws IllegalArgumentException naming the setting that is not valid (no method selected, say)
     */
    public CurvePlan plan() {
        List<String> selected = new ArrayList<>();
        methods.forEach((m, on) -> {
            if (on.get()) {
                selected.add(m);
            }
        });
        return planOf(selected, temperatures.get(), runs.get());
    }

    /** The plan of the curve form with these methods, temperatures and runs (its other settings are the command line's defaults). */
    public static CurvePlan planOf(List<String> methods, int temperatures, int runs) {
        return new CurvePlan(methods, DEFAULTS.settings().withTemperatures(temperatures), temperatures, runs, DEFAULTS.seed(), DEFAULTS.threads(),
                DEFAULTS.allowUneven());
    }

    public void start() {
        if (running.get()) {
            return;
        }
        String typed = Form.commit(inputs.form(), form);
        if (typed != null) {
            message.set("cannot run: " + typed);
            return;
        }
        ModelSeries series = inputs.seriesProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (series == null || corpus == null) {
            message.set("load a model series and a held-out corpus first");
            return;
        }
        String refused = refusal(series, corpus);
        if (refused != null) {
            message.set(refused);
            return;
        }
        CurvePlan plan = formPlanOrSay();
        if (plan == null) {
            return;
        }
        if (unsaved.get() && !received.isEmpty() && !confirm.test("Replace the curves that are not saved?", "Running the curves again replaces"
                + " the curves of " + describe(shownPlan.get()) + " (" + received.size() + " points), which are not saved.\n\nRun anyway?"
                + " (File > Save session, Ctrl+S, keeps them.)")) {
            message.set("not started: the curves on screen are not saved (File > Save session keeps them)");
            return;
        }
        CurveRunner.Job job = CurveRunner.Job.of(plan, corpus, series);
        likelihoodPoints = 0;
        received.clear();
        shownInputs = java.util.Arrays.asList(series, corpus);
        watched.set("");
        verdict.set(""); // the verdict and step are a watched curve's
        step.set("");
        shownPlan.set(plan);
        resetListeners.forEach(Runnable::run);
        long start = System.nanoTime();
        int[] snapshots = {0}; // counted on the worker, in the order the snapshots finish
        background.of((sink, token) -> {
            CurveRunner.run(job, new CurveRunner.Listener() {
                @Override
                public void row(CurveRunner.Row row) {
                    // the curve view draws corpus points; per-document rows go to exports
                }

                @Override
                public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                    sink.publish(() -> add(points));
                    sink.message(String.format(Locale.ROOT, "snapshot %d of %d (iteration %d) done", ++snapshots[0], series.size(), iteration));
                }
            }, (done, total, what) -> sink.progress(done, total), token);
            return null;
        }).onSuccess(none -> message.set(String.format(Locale.ROOT, "finished %d snapshots in %.1f s", series.size(), (System.nanoTime() - start) / 1e9)
                        + floorWarning()))
                .onCancelled(() -> message.set(cancelled(series.size()) + floorWarning()))
                .onFailure(f -> message.set("failed: " + f.message()))
                .onEnd(this::emptyStoppedBar)
                .start();
    }

    /**
     * Watches a series folder that a training run (this tool's {@code train}, MALLET's {@code --output-state-interval})
     * is writing: each snapshot's points are drawn as it lands, with the step from the one before and the verdict, as
     * {@code curve --follow} prints them; ends on Cancel or after {@link SeriesWatch#DEFAULT_IDLE} without a snapshot.
     */
    public void watch(java.nio.file.Path dir) {
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

    /** The folder of the curves on screen when they are or were watched live, empty otherwise (the footer names it). */
    public javafx.beans.value.ObservableStringValue watchedProperty() {
        return watched;
    }

    /** The convergence verdict on the curve watched live (empty when none is watched). */
    public StringProperty verdictProperty() {
        return verdict;
    }

    /** The latest iteration-AIS step between consecutive snapshots with its certificate (empty when none). */
    public StringProperty stepProperty() {
        return step;
    }

    private void startLive(java.nio.file.Path dir, TrainRequest request) {
        if (running.get()) {
            return;
        }
        String typed = Form.commit(inputs.form(), form);
        Corpus heldOut = inputs.rawCorpusProperty().get();
        CurvePlan plan = formPlanOrSay();
        if (plan == null) {
            return;
        }
        String refused = typed != null ? "cannot run: " + typed : heldOut == null ? "load a held-out corpus first (File > Open held-out corpus)"
                : !plan.methods().contains(LiveCurve.JUDGED) ? "select " + LiveCurve.JUDGED + ": the steps and the verdict are its" : null;
        if (refused != null) {
            message.set(refused);
            return;
        }
        if (unsaved.get() && !received.isEmpty() && !confirm.test("Replace the curves that are not saved?", "Watching a series replaces the"
                + " curves of " + describe(shownPlan.get()) + " (" + received.size() + " points), which are not saved.\n\nGo ahead?")) {
            message.set("not started: the curves on screen are not saved (File > Save session keeps them)");
            return;
        }
        java.nio.file.Path corpusFile = inputs.path(Workspace.Slot.CORPUS);
        int minTokens = inputs.minTokensProperty().get();
        likelihoodPoints = 0;
        received.clear();
        shownInputs = List.of(); // the series grows as it is watched: not compared with the loaded one
        shownPlan.set(plan);
        resetListeners.forEach(Runnable::run);
        stopTraining.set(false);
        training.set(request != null);
        verdict.set("waiting for the first snapshot in " + dir + (request == null || request.snapshots() >= snapshotsForVerdict() ? ""
                : String.format(Locale.ROOT, "; a verdict needs at least %d snapshots and this training run writes %d: it will end without one",
                snapshotsForVerdict(), request.snapshots())));
        watched.set(dir.toString());
        step.set("");
        SeriesWatch.End[] end = {null};
        background.of((sink, token) -> {
            CurveRunner.Live[] live = {null};
            LiveCurve[] judged = {null};
            SeriesWatch.Handler handler = snapshot -> {
                if (live[0] == null) {
                    Corpus corpus = tmeval.io.CorpusLoader.mapOnto(heldOut, snapshot.model().vocabulary(), corpusFile).withMinimumLength(minTokens);
                    live[0] = CurveRunner.live(CurveRunner.Job.of(plan, corpus, new ModelSeries(dir.getFileName().toString(), List.of(snapshot))));
                    judged[0] = new LiveCurve(corpus, ConvergenceRule.DEFAULT);
                }
                String scoring = "scoring the snapshot at iteration " + snapshot.iteration() + " (" + snapshot.model().name() + ")";
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
                    add(done.get(0));
                    step.set(stepText);
                    verdict.set(verdictText);
                });
                sink.message("snapshot at iteration " + snapshot.iteration() + " drawn; watching " + dir + " for the next");
                return false;
            };
            // the message line says what the watch waits for (it was empty until the first snapshot landed)
            SeriesWatch.Waiting waiting = why -> sink.message("watching " + dir + ": " + why);
            end[0] = request == null
                    ? SeriesWatch.watch(new tmeval.io.SeriesFollower(dir, false), SeriesWatch.POLL, SeriesWatch.DEFAULT_IDLE, () -> false,
                            handler, waiting, token)
                    : LiveTraining.trainAndWatch(new GibbsTrainer(request.config()), tmeval.io.CorpusLoader.read(tmeval.io.CorpusLoader.Spec.of(request.corpus())),
                            "workbench", dir, trainingRun(request), stopTraining::get, handler, waiting, token);
            return null;
        }).onSuccess(none -> message.set(switch (end[0]) {
                    case WRITER_DONE -> "Training ended (" + (stopTraining.get() ? "stopped" : "all iterations done") + "); its snapshots are in " + dir;
                    case IDLE -> "Stopped watching: no snapshot for " + SeriesWatch.DEFAULT_IDLE.toSeconds() + " s";
                    case VERDICT -> "Stopped watching on the verdict";
                } + floorWarning()))
                .onCancelled(() -> message.set("Cancelled: the points drawn are kept" + (request == null ? "" : "; the snapshots written are in " + dir)))
                .onFailure(f -> message.set("failed: " + f.message()))
                .onEnd(outcome -> {
                    training.set(false);
                    emptyStoppedBar(outcome);
                    sayTooFewForVerdict();
                })
                .start();
    }

    /** The provenance every snapshot of a training run of the workbench carries: train's, for its defaults (a series is one run). */
    private static String trainingRun(TrainRequest r) throws java.io.IOException {
        return tmeval.run.output.TrainingProvenance.header(r.config(), false, tmeval.run.output.TrainingProvenance.CorpusReading.defaults(r.corpus()),
                List.of(new Provenance.Input("corpus", r.corpus())));
    }

    /** A job stopped or failed part-way leaves its bar part-filled, which reads as still under way: emptied. */
    private void emptyStoppedBar(BackgroundJob.Outcome outcome) {
        if (outcome != BackgroundJob.Outcome.FINISHED) {
            progress.set(0);
        }
    }

    /** The snapshots the convergence rule needs before it can give a verdict. */
    static int snapshotsForVerdict() {
        return ConvergenceRule.DEFAULT.m() + 1;
    }

    /** "a verdict needs at least 11 snapshots; this series has 4": said when a watch ends with too few for one. */
    private void sayTooFewForVerdict() {
        long drawn = received.stream().mapToInt(CurveRunner.Point::iteration).distinct().count();
        if (drawn < snapshotsForVerdict()) {
            verdict.set(String.format(Locale.ROOT, "no verdict: a verdict needs at least %d snapshots; this series has %d", snapshotsForVerdict(), drawn));
        }
    }

    /** The form's plan, or null with the reason in the message line. */
    private CurvePlan formPlanOrSay() {
        try {
            return plan();
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return null;
        }
    }

    /** The points on screen known to be wrong, said beside them ({@link CurveFloor#summary}). */
    String floorWarning() {
        return CurveFloor.summary(received);
    }

    /** "cancelled after 3 of 20 snapshots; their points are kept": what the stopped run leaves on screen. */
    private String cancelled(int total) {
        long kept = received.stream().mapToInt(CurveRunner.Point::iteration).distinct().count();
        return String.format(Locale.ROOT, "Cancelled after %d of %d snapshots; %s", kept, total,
                kept == 0 ? "no point was drawn" : "their points are kept (File > Save session saves them)");
    }

    /** The corpus points received since the last start (or restored), for a saved session. */
    public List<CurveRunner.Point> points() {
        return List.copyOf(received);
    }

    /** Shows points saved earlier (a reopened session) in place of the current curves, with no plan known for them. */
    public void restore(List<CurveRunner.Point> points) {
        restore(points, null);
    }

    /** Shows points saved earlier (a reopened session) in place of the current curves, drawn by this plan (null: not known). */
    public void restore(List<CurveRunner.Point> points, CurvePlan plan) {
        likelihoodPoints = 0;
        received.clear();
        resetListeners.forEach(Runnable::run);
        shownInputs = List.of(); // a session's inputs may still be loading: not compared
        watched.set("");
        verdict.set(""); // the verdict and step are a watched curve's
        step.set("");
        shownPlan.set(points.isEmpty() ? null : plan);
        if (!points.isEmpty()) {
            add(points);
            String warning = floorWarning();
            if (!warning.isEmpty()) {
                message.set("curves of a saved session" + warning);
            }
        }
        unsaved.set(false);
    }

    private void add(List<CurveRunner.Point> points) {
        unsaved.set(true);
        received.addAll(points);
        List<CurvePoint> likelihood = new ArrayList<>();
        List<CurvePoint> variance = new ArrayList<>();
        for (CurveRunner.Point p : points) {
            if (Methods.deterministic(p.method()) && p.run() > 1) {
                continue; // the same line again: drawn once
            }
            likelihood.add(new CurvePoint(new CurveSeries(p.method(), p.run()), p.iteration(), p.logLikelihood()));
            if (p.run() == 1 && p.perDocumentVariance() != null) {
                variance.add(new CurvePoint(new CurveSeries(p.method(), 0), p.iteration(), p.perDocumentVariance().doubleValue()));
            }
        }
        List<CurveInterval> intervals = new ArrayList<>();
        for (CurveRunner.Interval i : CurveRunner.intervals(points)) {
            if (Methods.deterministic(i.method())) {
                continue; // no spread to draw
            }
            intervals.add(new CurveInterval(i.method(), i.iteration(), i.interval().mean(), i.interval().low(), i.interval().high()));
        }
        likelihoodPoints += likelihood.size();
        likelihoodListeners.forEach(l -> l.accept(likelihood));
        varianceListeners.forEach(l -> l.accept(variance));
        intervalListeners.forEach(l -> l.accept(intervals));
    }

    public void cancel() {
        background.cancel();
    }

    /** Log-likelihood points received since the last start. */
    public int pointCount() {
        return likelihoodPoints;
    }

    public Map<String, BooleanProperty> methods() {
        return methods;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    /** The series loaded, in one line, for the footer. */
    public String seriesSummary() {
        if (!watched.get().isEmpty()) {
            return "series: watched in " + watched.get() + " (the curves above; the series loaded is not drawn)";
        }
        ModelSeries s = inputs.seriesProperty().get();
        return "series: " + (s == null ? "not loaded" : String.format(Locale.ROOT, "%s %d snapshots, iterations %d to %d, K = %d", s.name(),
                s.size(), s.get(0).iteration(), s.get(s.size() - 1).iteration(), s.numTopics()));
    }

    public Workspace inputs() {
        return inputs;
    }
}
