package tmeval.app.run;

import tmeval.run.plan.Arm;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.value.ChangeListener;
import javafx.util.Duration;
import tmeval.app.common.ArmKey;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.run.auto.AutoComparison;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.services.Comparisons;
import tmeval.progress.Progress;
import tmeval.run.exec.ComparisonRunner;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One comparison job from its start to its one outcome: its rows streamed into {@link Results} in batches at most ten
 * times a second, its ETA, and what a finish, a cancel or a failure leaves on screen. Its queue ({@link RunQueue}) owns
 * the status it shows in.
 */
final class RunJob {
    private final RunQueue owner;
    private final RunViewModel.JobSpec spec;
    private final Results results;
    private final Corpus corpus;
    private final ModelPair pair;
    private Timeline drain;
    private Runnable drainAll = () -> { };
    private ComparisonRunner.Job job;
    private final List<ArmKey> keys = new ArrayList<>();
    private final RunHistory history;
    private RunHistory.Run run;
    private ResultStream stream;
    private final AtomicReference<AutoComparison.Choice> chosen = new AtomicReference<>();
    private String choiceWords = "";

    RunJob(RunQueue owner, RunViewModel.JobSpec spec, Corpus corpus, ModelPair pair) {
        this.owner = owner;
        this.spec = spec;
        this.results = owner.results();
        this.history = owner.history();
        this.corpus = corpus;
        this.pair = pair;
    }

    RunViewModel.JobSpec spec() {
        return spec;
    }

    /** Makes room on screen for the job's rows: they join results of a plan that differs only in its methods, or replace them. */
    void prepare() {
        job = ComparisonRunner.Job.of(spec.job().plan(), corpus, pair);
        for (Arm arm : job.arms()) {
            keys.add(ArmKey.of(arm));
        }
        if (job.reference() != null) {
            keys.add(ArmKey.REFERENCE);
        }
        // a new run of the history, on screen: the run before it stays there (auto's plan is known once its pilot has chosen)
        run = history.begin(corpus, spec.job().rowsJob(), Instant.now());
        stream = new ResultStream(job.arms().size() * job.runs() + (job.reference() == null ? 0 : 1), corpus.size());
        // auto's choice, made on a worker, reaches the results (their plan) and the message line on the FX thread
        drainAll = () -> {
            AutoComparison.Choice c = chosen.getAndSet(null);
            if (c != null) {
                results.reset(corpus, c.job(spec.job().plan()));
                choiceWords = c.inWords();
            }
            stream.drainInto(results);
        };
    }

