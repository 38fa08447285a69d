package tmeval.run.covariates;

import java.util.SplittableRandom;

/**
 * The test that a categorical covariate's levels share one mean (covariates.md). The statistic is Wald's chi-square of
 * the levels' weighted means under {@link MetaRegression}'s model, the smaller of the model's and the sandwich's (HC3),
 * computed in closed form: with one indicator per level the means are independent, mean j with weight W_j, and
 * <pre>
 *   chi^2 = sum_j (m_j - m)^2 / s_j^2,   m = sum_j (m_j / s_j^2) / sum_j (1 / s_j^2)
 * </pre>
 * with s_j^2 = 1 / W_j (the model's) or sum_d w_d^2 r_d^2 / (1 - w_d / W_j)^2 / W_j^2 (the sandwich's; zero for a level
 * whose residuals vanish, a level of one document among them, which claims to know its mean exactly: the sandwich's
 * statistic then grows, or is infinite for two such levels, and the model's is taken. It must never be read as zero,
 * as a singular covariance once was: "chi-square 0.00 on 24 df" beside level differences of p = 1e-13).
 * <p>
 * Its p-value does not come from the chi-square distribution: with few documents a level, and documents whose spread
 * varies (real comparisons), each level's variance is too unsure for it, and a random label "differed" in 16% to 53%
 * of draws. It is the share of permutations of the levels over the documents whose statistic reaches the observed one:
 * exact when the covariate has nothing to do with the documents, whatever the levels' sizes and the documents' spread;
 * and since the statistic is studentised, valid in large samples for equal means of unequal spread too (Pauly, Brunner
 * and Konietschke 2015). Sequential (Besag and Clifford 1991): it stops after {@link #EXCEEDANCES} permutations reach the
 * observed statistic (p = that over the permutations drawn), else after {@link #PERMUTATIONS} (p = (exceedances + 1) /
 * (permutations + 1)); seeded, so the same data give the same p.
 */
public final class LevelsTest {
    /** Permutations at most: the smallest p it can give is 1 / (this + 1). */
    static final int PERMUTATIONS = 9_999;
    /** Enough exceedances that p is known to about 10% of itself; a clear "no difference" stops early. */
    static final int EXCEEDANCES = 100;
    private static final long SEED = 0x5eed_1e7e_15L;

    /** The statistic, its degrees of freedom (levels - 1), the permutation p-value and the permutations drawn. */
    public record Result(double chiSquare, int degreesOfFreedom, double p, int permutations) {
    }

    private LevelsTest() {
    }

    /**
     * @param level each document's level, 0 .. levels - 1, every level with a document
     * @param y the documents' values
     * @param v their Monte Carlo variances
     */
    static Result of(int[] level, int levels, double[] y, double[] v) {
        double observed = statistic(level, levels, y, v);
        // a permutation reaching the observed value up to rounding counts: equal data give equal statistics
        double bar = observed * (1 - 1e-12);
        int[] shuffled = level.clone();
        SplittableRandom random = new SplittableRandom(SEED);
        int reached = 0;
        for (int drawn = 1; drawn <= PERMUTATIONS; drawn++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            if (statistic(shuffled, levels, y, v) >= bar && ++reached == EXCEEDANCES) {
                return new Result(observed, levels - 1, reached / (double) drawn, drawn);
            }
        }
        return new Result(observed, levels - 1, (reached + 1) / (PERMUTATIONS + 1.0), PERMUTATIONS);
    }

    /** Wald's chi-square, the smaller of the model's and the sandwich's (see the class comment). */
    static double statistic(int[] level, int levels, double[] y, double[] v) {
        int n = y.length;
        // tau^2 by DerSimonian and Laird from the fixed-effect fit (weights 1 / v_d), as MetaRegression.fit
        double[] w = new double[n];
        for (int d = 0; d < n; d++) {
            w[d] = 1 / Math.max(v[d], MetaRegression.VARIANCE_FLOOR);
        }
        double[] total = new double[levels];
        double[] mean = means(level, w, y, total);
        double[] squares = new double[levels];
        double q = 0;
        for (int d = 0; d < n; d++) {
            double r = y[d] - mean[level[d]];
            q += w[d] * r * r;
            squares[level[d]] += w[d] * w[d];
        }
        double denominator = 0;
        for (int j = 0; j < levels; j++) {
            denominator += total[j] - squares[j] / total[j];
        }
        double tau2 = denominator > 0 ? Math.max(0, (q - (n - levels)) / denominator) : 0;
        for (int d = 0; d < n; d++) {
            w[d] = 1 / Math.max(tau2 + v[d], MetaRegression.VARIANCE_FLOOR);
        }
        mean = means(level, w, y, total);
        double[] model = new double[levels];
        double[] robust = new double[levels];
        for (int d = 0; d < n; d++) {
            int j = level[d];
            double leverage = Math.min(w[d] / total[j], MetaRegression.MAX_LEVERAGE);
            double r = (y[d] - mean[j]) / (1 - leverage);
            robust[j] += w[d] * w[d] * r * r;
        }
        for (int j = 0; j < levels; j++) {
            model[j] = 1 / total[j];
            robust[j] /= total[j] * total[j];
        }
        return Math.min(wald(mean, model), wald(mean, robust));
    }

    /** Each level's weighted mean; {@code total} receives its weight. */
    private static double[] means(int[] level, double[] w, double[] y, double[] total) {
        double[] sum = new double[total.length];
        java.util.Arrays.fill(total, 0);
        for (int d = 0; d < y.length; d++) {
            total[level[d]] += w[d];
            sum[level[d]] += w[d] * y[d];
        }
        for (int j = 0; j < sum.length; j++) {
            sum[j] /= total[j];
        }
        return sum;
    }

    /**
     * sum_j (m_j - m)^2 / s_j^2 about the precision-weighted mean m. A level of variance zero claims its mean exactly:
     * m is that mean (the limit); two such levels apart make the statistic infinite.
     */
    private static double wald(double[] mean, double[] variance) {
        double precision = 0;
        double centre = 0;
        double exact = Double.NaN;
        for (int j = 0; j < mean.length; j++) {
            if (variance[j] > 0) {
                precision += 1 / variance[j];
                centre += mean[j] / variance[j];
            } else if (Double.isNaN(exact) || exact == mean[j]) {
                exact = mean[j];
            } else {
                return Double.POSITIVE_INFINITY;
            }
        }
        centre = Double.isNaN(exact) ? centre / precision : exact;
        double chi2 = 0;
        for (int j = 0; j < mean.length; j++) {
            if (variance[j] > 0) {
                chi2 += (mean[j] - centre) * (mean[j] - centre) / variance[j];
            }
        }
        return chi2;
    }
}
