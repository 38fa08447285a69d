package tmeval.sampling;

import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.random.AbstractRandomGenerator;
import org.apache.commons.math3.special.Gamma;

import java.util.SplittableRandom;

/**
 * Dirichlet draws and densities in log space. Draws go through commons-math3's gamma sampler; for shape a < 1
 * the draw is G(a + 1) * U^(1/a), taken in logs, so tiny alphas (1e-4) give finite log-proportions instead of
 * gamma draws that underflow to zero.
 */
public final class Dirichlet {
    private Dirichlet() {
    }

    /** log of one Gamma(shape, 1) draw. */
    public static double logGammaDraw(double shape, SplittableRandom random) {
        Adapter rng = new Adapter(random);
        if (shape >= 1) {
            return Math.log(new GammaDistribution(rng, shape, 1.0).sample());
        }
        double g = new GammaDistribution(rng, shape + 1, 1.0).sample();
        double u = 1.0 - random.nextDouble(); // in (0, 1], so log(u) is finite
        return Math.log(g) + Math.log(u) / shape;
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

    /** commons-math3's generator interface over a JDK stream, so its samplers draw from our seeded stream. */
    private static final class Adapter extends AbstractRandomGenerator {
        private final SplittableRandom random;

        Adapter(SplittableRandom random) {
            this.random = random;
        }

        @Override
        public void setSeed(long seed) {
            throw new UnsupportedOperationException("streams are seeded once, where they are derived");
        }

        @Override
        public double nextDouble() {
            return random.nextDouble();
        }
    }
}
