package tmeval.spark;

import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.DocumentWork;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.exec.JobEngine;
import tmeval.run.exec.Outcome;
import tmeval.run.plan.Shard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Evaluates a plan's documents on a Spark cluster: the models go to every executor once (a broadcast), the documents
 * in interleaved slices, one per partition; each executor runs its slice with the local runner (so every document
 * keeps the random streams of its corpus position), and the driver puts the results back in corpus order for the
 * command to write. The context is started only when a job needs it (not for {@code --help} or a usage error).
 */
final class SparkEngine implements JobEngine, AutoCloseable {
    /**
     * Spark setting: slices (partitions) per job. By default four per core the cluster offers (its default
     * parallelism): progress moves by a quarter of a core's share, and a slow or lost executor holds up less work.
     */
    static final String PARTITIONS = "spark.tmeval.partitions";
    private static final int SLICES_PER_CORE = 4;

    private final Supplier<JavaSparkContext> start;
    private final boolean stopOnClose;
    private JavaSparkContext context;

    /** @param stopOnClose whether {@link #close()} stops a context this engine started */
    SparkEngine(Supplier<JavaSparkContext> start, boolean stopOnClose) {
        this.start = start;
        this.stopOnClose = stopOnClose;
    }

    @Override
    public void estimate(EstimatePlan plan, Corpus corpus, TopicModel model, Shard shard, Consumer<Outcome> inOrder, Progress progress,
                         CancelToken cancel) {
        JavaSparkContext sc = context();
        Broadcast<Slice.EstimateInputs> inputs = sc.broadcast(new Slice.EstimateInputs(plan, model, corpus.vocabulary()));
        int threads = taskCpus(sc);
        List<Slice> slices = Slice.of(corpus, shard, partitions(sc));
        JavaRDD<List<Outcome>> rdd = sc.parallelize(slices, slices.size()).map(s -> s.estimate(inputs.value(), threads));
        try {
            deliver(collect(sc, rdd, slices.size(), progress, cancel), Outcome::documentIndex, inOrder);
        } finally {
            inputs.destroy();
        }
    }

    @Override
    public void compare(ComparisonPlan plan, Corpus corpus, ModelPair pair, Shard shard, Consumer<ComparisonRunner.Result> inOrder,
                        Progress progress, CancelToken cancel) {
        JavaSparkContext sc = context();
        Broadcast<Slice.CompareInputs> inputs = sc.broadcast(Slice.CompareInputs.of(plan, pair, corpus.vocabulary()));
        int threads = taskCpus(sc);
        List<Slice> slices = Slice.of(corpus, shard, partitions(sc));
        JavaRDD<List<ComparisonRunner.Result>> rdd = sc.parallelize(slices, slices.size()).map(s -> s.compare(inputs.value(), threads));
        try {
            deliver(collect(sc, rdd, slices.size(), progress, cancel), ComparisonRunner.Result::documentIndex, inOrder);
        } finally {
            inputs.destroy();
        }
    }

    @Override
    public void curve(CurvePlan plan, Corpus corpus, ModelSeries series, Shard shard, CurveRunner.Listener inOrder, Progress progress,
                      CancelToken cancel) {
        JavaSparkContext sc = context();
        Broadcast<Slice.CurveInputs> inputs = sc.broadcast(new Slice.CurveInputs(plan, series, corpus.vocabulary()));
        int threads = taskCpus(sc);
        List<Slice> slices = Slice.of(corpus, shard, partitions(sc));
        // a task runs its slice through the whole series: iteration-AIS's state per document stays on its executor
        JavaRDD<List<CurveRunner.Row>> rdd = sc.parallelize(slices, slices.size()).map(s -> s.curve(inputs.value(), threads));
        try {
            List<CurveRunner.Row> rows = new ArrayList<>();
            collect(sc, rdd, slices.size(), progress, cancel).forEach(rows::addAll);
            CurveRunner.deliver(series, plan.methods(), plan.runs(), shard.positions(corpus.size()).length, rows, inOrder);
        } finally {
            inputs.destroy();
        }
    }

