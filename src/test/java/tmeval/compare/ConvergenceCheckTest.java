package tmeval.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forward/reverse check says when it has no noise to test the mean gap against, and never calls that agreement. */
class ConvergenceCheckTest {
    @Test
    void oneDocumentOrGapsWithoutSpreadHaveNoNoiseEstimateNeverPOfOne() {
        ConvergenceCheck one = ConvergenceCheck.of("ratio-convex", List.of("d1"), new double[] {0.3}, new double[] {0.1}, 1.0);
        assertFalse(one.noiseEstimate());
        assertEquals("ratio-convex: the two annealing directions cannot be tested yet (mean forward - reverse gap 0.2000 nats over 1 document"
                + " (one document: no noise estimate, no test of a bias)). No document's gap exceeds 1.0 nats.", one.verdict());
        assertFalse(one.verdict().contains("p = ") || one.verdict().contains("s.e.") || one.verdict().contains("agree"), one.verdict());

        ConvergenceCheck flat = ConvergenceCheck.of("ratio-convex", List.of("d1", "d2", "d3"), new double[] {0.3, 0.5, 0.7},
                new double[] {0.1, 0.3, 0.5}, 1.0);
        assertFalse(flat.noiseEstimate());
        assertTrue(flat.verdict().contains("over 3 documents (gaps without spread: no noise estimate, no test of a bias)"), flat.verdict());
        assertFalse(flat.failed(), "no test, no failure called");

        ConvergenceCheck spread = ConvergenceCheck.of("ratio-convex", List.of("d1", "d2", "d3"), new double[] {0.3, 0.5, 0.7},
                new double[] {0.1, 0.35, 0.4}, 1.0);
        assertTrue(spread.noiseEstimate());
        assertTrue(spread.verdict().contains("(s.e. "), spread.verdict());
        ConvergenceCheck itself = ConvergenceCheck.of("ratio-convex", List.of("d1", "d2"), new double[] {0.3, 0.5}, new double[] {0.3, 0.5}, 1.0);
        assertEquals("ratio-convex: the two annealing directions agree exactly (every gap within 1.0E-9 nats of 0 over 2 documents). No document's"
                + " gap exceeds 1.0 nats.", itself.verdict(), "a model against itself: gaps of 0 agree, with no p-value");
        assertFalse(itself.failed());
    }
}
