package tmeval.train;

import tmeval.model.TrainingState;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The noisy copy of Foulds and Smyth, Section 4.1: a fraction of the training token-topic assignments is
 * re-assigned to topics drawn uniformly at random, and phi is rebuilt from the counts. Exactly
 * round(fraction * tokens) tokens, chosen without replacement, are re-drawn.
 */
public final class Perturbation {
    /** The share of tokens re-assigned and the seed, when the command line gives none. */
    public static final double DEFAULT_FRACTION = 0.05;
    public static final long DEFAULT_SEED = 1;

    private Perturbation() {
    }

    public static TrainingState perturb(TrainingState state, double fraction, long seed) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("--fraction must be between 0 and 1, was " + fraction);
        }
        SplittableRandom random = RandomStreams.stream(seed, RandomStreams.key("perturb"));
        List<int[]> topics = new ArrayList<>(state.numDocuments());
        int[] docOfToken;
        int[] posOfToken;
        long total = 0;
        for (int d = 0; d < state.numDocuments(); d++) {
            int[] z = state.topics(d);
            topics.add(z);
            total += z.length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many tokens to perturb: " + total);
        }
        docOfToken = new int[(int) total];
        posOfToken = new int[(int) total];
        int t = 0;
        for (int d = 0; d < topics.size(); d++) {
            for (int i = 0; i < topics.get(d).length; i++) {
                docOfToken[t] = d;
                posOfToken[t++] = i;
            }
        }
        int chosen = (int) Math.round(fraction * total);
        // partial Fisher-Yates: the first `chosen` slots become a uniform sample without replacement
        for (int i = 0; i < chosen; i++) {
            int j = i + random.nextInt((int) total - i);
            int d = docOfToken[j];
            int p = posOfToken[j];
            docOfToken[j] = docOfToken[i];
            posOfToken[j] = posOfToken[i];
            docOfToken[i] = d;
            posOfToken[i] = p;
            topics.get(d)[p] = random.nextInt(state.numTopics());
        }
        return state.withTopics(topics);
    }
}
