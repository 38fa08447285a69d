package tmeval.run.covariates;

import tmeval.compare.ModelPair;
import tmeval.estimate.VariationalBound;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.exec.OrderedParallel;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The covariates every comparison has (covariates.md): a document's length (the tokens its log ratio is over), its
 * out-of-vocabulary rate (tokens of the raw document the models' vocabulary does not hold, as the corpus loader drops
 * them), and under each model its dominant topic and topic entropy, both from the variational fit q(theta) =
 * Dirichlet(gamma) of {@code vb} ({@link VariationalBound#fit}): the topic of the largest gamma_k, and the entropy in nats
 * of the mean theta = gamma / sum(gamma). Each model keeps its own topic numbers (1-based, as its file has them).
 */
public final class BuiltInCovariates {
    public static final String SOURCE = "built-in";
    public static final String LENGTH = "length";
    public static final String OUT_OF_VOCABULARY = "out-of-vocabulary rate";

    private BuiltInCovariates() {
    }

    /** The length alone: the one covariate the results themselves hold. */
    public static Covariate length(List<DocumentRatio> ratios) {
        Map<String, Double> n = new LinkedHashMap<>();
        ratios.forEach(r -> n.put(r.documentId(), (double) r.tokens()));
        return Covariate.numeric(LENGTH, SOURCE, n);
    }

    /**
     * Every built-in covariate of these documents. A document the corpus does not hold has no value for the covariates
     * that need it (counted as missing by each analysis).
     *
     * @param raw the held-out corpus over its own vocabulary, as read
     * @param intersect whether the comparison was on the models' shared words
     * @param corpusPath named in an error (no word of the corpus in the models' vocabulary)
     * @throws IllegalArgumentException when the models cannot be compared ({@link ModelPair#prepare})
     */
    public static List<Covariate> of(List<DocumentRatio> ratios, TopicModel a, TopicModel b, Corpus raw, boolean intersect, Path corpusPath,
                                     int threads, CancelToken cancel) throws InputException {
        List<Covariate> all = new java.util.ArrayList<>(List.of(length(ratios)));
        all.addAll(ofCorpus(ratios.stream().map(DocumentRatio::documentId).toList(), a, b, raw, intersect, corpusPath, threads, Progress.NONE, cancel));
        return all;
    }

    /**
     * The covariates that need the models and the corpus (all but the length), for the documents of these ids that the
     * corpus holds: the workbench computes them once for the whole corpus, before any result arrives.
     *
     * @param progress told of each document whose topics are fitted under both models, of all of them
     */
    public static List<Covariate> ofCorpus(List<String> ids, TopicModel a, TopicModel b, Corpus raw, boolean intersect, Path corpusPath,
                                           int threads, Progress progress, CancelToken cancel)
            throws InputException {
        // each model in its own topic numbering (no alignment), on the vocabulary the comparison scored
        ModelPair pair = ModelPair.prepare(a, b, false, intersect, null);
        Corpus mapped = CorpusLoader.mapOnto(raw, pair.a().vocabulary(), corpusPath);
        Map<String, Integer> rawLength = new HashMap<>();
        raw.documents().forEach(d -> rawLength.putIfAbsent(d.id(), d.length()));
        Map<String, Document> scored = new HashMap<>();
        mapped.documents().forEach(d -> scored.putIfAbsent(d.id(), d));
        List<String> found = ids.stream().filter(rawLength::containsKey).toList();

        Map<String, Double> oov = new LinkedHashMap<>();
        for (String id : found) {
            Document d = scored.get(id);
            int total = rawLength.get(id);
            oov.put(id, total == 0 ? 0 : 1 - (d == null ? 0 : d.length()) / (double) total);
        }
        List<Document> documents = found.stream().map(scored::get).filter(d -> d != null).toList();
        Map<String, String> dominantA = new LinkedHashMap<>();
        Map<String, String> dominantB = new LinkedHashMap<>();
        Map<String, Double> entropyA = new LinkedHashMap<>();
        Map<String, Double> entropyB = new LinkedHashMap<>();
        // the fits run on worker threads and arrive in document order
        int[] at = {0};
        OrderedParallel.run(documents.size(), i -> new double[][] {
                VariationalBound.fit(documents.get(i), pair.a(), cancel).gamma(),
                VariationalBound.fit(documents.get(i), pair.b(), cancel).gamma()}, gammas -> {
            String id = documents.get(at[0]++).id();
            dominantA.put(id, "A " + (argmax(gammas[0]) + 1));
            dominantB.put(id, "B " + (argmax(gammas[1]) + 1));
            entropyA.put(id, entropy(gammas[0]));
            entropyB.put(id, entropy(gammas[1]));
        }, threads, "tmeval-covariates", progress, cancel, i -> documents.get(i).id());
        return List.of(Covariate.numeric(OUT_OF_VOCABULARY, SOURCE, oov),
                Covariate.categorical("dominant topic (A)", SOURCE, dominantA), Covariate.categorical("dominant topic (B)", SOURCE, dominantB),
                Covariate.numeric("topic entropy (A)", SOURCE, entropyA), Covariate.numeric("topic entropy (B)", SOURCE, entropyB));
    }

    static int argmax(double[] x) {
        int best = 0;
        for (int k = 1; k < x.length; k++) {
            if (x[k] > x[best]) {
                best = k;
            }
        }
        return best;
    }

    /** The entropy in nats of gamma / sum(gamma). */
    static double entropy(double[] gamma) {
        double sum = 0;
        for (double g : gamma) {
            sum += g;
        }
        double h = 0;
        for (double g : gamma) {
            double p = g / sum;
            h -= p > 0 ? p * Math.log(p) : 0;
        }
        return h;
    }
}
