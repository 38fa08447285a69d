package tmeval.bench;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.AnnealingPath;
import tmeval.anneal.ConvexPath;
import tmeval.anneal.GeometricPath;
import tmeval.anneal.Schedule;
import tmeval.io.CorpusLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.RandomStreams;
import tmeval.sampling.TopicState;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What a ratio path's sitewise weight ({@link tmeval.anneal.SitewisePath}) buys over the weight taken at the state
 * before each sweep (Foulds and Smyth Eq. 5 and 7, as the product did before issue 16): forward (B to A), the same n
 * temperatures, schedule and burn-in, alternating per document and run; per document the variance of the log ratio
 * across runs, and the time of a run. The mean log ratios differ by about half the difference of the variances (both
 * are unbiased in probability; Jensen).
 * Run: mvn -B -o -q test-compile exec:java -Dexec.mainClass=tmeval.bench.SitewiseVersusStateIncrements
 * -Dexec.classpathScope=test -Dexec.args="A.tsv.gz B.tsv.gz HELDOUT DOCUMENTS RUNS [N] [uniform|sigmoid] [convex|geometric]"
 */
public final class SitewiseVersusStateIncrements {
    private SitewiseVersusStateIncrements() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel a = NativeModelFormat.read(Path.of(args[0]));
        TopicModel b = NativeModelFormat.read(Path.of(args[1]));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[2])), a.vocabulary()),
                Integer.parseInt(args[3]));
        int runs = Integer.parseInt(args[4]);
        int n = args.length > 5 ? Integer.parseInt(args[5]) : 1000;
        Schedule schedule = args.length > 6 ? Schedule.parse(args[6]) : Schedule.UNIFORM;
        boolean geometric = args.length > 7 && args[7].equals("geometric");
        int burnIn = 100;
        double[] betas = new double[n + 1];
        for (int j = 0; j <= n; j++) {
            betas[j] = schedule.beta(j, n);
        }
        double[] varianceRatios = new double[corpus.size()];
        double[] sum = new double[2];
        double[] mean = new double[2];
        long[] nanos = new long[2];
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            double[][] logRatio = new double[2][runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                logRatio[0][r] = atTheState(path(doc, a, b, geometric), doc, betas, burnIn, RandomStreams.stream(7, r, d, 0));
                long t1 = System.nanoTime();
                logRatio[1][r] = sitewise(path(doc, a, b, geometric), doc, schedule, n, burnIn, RandomStreams.stream(7, r, d, 1));
                nanos[0] += t1 - t0;
                nanos[1] += System.nanoTime() - t1;
            }
            for (int m = 0; m < 2; m++) {
                sum[m] += CertaintyVersusMallet.sampleVariance(logRatio[m]) / corpus.size();
                for (double x : logRatio[m]) {
                    mean[m] += x / runs / corpus.size();
                }
            }
            varianceRatios[d] = CertaintyVersusMallet.sampleVariance(logRatio[0]) / CertaintyVersusMallet.sampleVariance(logRatio[1]);
        }
        java.util.Arrays.sort(varianceRatios);
        System.out.printf(Locale.ROOT, "%s path: %d documents, %d runs, n = %d %s, burn-in %d%n", geometric ? "geometric" : "convex",
                corpus.size(), runs, n, schedule.label(), burnIn);
        String[] names = {"increments at the state", "sitewise increments"};
        for (int m = 0; m < 2; m++) {
            System.out.printf(Locale.ROOT, "%-26s mean var %.5g  mean log ratio %.4f  ms/run %.3f%n", names[m], sum[m], mean[m],
                    nanos[m] / 1e6 / runs / corpus.size());
        }
        System.out.printf(Locale.ROOT, "variance ratio (state / sitewise): mean over documents %.2f; per document median %.1f (10%% %.1f, 90%% %.1f)%n",
                sum[0] / sum[1], varianceRatios[corpus.size() / 2], varianceRatios[corpus.size() / 10], varianceRatios[corpus.size() * 9 / 10]);
    }

    private static AnnealingPath path(Document doc, TopicModel a, TopicModel b, boolean geometric) {
        DocumentView view = DocumentView.of(doc);
        return geometric ? new GeometricPath(view, a, b) : new ConvexPath(view, a, b);
    }

    /** The engine's loop as it was: log f_j(z) - log f_{j-1}(z) at the state before each sweep. */
    private static double atTheState(AnnealingPath path, Document doc, double[] betas, int burnIn, SplittableRandom random) {
        TopicState state = new TopicState(doc.length(), path.numTopics());
        double[] scratch = new double[path.numTopics()];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, Schedule.UNIFORM, 1), burnIn, state, random, scratch);
        double logWeight = 0;
        for (int j = 1; j < betas.length; j++) {
            logWeight += path.logRatio(state, betas[j - 1], betas[j]);
            path.setTemperature(betas[j]);
            GibbsSweep.forward(path, state, random, scratch);
        }
        return logWeight;
    }

    private static double sitewise(AnnealingPath path, Document doc, Schedule schedule, int n, int burnIn, SplittableRandom random) {
        double[] end = new double[1];
        AnnealingEngine.sample(List.of(new AnnealingEngine.Segment(path, schedule, n)), burnIn, new TopicState(doc.length(), path.numTopics()),
                random, new double[path.numTopics()], new CancelToken(), null, end);
        return end[0];
    }
}
