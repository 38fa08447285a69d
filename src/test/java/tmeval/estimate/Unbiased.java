package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks an unbiased estimator in probability space: over independent seeded runs, the mean of
 * P-hat / P(exact) = exp(log P-hat - log P) (0 for an estimate of -infinity) must be 1 within four standard errors computed from the runs
 * themselves, and that standard error must be small (so the test cannot pass by being vague).
 */
final class Unbiased {
    /** Summary of the runs of one check, for messages. */
    record Outcome(double mean, double standardError, int runs) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "mean ratio %.4f +- %.4f over %d runs", mean, standardError, runs);
        }
    }

    private Unbiased() {
    }

    static Outcome check(String label, Estimator estimator, TopicModel model, Document doc, double exact, int runs, long seed,
                         double maxStandardError) {
        double sum = 0;
        double sumSquares = 0;
        for (int r = 0; r < runs; r++) {
            double logValue = estimator.estimate(doc, model, RandomStreams.stream(seed, r), new CancelToken()).logValue();
            // -infinity is an estimate of probability 0 (every sample had weight 0), which an unbiased estimator may
            // return; NaN and +infinity never
            assertTrue(Double.isFinite(logValue) || logValue == Double.NEGATIVE_INFINITY, label + ": run " + r + " gave " + logValue);
            double ratio = Math.exp(logValue - exact);
            sum += ratio;
            sumSquares += ratio * ratio;
        }
        double mean = sum / runs;
        double variance = Math.max(0, (sumSquares - runs * mean * mean) / (runs - 1));
        Outcome o = new Outcome(mean, Math.sqrt(variance / runs), runs);
        assertTrue(o.standardError() <= maxStandardError, label + ": too imprecise to test: " + o);
        assertTrue(Math.abs(o.mean() - 1) <= 4 * o.standardError() + 1e-9, label + ": biased: " + o);
        return o;
    }
}
