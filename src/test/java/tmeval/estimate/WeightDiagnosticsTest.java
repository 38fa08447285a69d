package tmeval.estimate;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pareto k-hat against weights whose tail is known: w = U^(-k) is exactly generalised-Pareto with shape k above any
 * threshold, so k-hat must find k; light-tailed weights (a log-normal with a small spread, bounded weights) must read well
 * under 0.5. Planted and caught: the tail taken as the weights themselves instead of their exceedances over the cut
 * (k-hat 0.1 to 0.2 on the Pareto draws of shape 0.8), and no prior shrinkage toward 0.5 (the small-sample case reads
 * outside its band).
 */
class WeightDiagnosticsTest {
    private static double[] paretoLogWeights(double shape, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = -shape * Math.log(1 - random.nextDouble());
        }
        return w;
    }

    @Test
    void findsTheShapeOfParetoTails() {
        for (double shape : new double[] {0.3, 0.5, 0.8, 1.2}) {
            double mean = 0;
            for (int rep = 0; rep < 20; rep++) {
                mean += WeightDiagnostics.paretoK(paretoLogWeights(shape, 4000, 100 * rep + (long) (shape * 10))) / 20;
            }
            // the tail holds 189 weights; the prior shrinks k toward 0.5 as if by 10 more; the estimate's standard deviation
            // is about 0.1, so 20 repetitions' mean lies within 0.06 of the shrunk shape
            double shrunk = (shape * 189 + 10 * 0.5) / 199;
            assertEquals(shrunk, mean, 0.06, "k-hat's mean over 20 samples of 4000 Pareto(" + shape + ") weights");
        }
    }

    @Test
    void lightTailsAreTrustedAndHeavyOnesAreNot() {
        SplittableRandom random = new SplittableRandom(5);
        double[] logNormal = new double[1000];
        double[] bounded = new double[1000];
        for (int i = 0; i < 1000; i++) {
            logNormal[i] = 0.5 * random.nextGaussian();
            bounded[i] = Math.log(random.nextDouble());
        }
        assertTrue(WeightDiagnostics.paretoK(logNormal) < 0.5, "log-normal(0.5): " + WeightDiagnostics.paretoK(logNormal));
        assertTrue(WeightDiagnostics.paretoK(bounded) < 0.3, "bounded: " + WeightDiagnostics.paretoK(bounded));
        assertFalse(WeightDiagnostics.heavyTailed(logNormal));
        assertTrue(WeightDiagnostics.heavyTailed(paretoLogWeights(0.9, 1000, 9)));
        // a missed mode: 999 ordinary weights and one that holds most of the mass
        double[] missed = logNormal.clone();
        missed[17] = 12;
        assertTrue(WeightDiagnostics.heavyTailed(missed), "one weight e^12 times the rest: k-hat " + WeightDiagnostics.paretoK(missed));
    }

    @Test
    void theThresholdFollowsTheSampleSize() {
        assertEquals(0.5, WeightDiagnostics.threshold(100), 1e-12);
        assertEquals(1 - 1 / 3.0, WeightDiagnostics.threshold(1000), 1e-12);
        assertEquals(0.7, WeightDiagnostics.threshold(1_000_000), 1e-12);
        assertFalse(WeightDiagnostics.heavyTailed(new double[24]), "fewer than 25 weights: not judged");
    }
}
