package tmeval.sampling;

import org.apache.commons.math3.special.Gamma;

/** The Dirichlet-multinomial P(z | alpha) of topic counts (Wallach et al. Eq. 5), in logs. */
public final class DirichletMultinomial {
    private DirichletMultinomial() {
    }

    /** log P(z | alpha) = log Gamma(A) - log Gamma(N + A) + sum_k [log Gamma(n_k + alpha_k) - log Gamma(alpha_k)]. */
    public static double logProbability(int[] counts, double[] alpha) {
        double alphaSum = 0;
        int total = 0;
        double lp = 0;
        for (int k = 0; k < alpha.length; k++) {
            alphaSum += alpha[k];
            total += counts[k];
            if (counts[k] > 0) {
                lp += Gamma.logGamma(counts[k] + alpha[k]) - Gamma.logGamma(alpha[k]);
            }
        }
        return lp + Gamma.logGamma(alphaSum) - Gamma.logGamma(total + alphaSum);
    }

    /**
     * Per-topic tables of log-rising factorials: table[k * (maxCount + 1) + n] = log Gamma(n + alpha_k) - log Gamma(alpha_k)
     * = sum_{c < n} log(alpha_k + c), so log P(z | alpha) costs O(K) per evaluation for a fixed alpha.
     */
    public static double[] logRisingTable(double[] alpha, int maxCount) {
        int width = maxCount + 1;
        double[] table = new double[alpha.length * width];
        for (int k = 0; k < alpha.length; k++) {
            double sum = 0;
            for (int n = 1; n <= maxCount; n++) {
                sum += Math.log(alpha[k] + n - 1);
                table[k * width + n] = sum;
            }
        }
        return table;
    }

    /** sum_{c < n} log(a + c) for the document's total: the normaliser part log Gamma(n + a) - log Gamma(a). */
    public static double logRising(double a, int n) {
        double sum = 0;
        for (int c = 0; c < n; c++) {
            sum += Math.log(a + c);
        }
        return sum;
    }

    /**
     * log P(z | to) - log P(z | from) for two nearby alphas, as sums of log1p so the difference keeps full
     * precision when the alphas are close (the convex path takes thousands of such tiny steps).
     */
    public static double logRatio(int[] counts, double[] from, double[] to) {
        double lr = 0;
        double sumFrom = 0;
        double sumTo = 0;
        int total = 0;
        for (int k = 0; k < from.length; k++) {
            sumFrom += from[k];
            sumTo += to[k];
            int n = counts[k];
            total += n;
            double delta = to[k] - from[k];
            if (delta != 0) {
                for (int c = 0; c < n; c++) {
                    lr += Math.log1p(delta / (from[k] + c));
                }
            }
        }
        double delta = sumTo - sumFrom;
        if (delta != 0) {
            for (int c = 0; c < total; c++) {
                lr -= Math.log1p(delta / (sumFrom + c));
            }
        }
        return lr;
    }
}
