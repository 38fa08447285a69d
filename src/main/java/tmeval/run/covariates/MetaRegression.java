package tmeval.run.covariates;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;

/**
 * A random-effects meta-regression (covariates.md): y_d = x_d' beta + u_d + e_d with u_d ~ (0, tau^2) the documents'
 * own spread and e_d ~ (0, v_d) the Monte Carlo error of document d, v_d known. beta by weighted least squares with
 * weights 1 / (tau^2 + v_d); tau^2 by the method of moments of DerSimonian and Laird, generalised to regression
 * (Raudenbush): from the fixed-effect fit (weights w_d = 1 / v_d) and its residual statistic Q,
 * <pre>
 *   tau^2 = max(0, (Q - (n - p)) / (tr W - tr((X'WX)^-1 X'W^2 X)))
 * </pre>
 * The weights make the slope efficient; its standard error does not trust them. On real comparisons the documents'
 * spread is not one tau^2 (short documents vary more per token, and are the noisy ones) and a ratio path's v_d is a
 * bound, not an estimate, so the model's covariance (X'WX)^-1 is too small: on the sample data a random label "differs"
 * in a quarter of draws at the 5% level. Each standard error is therefore the larger of the model's and the
 * sandwich's (HC3: (X'WX)^-1 X'W diag(r_d^2 / (1 - h_d)^2) WX (X'WX)^-1, the leverage h_d correcting for the few
 * precise documents the weights lean on), which keeps the model's where the model holds and the residuals' where it
 * does not. Intervals and p-values take Student's t with n - p degrees of freedom. A categorical covariate's joint test
 * is {@link LevelsTest}'s.
 */
public final class MetaRegression {
    /**
     * The smallest Monte Carlo variance a fixed-effect weight divides by, per token squared: the exact method's runs
     * agree to rounding (v_d = 0), and its documents then carry the weight, as they should, without an infinity.
     */
    static final double VARIANCE_FLOOR = 1e-12;
    public static final double LEVEL = 0.95;

    /**
     * A fit: the coefficients, their covariance, the documents' own variance tau^2, and the residual degrees of freedom.
     */
    public record Fit(double[] coefficients, double[][] modelCovariance, double[][] robustCovariance, double tau2, int documents) {
        public int degreesOfFreedom() {
            return documents - coefficients.length;
        }

        /** The estimate of a linear combination c' beta, its standard error, 95% interval and two-sided p-value against 0. */
        public Estimate combination(double[] c) {
            RealVector cv = new ArrayRealVector(c);
            double estimate = cv.dotProduct(new ArrayRealVector(coefficients));
            double se = Math.sqrt(Math.max(quadratic(modelCovariance, cv), quadratic(robustCovariance, cv)));
            TDistribution t = new TDistribution(degreesOfFreedom());
            double half = t.inverseCumulativeProbability(0.5 + LEVEL / 2) * se;
            double p = se > 0 ? 2 * t.cumulativeProbability(-Math.abs(estimate) / se) : (estimate == 0 ? 1 : 0);
            return new Estimate(estimate, se, estimate - half, estimate + half, p);
        }

        public Estimate coefficient(int j) {
            double[] c = new double[coefficients.length];
            c[j] = 1;
            return combination(c);
        }

        private static double quadratic(double[][] m, RealVector c) {
            return new Array2DRowRealMatrix(m, false).operate(c).dotProduct(c);
        }
    }

    /** An estimate with its standard error, 95% interval and p-value. */
    public record Estimate(double value, double standardError, double low, double high, double p) {
    }

    /** Which standard errors a fit reports: the production rule, or (for tests that show why) the model's alone. */
    enum Errors { MODEL, LARGER_OF_MODEL_AND_ROBUST }

    /** A leverage this close to 1 would divide by nothing: the document alone fixes its coefficient. */
    static final double MAX_LEVERAGE = 1 - 1e-6;

    private MetaRegression() {
    }

