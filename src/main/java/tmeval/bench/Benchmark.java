package tmeval.bench;

import tmeval.run.plan.Arm;

import tmeval.anneal.Schedule;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.Estimator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.EstimationRunner;
import tmeval.train.AlphaMode;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Throughput of the engine, measured as the median of several timed repetitions after a warm-up: Gibbs site updates
 * per second per thread and milliseconds per document on one thread, and the speed-up from one thread to all cores
 * (documents are independent). The command-line {@code bench} prints its rows; MALLET comparisons live in the test
 * sources so that MALLET never enters the runtime jar.
 */
public final class Benchmark {
    /**
     * One measured method. {@code ceiling} is what the machine allowed at the time: T independent one-thread runs
     * at once against one alone (T times the ratio of their times), the most any T-thread run could reach; a
     * speed-up well below 2 on two cores with a ceiling just as low is the machine (another tenant on a core), not
     * the parallel code. NaN for one thread or where not measured.
     */
    public record Row(String method, String setting, double millisPerDocument, double siteUpdatesPerSecond, double speedUp,
                      double ceiling, int threads, long siteUpdatesPerRepetition) {
    }

    /** What to measure on; {@code cancel} stops every run (Ctrl-C in {@code bench}). */
    public record Setup(TopicModel a, TopicModel b, Corpus corpus, int temperatures, int burnIn, int particles, int chainLength,
                        int repetitions, int threads, CancelToken cancel) {
        /** The same budgets on other models and documents, one thread. */
        public Setup on(TopicModel otherA, TopicModel otherB, Corpus otherCorpus) {
            return new Setup(otherA, otherB, otherCorpus, temperatures, burnIn, particles, chainLength, repetitions, 1, cancel);
        }

        /** The same setup, one thread. */
        public Setup oneThread() {
            return on(a, b, corpus);
        }
    }

