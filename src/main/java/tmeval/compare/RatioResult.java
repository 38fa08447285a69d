package tmeval.compare;

/**
 * A per-document comparison of two models.
 *
 * @param logRatio estimate of log P(w | A) - log P(w | B)
 * @param logWeights per-sample log-weights where the method has them
 * @param siteUpdates cost in Gibbs site updates (both models, for differenced methods)
 * @param nanos wall time
 * @param logA a differenced method's estimate of log P(w | A) alone, NaN for a ratio path (which never estimates either
 *             model alone): {@code auto} sets each against its model's vb floor
 * @param logB the same of log P(w | B)
 */
public record RatioResult(double logRatio, double[] logWeights, long siteUpdates, long nanos, double logA, double logB,
                          double coverageA, double coverageB) implements java.io.Serializable {
    /** A difference's result with each model's value, without chain coverages (methods not built on chains). */
    public RatioResult(double logRatio, double[] logWeights, long siteUpdates, long nanos, double logA, double logB) {
        this(logRatio, logWeights, siteUpdates, nanos, logA, logB, Double.NaN, Double.NaN);
    }

    /** A result without either model's value alone (a ratio path's, or one read back from a file). */
    public RatioResult(double logRatio, double[] logWeights, long siteUpdates, long nanos) {
        this(logRatio, logWeights, siteUpdates, nanos, Double.NaN, Double.NaN);
    }

    /** perp_A / perp_B = exp(-logRatio / N): below 1, A predicts the document better. */
    public double perplexityRatio(int length) {
        return Math.exp(-logRatio / length);
    }
}
