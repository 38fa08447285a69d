package tmeval.anneal;

import tmeval.sampling.TopicState;

/**
 * A path whose weight increment {@link AnnealingEngine} takes token by token inside the Gibbs sweep, each token's
 * own topic summed out (Rao-Blackwellised), instead of at the state before the sweep.
 * <p>
 * Why it is still AIS (estimators.md, "Ratio-AIS: the weight taken token by token", gives the argument in full):
 * split the step from beta_{j-1} to beta_j into one step per token, each moving only that token's factor and followed
 * by the Gibbs update of that token. Insert before each increment a redraw of the token from the previous target's
 * conditional (a valid AIS transition, never performed): the standard increment f_new(z) / f_old(z) at the redrawn
 * topic may then be replaced by its expectation over that redraw, the ratio of the two conditional totals
 * sum_k f_new(z_k) / sum_k f_old(z_k) given the other tokens, because the update that follows does not depend on it.
 * The weight's expectation is unchanged (unbiased in probability space); its variance is at most that of the chain
 * with the redraws, and was measured lower than the weight at the state's (not a theorem). The increment shared by
 * all tokens (here the change of alpha) is taken from the state as before.
 */
public interface SitewisePath extends AnnealingPath {
    /**
     * Makes the conditional that of f_beta, and starts collecting, for each token drawn, the ratio of its
     * conditional total at beta to the total with the token's own factor still at {@code previous}.
     */
    void setTemperatures(double previous, double beta);

    /** A temperature with no step to it (a start, burn-in sweeps): every ratio collected is 1. */
    @Override
    default void setTemperature(double beta) {
        setTemperatures(beta, beta);
    }

    /** The log of the product of the ratios collected since {@link #setTemperatures}; starts a new product. */
    double takeSiteLogRatio();

    /** The part of log f_to(z) - log f_from(z) that is not any one token's factor (0 when nothing else moves). */
    double sharedLogRatio(TopicState state, double from, double to);
}
