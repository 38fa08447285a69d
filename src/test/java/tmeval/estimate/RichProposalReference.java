package tmeval.estimate;

import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A reference for the documents {@code auto} certified (issue 34's out-of-sample check, performance.md): {@code is-gibbs}
 * with a far richer proposal than its default, CHAINS chains of DRAWS draws each (the default is 16 of 16) and S samples,
 * RUNS runs a document, printed with their mean and standard error beside whatever else the caller compares.
 * Run: java -cp target/test-classes:target/classes:DEPENDENCIES tmeval.estimate.RichProposalReference MODEL CORPUS CHAINS DRAWS S RUNS
 */
public final class RichProposalReference {
    private RichProposalReference() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(Path.of(args[0])));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary());
        int chains = Integer.parseInt(args[2]);
        int draws = Integer.parseInt(args[3]);
        int samples = Integer.parseInt(args[4]);
        int runs = Integer.parseInt(args[5]);
        GibbsMixtureSampler sampler = new GibbsMixtureSampler(samples, chains, draws, GibbsMixtureSampler.PRIOR_SHARE);
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            double[] v = new double[runs];
            double coverage = 1;
            for (int r = 0; r < runs; r++) {
                EstimateResult e = sampler.estimate(doc, model, new SplittableRandom(7919L * d + r), new CancelToken());
                v[r] = e.logValue();
                coverage = Math.min(coverage, e.chainCoverage());
            }
            double mean = java.util.Arrays.stream(v).average().orElse(Double.NaN);
            double se = Math.sqrt(java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum() / (runs - 1) / runs);
            System.out.printf(Locale.ROOT, "%s\t%d\t%.4f\t%.4f\t%.3f%n", doc.id(), doc.length(), mean, se, coverage);
        }
    }
}