    /** Runs it off the FX thread; {@code predicted}: the cost preview's seconds, the ETA until progress is reported. */
    void run(BackgroundJob<Void> jobs, double predicted) {
        long start = System.nanoTime();
        double loadAtStart = owner.cost().loadNow();
        Runnable updateEta = () -> {
            if (owner.current() != this) {
                return; // a late progress report of a finished or cancelled job must not bring its ETA back
            }
            double p = owner.progressProperty().get();
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (p > 0 && p < 1) {
                owner.etaProperty().set("about " + CostPreview.seconds(elapsed * (1 - p) / p) + " left");
            } else if (p <= 0 && predicted > 0) {
                owner.etaProperty().set("about " + CostPreview.seconds(Math.max(1, predicted - elapsed)) + " left (predicted)");
            }
        };
        // results reach the views in batches, at most ten times a second, never one FX call per document;
        // the ETA follows the clock every second even while no task finishes. A view that redraws slowly must not
        // starve the FX thread (progress, ETA and Cancel live there too): the next batch waits at least three times
        // as long as the last one took to show
        int[] ticks = {0};
        long[] nextDrain = {0};
        drain = new Timeline(new KeyFrame(Duration.millis(100), e -> {
            long now = System.nanoTime();
            if (now >= nextDrain[0]) {
                drainAll.run();
                long took = System.nanoTime() - now;
                nextDrain[0] = System.nanoTime() + Math.max(0, 3 * took - 100_000_000L);
            }
            if (++ticks[0] % 10 == 0) {
                updateEta.run();
            }
        }));
        drain.setCycleCount(Timeline.INDEFINITE);
        ChangeListener<Number> onProgress = (o, a, b) -> updateEta.run();
        drain.play();
        owner.progressProperty().addListener(onProgress);
        RunEngines.Engine engine = owner.engine();
        // the preview's pilot on these very inputs and plan has chosen already: the job does not run it again
        AutoComparison.Choice known = owner.cost().choiceFor(spec.job().plan(), pair, corpus);
        jobs.of((sink, token) -> {
            engine.run(spec.job(), corpus, pair, new Comparisons.Listener() {
                @Override
                public AutoComparison.Choice known(ComparisonPlan pilotPlan) {
                    return known != null && pilotPlan.equals(spec.job().plan()) ? known : null;
                }

                @Override
                public Progress piloting(ComparisonPlan pilotPlan, int documents) {
                    sink.message(String.format(Locale.ROOT, "auto: a pilot runs %s on %d documents to choose the method",
                            String.join(", ", pilotPlan.methods()), documents));
                    return Progress.NONE;
                }

                @Override
                public void chosen(AutoComparison.Choice choice) {
                    chosen.set(choice);
                }

                @Override
                public Progress running(Comparisons.Ready ready) {
                    String what = ready.inWords().isEmpty() ? spec.label() : ready.inWords();
                    boolean rounds = ready.job().rounds();
                    return (done, total, doc) -> {
                        if (rounds) {
                            stream.adaptiveDocumentsDone(done); // a round does not say it is a document's last
                        }
                        sink.progress(done, total);
                        sink.message(ready.progressLine(what, done, total, doc));
                    };
                }

                @Override
                public void finished(ComparisonRunner.Result result) {
                    stream.add(result);
                }

                @Override
                public void round(List<AdaptiveComparison.Row> rows) {
                    stream.addRound(rows);
                }
            }, token);
            return null;
        }).onSuccess(none -> {
            // each method's rate in this job replaces the saved or calibrated one in the next cost preview, and how
            // many threads it kept busy replaces the assumption of all of them
            long wall = System.nanoTime() - start;
            drainAll.run();
            if (!spec.job().isAuto()) { // auto's rounds run at budgets of their own: no rate of the form's plan to learn
                List<ComparisonRunner.Result> mine = results.all().stream().filter(r -> keys.contains(ArmKey.of(r))).toList();
                owner.cost().learnFrom(mine, wall, job.threads(), pair.a().numTopics(), spec.job().plan().settings().maxExactStates(), loadAtStart);
            }
            owner.lastJobSecondsProperty().set(wall / 1e9);
            finish(String.format(Locale.ROOT, "finished %s%s in %.1f s", spec.label(), choiceWords.isEmpty() ? "" : ": " + choiceWords,
                    wall / 1e9), RunHistory.Status.FINISHED, null);
        }).onCancelled(() -> finish("cancelled " + spec.label(), RunHistory.Status.PARTIAL, "cancelled"))
                .onFailure(f -> {
                    finish("failed: " + f.message(), RunHistory.Status.FAILED, "the job failed");
                    owner.messages().error("The job failed", spec.label() + ": " + f.message());
                })
                .onEnd(outcome -> {
                    owner.progressProperty().removeListener(onProgress);
                    owner.ended(outcome);
                })
                .start();
    }

    /**
     * Ends the job: its last rows drained, its run's status set and, for a run that stopped before its end, why, and how
     * many documents its rows cover ({@code why} null: it finished). The run stays in the history beside the others.
     */
    private void finish(String finalMessage, RunHistory.Status status, String why) {
        drain.stop();
        drainAll.run();
        drainAll = () -> { };
        String partial = "";
        if (why != null) {
            partial = "partial: " + why + " " + documentsKept();
            results.partialProperty().set(partial);
        }
        history.end(run, status);
        owner.finished(finalMessage + (why == null ? "" : " " + documentsKept() + "; run " + run.id() + " is kept, marked " + status.word()));
    }

    /**
     * "after 54 of 300 documents": the documents whose rows are kept (the rows' own count, never the progress's, which
     * lags a document whose first rows have arrived), and, for a plain job, how many of those are not complete.
     */
    private String documentsKept() {
        java.util.Set<Integer> documents = new java.util.HashSet<>();
        results.all().forEach(r -> documents.add(r.documentIndex()));
        int incomplete = spec.job().rounds() ? 0 : documents.size() - stream.documentsDone();
        return String.format(Locale.ROOT, "after %d of %d documents%s", documents.size(), corpus.size(),
                incomplete > 0 ? String.format(Locale.ROOT, " (%d of them not complete)", incomplete) : "");
    }
}
