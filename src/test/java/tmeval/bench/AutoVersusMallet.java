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
import tmeval.run.AutoEstimation;
import tmeval.sampling.RandomStreams;

import java.nio.file.Path;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Issue 24's figure for one model: the error per second of {@code auto}'s choice (its method at its starting budget)
 * against MALLET 2.0.8's evaluate-topics ({@code MarginalProbEstimator.evaluateLeftToRight}, 10 particles, its default
 * without re-sampling and with it), at equal time. The error of a run is its distance to a reference, the chosen
 * method at 100 times the budget. Per document, err2 the mean squared error over the runs and t the mean seconds of a
 * run: ratio_d = (err2_MALLET t_MALLET) / (err2_ours t_ours), how many times less squared error ours reaches in the same
 * time. Printed: the median over documents and the pooled (mean err2 x mean t) form. One JVM, one thread, alternating
 * per document. MALLET reads the model's training state beside it ({@code MODEL.state.gz}).
 * Run: java -cp target/test-classes:target/classes:CP tmeval.bench.AutoVersusMallet MODEL.tsv.gz HELDOUT DOCUMENTS RUNS [SEED]
 */
public final class AutoVersusMallet {
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
        Estimator ours = Methods.get(method).create(choice.start());
        Estimator reference = Methods.get(method).create(Methods.withBudget(method, choice.start(), 100 * budget));
        System.out.printf(Locale.ROOT, "%s: %d documents, %d runs; auto chose %s at %s %d, reference at %d%n", model.name(), docs, runs, method,
                Methods.budgetOption(method), budget, 100 * budget);

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
        String[] labels = {"auto's choice", "MALLET, 10 particles", "MALLET, 10 particles, re-sampling"};
        double[][] err2 = new double[3][docs];
        double[][] seconds = new double[3][docs];
        for (int r = 0; r < runs; r++) {
            for (int d = 0; d < docs; d++) {
                long t0 = System.nanoTime();
                double o = ours.estimate(corpus.document(d), model, RandomStreams.stream(seed, d, r), cancel).logValue();
                long t1 = System.nanoTime();
                mallet.setRandom(new Randoms((int) (seed * 7919 + 2 * r)));
                double m = mallet.evaluateLeftToRight(all.subList(d, d + 1), 10, false, null);
                long t2 = System.nanoTime();
                mallet.setRandom(new Randoms((int) (seed * 7919 + 2 * r + 1)));
                double mr = mallet.evaluateLeftToRight(all.subList(d, d + 1), 10, true, null);
                long t3 = System.nanoTime();
                double[] values = {o, m, mr};
                long[] nanos = {t1 - t0, t2 - t1, t3 - t2};
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
        for (int k = 1; k < 3; k++) {
            double[] ratio = new double[docs];
            for (int d = 0; d < docs; d++) {
                ratio[d] = err2[k][d] * seconds[k][d] / (err2[0][d] * seconds[0][d]);
            }
            System.out.printf(Locale.ROOT, "  %s against %s at equal time: %.3g times less squared error per document (median), %.3g pooled%n",
                    labels[0], labels[k], CertaintyVersusMallet.median(ratio), mean(err2[k]) * mean(seconds[k]) / (mean(err2[0]) * mean(seconds[0])));
        }
    }

    private static double mean(double[] x) {
        return org.apache.commons.math3.stat.StatUtils.mean(x);
    }
}
