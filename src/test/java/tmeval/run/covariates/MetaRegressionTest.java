package tmeval.run.covariates;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The slope's 95% interval covers the true slope at its nominal rate over 400 simulated corpora of 120 documents, whose
 * documents vary beyond their Monte Carlo noise and whose noise varies between documents and grows at the covariate's
 * extremes (as it does with length): when the random-effects model holds, and when it does not, as on real comparisons
 * (the noisy documents also vary more). The tempting shortcuts miss
 * it: the model's own covariance when the model does not hold, ignoring the documents' spread (tau^2 = 0), or
 * ignoring their noise (equal weights).
 */
class MetaRegressionTest {
    private static final int DATASETS = 400;
    private static final int DOCUMENTS = 120;
    private static final double SLOPE = 0.3;
    private static final double TAU2 = 0.05;
    /** Three binomial standard deviations of a 95% coverage over the datasets. */
    private static final double TOLERANCE = 3 * Math.sqrt(0.95 * 0.05 / DATASETS);

    /** One simulated corpus: the design (intercept, x), the values and their reported variances. */
    private record Data(double[][] design, double[] y, double[] v) {
    }

    /**
     * @param asOnRealComparisons as on the sample data's ratio-convex comparison: the Monte Carlo variances are thousands
     *                            of times below the documents' spread and span three orders of magnitude, and the noisier
     *                            documents (the short ones) also vary more; DerSimonian and Laird's tau^2, weighted by
     *                            1 / v_d, then sees mostly the quiet documents' spread. Otherwise one tau^2 and a noise
     *                            that grows at the covariate's extremes
     */
    private static Data simulate(SplittableRandom random, boolean asOnRealComparisons) {
        double[][] design = new double[DOCUMENTS][];
        double[] y = new double[DOCUMENTS];
        double[] v = new double[DOCUMENTS];
        for (int d = 0; d < DOCUMENTS; d++) {
            double x = gaussian(random);
            design[d] = new double[] {1, x};
            double spread;
            if (asOnRealComparisons) {
                double u = random.nextDouble();
                v[d] = 1e-6 * Math.pow(10, 3 * u);
                spread = TAU2 * (0.2 + 2 * u);
            } else {
                // noise from tiny to large, largest where x is far out (short documents are both extreme and noisy)
                v[d] = 0.002 + 0.1 * x * x * x * x * random.nextDouble();
                spread = TAU2;
            }
            y[d] = -0.1 + SLOPE * x + Math.sqrt(spread) * gaussian(random) + Math.sqrt(v[d]) * gaussian(random);
        }
        return new Data(design, y, v);
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static double coverage(boolean asOnRealComparisons, Function<Data, MetaRegression.Fit> fitter) {
        SplittableRandom random = new SplittableRandom(2026);
        int covered = 0;
        for (int i = 0; i < DATASETS; i++) {
            MetaRegression.Estimate slope = fitter.apply(simulate(random, asOnRealComparisons)).coefficient(1);
            covered += slope.low() <= SLOPE && SLOPE <= slope.high() ? 1 : 0;
        }
        return covered / (double) DATASETS;
    }

    private static MetaRegression.Fit modelOnly(Data d) {
        return MetaRegression.fit(d.design(), d.y(), d.v(), MetaRegression.fit(d.design(), d.y(), d.v()).tau2(), MetaRegression.Errors.MODEL);
    }

    @Test
    void theSlopeIntervalCoversTheTrueSlopeAtItsNominalRateWhenTheModelHolds() {
        double c = coverage(false, d -> MetaRegression.fit(d.design(), d.y(), d.v()));
        assertTrue(Math.abs(c - 0.95) <= TOLERANCE, "coverage " + c + ", expected 0.95 within " + TOLERANCE);
        // here the model's own covariance is right too
        double model = coverage(false, MetaRegressionTest::modelOnly);
        assertTrue(Math.abs(model - 0.95) <= TOLERANCE, "coverage " + model + ", expected 0.95 within " + TOLERANCE);
    }

    @Test
    void theSlopeIntervalCoversTheTrueSlopeWhenTheModelDoesNotHoldAsOnRealComparisons() {
        double c = coverage(true, d -> MetaRegression.fit(d.design(), d.y(), d.v()));
        assertTrue(Math.abs(c - 0.95) <= TOLERANCE, "coverage " + c + ", expected 0.95 within " + TOLERANCE);
        double model = coverage(true, MetaRegressionTest::modelOnly);
        assertTrue(model < 0.95 - TOLERANCE, "the model's own covariance should under-cover here, covered " + model);
    }

    @Test
    void ignoringTheDocumentsOwnSpreadMissesTheSlope() {
        double c = coverage(false, d -> MetaRegression.fit(d.design(), d.y(), d.v(), 0, MetaRegression.Errors.MODEL));
        assertTrue(c < 0.95 - TOLERANCE, "tau^2 = 0 should under-cover, covered " + c);
    }

    @Test
    void ignoringEachDocumentsMonteCarloVarianceMissesTheSlope() {
        double c = coverage(false, d -> modelOnly(new Data(d.design(), d.y(), new double[d.y().length])));
        assertTrue(c < 0.95 - TOLERANCE, "equal weights should under-cover, covered " + c);
    }
}
