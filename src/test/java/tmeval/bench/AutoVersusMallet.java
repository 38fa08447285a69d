package tmeval.bench;

import cc.mallet.topics.MarginalProbEstimator;
import cc.mallet.types.InstanceList;
import cc.mallet.util.Randoms;
import tmeval.estimate.Estimator;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.auto.AutoEstimation;
import tmeval.sampling.RandomStreams;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Issue 24's figure for one model: the error per second of {@code auto}'s choice (its method at its starting budget)
 * against MALLET 2.0.8's evaluate-topics ({@code MarginalProbEstimator.evaluateLeftToRight}, 10 particles, its default
 * without re-sampling and with it), at equal time. The error of a run is its distance to a reference, the chosen
 * method at 100 times the budget. Per document, err2 the mean squared error over the runs and t the mean CPU seconds of a
 * run: ratio_d = (err2_MALLET t_MALLET) / (err2_ours t_ours), how many times less squared error ours reaches in the same
 * time. Printed: the median over documents and the pooled (mean err2 x mean t) form. One JVM, one thread, alternating
 * per document. MALLET reads the model's training state beside it ({@code MODEL.state.gz}).
 * <p>
 * That variance-x-time figure credits MALLET as if its error fell as 1/time, which its bias does not: so MALLET is
 * also given our time, its particles scaled per document by our time over its time at 10, and again over its time at
 * those (calibrated, since a call has a fixed cost), and its squared error measured at that budget: err2_MALLET(our time) / err2_ours, per document (median)
 * and pooled (mean over mean). Each figure with a seeded percentile bootstrap over documents.
 * With {@code whole}, ours is auto's whole procedure on each document ({@code AutoEstimation.run}: its runs, doubled
 * until certified, the value the mean of its last round); as it runs on a worker thread, its time is its site updates
 * in all rounds at the thread CPU time per site update of one run of the method at its starting budget on the document.
 * Run: java -cp target/test-classes:target/classes:CP tmeval.bench.AutoVersusMallet MODEL.tsv.gz HELDOUT DOCUMENTS RUNS [SEED] [whole]
 */
public final class AutoVersusMallet {
    /** Times are this thread's CPU time, not wall time: the machine is shared, and CPU time does not count the waits. */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
    /** Runs that time MALLET at its first scaled particle count, per document and setting. */
    private static final int CALIBRATION_RUNS = 3;

