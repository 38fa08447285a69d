package tmeval.compare;

/**
 * A per-document comparison of two models.
 *
 * @param logRatio estimate of log P(w | A) - log P(w | B)
 * @param logWeights per-sample log-weights where the method has them
 * @param siteUpdates cost in Gibbs site updates (both models, for differenced methods)
 * @param nanos wall time
 */
public record RatioResult(double logRatio, double[] logWeights, long siteUpdates, long nanos) implements java.io.Serializable {
    /** perp_A / perp_B = exp(-logRatio / N): below 1, A predicts the document better. */
    public double perplexityRatio(int length) {
        return Math.exp(-logRatio / length);
    }
}
