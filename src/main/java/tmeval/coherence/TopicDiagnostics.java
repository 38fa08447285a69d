package tmeval.coherence;

import tmeval.estimate.VariationalBound;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.List;

/**
 * MALLET's per-topic diagnostics (cc.mallet.topics.TopicModelDiagnostics): {@code tokens}, the topic's size;
 * {@code eff_num_words}, 1 / sum_w p(w | k)^2; {@code corpus_dist}, the KL divergence in nats of p(. | k) from the
 * corpus's word distribution; {@code exclusivity}, the mean over the topic's top words of phi(w, k) / sum_j phi(w, j).
 *
 * <p>They are computed from topic-word weights n_wk. With the training assignments (a MALLET state, or the state
 * {@code train} writes beside its model) n_wk are the counts, and the first three are MALLET's exactly: p(w | k) =
 * n_wk / n_k, the corpus distribution n_w / N. Without them n_wk = T_k phi(w, k), with T_k the topic's expected tokens in
 * the reference corpus (sum over its documents of gamma_k - alpha_k of the variational fit, {@code vb}'s), so that
 * p(w | k) is phi and the corpus distribution is the model's mixture sum_k T_k phi(w, k) / sum_k T_k. Exclusivity uses
 * phi, which for MALLET's model is its smoothed (n_wk + beta) / (n_k + V beta), as MALLET's does.
 */
public final class TopicDiagnostics {
    /** Where the topic sizes came from, as the provenance says it. */
    public enum Source {
        ASSIGNMENTS("assignments"), EXPECTED("expected-vb");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** One topic's diagnostics; NaN where one does not exist (a topic with no tokens). */
    public record Topic(double tokens, double effectiveWords, double exclusivity, double corpusDistance) {
    }

    private TopicDiagnostics() {
    }

    /** From the training assignments' counts, word-major (n[w * K + k]), over the model's vocabulary. */
    public static List<Topic> fromCounts(TopicModel model, int[] wordTopicCounts, int topN) {
        int k = model.numTopics();
        return of(model, (w, t) -> wordTopicCounts[w * k + t], topN);
    }

    /** From the topics' expected tokens in a reference corpus and phi. */
    public static List<Topic> fromExpectedTokens(TopicModel model, double[] tokens, int topN) {
        return of(model, (w, t) -> tokens[t] * model.phi(w, t), topN);
    }

    /**
     * A document's expected tokens of each topic, gamma_k - alpha_k of the variational fit (the expected number of its
     * tokens drawn from topic k under q; they sum to its length). Summed over a corpus they size the topics.
     */
    public static double[] expectedTokens(Document document, TopicModel model, CancelToken cancel) {
        double[] gamma = VariationalBound.fit(document, model, cancel).gamma();
        for (int k = 0; k < gamma.length; k++) {
            gamma[k] -= model.alpha(k);
        }
        return gamma;
    }

    private interface Weights {
        double of(int word, int topic);
    }

    private static List<Topic> of(TopicModel model, Weights n, int topN) {
        int numTopics = model.numTopics();
        int numWords = model.numWords();
        double[] topicTotal = new double[numTopics];
        double[] wordTotal = new double[numWords];
        double total = 0;
        for (int w = 0; w < numWords; w++) {
            for (int t = 0; t < numTopics; t++) {
                double x = n.of(w, t);
                topicTotal[t] += x;
                wordTotal[w] += x;
                total += x;
            }
        }
        double[] phiSum = new double[numWords];
        for (int w = 0; w < numWords; w++) {
            for (int t = 0; t < numTopics; t++) {
                phiSum[w] += model.phi(w, t);
            }
        }
        List<Topic> topics = new ArrayList<>();
        for (int t = 0; t < numTopics; t++) {
            double squares = 0;
            double divergence = 0;
            for (int w = 0; w < numWords; w++) {
                double x = n.of(w, t);
                if (x > 0) {
                    double p = x / topicTotal[t];
                    squares += p * p;
                    divergence += p * Math.log(p / (wordTotal[w] / total));
                }
            }
            int[] top = model.topWords(t, topN);
            double exclusivity = 0;
            for (int w : top) {
                exclusivity += phiSum[w] > 0 ? model.phi(w, t) / phiSum[w] : 0;
            }
            boolean sized = topicTotal[t] > 0;
            topics.add(new Topic(topicTotal[t], sized ? 1 / squares : Double.NaN, exclusivity / top.length,
                    sized ? divergence : Double.NaN));
        }
        return topics;
    }
}
