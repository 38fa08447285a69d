package tmeval.sampling;

import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gamma sampler behind every Dirichlet draw, against commons-math3's Gamma CDF: a Kolmogorov-Smirnov test per shape
 * (20,000 draws, p above 1e-4 for each of six shapes, so a correct sampler fails with probability under 6e-4, and the
 * seeds are fixed). Planted and caught: d = shape instead of shape - 1/3
 * (p 5e-10 already at shape 0.05). Shapes below 1 take the log path, log G(a + 1) + log(U) / a, exponentiated for
 * the test.
 */
class DirichletTest {
    @Test
    void gammaDrawsFollowTheGammaDistribution() {
        double[] shapes = {0.05, 0.5, 1.0, 2.5, 13, 50};
        KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
        for (int i = 0; i < shapes.length; i++) {
            double shape = shapes[i];
            SplittableRandom random = new SplittableRandom(100 + i);
            double[] draws = new double[20_000];
            for (int n = 0; n < draws.length; n++) {
                draws[n] = Math.exp(Dirichlet.logGammaDraw(shape, random));
            }
            double p = ks.kolmogorovSmirnovTest(new GammaDistribution(shape, 1), draws);
            assertTrue(p > 1e-4, "shape " + shape + ": KS p = " + p);
        }
    }

    @Test
    void tinyShapesGiveFiniteLogsAndDirichletDrawsSumToOne() {
        SplittableRandom random = new SplittableRandom(1);
        double[] logTheta = new double[4];
        for (int n = 0; n < 1000; n++) {
            Dirichlet.logDraw(new double[] {1e-300, 1e-300, 0.5, 1e-25}, random, logTheta);
            double sum = 0;
            for (double l : logTheta) {
                assertTrue(!Double.isNaN(l) && l <= 0, "log theta " + l);
                sum += Math.exp(l);
            }
            assertEquals(1, sum, 1e-12);
        }
    }
}
