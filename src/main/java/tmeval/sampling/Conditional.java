package tmeval.sampling;

import java.util.SplittableRandom;

/**
 * A Gibbs target for one document: the unnormalised conditional of one token's topic given all other tokens'.
 * Every sampler in the product (posterior Gibbs, every annealing path, left-to-right) is one of these driven by
 * {@link GibbsSweep}.
 */
public interface Conditional {
    int numTopics();

    /**
     * Fills out[0..K) with weights proportional to P(z_token = k | z_-token), where counts excludes the token,
     * and returns their sum.
     */
    double weights(int token, int[] counts, double[] out);

    /**
     * Draws the token's topic from the conditional, the state not counting the token. The default fills all K
     * weights; paths override it with a sparse draw over the document's present topics plus a smoothing bucket
     * whose total is known without visiting every topic (SparseLDA, Yao et al. 2009).
     */
    default int draw(int token, TopicState state, SplittableRandom random, double[] scratch) {
        double total = weights(token, state.counts, scratch);
        return Categorical.draw(scratch, numTopics(), total, random);
    }
}
