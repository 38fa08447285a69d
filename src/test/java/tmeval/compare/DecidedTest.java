package tmeval.compare;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonTable.Verdict;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one rule for "decided" ({@link Decided}), alone and as the brackets of a comparison judge by it. */
class DecidedTest {
    private static RatioResult ratio(double logRatio) {
        return new RatioResult(logRatio, new double[0], 1, 1);
    }

    /** Two runs whose first is {@code first} and whose standard deviation is {@code sd}. */
    private static double[] twoRuns(double first, double sd) {
        return new double[] {first, first + sd * Math.sqrt(2)};
    }

    @Test
    void aBracketDecidesOnlyWhenItExcludesZeroByMoreThanItsNoise() {
        // issue 26: document 2003's bracket, -0.30 to -0.09 nats, its ends' standard errors 0.43 and 0.32, was "decided for B"
        assertEquals(Verdict.UNDECIDED, Decided.of(-0.30, -0.09, Decided.combined(0.43, 0.32)));
        assertEquals(Verdict.FOR_B, Decided.of(-2.0, -1.5, Decided.combined(0.1, 0.1)));
        assertEquals(Verdict.FOR_A, Decided.of(1.5, 2.0, Decided.combined(0.1, 0.1)), "in either order");
        assertEquals(Verdict.FOR_A, Decided.of(2.0, 1.5, Decided.combined(0.1, 0.1)));
        // at the edge: 1.96 combined standard errors from 0
        double se = Decided.combined(0.3, 0.4);
        assertEquals(Verdict.FOR_A, Decided.of(1.01 * Decided.Z * se, 3, se));
        assertEquals(Verdict.UNDECIDED, Decided.of(0.99 * Decided.Z * se, 3, se));
        assertEquals(Verdict.UNDECIDED, Decided.of(-1, -0.5, Double.NaN), "a noise not known decides nothing");
        assertEquals(Verdict.UNDECIDED, Decided.of(0, 0, 0), "a model against itself");
        assertEquals(Verdict.FOR_B, Decided.of(-0.01, -0.01, 0), "a difference of exact values is decided by its sign");
    }

    @Test
    void theBracketsOfAComparisonJudgeDocument2003ByItsNoiseAndOneRunDecidesNothing() {
        ComparisonTable t = new ComparisonTable(List.of("2003", "clear"), new int[] {100, 100}, 2);
        double[][][] runs = {{twoRuns(-0.30, 0.43), twoRuns(-0.09, 0.32)}, {twoRuns(-2.0, 0.1), twoRuns(-1.5, 0.1)}};
        for (int d = 0; d < 2; d++) {
            for (int run = 1; run <= 2; run++) {
                t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, d, run, ratio(runs[d][0][run - 1]));
                t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, d, run, ratio(runs[d][1][run - 1]));
            }
        }
        var pairs = t.paired(ComparisonMethods.RATIO_CONVEX, ConvergenceCheck.DEFAULT_THRESHOLD);
        assertEquals(Decided.combined(0.43, 0.32), pairs.get(0).noise(), 1e-12);
        assertEquals(Verdict.UNDECIDED, pairs.get(0).verdict(), "document 2003 is not decided");
        assertEquals(Verdict.FOR_B, pairs.get(1).verdict());
        ComparisonTable.Brackets b = t.brackets().get(0);
        assertEquals(List.of(0, 1, 1), List.of(b.forA(), b.forB(), b.undecided()));
        assertTrue(b.describe().contains(Decided.rule()), b.describe());

        ComparisonTable one = new ComparisonTable(List.of("clear"), new int[] {100}, 1);
        one.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 0, 1, ratio(-2.0));
        one.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 0, 1, ratio(-1.5));
        assertEquals(Verdict.UNDECIDED, one.brackets().isEmpty() ? null : one.paired(ComparisonMethods.RATIO_CONVEX, 1).get(0).verdict(),
                "one run: the noise is not known");
    }
}
