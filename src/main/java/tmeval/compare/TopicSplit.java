package tmeval.compare;

import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The smaller of two models of different K written with the larger one's K and the same P(w), so that ratio-AIS can
 * anneal between them (Foulds and Smyth leave models of different K open; estimators.md, "Ratio-AIS between models of
 * different K").
 * <p>
 * The smaller model's topics are aligned to as many of the larger one's (Hungarian, L1, rectangular); each of the
 * larger model's other topics is brought in as a copy of the smaller topic nearest to it (L1), and every topic copied
 * shares its alpha among its copies in proportion to the larger model's alphas. Why P(w) is unchanged: a topic k
 * split into copies k' and k'' with the same phi and alpha_k' + alpha_k'' = alpha_k gives, by the aggregation property
 * of the Dirichlet, theta_k' + theta_k'' distributed as theta_k, and P(w | theta) sees only that sum. Every alpha stays
 * positive, so the split model is an ordinary LDA model: both paths run on it as on any pair of one K.
 *
 * @param model the smaller model with the larger one's K, its topics in the larger one's order
 * @param parent for each topic of the larger model, the smaller model's topic its split topic copies
 * @param matched for each topic of the larger model, whether the alignment paired it with its parent (else it is brought in)
 * @param distances for each topic of the larger model, its L1 distance to its parent
 */
public record TopicSplit(TopicModel model, int[] parent, boolean[] matched, double[] distances) {
    /** @throws IllegalArgumentException when the models do not have fewer and more topics over one vocabulary */
    public static TopicSplit of(TopicModel smaller, TopicModel larger) {
        int small = smaller.numTopics();
        int large = larger.numTopics();
        if (small >= large) {
            throw new IllegalArgumentException("cannot split K = " + small + " into K = " + large);
        }
        if (!smaller.vocabulary().equals(larger.vocabulary())) {
            throw new IllegalArgumentException("cannot split topics across different vocabularies");
        }
        double[][] cost = TopicAlignment.l1Distances(smaller, larger);
        int[] partner = Hungarian.minimumCostAssignment(cost);
        int[] parent = new int[large];
        boolean[] matched = new boolean[large];
        java.util.Arrays.fill(parent, -1);
        for (int s = 0; s < small; s++) {
            parent[partner[s]] = s;
            matched[partner[s]] = true;
        }
        double[] distances = new double[large];
        double[] groupAlpha = new double[small];
        double[] alphaLarge = larger.alpha();
        for (int l = 0; l < large; l++) {
            if (parent[l] < 0) {
                int nearest = 0;
                for (int s = 1; s < small; s++) {
                    nearest = cost[s][l] < cost[nearest][l] ? s : nearest;
                }
                parent[l] = nearest;
            }
            distances[l] = cost[parent[l]][l];
            groupAlpha[parent[l]] += alphaLarge[l];
        }
        double[] alpha = new double[large];
        for (int l = 0; l < large; l++) {
            alpha[l] = smaller.alpha(parent[l]) * (alphaLarge[l] / groupAlpha[parent[l]]);
            if (!(alpha[l] > 0)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s's topic %d cannot be split: its share of alpha %g"
                        + " underflows to 0", smaller.name(), parent[l] + 1, smaller.alpha(parent[l])));
            }
        }
        double[] phi = new double[smaller.numWords() * large];
        double[] row = new double[small];
        for (int w = 0; w < smaller.numWords(); w++) {
            smaller.copyRow(w, row, 0);
            for (int l = 0; l < large; l++) {
                phi[w * large + l] = row[parent[l]];
            }
        }
        TopicModel model = new TopicModel(smaller.name() + " split to K = " + large, smaller.vocabulary(), phi, alpha);
        return new TopicSplit(model, parent, matched, distances);
    }

    /** What was aligned and brought in, in words, for a pair's notes (topics 1-based). */
    public String describe(String smallerLabel, String largerLabel) {
        int large = parent.length;
        int small = large;
        double alignedTotal = 0;
        List<String> brought = new ArrayList<>();
        for (int l = 0; l < large; l++) {
            if (matched[l]) {
                alignedTotal += distances[l];
            } else {
                small--;
                brought.add(String.format(Locale.ROOT, "%d as a copy of %s's %d (L1 %.3f)", l + 1, smallerLabel, parent[l] + 1, distances[l]));
            }
        }
        return String.format(Locale.ROOT, "for the ratio paths %s is split to K = %d, P(w | %s) unchanged: its %d topics aligned to %d of %s's"
                + " (Hungarian, L1: total %.4f), %s's topic%s %s brought in, each copied topic's alpha shared in proportion to %s's",
                smallerLabel, large, smallerLabel, small, small, largerLabel, alignedTotal, largerLabel, brought.size() == 1 ? "" : "s",
                String.join(", ", brought), largerLabel);
    }
}
