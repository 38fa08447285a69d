package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VariationalBoundTest {
    @Test
    void neverAboveTheExactValueAndCloseOnShortDocuments() {
        for (ExactCases.Case c : ExactCases.withCountBased()) {
            VariationalBound.Fit fit = VariationalBound.fit(c.document(), c.model(), new CancelToken());
            double gap = c.exact() - fit.bound();
            assertTrue(gap >= -1e-9, c + ": bound " + fit.bound() + " above the exact " + c.exact());
            assertTrue(fit.iterations() < VariationalBound.MAX_ITERATIONS, c + ": converged in " + fit.iterations());
            // the gap is the KL divergence from q to the posterior: measured 0.031 to 0.47 nats on these (N = 1 to 25)
            double allowed = 0.5;
            assertTrue(gap < allowed, c + ": " + gap + " nats below the exact value (allowed " + allowed + ")");
        }
    }

    /**
     * The bound on 40 generated documents (N = 12) of each exact case's model: never above the exact value. The gaps
     * measured here, 0.077 to 2.94 nats per document (0.26 to 1.21 mean per model), are the figures estimators.md quotes;
     * the test pins their range loosely so that a change to the fit that moves them is seen.
     */
    @Test
    void neverAboveTheExactValueOnGeneratedDocuments() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (ExactCases.Case c : ExactCases.withCountBased()) {
            var docs = Fixtures.generate(c.model(), 40, 12, 99);
            for (int d = 0; d < 40; d++) {
                Document doc = docs.document(d);
                double gap = ExactCases.exact(c.model(), doc) - VariationalBound.fit(doc, c.model(), new CancelToken()).bound();
                assertTrue(gap >= -1e-9, c + ", document " + d + ": bound above the exact value by " + -gap);
                lo = Math.min(lo, gap);
                hi = Math.max(hi, gap);
            }
        }
        assertTrue(lo > 0.05 && lo < 0.1 && hi > 2.5 && hi < 3.5, "gaps " + lo + " to " + hi + " nats");
    }

    @Test
    void aOneTopicModelIsExact() {
        // with K = 1, theta is certain and q is exact: the bound is log P(w) itself
        TopicModel one = Fixtures.randomModel("K1", 12, new double[] {0.7}, 0.5, 3);
        Document d = Fixtures.generate(one, 1, 9, 4).document(0);
        double exact = ExactCases.exact(one, d);
        assertEquals(exact, VariationalBound.fit(d, one, new CancelToken()).bound(), 1e-9);
    }

    @Test
    void isDeterministicAndFiniteOnLongDocuments() {
        TopicModel m = Fixtures.randomModel("K20", 300, new double[] {0.05, 0.1, 0.2, 0.05, 0.1, 0.2, 0.05, 0.1, 0.2, 0.05,
                0.1, 0.2, 0.05, 0.1, 0.2, 0.05, 0.1, 0.2, 0.05, 0.1}, 0.05, 5);
        Document d = Fixtures.generate(m, 1, 2000, 6).document(0);
        Estimator vb = Methods.get(Methods.VB).create(Methods.get(Methods.VB).defaults());
        double first = vb.estimate(d, m, new SplittableRandom(1), new CancelToken()).logValue();
        double second = vb.estimate(d, m, new SplittableRandom(2), new CancelToken()).logValue();
        assertTrue(Double.isFinite(first));
        assertEquals(first, second, 0.0, "no randomness");
    }
}
