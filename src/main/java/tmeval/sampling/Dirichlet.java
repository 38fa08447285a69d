package tmeval.sampling;

import org.apache.commons.math3.special.Gamma;

import java.util.SplittableRandom;

/**
 * Dirichlet draws and densities in log space. A Gamma(a) draw is Marsaglia and Tsang's (2000) squeeze method for a >= 1;
 * for a < 1 it is G(a + 1) U^(1/a), taken in logs, so tiny alphas (1e-300) give finite log-proportions instead of gamma
 * draws that underflow to zero. Written here rather than taken from commons-math3 because its sampler lives in a
 * {@code GammaDistribution} built per shape, and the theta samplers draw a new shape for every topic of every draw: the
 * construction (its logGamma and pow) was the largest cost of is-gibbs in a profile (about a third of its samples).
 */
public final class Dirichlet {
    private Dirichlet() {
    }

    /** log of one Gamma(shape, 1) draw; allocates nothing. */
    public static double logGammaDraw(double shape, SplittableRandom random) {
        if (shape >= 1) {
            return Math.log(marsagliaTsang(shape, random));
        }
        double g = marsagliaTsang(shape + 1, random);
        double u = 1.0 - random.nextDouble(); // in (0, 1], so log(u) is finite
        return Math.log(g) + Math.log(u) / shape;
    }

    /** One Gamma(shape, 1) draw for shape >= 1 (Marsaglia and Tsang 2000, with their squeeze). */
    static double marsagliaTsang(double shape, SplittableRandom random) {
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = random.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = random.nextDouble();
            double x2 = x * x;
            if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    /** Fills logTheta with the logs of one Dirichlet(alpha) draw. */
    public static void logDraw(double[] alpha, SplittableRandom random, double[] logTheta) {
        int n = alpha.length;
        for (int k = 0; k < n; k++) {
            logTheta[k] = logGammaDraw(alpha[k], random);
        }
        double norm = LogMath.logSumExp(logTheta, n);
        for (int k = 0; k < n; k++) {
            logTheta[k] -= norm;
        }
    }

    /** log Dir(theta; alpha) for theta given by its logs. */
    public static double logDensity(double[] alpha, double[] logTheta) {
        double sum = 0;
        double lp = 0;
        for (int k = 0; k < alpha.length; k++) {
            sum += alpha[k];
            lp += (alpha[k] - 1) * logTheta[k] - Gamma.logGamma(alpha[k]);
        }
        return lp + Gamma.logGamma(sum);
    }
}
