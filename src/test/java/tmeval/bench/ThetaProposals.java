package tmeval.bench;

import tmeval.estimate.Estimator;
import tmeval.estimate.LeeDirichletSampler;
import tmeval.estimate.VariationalBound;
import tmeval.estimate.VariationalImportanceSampler;
import tmeval.estimate.VariationalImportanceSampler.Centre;
import tmeval.estimate.VariationalImportanceSampler.Component;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Importance sampling over theta on long documents: Lee's proposal against mixtures around the variational posterior
 * ({@link VariationalImportanceSampler}), at the same number of draws, alternating per document and run. Per
 * proposal: the mean and median over documents of the variance of log P-hat across runs, the time of a run, their
 * product (lower is more certainty per second), and the runs below the {@code vb} floor.
 * Run: mvn -B -o -q test-compile exec:java -Dexec.mainClass=tmeval.bench.ThetaProposals -Dexec.classpathScope=test
 * -Dexec.args="MODEL HELDOUT DOCUMENTS RUNS SAMPLES"
 */
public final class ThetaProposals {
    private ThetaProposals() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(Path.of(args[0])));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary()),
                Integer.parseInt(args[2]));
        int runs = Integer.parseInt(args[3]);
        int samples = Integer.parseInt(args[4]);
        Map<String, Estimator> proposals = new LinkedHashMap<>();
        proposals.put("lee-is", new LeeDirichletSampler(samples, 0));
        proposals.put("is-vb (default)", new VariationalImportanceSampler(samples));
        for (double s : new double[] {1, 0.5, 0.25, 0.1}) {
            proposals.put("vb s=" + s + " + prior 0.1", new VariationalImportanceSampler(samples,
                    List.of(new Component(Centre.VARIATIONAL, s, 0.9), new Component(Centre.PRIOR, 1, 0.1))));
        }
        proposals.put("vb 0.5, 0.25, 0.1 + prior", new VariationalImportanceSampler(samples,
                List.of(new Component(Centre.VARIATIONAL, 0.5, 0.3), new Component(Centre.VARIATIONAL, 0.25, 0.3),
                        new Component(Centre.VARIATIONAL, 0.1, 0.3), new Component(Centre.PRIOR, 1, 0.1))));
        proposals.put("vb 0.5, 0.25 + prior", new VariationalImportanceSampler(samples,
                List.of(new Component(Centre.VARIATIONAL, 0.5, 0.45), new Component(Centre.VARIATIONAL, 0.25, 0.45),
                        new Component(Centre.PRIOR, 1, 0.1))));
        proposals.put("lee + prior 0.1", new VariationalImportanceSampler(samples,
                List.of(new Component(Centre.LEE, 1, 0.9), new Component(Centre.PRIOR, 1, 0.1))));
        proposals.put("vb 1, 0.5 + lee + prior", new VariationalImportanceSampler(samples,
                List.of(new Component(Centre.VARIATIONAL, 1, 0.3), new Component(Centre.VARIATIONAL, 0.5, 0.3),
                        new Component(Centre.LEE, 1, 0.3), new Component(Centre.PRIOR, 1, 0.1))));
        int p = proposals.size();
        List<String> names = new ArrayList<>(proposals.keySet());
        double[][] variance = new double[p][corpus.size()];
        long[] nanos = new long[p];
        int[] belowFloor = new int[p];
        int tokens = 0;
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            tokens += doc.length();
            double floor = VariationalBound.fit(doc, model, new CancelToken()).bound();
            double[][] values = new double[p][runs];
            for (int r = 0; r < runs; r++) {
                for (int i = 0; i < p; i++) {
                    long t0 = System.nanoTime();
                    values[i][r] = proposals.get(names.get(i)).estimate(doc, model, RandomStreams.stream(11, d, r, i), new CancelToken()).logValue();
                    nanos[i] += System.nanoTime() - t0;
                    if (values[i][r] < floor) {
                        belowFloor[i]++;
                    }
                }
            }
            for (int i = 0; i < p; i++) {
                variance[i][d] = variance(values[i]);
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d documents (%d tokens, mean %.0f), %d runs of %d draws%n", args[0], corpus.size(), tokens,
                (double) tokens / corpus.size(), runs, samples);
        System.out.printf(Locale.ROOT, "%-26s %12s %12s %10s %14s %8s%n", "proposal", "mean var", "median var", "ms/run", "var x s (mean)", "<floor");
        for (int i = 0; i < p; i++) {
            double mean = Arrays.stream(variance[i]).average().orElse(Double.NaN);
            double[] sorted = variance[i].clone();
            Arrays.sort(sorted);
            double ms = nanos[i] / 1e6 / (corpus.size() * (double) runs);
            System.out.printf(Locale.ROOT, "%-26s %12.5f %12.5f %10.2f %14.6f %8d%n", names.get(i), mean, sorted[sorted.length / 2], ms,
                    mean * ms / 1000, belowFloor[i]);
        }
    }

    private static double variance(double[] x) {
        double mean = Arrays.stream(x).average().orElse(0);
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        return ss / (x.length - 1);
    }
}
