package tmeval.compare;

import tmeval.model.TopicModel;

/**
 * Aligns the topics of model B to those of model A (Foulds and Smyth, Section 3.1): the permutation of B's
 * topics that minimises the total L1 distance between paired topics, found by the Hungarian algorithm in
 * O(K^3). Annealing between aligned models has less distance to cover.
 *
 * @param permutation new topic k of B is old topic permutation[k]; apply with {@link TopicModel#permuteTopics}
 * @param distances L1 distance between A's topic k and B's aligned topic k
 * @param identityTotal total L1 distance before alignment (topic k with topic k)
 */
public record TopicAlignment(int[] permutation, double[] distances, double identityTotal) {

    public double total() {
        double s = 0;
        for (double d : distances) {
            s += d;
        }
        return s;
    }

    /** Aligns b to a; both must have the same K and the same vocabulary. */
    public static TopicAlignment align(TopicModel a, TopicModel b) {
        int numTopics = a.numTopics();
        if (b.numTopics() != numTopics) {
            throw new IllegalArgumentException("cannot align K = " + a.numTopics() + " with K = " + b.numTopics());
        }
        if (!a.vocabulary().equals(b.vocabulary())) {
            throw new IllegalArgumentException("cannot align models over different vocabularies");
        }
        double[][] cost = l1Distances(a, b);
        int[] assignment = Hungarian.minimumCostAssignment(cost);
        double[] distances = new double[numTopics];
        double identity = 0;
        for (int k = 0; k < numTopics; k++) {
            distances[k] = cost[k][assignment[k]];
            identity += cost[k][k];
        }
        return new TopicAlignment(assignment, distances, identity);
    }

    /** cost[i][j] = sum_w |phi_a(w, i) - phi_b(w, j)| (A's K rows, B's K columns), in one pass over the vocabulary. */
    static double[][] l1Distances(TopicModel a, TopicModel b) {
        int rows = a.numTopics();
        int columns = b.numTopics();
        double[][] cost = new double[rows][columns];
        double[] rowA = new double[rows];
        double[] rowB = new double[columns];
        for (int w = 0; w < a.numWords(); w++) {
            a.copyRow(w, rowA, 0);
            b.copyRow(w, rowB, 0);
            for (int i = 0; i < rows; i++) {
                double[] c = cost[i];
                double x = rowA[i];
                for (int j = 0; j < columns; j++) {
                    c[j] += Math.abs(x - rowB[j]);
                }
            }
        }
        return cost;
    }
}
