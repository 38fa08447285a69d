package tmeval.run.services;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.auto.AutoComparison;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.JobEngine;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Shard;

import java.util.List;
import java.util.Locale;

/**
 * A comparison from its job to its rows, in two calls every front end makes whatever the mode: {@link #prepare} (auto
 * runs its pilot and chooses; a plain or adaptive job is ready as it is) and {@link #run} (every document of a shard:
 * once for a plain job, in rounds for an adaptive or an auto one). The command line ({@code compare}, also on Spark),
 * the workbench's run screen and a test hear of it through a {@link Listener}.
 */
public final class Comparisons {
    private Comparisons() {
    }

    /**
     * What a front end hears of a comparison as it runs: each callback may be left out. {@link #finished} and
     * {@link #round} are called on the workers (so must be thread-safe), {@link #row} on the calling thread in corpus order.
     */
    public interface Listener {
        /** Auto: the progress its pilot reports to, as the pilot starts on {@code documents} documents with {@code pilotPlan}'s candidates. */
        default Progress piloting(ComparisonPlan pilotPlan, int documents) {
            return Progress.NONE;
        }

        /**
         * Auto: a choice the same pilot already made on these inputs (the workbench's cost preview runs it to price the
         * job), or null to run the pilot. The pilot is deterministic, so the rows are the same either way.
         */
        default AutoComparison.Choice known(ComparisonPlan pilotPlan) {
            return null;
        }

        /** Auto: what the pilot chose, before any document runs ({@link AutoComparison.Choice#job}: the comparison of its rows). */
        default void chosen(AutoComparison.Choice choice) {
        }

        /** The progress the documents report to: a plain job counts (document, method and direction, run) tasks, the others documents. */
        default Progress running(Ready ready) {
            return Progress.NONE;
        }

        /** A plain job's result the moment it is computed, where that is this machine (not in corpus order). */
        default void finished(ComparisonRunner.Result result) {
        }

        /** An adaptive or auto job's round of one (document, method) as it ends, where that is this machine. */
        default void round(List<AdaptiveComparison.Row> rows) {
        }

        /** Every row in corpus order (a plain job's with temperatures 0 and converged null), a reference run's included. */
        default void row(AdaptiveComparison.Row row) {
        }
    }

    /**
     * A comparison ready to run.
     *
     * @param asked  the job as the user asked for it (for auto, on its pilot's plan)
     * @param job    the job its rows are written under: {@code asked}, or for auto the chosen method at its starting budget
     *               with the pilot that chose it
     * @param choice auto's choice, or null
     */
    public record Ready(ComparisonJob asked, ComparisonJob job, AutoComparison.Choice choice) {
        /** What its progress is called: {@code compare}, or auto's choice ({@code auto ratio-convex}). */
        public String label() {
            return choice == null ? "compare" : AutoComparison.NAME + " " + choice.method();
        }

        /** The method auto chose, or null: the answer names it. */
        public String chosenMethod() {
            return choice == null ? null : choice.method();
        }

        /** What was chosen and why, in lines for the summary ("" but for auto). */
        public String report(Corpus corpus) {
            return choice == null ? "" : choice.report(corpus);
        }

        /** The choice in a sentence ("" but for auto). */
        public String inWords() {
            return choice == null ? "" : choice.inWords();
        }

        /**
         * A progress line: "WHAT: 5 of 24 tasks done, last document d3" for a plain job, which counts (document, method
         * and direction, run) tasks, "WHAT: 5 of 12 documents done, last d3" for one that runs documents in rounds.
         */
        public String progressLine(String what, long done, long total, String last) {
            return String.format(Locale.ROOT, job.rounds() ? "%s: %d of %d documents done, last %s" : "%s: %d of %d tasks done, last document %s",
                    what, done, total, last);
        }
    }

    /** What a run spent beyond its rows, in a line for the summary ("" for a plain job, whose rows say it all). */
    public record Ran(String summary) {
    }

    /**
     * Why the job cannot compare these models (a method that refuses the pair, named with its reason), or null. Auto
     * chooses among the methods that can.
     */
    public static String refusal(ComparisonJob job, TopicModel a, TopicModel b) {
        if (job.isAuto()) {
            return null;
        }
        for (String method : job.plan().methods()) {
            String refusal = ComparisonMethods.refusal(method, a, b);
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    /** The job ready to run: auto's pilot run and its choice made; a plain or adaptive job as it is. */
    public static Ready prepare(ComparisonJob job, Corpus corpus, ModelPair pair, Listener listener, CancelToken cancel) {
        if (!job.isAuto()) {
            return new Ready(job, job, null);
        }
        ComparisonPlan pilotPlan = job.plan();
        AutoComparison.Choice choice = listener.known(pilotPlan);
        if (choice == null) {
            Progress pilot = listener.piloting(pilotPlan, Math.min(AutoEstimation.PILOT_DOCUMENTS, corpus.size()));
            choice = AutoComparison.choose(pilotPlan, corpus, pair, pilot, cancel);
        }
        listener.chosen(choice);
        return new Ready(job, choice.job(pilotPlan), choice);
    }

    /** Runs every document of the shard on the engine, each row to the listener. */
    public static Ran run(Ready ready, Corpus corpus, ModelPair pair, Shard shard, JobEngine engine, Listener listener, CancelToken cancel) {
        Progress progress = listener.running(ready);
        ComparisonJob job = ready.job();
        if (ready.choice() != null) {
            long spent = AutoComparison.run(engine, ready.choice(), ready.asked().plan(), corpus, pair, shard, listener::round, listener::row,
                    progress, cancel);
            return new Ran(String.format(Locale.ROOT, "auto spent %d site updates in all rounds%n", spent));
        }
        if (job.budget() != null) {
            int[] converged = new int[2];
            long spent = AdaptiveComparison.run(engine, job.plan(), job.budget(), corpus, pair, shard, listener::round, row -> {
                // one count per (document, ratio path): its first forward run's row
                if (row.converged() != null && row.result().direction() == Direction.FORWARD && row.result().run() == 1) {
                    converged[row.converged() ? 0 : 1]++;
                }
                listener.row(row);
            }, progress, cancel);
            return new Ran(String.format(Locale.ROOT, "adaptive: %d (document, ratio path) pairs agreed within %s nats, %d did not"
                    + " by %d temperatures; %d site updates spent in all rounds%n", converged[0], job.budget().agreeWithin(), converged[1],
                    job.budget().maxTemperatures(), spent));
        }
        engine.compare(job.plan(), corpus, pair, shard, listener::finished, r -> listener.row(new AdaptiveComparison.Row(r, 0, null)),
                progress, cancel);
        return new Ran("");
    }

    /** {@link #prepare} and {@link #run} in one call, for a front end that has nothing to do between them. */
    public static Ran run(ComparisonJob job, Corpus corpus, ModelPair pair, Shard shard, JobEngine engine, Listener listener,
                          CancelToken cancel) {
        return run(prepare(job, corpus, pair, listener, cancel), corpus, pair, shard, engine, listener, cancel);
    }
}
