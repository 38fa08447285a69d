package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.LogProduct;
import tmeval.sampling.TopicState;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * What the two ratio paths between models (convex and geometric) share: the start drawn from the start model's prior,
 * the token-by-token ratios they collect, and the shortcut when both models have one alpha (then only the topics' word
 * rows move, and no part of the weight is shared by all tokens).
 */
abstract class TwoModelPath implements SitewisePath {
    /** The ratios collected since the last {@link #setTemperatures}. */
    protected final LogProduct siteIncrements = new LogProduct();
    /** The alpha of the model the path starts from, whose prior draws the start. */
    protected final double[] alphaFrom;
    /** Whether the two models have the same alpha. */
    protected final boolean sameAlpha;

    TwoModelPath(TopicModel to, TopicModel from) {
        this.alphaFrom = from.alpha();
        this.sameAlpha = Arrays.equals(to.alpha(), alphaFrom);
    }

    /** A draw from the start model's prior (an approximate start: the weight corrects for it). */
    @Override
    public final void drawStart(TopicState state, SplittableRandom random, double[] scratch) {
        state.drawFromPrior(alphaFrom, random, scratch);
    }

    @Override
    public final boolean startIsExact() {
        return false;
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
