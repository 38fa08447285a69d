package tmeval.app.teaching;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RatioWalkthroughTest {
    private static RatioWalkthrough.RatioRun run(double forward, double reverse) {
        return new RatioWalkthrough.RatioRun(List.of(), List.of(), forward, reverse, 0.0275, null,
                new double[] {0.020, 0.026, 0.029}, new double[] {0.027, 0.031, 0.034});
    }

    /**
     * A forward run above its reverse run (0.028 over 0.027, as a student saw) is named for its direction, never a
     * "lower bound" above an "upper bound", and the text says why a single pair can cross while the means bracket.
     */
    @Test
    void aSingleRunThatCrossesIsExplainedAndTheEstimatesAreNamedForTheirDirection() {
        String crossed = RatioWalkthrough.describe(run(0.028, 0.027));
        assertTrue(crossed.contains("forward estimate (annealing B to A) 0.0280, reverse estimate (A to B) 0.0270"), crossed);
        assertFalse(crossed.contains("lower bound") || crossed.contains("upper bound"), crossed);
        assertTrue(crossed.contains("This run's forward estimate is above its reverse one"), crossed);
        assertTrue(crossed.contains("forward mean 0.0250 (se 0.0026), reverse mean 0.0307 (se 0.0020) (right): they bracket it."), crossed);
        var noisy = new RatioWalkthrough.RatioRun(List.of(), List.of(), 0.028, 0.027, 0.0277, null, new double[] {0.027, 0.029},
                new double[] {0.026, 0.0266});
        String unbracketed = RatioWalkthrough.describe(noisy);
        assertFalse(noisy.meansBracket());
        assertTrue(unbracketed.contains("they do not bracket it here, because the gap Jensen opens"), unbracketed);
        String ordered = RatioWalkthrough.describe(run(0.025, 0.031));
        assertTrue(ordered.contains("This run's forward estimate is below its reverse one"), ordered);
    }

    @Test
    void crossingsCountTheRunsBeyondTheOtherDirectionsMean() {
        // forward mean 0.025: reverse 0.027 .. 0.034 all above; reverse mean 0.0307: forward 0.020 .. 0.029 all below
        assertEquals(0, run(0.028, 0.027).crossings());
        var wide = new RatioWalkthrough.RatioRun(List.of(), List.of(), 0, 0, null, null, new double[] {0.01, 0.04}, new double[] {0.02, 0.05});
        // forward mean 0.025, reverse mean 0.035: forward 0.04 above 0.035, reverse 0.02 below 0.025
        assertEquals(2, wide.crossings());
    }
}
