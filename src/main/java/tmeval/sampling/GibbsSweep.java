package tmeval.sampling;

import java.util.SplittableRandom;

/** The one Gibbs loop: resample tokens in order under a {@link Conditional}. Allocates nothing. */
public final class GibbsSweep {
    private GibbsSweep() {
    }

    /** Resamples tokens from (inclusive) to end (exclusive), in increasing order. */
    public static void forward(Conditional target, TopicState state, int from, int end, SplittableRandom random, double[] scratch) {
        int[] z = state.topics;
        int[] counts = state.counts;
        int numTopics = target.numTopics();
        for (int i = from; i < end; i++) {
            counts[z[i]]--;
            double total = target.weights(i, counts, scratch);
            int k = Categorical.draw(scratch, numTopics, total, random);
            z[i] = k;
            counts[k]++;
        }
    }

    /** A full sweep in increasing order. */
    public static void forward(Conditional target, TopicState state, SplittableRandom random, double[] scratch) {
        forward(target, state, 0, state.length(), random, scratch);
    }

    /** A full sweep in decreasing order: the reversal of {@link #forward} (Murray and Salakhutdinov). */
    public static void reverse(Conditional target, TopicState state, SplittableRandom random, double[] scratch) {
        int[] z = state.topics;
        int[] counts = state.counts;
        int numTopics = target.numTopics();
        for (int i = state.length() - 1; i >= 0; i--) {
            counts[z[i]]--;
            double total = target.weights(i, counts, scratch);
            int k = Categorical.draw(scratch, numTopics, total, random);
            z[i] = k;
            counts[k]++;
        }
    }

    /**
     * log T(target <- state): the log probability that one forward sweep from {@code state} lands exactly on
     * {@code target} (Wallach et al. Eq. 24). {@code work} is overwritten; {@code state} is not changed.
     */
    public static double logForwardProbability(Conditional conditional, TopicState state, int[] target, TopicState work, double[] scratch) {
        work.copyFrom(state);
        int[] z = work.topics;
        int[] counts = work.counts;
        double logProbability = 0;
        for (int i = 0; i < z.length; i++) {
            counts[z[i]]--;
            double total = conditional.weights(i, counts, scratch);
            logProbability += Math.log(scratch[target[i]] / total);
            z[i] = target[i];
            counts[target[i]]++;
        }
        return logProbability;
    }

    /** Resamples one token's topic in place (for samplers that add tokens one at a time; counts exclude it). */
    public static int drawAndAdd(Conditional target, TopicState state, int token, SplittableRandom random, double[] scratch) {
        double total = target.weights(token, state.counts, scratch);
        int k = Categorical.draw(scratch, target.numTopics(), total, random);
        state.topics[token] = k;
        state.counts[k]++;
        return k;
    }
}
