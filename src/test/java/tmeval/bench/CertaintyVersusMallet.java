package tmeval.bench;

import cc.mallet.topics.MarginalProbEstimator;
import cc.mallet.types.InstanceList;
import cc.mallet.util.Randoms;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.estimate.MethodSettings;
import tmeval.io.CorpusLoader;
import tmeval.io.MalletStateFormat;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.run.plan.ComparisonPlan;
import tmeval.sampling.RandomStreams;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * The figure of merit, certainty per second: the per-document variance of the log ratio
 * log P(w | A) - log P(w | B) that ratio-convex (forward, B to A; one thread) reaches, against the variance of MALLET
 * 2.0.8's left-to-right difference (MarginalProbEstimator on A and on B, R particles with re-sampling, as its
 * evaluate-topics --use-resampling), at equal wall time. In one JVM, on the same documents, alternating: for each run
 * and document, ours at every setting, then MALLET on A and on B, each timed on its own.
 * <p>
 * Per document d, with v the variance across the runs and t the mean wall time of one run (MALLET's: both models):
 * equal-time ratio_d = (v_MALLET,d t_MALLET,d) / (v_ours,d t_ours,d). A variance times a time is the variance that one
 * second buys, the right currency when the variance falls as 1/time (more runs or more temperatures); the ratio is how
 * many times less variance ours reaches in the same time. Reported: the median over documents and the pooled form
 * (mean_d v_MALLET x mean_d t_MALLET) / (mean_d v_ours x mean_d t_ours), each with a seeded bootstrap 95% interval over
 * documents; and the same for the perplexity ratio exp(-(log ratio) / N), whose variance differs per document only by
 * the factor (ratio / N)^2 common to both methods (so the per-document figure is the same), but pools differently.
 * MALLET reads type-topic counts from each model's training state (written beside the model by 'tmeval train' and
 * 'tmeval perturb').
 * Run: mvn -B -o -q test-compile exec:java -Dexec.mainClass=tmeval.bench.CertaintyVersusMallet -Dexec.classpathScope=test
 * -Dexec.args="A.tsv.gz B.tsv.gz HELDOUT DOCUMENTS RUNS [n=1000,...] [schedule=auto] [samples=1] [burn-in=100]
 * [particles=10] [resampling=true] [seed=1]"; several n (or schedules, comma-separated) are measured side by side against the one MALLET
 * run.
 */
public final class CertaintyVersusMallet {
    private static final int BOOTSTRAP = 2000;

    private CertaintyVersusMallet() {
    }

