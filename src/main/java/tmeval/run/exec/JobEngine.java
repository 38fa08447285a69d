package tmeval.run.exec;

import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.plan.Shard;

import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.function.Consumer;

/**
 * Where a plan's documents are evaluated: on this machine's threads ({@link #LOCAL}), or on a cluster
 * ({@code tmeval.spark}). Either way every (document, run, method) draws from the stream of its corpus position and
 * results arrive in corpus order on the calling thread, so the command that writes them writes the same file.
 */
public interface JobEngine {
    /** This machine, {@code plan.threads()} workers. */
    JobEngine LOCAL = new JobEngine() {
        @Override
        public void estimate(EstimatePlan plan, Corpus corpus, TopicModel model, Shard shard, Consumer<Outcome> inOrder,
                             Progress progress, CancelToken cancel) {
            EstimationRunner.run(new EstimationRunner.Job(corpus, model, plan.estimator(), plan.runs(), plan.seed(), plan.threads()),
                    shard, inOrder, progress, cancel);
        }

        @Override
        public void compare(ComparisonPlan plan, Corpus corpus, ModelPair pair, Shard shard, Consumer<ComparisonRunner.Result> inOrder,
                            Progress progress, CancelToken cancel) {
            compare(plan, corpus, pair, shard, r -> { }, inOrder, progress, cancel);
        }

        @Override
        public void compare(ComparisonPlan plan, Corpus corpus, ModelPair pair, Shard shard, Consumer<ComparisonRunner.Result> asFinished,
                            Consumer<ComparisonRunner.Result> inOrder, Progress progress, CancelToken cancel) {
            ComparisonRunner.run(ComparisonRunner.Job.of(plan, corpus, pair), shard, asFinished, inOrder, progress, cancel);
        }

        @Override
        public void curve(CurvePlan plan, Corpus corpus, ModelSeries series, Shard shard, CurveRunner.Listener inOrder, Progress progress,
                          CancelToken cancel) {
            CurveRunner.run(CurveRunner.Job.of(plan, corpus, series), shard, inOrder, progress, cancel);
        }

        @Override
        public <T extends java.io.Serializable> void documents(DocumentWork<T> work, Corpus corpus, Shard shard, int threads,
                                                               Consumer<T> inOrder, Progress progress, CancelToken cancel) {
            int[] positions = shard.positions(corpus.size());
            DocumentWork.run(work, corpus, positions, positions, threads, inOrder, progress, cancel);
        }
    };

    /** Every (document, run) of the shard under one model, in corpus order. */
    void estimate(EstimatePlan plan, Corpus corpus, TopicModel model, Shard shard, Consumer<Outcome> inOrder, Progress progress,
                  CancelToken cancel);

    /** Every (document, method and direction, run) of the shard, and the plan's reference, in corpus order. */
    void compare(ComparisonPlan plan, Corpus corpus, ModelPair pair, Shard shard, Consumer<ComparisonRunner.Result> inOrder,
                 Progress progress, CancelToken cancel);

    /**
     * As {@link #compare(ComparisonPlan, Corpus, ModelPair, Shard, Consumer, Progress, CancelToken)}, each result also
     * to {@code asFinished} the moment it is computed where that is this machine (the workbench's views); a cluster
     * computes them elsewhere and hands over none.
     */
    default void compare(ComparisonPlan plan, Corpus corpus, ModelPair pair, Shard shard, Consumer<ComparisonRunner.Result> asFinished,
                         Consumer<ComparisonRunner.Result> inOrder, Progress progress, CancelToken cancel) {
        compare(plan, corpus, pair, shard, inOrder, progress, cancel);
    }

    /**
     * Every (document, method, run) of the shard at every snapshot of the series, snapshot by snapshot in corpus order,
     * each snapshot followed by its points (over the shard's documents).
     */
    void curve(CurvePlan plan, Corpus corpus, ModelSeries series, Shard shard, CurveRunner.Listener inOrder, Progress progress,
               CancelToken cancel);

    /**
     * Every document of the shard through work whose rounds end per document (adaptive, auto), in corpus order, each
     * with {@code threads} workers where it runs.
     */
    <T extends java.io.Serializable> void documents(DocumentWork<T> work, Corpus corpus, Shard shard, int threads, Consumer<T> inOrder,
                                                    Progress progress, CancelToken cancel);
}
