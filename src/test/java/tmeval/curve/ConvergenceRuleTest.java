package tmeval.curve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConvergenceRuleTest {
    /** k = 2 standard errors, m = 3 snapshots after I. */
    private static final ConvergenceRule RULE = new ConvergenceRule(2, 3);
    /** Four runs' noise, rotated by one each snapshot: the paired differences of two snapshots 1 to 3 apart have a standard error of 1 to 1.155. */
    private static final double[] NOISE = {-1.5, -0.5, 0.5, 1.5};

    /** Snapshots at iterations 10, 20, ... with these means over four runs. */
    private static List<ConvergenceRule.Point> series(double... means) {
        List<ConvergenceRule.Point> points = new ArrayList<>();
        for (int t = 0; t < means.length; t++) {
            double[] runs = new double[NOISE.length];
            for (int r = 0; r < runs.length; r++) {
                runs[r] = means[t] + NOISE[(r + t) % NOISE.length];
            }
            points.add(new ConvergenceRule.Point(10 * (t + 1), runs));
        }
        return points;
    }

    @Test
    void aPlateauIsJudgedConvergedSinceItsFirstSnapshotOnceMSnapshotsFollowIt() {
        ConvergenceRule.Verdict v = RULE.judge(series(-1000, -900, -850, -850, -850, -850));
        assertTrue(v.converged(), v.text());
        assertEquals(30, v.since());
        assertTrue(v.text().contains("since iteration 30"), v.text());
    }

    @Test
    void oneSnapshotTooFewAfterThePlateauStartsGivesNoVerdictYet() {
        ConvergenceRule.Verdict v = RULE.judge(series(-1000, -900, -850, -850, -850));
        assertFalse(v.converged(), v.text());
        assertTrue(v.text().startsWith("still improving"), v.text());
    }

    @Test
    void aRiseWithinTheNoiseCountsAsStoppedAndOneBeyondItDoesNot() {
        // +0.5 a snapshot: 1.5 nats over 3 snapshots, within 2 standard errors (2 to 2.3 nats)
        assertEquals(30, RULE.judge(series(-1000, -900, -850, -849.5, -849, -848.5)).since());
        // +1 a snapshot: 3 nats over 3 snapshots, beyond them
        assertNull(RULE.judge(series(-1000, -900, -850, -849, -848, -847)).since());
    }

    @Test
    void aLaterImprovementBeyondTheNoiseWithdrawsTheVerdict() {
        List<ConvergenceRule.Point> s = series(-1000, -900, -850, -850, -850, -850, -850, -845);
        assertTrue(RULE.judge(s.subList(0, 7)).converged());
        ConvergenceRule.Verdict v = RULE.judge(s);
        assertFalse(v.converged(), v.text());
        assertTrue(v.text().contains("still improving: iteration 80 is 5.00 nats above iteration 50"), v.text());
    }

    @Test
    void withOneRunThereIsNoNoiseToJudgeBy() {
        List<ConvergenceRule.Point> one = new ArrayList<>();
        for (int t = 1; t <= 6; t++) {
            one.add(new ConvergenceRule.Point(t, new double[] {-850}));
        }
        ConvergenceRule.Verdict v = RULE.judge(one);
        assertFalse(v.converged());
        assertTrue(v.text().startsWith("no verdict"), v.text());
    }

    @Test
    void theDifferenceErrorIsThePairedOneWhenTheRunsMatch() {
        ConvergenceRule.Point a = new ConvergenceRule.Point(1, new double[] {0, 10});
        ConvergenceRule.Point b = new ConvergenceRule.Point(2, new double[] {1, 11});
        // each snapshot spreads by 5 standard errors, but run by run the step is exactly 1
        assertEquals(0, ConvergenceRule.differenceError(a, b), 1e-12);
        ConvergenceRule.Point c = new ConvergenceRule.Point(3, new double[] {1, 11, 6});
        assertEquals(Math.hypot(a.standardError(), c.standardError()), ConvergenceRule.differenceError(a, c), 1e-12);
    }
}
