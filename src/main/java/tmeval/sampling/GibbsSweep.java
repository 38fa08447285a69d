package tmeval.sampling;

import java.util.SplittableRandom;

/** The one Gibbs loop: resample tokens in order under a {@link Conditional}. Allocates nothing. */
public final class GibbsSweep {
    private GibbsSweep() {
    }

    /** Resamples tokens from (inclusive) to end (exclusive), in increasing order. */
    public static void forward(Conditional target, TopicState state, int from, int end, SplittableRandom random, double[] scratch) {
        for (int i = from; i < end; i++) {
            state.remove(i);
            state.assign(i, target.draw(i, state, random, scratch));
        }
    }

    /** A full sweep in increasing order. */
    public static void forward(Conditional target, TopicState state, SplittableRandom random, double[] scratch) {
        forward(target, state, 0, state.length(), random, scratch);
    }

    /** A full sweep in decreasing order: the reversal of {@link #forward} (Murray and Salakhutdinov). */
    public static void reverse(Conditional target, TopicState state, SplittableRandom random, double[] scratch) {
        for (int i = state.length() - 1; i >= 0; i--) {
            state.remove(i);
            state.assign(i, target.draw(i, state, random, scratch));
        }
    }

    /**
     * log T(target <- state): the log probability that one forward sweep from {@code state} lands exactly on
     * {@code target} (Wallach et al. Eq. 24). {@code work} is overwritten; {@code state} is not changed.
     */
    public static double logForwardProbability(Conditional conditional, TopicState state, int[] target, TopicState work, double[] scratch) {
        work.copyFrom(state);
        double logProbability = 0;
        for (int i = 0; i < target.length; i++) {
            work.remove(i);
            double total = conditional.weights(i, work.counts, scratch);
            logProbability += Math.log(scratch[target[i]] / total);
            work.assign(i, target[i]);
        }
        return logProbability;
    }
}
