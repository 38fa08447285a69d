package tmeval.estimate;

/**
 * What an estimator returns for one document.
 *
 * @param logValue the estimate of log P(w | Phi, alpha) (or log P(w2 | w1, ...) for document completion)
 * @param logWeights per-sample log-weights where the method has samples (empty otherwise)
 * @param siteUpdates cost in Gibbs site updates, or the equivalent count for theta-based methods (Wallach et al. Table 1)
 * @param evaluatedTokens the tokens whose probability is estimated (N, or the second half for completion)
 * @param nanos the time of the estimate on its thread ({@link RunClock}: CPU time)
 * @param chainCoverage for a proposal built from several chains ({@code is-gibbs}), how far the chains cover each
 *                      other's posterior mass ({@link WeightDiagnostics#MIN_CHAIN_COVERAGE}); NaN for other methods
 */
public record EstimateResult(double logValue, double[] logWeights, long siteUpdates, int evaluatedTokens, long nanos, double chainCoverage)
        implements java.io.Serializable {
    public EstimateResult(double logValue, double[] logWeights, long siteUpdates, int evaluatedTokens, long nanos) {
        this(logValue, logWeights, siteUpdates, evaluatedTokens, nanos, Double.NaN);
    }

    static EstimateResult since(long startNanos, double logValue, double[] logWeights, long siteUpdates, int evaluatedTokens) {
        return new EstimateResult(logValue, logWeights, siteUpdates, evaluatedTokens, RunClock.now() - startNanos);
    }
}