    /** One of our settings and its measurements: per document, per run. */
    private record Setting(String label, ModelComparison method, double[][] logRatio, double[][] seconds) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: A.tsv.gz B.tsv.gz HELDOUT DOCUMENTS RUNS [n=1000,3000] [schedule=auto,uniform] [samples=1]"
                    + " [burn-in=100] [particles=10] [resampling=true] [seed=1]");
            System.exit(2);
        }
        Path fileA = Path.of(args[0]);
        Path fileB = Path.of(args[1]);
        Path heldout = Path.of(args[2]);
        int documents = Integer.parseInt(args[3]);
        int runs = Integer.parseInt(args[4]);
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 5; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            options.put(kv[0], kv[1]);
        }
        MethodSettings defaults = ComparisonPlan.DEFAULT_METHOD_SETTINGS;
        List<Integer> ns = new ArrayList<>();
        for (String n : options.getOrDefault("n", String.valueOf(defaults.temperatures())).split(",")) {
            ns.add(Integer.parseInt(n));
        }
        List<Schedule> schedules = new ArrayList<>();
        for (String s : options.getOrDefault("schedule", defaults.schedule().label()).split(",")) {
            schedules.add(Schedule.parse(s));
        }
        int samples = Integer.parseInt(options.getOrDefault("samples", String.valueOf(defaults.samples())));
        int burnIn = Integer.parseInt(options.getOrDefault("burn-in", String.valueOf(defaults.burnIn())));
        int particles = Integer.parseInt(options.getOrDefault("particles", "10"));
        boolean resampling = Boolean.parseBoolean(options.getOrDefault("resampling", "true"));
        long seed = Long.parseLong(options.getOrDefault("seed", "1"));
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);

        TopicModel a = NativeModelFormat.read(fileA);
        TopicModel b = NativeModelFormat.read(fileB);
        MarginalProbEstimator malletA = LeftToRightVersusMallet.malletEstimator(stateBeside(fileA, a));
        MarginalProbEstimator malletB = LeftToRightVersusMallet.malletEstimator(stateBeside(fileB, b));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(heldout), a.vocabulary()), documents);
        InstanceList all = TrainerVersusMallet.toMallet(corpus);
        int docs = corpus.size();
        InstanceList[] single = new InstanceList[docs];
        for (int d = 0; d < docs; d++) {
            single[d] = all.subList(d, d + 1);
        }

        List<Setting> settings = new ArrayList<>();
        for (Schedule schedule : schedules) {
            for (int n : ns) {
                MethodSettings s = defaults.withTemperatures(n).withSamples(samples).withBurnIn(burnIn).withSchedule(schedule);
                String label = "ratio-convex n=" + n + " " + schedule.label() + " S=" + samples + " B=" + burnIn;
                settings.add(new Setting(label, ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(s),
                        new double[docs][runs], new double[docs][runs]));
            }
        }
        double[][] malletLogRatio = new double[docs][runs];
        double[][] malletSeconds = new double[docs][runs];

        // warm-up: both methods on the first documents, results discarded
        for (int d = 0; d < Math.min(docs, 20); d++) {
            for (Setting s : settings) {
                s.method.estimate(corpus.document(d), a, b, Direction.FORWARD, RandomStreams.stream(seed + 1000, d), new CancelToken());
            }
            malletA.setRandom(new Randoms((int) seed + 1000));
            malletA.evaluateLeftToRight(single[d], particles, resampling, null);
            malletB.evaluateLeftToRight(single[d], particles, resampling, null);
        }
        String load = loadAverage();
        long wallStart = System.nanoTime();
        for (int r = 0; r < runs; r++) {
            malletA.setRandom(new Randoms((int) (seed * 7919 + 2 * r)));
            malletB.setRandom(new Randoms((int) (seed * 7919 + 2 * r + 1)));
            for (int d = 0; d < docs; d++) {
                Document doc = corpus.document(d);
                for (int i = 0; i < settings.size(); i++) {
                    Setting s = settings.get(i);
                    SplittableRandom random = RandomStreams.stream(seed, r, d, i);
                    long start = System.nanoTime();
                    s.logRatio[d][r] = s.method.estimate(doc, a, b, Direction.FORWARD, random, new CancelToken()).logRatio();
                    s.seconds[d][r] = (System.nanoTime() - start) / 1e9;
                }
                long start = System.nanoTime();
                double logA = malletA.evaluateLeftToRight(single[d], particles, resampling, null);
                double logB = malletB.evaluateLeftToRight(single[d], particles, resampling, null);
                malletSeconds[d][r] = (System.nanoTime() - start) / 1e9;
                malletLogRatio[d][r] = logA - logB;
            }
        }
        double wall = (System.nanoTime() - wallStart) / 1e9;

        int[] lengths = new int[docs];
        for (int d = 0; d < docs; d++) {
            lengths[d] = corpus.document(d).length();
        }
        System.out.printf(Locale.ROOT, "%d documents (mean length %.1f), K = %d, %d runs per document and method, one thread, alternating"
                        + " per document; load average before %s, after %s; %.0f s%n",
                docs, Arrays.stream(lengths).average().orElse(0), a.numTopics(), runs, load, loadAverage(), wall);
        System.out.printf(Locale.ROOT, "MALLET 2.0.8 MarginalProbEstimator.evaluateLeftToRight, %d particles, %s, on A and on B,"
                + " log ratio = difference; ours: ratio-convex forward (B to A), default plan except as listed%n", particles,
                resampling ? "re-sampling" : "no re-sampling");
        Summary mallet = Summary.of(malletLogRatio, malletSeconds, lengths);
        System.out.printf(Locale.ROOT, "%-44s %10s %12s %12s %12s %14s %24s %24s %24s%n", "method", "ms/doc", "mean log r",
                "mean var", "median var", "var x s", "equal-time median [95%]", "pooled (log ratio) [95%]", "pooled (perplexity r.) [95%]");
        System.out.printf(Locale.ROOT, "%-44s %10.3f %12.4f %12.4g %12.4g %14.4g%n", "MALLET lr-difference R=" + particles + (resampling ? "" : " no resampling"),
                mallet.meanSeconds * 1000, mallet.meanLogRatio, mallet.meanVariance, median(mallet.variance), mallet.meanVariance * mallet.meanSeconds);
        for (Setting s : settings) {
            Summary ours = Summary.of(s.logRatio, s.seconds, lengths);
            double[] perDocument = new double[docs];
            for (int d = 0; d < docs; d++) {
                perDocument[d] = mallet.variance[d] * mallet.seconds[d] / (ours.variance[d] * ours.seconds[d]);
            }
            double[] medianInterval = bootstrap(docs, seed, idx -> median(pick(perDocument, idx)));
            double[] pooledInterval = bootstrap(docs, seed, idx -> pooled(mallet.variance, mallet.seconds, ours.variance, ours.seconds, idx));
            double[] pooledPerplexityInterval = bootstrap(docs, seed,
                    idx -> pooled(mallet.perplexityVariance, mallet.seconds, ours.perplexityVariance, ours.seconds, idx));
            int[] allDocs = identity(docs);
            System.out.printf(Locale.ROOT, "%-44s %10.3f %12.4f %12.4g %12.4g %14.4g %24s %24s %24s%n", s.label, ours.meanSeconds * 1000,
                    ours.meanLogRatio, ours.meanVariance, median(ours.variance), ours.meanVariance * ours.meanSeconds,
                    interval(median(perDocument), medianInterval),
                    interval(pooled(mallet.variance, mallet.seconds, ours.variance, ours.seconds, allDocs), pooledInterval),
                    interval(pooled(mallet.perplexityVariance, mallet.seconds, ours.perplexityVariance, ours.seconds, allDocs),
                            pooledPerplexityInterval));
            double[] sorted = perDocument.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%-44s per-document equal-time ratio: 10%% %.0f, 25%% %.0f, 50%% %.0f, 75%% %.0f, 90%% %.0f%n", "",
                    quantile(sorted, 0.1), quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75), quantile(sorted, 0.9));
        }
    }

    /** Per document: variance across runs (n - 1 denominator) of the log ratio and of the perplexity ratio, mean time. */
    private record Summary(double[] variance, double[] perplexityVariance, double[] seconds, double meanVariance, double meanSeconds,
                           double meanLogRatio) {
        static Summary of(double[][] logRatio, double[][] seconds, int[] lengths) {
            int docs = logRatio.length;
            double[] v = new double[docs];
            double[] pv = new double[docs];
            double[] t = new double[docs];
            double mean = 0;
            for (int d = 0; d < docs; d++) {
                v[d] = sampleVariance(logRatio[d]);
                double[] perplexityRatio = new double[logRatio[d].length];
                for (int r = 0; r < perplexityRatio.length; r++) {
                    perplexityRatio[r] = Math.exp(-logRatio[d][r] / lengths[d]);
                }
                pv[d] = sampleVariance(perplexityRatio);
                t[d] = Arrays.stream(seconds[d]).average().orElseThrow();
                mean += Arrays.stream(logRatio[d]).average().orElseThrow() / docs;
            }
            return new Summary(v, pv, t, Arrays.stream(v).average().orElseThrow(), Arrays.stream(t).average().orElseThrow(), mean);
        }
    }

    static TrainingState stateBeside(Path model, TopicModel m) throws Exception {
        return MalletStateFormat.read(model.resolveSibling(model.getFileName() + ".state.gz")).onVocabulary(m.vocabulary());
    }

    static double sampleVariance(double[] x) {
        double mean = Arrays.stream(x).average().orElseThrow();
        double sum = 0;
        for (double v : x) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (x.length - 1);
    }

    /** (mean v_M x mean t_M) / (mean v_o x mean t_o) over the documents idx. */
    static double pooled(double[] varianceM, double[] secondsM, double[] varianceO, double[] secondsO, int[] idx) {
        double vm = 0;
        double tm = 0;
        double vo = 0;
        double to = 0;
        for (int d : idx) {
            vm += varianceM[d];
            tm += secondsM[d];
            vo += varianceO[d];
            to += secondsO[d];
        }
        return vm * tm / (vo * to);
    }

    interface Statistic {
        double of(int[] documents);
    }

    /** Percentile bootstrap over documents, seeded: {2.5%, 97.5%}. */
    static double[] bootstrap(int docs, long seed, Statistic statistic) {
        SplittableRandom random = RandomStreams.stream(seed, RandomStreams.key("bootstrap"));
        double[] values = new double[BOOTSTRAP];
        int[] idx = new int[docs];
        for (int i = 0; i < BOOTSTRAP; i++) {
            for (int j = 0; j < docs; j++) {
                idx[j] = random.nextInt(docs);
            }
            values[i] = statistic.of(idx);
        }
        Arrays.sort(values);
        return new double[]{quantile(values, 0.025), quantile(values, 0.975)};
    }

    static double[] pick(double[] x, int[] idx) {
        double[] out = new double[idx.length];
        for (int i = 0; i < idx.length; i++) {
            out[i] = x[idx[i]];
        }
        return out;
    }

    private static int[] identity(int n) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        return idx;
    }

    static double median(double[] x) {
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        return quantile(sorted, 0.5);
    }

    /** Linear interpolation between order statistics of a sorted array. */
    static double quantile(double[] sorted, double p) {
        double pos = p * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    private static String interval(double value, double[] bounds) {
        return String.format(Locale.ROOT, "%.0f [%.0f, %.0f]", value, bounds[0], bounds[1]);
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }
}
