package tmeval.sampling;

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
}
