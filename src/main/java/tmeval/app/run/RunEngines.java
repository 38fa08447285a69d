package tmeval.app.run;

import tmeval.run.plan.AdaptiveBudget;

import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.auto.AutoComparison;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.Shard;

import java.util.List;
import java.util.function.Consumer;

/** What runs a job of the run screen: the engine's plain, adaptive and auto comparisons, or a test's in their place. */
final class RunEngines {
    private RunEngines() {
    }

    /**
     * What executes a job, handing each result to {@code asFinished} the moment it is computed (not in corpus order:
     * the views need no file order, and one long document must not hold back the others); tests put a failing one
     * in its place.
     */
    @FunctionalInterface
    interface Runner {
        void run(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel);
    }

    /** What executes an adaptive job, handing over each round's rows of a (document, method) as it ends. */
    @FunctionalInterface
    interface AdaptiveRunner {
        void run(ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair,
                 Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel);
    }

    /** What chooses and runs an auto comparison ({@code compare}'s default): the engine's, or a test's. */
    interface AutoRunner {
        AutoComparison.Choice choose(ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, CancelToken cancel);

        void run(AutoComparison.Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair,
                 Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel);
    }

    /** The engine of {@code compare}'s auto, every round as it ends; the rows in corpus order are not needed here. */
    static final AutoRunner AUTO = new AutoRunner() {
        @Override
        public AutoComparison.Choice choose(ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, CancelToken cancel) {
            return AutoComparison.choose(pilotPlan, corpus, pair, cancel);
        }

        @Override
        public void run(AutoComparison.Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair,
                        Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel) {
            AutoComparison.run(choice, pilotPlan, corpus, pair, Shard.ALL, eachRound, row -> { }, progress, cancel);
        }
    };

    /** The engine of {@code compare --adaptive}, every round as it ends; the rows in corpus order are not needed here. */
    static void runAdaptive(ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair,
                            Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel) {
        AdaptiveComparison.run(plan, budget, corpus, pair, Shard.ALL, eachRound, row -> { }, progress, cancel);
    }

    /** The engine, results as they finish; nothing needs them in corpus order here. */
    static void runAsFinished(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel) {
        ComparisonRunner.run(job, asFinished, r -> { }, progress, cancel);
    }

    /** The engines a job runs on: the command line's, or a test's. */
    record Engines(Runner plain, AdaptiveRunner adaptive, AutoRunner auto) {
    }

}
