package tmeval.bench;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.ConvexPath;
import tmeval.anneal.Schedule;
import tmeval.io.CorpusLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.RandomStreams;
import tmeval.sampling.TopicState;

import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/** PROTOTYPE: per-site Rao-Blackwellised increments on the convex path against the standard ones. */
public final class RaoBlackwellProbe {
    public static void main(String[] args) throws Exception {
        TopicModel a = NativeModelFormat.read(Path.of(args[0]));
        TopicModel b = NativeModelFormat.read(Path.of(args[1]));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[2])), a.vocabulary()),
                Integer.parseInt(args[3]));
        int runs = Integer.parseInt(args[4]);
        int n = Integer.parseInt(args[5]);
        int burnIn = 100;
        double[] betas = new double[n + 1];
        for (int j = 0; j <= n; j++) {
            betas[j] = Schedule.SIGMOID.beta(j, n);
        }
        double sumStd = 0, sumRb = 0, meanStd = 0, meanRb = 0, sumDense = 0, meanDense = 0;
        long timeStd = 0, timeRb = 0;
        for (int d = 0; d < corpus.size(); d++) {
            double[] std = new double[runs];
            double[] rb = new double[runs];
            double[] dense = new double[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                std[r] = run(corpus.document(d), a, b, betas, burnIn, RandomStreams.stream(7, r, d, 0), false);
                long t1 = System.nanoTime();
                rb[r] = engine(corpus.document(d), a, b, n, burnIn, RandomStreams.stream(7, r, d, 1));
                long t2 = System.nanoTime();
                dense[r] = run(corpus.document(d), a, b, betas, burnIn, RandomStreams.stream(7, r, d, 2), true);
                timeStd += t1 - t0;
                timeRb += t2 - t1;
            }
            sumDense += CertaintyVersusMallet.sampleVariance(dense);
            meanDense += mean(dense);
            double vs = CertaintyVersusMallet.sampleVariance(std);
            double vr = CertaintyVersusMallet.sampleVariance(rb);
            sumStd += vs;
            sumRb += vr;
            meanStd += mean(std);
            meanRb += mean(rb);
            System.out.printf(Locale.ROOT, "doc %d N=%d std mean %.4f var %.5f | rb mean %.4f var %.5f | ratio %.1f%n", d,
                    corpus.document(d).length(), mean(std), vs, mean(rb), vr, vs / vr);
        }
        System.out.printf(Locale.ROOT, "TOTAL mean var std %.5g rb %.5g ratio %.2f; mean log ratio std %.4f rb %.4f%n",
                sumStd / corpus.size(), sumRb / corpus.size(), sumStd / sumRb, meanStd / corpus.size(), meanRb / corpus.size());
        System.out.printf(Locale.ROOT, "dense rb: mean var %.5g mean log ratio %.4f; ms/run std %.3f engine %.3f%n", sumDense / corpus.size(),
                meanDense / corpus.size(), timeStd / 1e6 / runs / corpus.size(), timeRb / 1e6 / runs / corpus.size());
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    static double engine(Document document, TopicModel a, TopicModel b, int n, int burnIn, SplittableRandom random) {
        DocumentView view = DocumentView.of(document);
        ConvexPath path = new ConvexPath(view, a, b);
        TopicState state = new TopicState(document.length(), a.numTopics());
        double[] scratch = new double[a.numTopics()];
        double[] end = new double[1];
        AnnealingEngine.sample(java.util.List.of(new AnnealingEngine.Segment(path, Schedule.SIGMOID, n)), burnIn, state, random, scratch,
                new tmeval.progress.CancelToken(), null, end);
        return end[0];
    }

    static double run(Document document, TopicModel a, TopicModel b, double[] betas, int burnIn, SplittableRandom random, boolean rb) {
        DocumentView view = DocumentView.of(document);
        ConvexPath path = new ConvexPath(view, a, b);
        double[] rowsTo = view.rows(a);
        double[] rowsFrom = view.rows(b);
        double[] alphaTo = a.alpha();
        double[] alphaFrom = b.alpha();
        int numTopics = a.numTopics();
        double[] alphaPrev = new double[numTopics];
        double[] alphaNow = new double[numTopics];
        TopicState state = new TopicState(document.length(), numTopics);
        double[] scratch = new double[numTopics];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, Schedule.UNIFORM, 1), burnIn, state, random, scratch);
        int n = betas.length - 1;
        double logWeight = 0;
        for (int j = 1; j <= n; j++) {
            double prev = betas[j - 1];
            double now = betas[j];
            if (!rb) {
                logWeight += path.logRatio(state, prev, now);
                path.setTemperatures(now, now);
                GibbsSweep.forward(path, state, random, scratch);
                continue;
            }
            for (int k = 0; k < numTopics; k++) {
                alphaPrev[k] = (1 - prev) * alphaFrom[k] + prev * alphaTo[k];
                alphaNow[k] = (1 - now) * alphaFrom[k] + now * alphaTo[k];
            }
            logWeight += DirichletMultinomial.logRatio(state.counts, alphaPrev, alphaNow);
            path.setTemperature(now);
            int[] counts = state.counts;
            double product = 1;
            for (int i = 0; i < state.length(); i++) {
                state.remove(i);
                int base = view.slot(i) * numTopics;
                double tNow = 0, tPrev = 0;
                for (int k = 0; k < numTopics; k++) {
                    double c = counts[k] + alphaNow[k];
                    tNow += c * ((1 - now) * rowsFrom[base + k] + now * rowsTo[base + k]);
                    tPrev += c * ((1 - prev) * rowsFrom[base + k] + prev * rowsTo[base + k]);
                }
                product *= tNow / tPrev;
                state.assign(i, path.draw(i, state, random, scratch));
            }
            logWeight += Math.log(product);
        }
        return logWeight;
    }
}
