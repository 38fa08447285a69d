package tmeval.compare;

import tmeval.model.DirichletPrior;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.MixtureDecoder;
import tmeval.model.ProductDecoder;
import tmeval.model.ThetaPrior;
import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ratio-eta} between models of different K, of any families: the larger model's topics in the order
 * {@link tmeval.estimate.EtaRatio} pairs them with the smaller's (its topics 1..K_S - 1 the smaller's, then the others, the
 * coordinates of the auxiliary density, then the partner of the smaller's topic K_S, the reference). The smaller model's
 * topics are aligned to K_S of the larger's by the Hungarian algorithm on the L1 distances between the topics' word
 * distributions at the simplex's vertices, p(w | theta = e_k): phi_k for a mixture, softmax(B e_k + c) for a product.
 * Reordering a model's topics leaves P(w) as it is (a logistic-normal prior is re-referenced exactly,
 * {@link LogisticNormalPrior#inTopicOrder}); the alignment only shortens the path.
 *
 * @param larger the larger model with its topics reordered
 * @param order new topic k of the larger model is its old topic order[k]
 * @param partner for each topic of the smaller model, the larger model's (old) topic aligned to it
 * @param distances for each topic of the smaller model, the L1 distance to its partner
 */
public record EtaTopicOrder(TopicModel larger, int[] order, int[] partner, double[] distances) {
    /** @throws IllegalArgumentException when the models do not have fewer and more topics over one vocabulary */
    public static EtaTopicOrder of(TopicModel smaller, TopicModel larger) {
        int small = smaller.numTopics();
        int large = larger.numTopics();
        if (small >= large) {
            throw new IllegalArgumentException("cannot pad K = " + small + " to K = " + large);
        }
        if (!smaller.vocabulary().equals(larger.vocabulary())) {
            throw new IllegalArgumentException("cannot align topics across different vocabularies");
        }
        double[] vs = atVertices(smaller);
        double[] vl = atVertices(larger);
        double[][] cost = new double[small][large];
        for (int w = 0; w < smaller.numWords(); w++) {
            for (int s = 0; s < small; s++) {
                for (int l = 0; l < large; l++) {
                    cost[s][l] += Math.abs(vs[w * small + s] - vl[w * large + l]);
                }
            }
        }
        int[] partner = Hungarian.minimumCostAssignment(cost);
        boolean[] taken = new boolean[large];
        int[] order = new int[large];
        double[] distances = new double[small];
        for (int s = 0; s < small; s++) {
            taken[partner[s]] = true;
            distances[s] = cost[s][partner[s]];
        }
        for (int s = 0; s < small - 1; s++) {
            order[s] = partner[s];
        }
        int next = small - 1;
        for (int l = 0; l < large; l++) {
            if (!taken[l]) {
                order[next++] = l;
            }
        }
        order[large - 1] = partner[small - 1];
        return new EtaTopicOrder(reordered(larger, order), order, partner, distances);
    }

    /** p(w | theta = e_k), word-major V x K: the mixture's phi, the product's softmax over the vocabulary of B(., k) + c. */
    static double[] atVertices(TopicModel model) {
        int k = model.numTopics();
        int v = model.numWords();
        if (!(model.decoder() instanceof ProductDecoder product)) {
            return model.phiMatrix();
        }
        double[] out = new double[v * k];
        for (int t = 0; t < k; t++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int w = 0; w < v; w++) {
                max = Math.max(max, product.topicWeight(w, t));
            }
            double sum = 0;
            for (int w = 0; w < v; w++) {
                out[w * k + t] = Math.exp(product.topicWeight(w, t) - max);
                sum += out[w * k + t];
            }
            for (int w = 0; w < v; w++) {
                out[w * k + t] /= sum;
            }
        }
        return out;
    }

    /** The model with its topics reordered, new topic k old topic order[k], whatever its family; the same P(w). */
    static TopicModel reordered(TopicModel model, int[] order) {
        if (model.isLda()) {
            return model.permuteTopics(order);
        }
        int k = model.numTopics();
        ThetaPrior prior = model.prior() instanceof LogisticNormalPrior ln ? ln.inTopicOrder(order)
                : new DirichletPrior(permuted(model.alpha(), order));
        if (model.decoder() instanceof ProductDecoder product) {
            return new TopicModel(model.name(), model.vocabulary(), prior,
                    new ProductDecoder(permuted(product.weights(), order), product.biases(), k));
        }
        return new TopicModel(model.name(), model.vocabulary(), prior, new MixtureDecoder(permuted(model.phiMatrix(), order), k));
    }

    /** Each row of K columns (word-major, or alpha's one row) with its columns reordered. */
    private static double[] permuted(double[] values, int[] order) {
        int k = order.length;
        double[] out = new double[values.length];
        for (int base = 0; base < values.length; base += k) {
            for (int j = 0; j < k; j++) {
                out[base + j] = values[base + order[j]];
            }
        }
        return out;
    }

    /** What was aligned, in words, for a pair's notes (topics 1-based). */
    public String describe(String smallerLabel, String largerLabel) {
        int small = partner.length;
        double total = 0;
        List<String> padded = new ArrayList<>();
        for (double d : distances) {
            total += d;
        }
        for (int p = small - 1; p < order.length - 1; p++) {
            padded.add(Integer.toString(order[p] + 1));
        }
        return String.format(Locale.ROOT, "for %s %s's %d topics are aligned to %d of %s's (Hungarian, L1 between the topics'"
                        + " word distributions: total %.4f) and %s's topic%s %s enter%s %s's density through a fixed Gaussian, P(w | %s)"
                        + " unchanged", ComparisonMethods.RATIO_ETA, smallerLabel, small, small, largerLabel, total, largerLabel,
                padded.size() == 1 ? "" : "s",
                String.join(", ", padded), padded.size() == 1 ? "s" : "", smallerLabel, smallerLabel);
    }
}