    /**
     * Fits y on the design (one row per document, an intercept column included), tau^2 estimated.
     *
     * @return null when the design is singular or leaves no degree of freedom
     */
    public static Fit fit(double[][] design, double[] y, double[] v) {
        if (design.length <= design[0].length) {
            return null;
        }
        double[] fixed = new double[y.length];
        for (int d = 0; d < y.length; d++) {
            fixed[d] = 1 / Math.max(v[d], VARIANCE_FLOOR);
        }
        RealMatrix x = new Array2DRowRealMatrix(design, false);
        RealMatrix inverse = inverse(weightedCross(x, fixed));
        if (inverse == null) {
            return null;
        }
        RealVector beta = inverse.operate(weightedCross(x, fixed, y));
        double q = 0;
        double traceW = 0;
        double[] squared = new double[y.length];
        for (int d = 0; d < y.length; d++) {
            double r = y[d] - x.getRowVector(d).dotProduct(beta);
            q += fixed[d] * r * r;
            traceW += fixed[d];
            squared[d] = fixed[d] * fixed[d];
        }
        int p = design[0].length;
        double denominator = traceW - inverse.multiply(weightedCross(x, squared)).getTrace();
        double tau2 = denominator > 0 ? Math.max(0, (q - (y.length - p)) / denominator) : 0;
        return fit(design, y, v, tau2, Errors.LARGER_OF_MODEL_AND_ROBUST);
    }

    /** Fits with a given tau^2 (weights 1 / (tau^2 + v_d)); null when the design is singular. */
    static Fit fit(double[][] design, double[] y, double[] v, double tau2, Errors errors) {
        double[] w = new double[y.length];
        for (int d = 0; d < y.length; d++) {
            w[d] = 1 / Math.max(tau2 + v[d], VARIANCE_FLOOR);
        }
        RealMatrix x = new Array2DRowRealMatrix(design, false);
        RealMatrix covariance = inverse(weightedCross(x, w));
        if (covariance == null || design.length <= design[0].length) {
            return null;
        }
        RealVector beta = covariance.operate(weightedCross(x, w, y));
        if (errors == Errors.MODEL) {
            return new Fit(beta.toArray(), covariance.getData(), covariance.getData(), tau2, y.length);
        }
        double[] meat = new double[y.length];
        for (int d = 0; d < y.length; d++) {
            RealVector xd = x.getRowVector(d);
            double leverage = Math.min(w[d] * covariance.operate(xd).dotProduct(xd), MAX_LEVERAGE);
            double r = (y[d] - xd.dotProduct(beta)) / (1 - leverage);
            meat[d] = w[d] * w[d] * r * r;
        }
        RealMatrix robust = covariance.multiply(weightedCross(x, meat)).multiply(covariance);
        return new Fit(beta.toArray(), covariance.getData(), robust.getData(), tau2, y.length);
    }

    /** X' diag(w) X. */
    private static RealMatrix weightedCross(RealMatrix x, double[] w) {
        int p = x.getColumnDimension();
        double[][] m = new double[p][p];
        for (int d = 0; d < x.getRowDimension(); d++) {
            for (int i = 0; i < p; i++) {
                for (int j = 0; j < p; j++) {
                    m[i][j] += w[d] * x.getEntry(d, i) * x.getEntry(d, j);
                }
            }
        }
        return new Array2DRowRealMatrix(m, false);
    }

    /** X' diag(w) y. */
    private static RealVector weightedCross(RealMatrix x, double[] w, double[] y) {
        double[] out = new double[x.getColumnDimension()];
        for (int d = 0; d < y.length; d++) {
            for (int i = 0; i < out.length; i++) {
                out[i] += w[d] * x.getEntry(d, i) * y[d];
            }
        }
        return new ArrayRealVector(out, false);
    }

    private static RealMatrix inverse(RealMatrix m) {
        LUDecomposition lu = new LUDecomposition(m);
        return lu.getSolver().isNonSingular() ? lu.getSolver().getInverse() : null;
    }
}
