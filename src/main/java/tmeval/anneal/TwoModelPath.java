package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.LogProduct;
import tmeval.sampling.TopicState;

import java.util.Arrays;

/**
 * What the two ratio paths between models (convex and geometric) share: the token-by-token ratios they collect, and the
 * shortcut when both models have one alpha (then only the topics' word rows move, and no part of the weight is shared
 * by all tokens).
 */
abstract class TwoModelPath implements SitewisePath {
    /** The ratios collected since the last {@link #setTemperatures}. */
    protected final LogProduct siteIncrements = new LogProduct();
    /** Whether the two models have the same alpha. */
    protected final boolean sameAlpha;

    TwoModelPath(TopicModel to, TopicModel from) {
        this.sameAlpha = Arrays.equals(to.alpha(), from.alpha());
    }

    @Override
    public final double takeSiteLogRatio() {
        return siteIncrements.take();
    }

    @Override
    public final double sharedLogRatio(TopicState state, double from, double to) {
        return sameAlpha ? 0 : alphaLogRatio(state, from, to);
    }

    /** {@link #sharedLogRatio} between two alphas that differ: the Dirichlet-multinomial part, which no token owns. */
    protected abstract double alphaLogRatio(TopicState state, double from, double to);
}
