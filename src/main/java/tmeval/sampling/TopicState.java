package tmeval.sampling;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The topic assignments z of one document's tokens, their topic counts n_k, and the list of topics with n_k > 0
 * (kept up to date as tokens move, so that sparse samplers visit only the document's topics): the object every
 * sampler moves.
 */
public final class TopicState {
    public final int[] topics;
    public final int[] counts;
    private final int[] present;
    private final int[] position;
    private int presentCount;
    private double[] tracked;      // per-topic weights f_k whose count-weighted sum is kept, or null
    private double[] trackedSecond; // a second such g_k, or null
    private double trackedMass;    // sum_k n_k f_k
    private double trackedMassSecond; // sum_k n_k g_k

    public TopicState(int length, int numTopics) {
        this.topics = new int[length];
        this.counts = new int[numTopics];
        this.present = new int[numTopics];
        this.position = new int[numTopics];
        Arrays.fill(position, -1);
    }

    public int length() {
        return topics.length;
    }

    public int numTopics() {
        return counts.length;
    }

    /** The topics with a positive count, in no particular order: entries 0 to {@link #presentCount()} - 1. */
    public int[] presentTopics() {
        return present;
    }

    public int presentCount() {
        return presentCount;
    }

    /** Takes token i out of the counts (its topic stays recorded until {@link #assign}). */
    public void remove(int token) {
        int k = topics[token];
        if (tracked != null) {
            trackedMass -= tracked[k];
            if (trackedSecond != null) {
                trackedMassSecond -= trackedSecond[k];
            }
        }
        if (--counts[k] == 0) {
            int at = position[k];
            int last = present[--presentCount];
            present[at] = last;
            position[last] = at;
            position[k] = -1;
        }
    }

    /** Gives token i topic k and counts it. */
    public void assign(int token, int k) {
        topics[token] = k;
        if (tracked != null) {
            trackedMass += tracked[k];
            if (trackedSecond != null) {
                trackedMassSecond += trackedSecond[k];
            }
        }
        if (counts[k]++ == 0) {
            position[k] = presentCount;
            present[presentCount++] = k;
        }
    }

    /** Empties the state (no token assigned), for samplers that assign tokens one by one. */
    public void clear() {
        trackedMass = 0;
        trackedMassSecond = 0;
        Arrays.fill(counts, 0);
        Arrays.fill(position, -1);
        presentCount = 0;
    }

    /** Sets every token's topic, recomputing the counts. */
    public void set(int[] assignment) {
        clear();
        for (int i = 0; i < topics.length; i++) {
            assign(i, assignment[i]);
        }
    }

    public void copyFrom(TopicState other) {
        System.arraycopy(other.topics, 0, topics, 0, topics.length);
        System.arraycopy(other.counts, 0, counts, 0, counts.length);
        System.arraycopy(other.present, 0, present, 0, present.length);
        System.arraycopy(other.position, 0, position, 0, position.length);
        presentCount = other.presentCount;
        tracked = other.tracked;
        trackedSecond = other.trackedSecond;
        trackedMass = other.trackedMass;
        trackedMassSecond = other.trackedMassSecond;
    }

    /**
     * Keeps sum_k n_k f_k up to date as tokens move (one addition per move), for a sampler whose conditional has a
     * part n_k f_k shared by every word; recomputed exactly here. The array is read, not copied: its owner must not
     * change it while tracked.
     */
    public void track(double[] f) {
        track(f, null);
    }

    /** As {@link #track(double[])} for two weight arrays at once (g may be null): the convex path's two models' floors. */
    public void track(double[] f, double[] g) {
        tracked = f;
        trackedSecond = g;
        double mass = 0;
        double second = 0;
        for (int j = 0; j < presentCount; j++) {
            int k = present[j];
            mass += counts[k] * f[k];
            if (g != null) {
                second += counts[k] * g[k];
            }
        }
        trackedMass = mass;
        trackedMassSecond = second;
    }

    /** The weights passed to {@link #track}, or null. */
    public double[] tracked() {
        return tracked;
    }

    /** The second weights passed to {@link #track(double[], double[])}, or null. */
    public double[] trackedSecond() {
        return trackedSecond;
    }

    /** sum_k n_k f_k for the {@link #track tracked} weights (never below 0, whatever the rounding of the updates). */
    public double trackedMass() {
        return Math.max(0, trackedMass);
    }

    /** sum_k n_k g_k for the second array passed to {@link #track(double[], double[])} (never below 0). */
    public double trackedMassSecond() {
        return Math.max(0, trackedMassSecond);
    }

    /**
     * Draws z exactly from the Dirichlet-multinomial prior P(z | alpha) by the Polya urn:
     * z_i = k with probability (n_k + alpha_k) / (i + sum alpha).
     */
    public void drawFromPrior(double[] alpha, SplittableRandom random, double[] scratch) {
        int numTopics = counts.length;
        clear();
        for (int i = 0; i < topics.length; i++) {
            double total = 0;
            for (int k = 0; k < numTopics; k++) {
                scratch[k] = counts[k] + alpha[k];
                total += scratch[k];
            }
            assign(i, Categorical.draw(scratch, numTopics, total, random));
        }
    }
}