    /**
     * Work whose rounds end per document (adaptive, auto): the work (plan, models, the choice the driver made once)
     * goes to every executor by broadcast, and a task runs all the rounds of its slice's documents, each on the streams
     * of its corpus position; so a lost task run again elsewhere gives the same results.
     */
    @Override
    public <T extends java.io.Serializable> void documents(DocumentWork<T> work, Corpus corpus, Shard shard, int threads,
                                                           Consumer<T> inOrder, Progress progress, CancelToken cancel) {
        JavaSparkContext sc = context();
        Broadcast<Slice.DocumentInputs<T>> inputs = sc.broadcast(new Slice.DocumentInputs<>(work, corpus.vocabulary()));
        int cpus = taskCpus(sc);
        List<Slice> slices = Slice.of(corpus, shard, partitions(sc));
        JavaRDD<List<T>> rdd = sc.parallelize(slices, slices.size()).map(s -> s.documents(inputs.value(), cpus));
        try {
            List<List<T>> results = collect(sc, rdd, slices.size(), progress, cancel);
            // each slice's results in its documents' order: back to corpus order by the slices' positions
            List<int[]> positions = slices.stream().map(Slice::positions).toList();
            deliver(results, positions, inOrder);
        } finally {
            inputs.destroy();
        }
    }

    private synchronized JavaSparkContext context() {
        if (context == null) {
            context = start.get();
        }
        return context;
    }

    private static int partitions(JavaSparkContext sc) {
        return Math.max(1, sc.getConf().getInt(PARTITIONS, SLICES_PER_CORE * sc.defaultParallelism()));
    }

    /** Each Spark task's cores: the local runner's workers on the executor. */
    private static int taskCpus(JavaSparkContext sc) {
        return Math.max(1, sc.getConf().getInt("spark.task.cpus", 1));
    }

    /**
     * Runs the job, reporting finished partitions as progress; a cancel (Ctrl-C) cancels the Spark job too.
     *
     * @throws CancelledException if cancelled
     */
    private static <T> List<List<T>> collect(JavaSparkContext sc, JavaRDD<List<T>> rdd, int partitions, Progress progress,
                                             CancelToken cancel) {
        String group = "tmeval-" + UUID.randomUUID();
        sc.setJobGroup(group, "tmeval", true);
        try {
            JavaFutureAction<List<List<T>>> job = rdd.collectAsync();
            while (true) {
                try {
                    List<List<T>> results = job.get(100, TimeUnit.MILLISECONDS);
                    // the last slices may finish between two polls: say the job is done, as the local progress does
                    progress.update(partitions, partitions, null);
                    return results;
                } catch (TimeoutException e) {
                    if (cancel.isCancelled()) {
                        sc.cancelJobGroup(group);
                        throw new CancelledException();
                    }
                    progress.update(finishedTasks(sc, job), partitions, null);
                }
            }
        } catch (InterruptedException e) {
            sc.cancelJobGroup(group);
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("the Spark job failed: " + e.getCause(), e.getCause());
        } finally {
            sc.clearJobGroup();
        }
    }

    private static int finishedTasks(JavaSparkContext sc, JavaFutureAction<?> job) {
        int done = 0;
        for (int id : job.jobIds()) {
            SparkJobInfo info = sc.statusTracker().getJobInfo(id);
            if (info == null) {
                continue;
            }
            for (int stage : info.stageIds()) {
                SparkStageInfo s = sc.statusTracker().getStageInfo(stage);
                done += s == null ? 0 : s.numCompletedTasks();
            }
        }
        return done;
    }

    /**
     * The slices' results in corpus order: each slice is in corpus order and holds all of a document's results, so
     * a stable sort by corpus position keeps each document's results in the order the local runner gives them.
     */
    private static <T> void deliver(List<List<T>> slices, ToIntFunction<T> position, Consumer<T> inOrder) {
        List<T> all = new ArrayList<>();
        slices.forEach(all::addAll);
        all.sort(Comparator.comparingInt(position));
        all.forEach(inOrder);
    }

    /** Results that do not name their document: each slice's i-th result is its i-th position's. */
    private static <T> void deliver(List<List<T>> slices, List<int[]> positions, Consumer<T> inOrder) {
        List<Integer> order = new ArrayList<>();
        List<T> all = new ArrayList<>();
        for (int s = 0; s < slices.size(); s++) {
            all.addAll(slices.get(s));
            for (int p : positions.get(s)) {
                order.add(p);
            }
        }
        Integer[] byPosition = new Integer[all.size()];
        for (int i = 0; i < byPosition.length; i++) {
            byPosition[i] = i;
        }
        java.util.Arrays.sort(byPosition, Comparator.comparingInt(order::get));
        for (int i : byPosition) {
            inOrder.accept(all.get(i));
        }
    }

    @Override
    public synchronized void close() {
        if (context != null && stopOnClose) {
            context.stop();
        }
    }
}