    /** What a bench run times unless told otherwise: the ratio paths and the estimators of the table. */
    public static final List<String> DEFAULT_METHODS = List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.RATIO_GEOMETRIC,
            Methods.AIS, Methods.LR, Methods.CHIB);

    private Benchmark() {
    }

    /** Whether {@link #measure} can time this method: a ratio path, or a single-model estimator. */
    public static boolean measures(String method) {
        return isRatioPath(method) || Methods.names().contains(method);
    }

    /** The two-model methods bench times: the ratio paths (the differenced baselines are the single-model rows). */
    private static boolean isRatioPath(String method) {
        return ComparisonMethods.names().contains(method) && ComparisonMethods.get(method).directional();
    }

    /** What {@link #measures} accepts, for messages. */
    public static String measurable() {
        List<String> names = new ArrayList<>(ComparisonMethods.names().stream().filter(Benchmark::isRatioPath).toList());
        names.addAll(Methods.names());
        return String.join(", ", names);
    }

    /** A single-model estimator over the corpus (model A), or a two-model comparison (A against B), by name. */
    public static Row measure(String method, Setup s) {
        String setting = switch (method) {
            case Methods.AIS -> "n = " + s.temperatures() + ", S = 1";
            case Methods.LR -> "R = " + s.particles() + " (with re-sampling)";
            case Methods.CHIB -> "chain " + s.chainLength();
            default -> isRatioPath(method) ? "n = " + s.temperatures() + ", S = 1, burn-in " + s.burnIn() + ", forward" : "";
        };
        return timed(method, setting, s, runner(method, s, 1), runner(method, s, s.threads()));
    }

    /** A method on two setups, one thread each, timed in alternation. */
    public record Paired(double millisPerDocument, double siteUpdatesPerSecond, double timeRatio) {
    }

    /**
     * The method on {@code variant} (padded models, say) against the same on {@code base}, one thread, timed in
     * alternation: the time ratio is the median of each pair's ratio, so a burst of load on a shared machine slows
     * both runs of a pair instead of one whole row.
     */
    public static Paired measureAgainst(String method, Setup base, Setup variant) {
        Supplier<Long> baseRun = runner(method, base, 1);
        Supplier<Long> variantRun = runner(method, variant, 1);
        long updates = variantRun.get(); // warm-up
        baseRun.get();
        double[] seconds = new double[variant.repetitions()];
        double[] ratio = new double[variant.repetitions()];
        for (int r = 0; r < seconds.length; r++) {
            double baseSeconds = seconds(baseRun);
            seconds[r] = seconds(variantRun);
            ratio[r] = seconds[r] / baseSeconds;
        }
        double median = median(seconds);
        return new Paired(median * 1000 / variant.corpus().size(), updates / median, median(ratio));
    }

    /** One full run of the method over the setup's corpus on the given threads; returns the site updates done. */
    private static Supplier<Long> runner(String method, Setup s, int threads) {
        MethodSettings settings = MethodSettings.defaults().withTemperatures(s.temperatures()).withBurnIn(s.burnIn())
                .withParticles(s.particles()).withChainLength(s.chainLength()).withSamples(1).withSchedule(Schedule.UNIFORM);
        if (isRatioPath(method)) {
            ModelComparison c = ComparisonMethods.get(method).create(settings);
            return () -> compare(c, s, threads);
        }
        Estimator e = Methods.get(method).create(settings);
        return () -> estimate(e, s, threads);
    }

    /** The collapsed Gibbs trainer on a training corpus: token updates per second on one thread. */
    public static Row measureTrainer(Corpus training, int numTopics, int iterations, int repetitions, CancelToken cancel) {
        TrainerConfig config = new TrainerConfig(numTopics, iterations, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 50, 0, 1);
        Supplier<Long> run = () -> {
            new GibbsTrainer(config).train(training, "bench", (i, m) -> { }, Progress.NONE, cancel);
            return training.tokenCount() * iterations;
        };
        long updates = run.get(); // warm-up
        double[] seconds = new double[repetitions];
        for (int r = 0; r < repetitions; r++) {
            seconds[r] = seconds(run);
        }
        double median = median(seconds);
        return new Row("train", "K = " + numTopics + ", " + iterations + " iterations, " + training.size() + " documents",
                median * 1000 / training.size(), updates / median, Double.NaN, Double.NaN, 1, updates);
    }

    /**
     * Times one-thread runs, all-thread runs and T one-thread runs at once in rotation, and takes the speed-up and the
     * ceiling as medians of each round's ratios: on a shared machine a burst of load then slows every run of a round
     * instead of one whole column.
     */
    private static Row timed(String method, String setting, Setup s, Supplier<Long> oneThread, Supplier<Long> allThreads) {
        long updates = oneThread.get(); // warm-up (class loading, compilation); every run does the same work: fixed seeds
        boolean parallel = s.threads() > 1;
        if (parallel) {
            allThreads.get();
        }
        double[] one = new double[s.repetitions()];
        double[] speedUp = new double[s.repetitions()];
        double[] ceiling = new double[s.repetitions()];
        for (int r = 0; r < s.repetitions(); r++) {
            one[r] = seconds(oneThread);
            if (parallel) {
                speedUp[r] = one[r] / seconds(allThreads);
                ceiling[r] = s.threads() * one[r] / seconds(() -> side(oneThread, s.threads()));
            }
        }
        double median = median(one);
        return new Row(method, setting, median * 1000 / s.corpus().size(), updates / median,
                parallel ? median(speedUp) : Double.NaN, parallel ? median(ceiling) : Double.NaN, s.threads(), updates);
    }

    /** Runs {@code copies} copies of a one-thread run side by side, each on its own thread, and waits for all. */
    private static long side(Supplier<Long> oneThread, int copies) {
        List<Thread> threads = new ArrayList<>();
        long[] updates = new long[copies];
        RuntimeException[] failure = new RuntimeException[1];
        for (int c = 0; c < copies; c++) {
            int copy = c;
            threads.add(new Thread(() -> {
                try {
                    updates[copy] = oneThread.get();
                } catch (RuntimeException e) {
                    failure[0] = e;
                }
            }, "bench-copy-" + c));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while timing the side-by-side runs", e);
            }
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        return Arrays.stream(updates).sum();
    }

    private static double seconds(Supplier<Long> run) {
        long start = System.nanoTime();
        run.get();
        return (System.nanoTime() - start) / 1e9;
    }

    private static long estimate(Estimator e, Setup s, int threads) {
        long[] updates = {0};
        EstimationRunner.run(new EstimationRunner.Job(s.corpus(), s.a(), e, 1, 1, threads),
                o -> updates[0] += o.refused() ? 0 : o.result().siteUpdates(), Progress.NONE, s.cancel());
        return updates[0];
    }

    private static long compare(ModelComparison c, Setup s, int threads) {
        long[] updates = {0};
        ComparisonRunner.run(new ComparisonRunner.Job(s.corpus(), s.a(), s.b(), List.of(new Arm(c, Direction.FORWARD)),
                1, 1, threads, null), r -> updates[0] += r.refused() ? 0 : r.result().siteUpdates(), Progress.NONE, s.cancel());
        return updates[0];
    }

    static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
    }

    /**
     * The model with its vocabulary padded to {@code size} words that no document uses, each at its topic's floor
     * (as a model trained on the larger vocabulary would give its unseen words; 1e-12 where a topic has a zero), topics
     * renormalised: per-document cost must not change, because only a document's own rows are touched.
     */
    public static TopicModel padVocabulary(TopicModel m, int size) {
        int numTopics = m.numTopics();
        if (size <= m.numWords()) {
            return m;
        }
        List<String> words = new ArrayList<>(m.vocabulary().words());
        for (int i = words.size(); i < size; i++) {
            words.add("__padding_" + i);
        }
        double[] phi = Arrays.copyOf(m.phiMatrix(), size * numTopics);
        double[] floor = m.topicFloors();
        for (int i = m.numWords() * numTopics; i < phi.length; i++) {
            double f = floor[i % numTopics];
            phi[i] = f > 0 ? f : 1e-12;
        }
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % numTopics];
        }
        return new TopicModel(m.name() + " (padded to V = " + size + ")", Vocabulary.of(words), phi, m.alpha());
    }

    /** The first {@code count} documents. */
    public static Corpus firstDocuments(Corpus c, int count) {
        List<Document> docs = c.documents().subList(0, Math.min(count, c.size()));
        return new Corpus(c.name(), c.vocabulary(), docs, c.droppedTokens(), c.droppedDocuments());
    }
}