    private AutoVersusMallet() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: MODEL.tsv.gz HELDOUT DOCUMENTS RUNS [SEED]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int documents = Integer.parseInt(args[2]);
        int runs = Integer.parseInt(args[3]);
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        boolean whole = args.length > 5 && args[5].equals("whole");
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);
        CancelToken cancel = new CancelToken();

        TopicModel model = NativeModelFormat.read(file);
        MarginalProbEstimator mallet = LeftToRightVersusMallet.malletEstimator(CertaintyVersusMallet.stateBeside(file, model));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary()), documents);
        InstanceList all = TrainerVersusMallet.toMallet(corpus);
        int docs = corpus.size();

        AutoEstimation.Choice choice = AutoEstimation.choose(corpus, model, seed, 1, cancel);
        String method = choice.method();
        int budget = Methods.budget(method, choice.start());
        Estimator start = Methods.get(method).create(choice.start());
        // one run of ours: the choice at its starting budget, or (whole) auto's procedure on the document, its value the
        // mean of its last round's runs
        Estimator ours = !whole ? start : new Estimator() {
            @Override
            public String method() {
                return start.method();
            }

            @Override
            public tmeval.estimate.EstimateResult estimate(tmeval.model.Document doc, TopicModel m, java.util.SplittableRandom random,
                                                           CancelToken c) {
                Corpus one = new Corpus("one", corpus.vocabulary(), java.util.List.of(doc), 0, 0);
                java.util.List<Double> values = new java.util.ArrayList<>();
                long spent = AutoEstimation.run(choice, one, m, random.nextLong(), 1, tmeval.run.plan.Shard.ALL, o -> {
                    if (o.result() != null) {
                        values.add(o.result().logValue());
                    }
                }, tmeval.progress.Progress.NONE, c).siteUpdates();
                double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                return new tmeval.estimate.EstimateResult(mean, new double[0], spent, doc.length(), 0);
            }
        };
        Estimator reference = Methods.get(method).create(Methods.withBudget(method, choice.start(), 100 * budget));
        System.out.printf(Locale.ROOT, "%s: %d documents, %d runs; auto chose %s at %s %d, reference at %d; ours: %s%n", model.name(), docs, runs,
                method, Methods.budgetOption(method), budget, 100 * budget, whole ? "auto's whole procedure (its runs, doubled until certified;"
                        + " the mean of its last round), its time its site updates at the CPU time per update of one run" : "the choice at its"
                        + " starting budget, thread CPU time");

        double[] truth = new double[docs];
        for (int d = 0; d < docs; d++) {
            truth[d] = reference.estimate(corpus.document(d), model, RandomStreams.stream(seed + 99, d), cancel).logValue();
        }
        // warm-up, results discarded
        for (int d = 0; d < Math.min(docs, 10); d++) {
            ours.estimate(corpus.document(d), model, RandomStreams.stream(seed + 1000, d), cancel);
            mallet.setRandom(new Randoms((int) seed + 1000));
            mallet.evaluateLeftToRight(all.subList(d, d + 1), 10, false, null);
        }
        String loadBefore = CertaintyVersusMallet.loadAverage();
        String[] labels = {"auto's choice", "MALLET, 10 particles", "MALLET, 10 particles, re-sampling"};
        double[][] err2 = new double[3][docs];
        double[][] seconds = new double[3][docs];
        for (int r = 0; r < runs; r++) {
            for (int d = 0; d < docs; d++) {
                long t0 = CPU.getCurrentThreadCpuTime();
                tmeval.estimate.EstimateResult result = ours.estimate(corpus.document(d), model, RandomStreams.stream(seed, d, r), cancel);
                double o = result.logValue();
                long t1 = CPU.getCurrentThreadCpuTime();
                mallet.setRandom(new Randoms((int) (seed * 7919 + 2 * r)));
                double m = mallet.evaluateLeftToRight(all.subList(d, d + 1), 10, false, null);
                long t2 = CPU.getCurrentThreadCpuTime();
                mallet.setRandom(new Randoms((int) (seed * 7919 + 2 * r + 1)));
                double mr = mallet.evaluateLeftToRight(all.subList(d, d + 1), 10, true, null);
                long t3 = CPU.getCurrentThreadCpuTime();
                double[] values = {o, m, mr};
                long[] nanos = {t1 - t0, t2 - t1, t3 - t2};
                if (whole) {
                    // auto's rounds run on a worker thread: their time is their site updates in all rounds at the CPU time
                    // per site update of one run at the starting budget on this document, on this thread
                    long c0 = CPU.getCurrentThreadCpuTime();
                    tmeval.estimate.EstimateResult one = start.estimate(corpus.document(d), model, RandomStreams.stream(seed + 5, d, r), cancel);
                    long c1 = CPU.getCurrentThreadCpuTime();
                    nanos[0] = Math.round(result.siteUpdates() * (double) (c1 - c0) / one.siteUpdates());
                }
                for (int k = 0; k < 3; k++) {
                    err2[k][d] += (values[k] - truth[d]) * (values[k] - truth[d]) / runs;
                    seconds[k][d] += nanos[k] / 1e9 / runs;
                }
            }
        }
        for (int k = 0; k < 3; k++) {
            System.out.printf(Locale.ROOT, "  %-36s mean squared error %.4g nats^2 per document, %.3g s per document%n", labels[k],
                    mean(err2[k]), mean(seconds[k]));
        }
        int[] everyDocument = java.util.stream.IntStream.range(0, docs).toArray();
        for (int k = 1; k < 3; k++) {
            int setting = k;
            double[] ratio = new double[docs];
            for (int d = 0; d < docs; d++) {
                ratio[d] = err2[k][d] * seconds[k][d] / (err2[0][d] * seconds[0][d]);
            }
            System.out.printf(Locale.ROOT, "  %s against %s, variance x time (as if its error fell as 1/time): %s times less squared error per"
                            + " document (median), %s pooled%n", labels[0], labels[k],
                    interval(CertaintyVersusMallet.median(ratio), CertaintyVersusMallet.bootstrap(docs, seed,
                            idx -> CertaintyVersusMallet.median(CertaintyVersusMallet.pick(ratio, idx)))),
                    interval(pooled(err2[k], seconds[k], err2[0], seconds[0], everyDocument), CertaintyVersusMallet.bootstrap(docs, seed,
                            idx -> pooled(err2[setting], seconds[setting], err2[0], seconds[0], idx))));
        }

        // MALLET given our time: per document its particles scaled by our time over its time at 10, then once more by our
        // time over its time at those (a call has a fixed cost, so its time is not quite linear in the particles), then its
        // squared error measured at that budget, bias and all
        String[] equalLabels = {labels[1] + " -> our time", labels[2] + " -> our time"};
        int[][] particles = new int[2][docs];
        double[][] equalErr2 = new double[2][docs];
        double[][] equalSeconds = new double[2][docs];
        for (int k = 0; k < 2; k++) {
            for (int d = 0; d < docs; d++) {
                particles[k][d] = particlesFor(10 * seconds[0][d] / seconds[k + 1][d]);
                long spent = 0;
                for (int r = 0; r < CALIBRATION_RUNS; r++) {
                    mallet.setRandom(new Randoms((int) (seed * 31 + r)));
                    long t0 = CPU.getCurrentThreadCpuTime();
                    mallet.evaluateLeftToRight(all.subList(d, d + 1), particles[k][d], k == 1, null);
                    spent += CPU.getCurrentThreadCpuTime() - t0;
                }
                particles[k][d] = particlesFor(particles[k][d] * seconds[0][d] / (spent / 1e9 / CALIBRATION_RUNS));
            }
        }
        for (int r = 0; r < runs; r++) {
            for (int d = 0; d < docs; d++) {
                for (int k = 0; k < 2; k++) {
                    mallet.setRandom(new Randoms((int) (seed * 104729 + 2 * r + k)));
                    long t0 = CPU.getCurrentThreadCpuTime();
                    double m = mallet.evaluateLeftToRight(all.subList(d, d + 1), particles[k][d], k == 1, null);
                    long t1 = CPU.getCurrentThreadCpuTime();
                    equalErr2[k][d] += (m - truth[d]) * (m - truth[d]) / runs;
                    equalSeconds[k][d] += (t1 - t0) / 1e9 / runs;
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            int setting = k;
            double[] ratio = new double[docs];
            for (int d = 0; d < docs; d++) {
                ratio[d] = equalErr2[k][d] / err2[0][d];
            }
            System.out.printf(Locale.ROOT, "  %-36s particles median %d (%d to %d), mean squared error %.4g nats^2 per document, %.3g s per"
                            + " document (%.2f x ours)%n", equalLabels[k], (int) CertaintyVersusMallet.median(Arrays.stream(particles[k]).asDoubleStream().toArray()),
                    Arrays.stream(particles[k]).min().orElse(0), Arrays.stream(particles[k]).max().orElse(0), mean(equalErr2[k]), mean(equalSeconds[k]),
                    mean(equalSeconds[k]) / mean(seconds[0]));
            System.out.printf(Locale.ROOT, "  %s against %s, at equal time measured: %s times less squared error per document (median), %s"
                            + " pooled (mean squared error over mean squared error)%n", labels[0], equalLabels[k],
                    interval(CertaintyVersusMallet.median(ratio), CertaintyVersusMallet.bootstrap(docs, seed,
                            idx -> CertaintyVersusMallet.median(CertaintyVersusMallet.pick(ratio, idx)))),
                    interval(mean(equalErr2[k]) / mean(err2[0]), CertaintyVersusMallet.bootstrap(docs, seed,
                            idx -> mean(CertaintyVersusMallet.pick(equalErr2[setting], idx)) / mean(CertaintyVersusMallet.pick(err2[0], idx)))));
        }
        Integer[] byError = java.util.stream.IntStream.range(0, docs).boxed().sorted((x, y) -> Double.compare(err2[0][y], err2[0][x]))
                .toArray(Integer[]::new);
        StringBuilder worst = new StringBuilder();
        double share = 0;
        for (int i = 0; i < Math.min(5, docs); i++) {
            int d = byError[i];
            share += err2[0][d] / (mean(err2[0]) * docs);
            worst.append(String.format(Locale.ROOT, " %s (N %d) %.3g against MALLET re-sampling at our time %.3g;", corpus.document(d).id(),
                    corpus.document(d).length(), err2[0][d], equalErr2[1][d]));
        }
        System.out.printf(Locale.ROOT, "  where our squared error is: the five largest, %.0f%% of it:%s%n", 100 * share, worst);
        System.out.printf(Locale.ROOT, "  load average before %s, after %s%n", loadBefore, CertaintyVersusMallet.loadAverage());
    }

    /** A particle count from a scaled one: at least 1, at most 100,000 (a time too short to measure gives infinity). */
    private static int particlesFor(double scaled) {
        return (int) Math.max(1, Math.min(100_000, Math.round(scaled)));
    }

    /** (mean err2_M x mean t_M) / (mean err2_o x mean t_o) over the documents idx. */
    private static double pooled(double[] err2M, double[] secondsM, double[] err2O, double[] secondsO, int[] idx) {
        return CertaintyVersusMallet.pooled(err2M, secondsM, err2O, secondsO, idx);
    }

    private static String interval(double value, double[] bounds) {
        return String.format(Locale.ROOT, "%.3g [%.3g, %.3g]", value, bounds[0], bounds[1]);
    }

    private static double mean(double[] x) {
        return org.apache.commons.math3.stat.StatUtils.mean(x);
    }
}
