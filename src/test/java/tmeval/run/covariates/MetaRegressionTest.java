package tmeval.run.covariates;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The slope's interval covers the true slope at its nominal rate over simulated corpora whose documents vary beyond their
 * Monte Carlo noise (tau^2 > 0) and whose noise v_d is known, varies between documents and grows at the covariate's
 * extremes (as it does with length); and the two tempting mistakes, ignoring the documents' own spread (tau^2 = 0) or
 * their noise (equal weights), miss it.
 */
class MetaRegressionTest {
    private static final int DATASETS = 400;
    private static final int DOCUMENTS = 120;
    private static final double SLOPE = 0.3;
    private static final double TAU2 = 0.05;

    /** One simulated corpus: the design (intercept, x), the values and their known variances. */
    private record Data(double[][] design, double[] y, double[] v) {
    }

    private static Data simulate(SplittableRandom random) {
        double[][] design = new double[DOCUMENTS][];
        double[] y = new double[DOCUMENTS];
        double[] v = new double[DOCUMENTS];
        for (int d = 0; d < DOCUMENTS; d++) {
            double x = gaussian(random);
            design[d] = new double[] {1, x};
            // noise from tiny to large, largest where x is far out (short documents are both extreme and noisy)
            v[d] = 0.002 + 0.1 * x * x * x * x * random.nextDouble();
            y[d] = -0.1 + SLOPE * x + Math.sqrt(TAU2) * gaussian(random) + Math.sqrt(v[d]) * gaussian(random);
        }
        return new Data(design, y, v);
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static double coverage(Function<Data, MetaRegression.Fit> fitter) {
        SplittableRandom random = new SplittableRandom(2026);
        int covered = 0;
        for (int i = 0; i < DATASETS; i++) {
            MetaRegression.Estimate slope = fitter.apply(simulate(random)).coefficient(1);
            covered += slope.low() <= SLOPE && SLOPE <= slope.high() ? 1 : 0;
        }
        return covered / (double) DATASETS;
    }

    /** Three binomial standard deviations of a 95% coverage over the datasets. */
    private static final double TOLERANCE = 3 * Math.sqrt(0.95 * 0.05 / DATASETS);

    @Test
    void theSlopeIntervalCoversTheTrueSlopeAtItsNominalRate() {
        double c = coverage(d -> MetaRegression.fit(d.design(), d.y(), d.v()));
        assertTrue(Math.abs(c - 0.95) <= TOLERANCE, "coverage " + c + ", expected 0.95 within " + TOLERANCE);
    }

    @Test
    void ignoringTheDocumentsOwnSpreadMissesTheSlope() {
        double c = coverage(d -> MetaRegression.fit(d.design(), d.y(), d.v(), 0));
        assertTrue(c < 0.95 - TOLERANCE, "tau^2 = 0 should under-cover, covered " + c);
    }

    @Test
    void ignoringEachDocumentsMonteCarloVarianceMissesTheSlope() {
        double c = coverage(d -> MetaRegression.fit(d.design(), d.y(), new double[d.y().length]));
        assertTrue(c < 0.95 - TOLERANCE, "equal weights should under-cover, covered " + c);
    }
}
