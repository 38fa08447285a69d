package tmeval.anneal;

import tmeval.sampling.Conditional;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * A sequence of unnormalised targets f_beta(z), beta in [0, 1], for one document: the Gibbs conditional of f_beta
 * (through {@link Conditional}) and log f_b(z) - log f_a(z) for the AIS weight (Neal 2001; Wallach et al. Alg. 1;
 * Foulds and Smyth Eq. 5-7). {@link AnnealingEngine} runs the one annealing loop over any path.
 * A path holds per-document scratch state and is used by one thread at a time.
 */
public interface AnnealingPath extends Conditional {
    /** Makes {@link #weights} the conditional of f_beta. Costs O(K) or O(distinct words x K), never O(V x K). */
    void setTemperature(double beta);

    /** log f_to(z) - log f_from(z) at the state's z. */
    double logRatio(TopicState state, double from, double to);

    /** Draws a starting state: exactly from f_0 when {@link #startIsExact()}, otherwise a state to burn in from. */
    void drawStart(TopicState state, SplittableRandom random, double[] scratch);

    /** True when {@link #drawStart} samples f_0 exactly, so no burn-in is needed. */
    boolean startIsExact();
}
