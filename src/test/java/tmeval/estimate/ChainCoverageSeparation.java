package tmeval.estimate;

import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.certify.Target;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A measurement, not a test: how far {@code is-gibbs}'s chain coverage separates runs within one target of the truth from
 * runs beyond it, among the runs whose weights pass (not heavy-tailed), the only runs the coverage alone decides. One run
 * of S samples per document and seed, outside {@code auto} (no escalation, no other checks). Prints a row per run
 * (document, seed, tokens, error in targets, weights, coverage) and a summary. A references file of {@code docId<TAB>value}
 * lines; with values 0 (no truth) only the weights and coverage columns mean anything.
 * Run: java -cp test-classes:classes:DEPENDENCIES tmeval.estimate.ChainCoverageSeparation MODEL HELDOUT REFERENCES SEEDS
 * SAMPLES [CHAINS DRAWS] (defaults: the sampler's, 16 chains of 16 draws).
 */
public final class ChainCoverageSeparation {
    private ChainCoverageSeparation() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(Path.of(args[0])));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[1])), model.vocabulary());
        Map<String, Double> truth = tmeval.bench.CertificateHonesty.references(Path.of(args[2]));
        int samples = Integer.parseInt(args[4]);
        int chains = args.length > 5 ? Integer.parseInt(args[5]) : GibbsMixtureSampler.CHAINS;
        int draws = args.length > 6 ? Integer.parseInt(args[6]) : GibbsMixtureSampler.DRAWS;
        GibbsMixtureSampler sampler = new GibbsMixtureSampler(samples, chains, draws, GibbsMixtureSampler.PRIOR_SHARE);
        int[] passWithin = new int[2];
        int[] passBeyond = new int[2];
        int heavy = 0;
        for (int d = 0; d < corpus.size(); d++) {
            Document doc = corpus.document(d);
            Double reference = truth.get(doc.id());
            if (reference == null) {
                continue;
            }
            for (String seed : args[3].split(",")) {
                EstimateResult r = sampler.estimate(doc, model, new SplittableRandom(Long.parseLong(seed) * 1_000_003L + d), new CancelToken());
                double error = (r.logValue() - reference) / Target.nats(doc.length());
                boolean heavyTailed = WeightDiagnostics.heavyTailed(r.logWeights());
                boolean apart = WeightDiagnostics.chainsApart(r);
                System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%.2f\t%s\t%.3f%n", doc.id(), seed, doc.length(), error,
                        heavyTailed ? "heavy" : "ok", r.chainCoverage());
                if (heavyTailed) {
                    heavy++;
                } else if (Math.abs(error) <= 1) {
                    passWithin[apart ? 1 : 0]++;
                } else {
                    passBeyond[apart ? 1 : 0]++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "# heavy-tailed %d; weights pass: within 1 target %d (coverage below %.1f: %d), beyond %d (coverage below: %d)%n",
                heavy, passWithin[0] + passWithin[1], WeightDiagnostics.MIN_CHAIN_COVERAGE, passWithin[1], passBeyond[0] + passBeyond[1], passBeyond[1]);
    }
}
