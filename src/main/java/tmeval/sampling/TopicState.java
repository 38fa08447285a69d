package tmeval.sampling;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The topic assignments z of one document's tokens and their topic counts n_k: the object every sampler moves. */
public final class TopicState {
    public final int[] topics;
    public final int[] counts;

    public TopicState(int length, int numTopics) {
        this.topics = new int[length];
        this.counts = new int[numTopics];
    }

    public int length() {
        return topics.length;
    }

    public int numTopics() {
        return counts.length;
    }

    /** Empties the state (no token assigned), for samplers that assign tokens one by one. */
    public void clear() {
        Arrays.fill(counts, 0);
    }

    /** Sets every token's topic, recomputing the counts. */
    public void set(int[] assignment) {
        System.arraycopy(assignment, 0, topics, 0, topics.length);
        Arrays.fill(counts, 0);
        for (int k : topics) {
            counts[k]++;
        }
    }

    public void copyFrom(TopicState other) {
        System.arraycopy(other.topics, 0, topics, 0, topics.length);
        System.arraycopy(other.counts, 0, counts, 0, counts.length);
    }

    /**
     * Draws z exactly from the Dirichlet-multinomial prior P(z | alpha) by the Polya urn:
     * z_i = k with probability (n_k + alpha_k) / (i + sum alpha).
     */
    public void drawFromPrior(double[] alpha, SplittableRandom random, double[] scratch) {
        int numTopics = counts.length;
        Arrays.fill(counts, 0);
        for (int i = 0; i < topics.length; i++) {
            double total = 0;
            for (int k = 0; k < numTopics; k++) {
                scratch[k] = counts[k] + alpha[k];
                total += scratch[k];
            }
            int k = Categorical.draw(scratch, numTopics, total, random);
            topics[i] = k;
            counts[k]++;
        }
    }
}
