package tmeval.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTableTest {
    private static RatioResult ratio(double logRatio) {
        return new RatioResult(logRatio, new double[0], 1, 1);
    }

    /** Three documents, two runs: forward and reverse of a ratio path, and a baseline. */
    private static ComparisonTable table() {
        ComparisonTable t = new ComparisonTable(List.of("d0", "d1", "d2"), new int[] {10, 20, 30}, 2);
        for (int run = 1; run <= 2; run++) {
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 0, run, ratio(1.0));
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 0, run, ratio(0.8));
            // document 1: run 1 is 2.0 forward, 0.0 reverse: a 2-nat gap (run 2 does not enter the pair)
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 1, run, ratio(run == 1 ? 2.0 : 4.0));
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 1, run, ratio(0.0));
            t.add(ComparisonMethods.LR_DIFF, Direction.NONE, 0, run, ratio(run == 1 ? 5.0 : -5.0));
        }
        // document 2 has only a forward estimate: no pair
        t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 2, 1, ratio(1.0));
        t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 2, 2, ratio(1.0));
        return t;
    }

    @Test
    void aDirectionalMethodPairsTheFirstRunsForwardAndReverseEstimatesAndFlagsLargeGaps() {
        var pairs = table().paired(ComparisonMethods.RATIO_CONVEX, ConvergenceCheck.DEFAULT_THRESHOLD);
        assertEquals(2, pairs.size());
        assertEquals("d0", pairs.get(0).documentId());
        assertEquals(0.2, pairs.get(0).gap(), 1e-12);
        assertFalse(pairs.get(0).flagged());
        assertEquals(2.0, pairs.get(1).gap(), 1e-12);
        assertTrue(pairs.get(1).flagged());
        assertEquals(Math.exp(-2.0 / 20), pairs.get(1).firstPerplexityRatio(), 1e-12);
        assertFalse(table().paired(ComparisonMethods.RATIO_CONVEX, 5.0).get(1).flagged(), "the threshold is the caller's");
    }

    @Test
    void aBaselinePairsRunOneWithRunTwoAndIsNeverFlagged() {
        var pairs = table().paired(ComparisonMethods.LR_DIFF, ConvergenceCheck.DEFAULT_THRESHOLD);
        assertEquals(1, pairs.size());
        assertFalse(pairs.get(0).directional());
        assertEquals(10.0, pairs.get(0).gap(), 1e-12);
        assertFalse(pairs.get(0).flagged());
    }

    @Test
    void theConvergenceCheckFlagsTheSameDocumentsAsThePairs() {
        var checks = table().convergenceChecks(ConvergenceCheck.DEFAULT_THRESHOLD);
        assertEquals(1, checks.size(), "only the directional method is checked");
        assertEquals(List.of("d1"), checks.get(0).flagged());
        assertEquals(2, checks.get(0).documents());
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF), table().methods());
    }

    @Test
    void bracketsCountDocumentsDecidedForEitherModelAndThoseThatAreNot() {
        ComparisonTable t = new ComparisonTable(List.of("a", "b", "c"), new int[] {10, 10, 10}, 2);
        double[][] forwardReverse = {{0.5, 1.5}, {-2.0, -0.1}, {-0.3, 0.4}};
        for (int d = 0; d < 3; d++) {
            for (int run = 1; run <= 2; run++) {
                // run 2 0.01 nats off run 1: a noise far below every end's distance from 0
                t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, d, run, ratio(forwardReverse[d][0] + 0.01 * (run - 1)));
                t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, d, run, ratio(forwardReverse[d][1] - 0.01 * (run - 1)));
            }
        }
        ComparisonTable.Brackets b = t.brackets().get(0);
        assertEquals(1, b.forA());
        assertEquals(1, b.forB());
        assertEquals(1, b.undecided());
        assertTrue(t.format().contains("ratio-convex brackets (first forward and first reverse runs): 1 documents decided for A"), t.format());
    }

    @Test
    void intervalsAreSeededBootstrapsOverDocuments() {
        int n = 40;
        java.util.List<String> ids = new java.util.ArrayList<>();
        int[] lengths = new int[n];
        for (int d = 0; d < n; d++) {
            ids.add("d" + d);
            lengths[d] = 10;
        }
        ComparisonTable t = new ComparisonTable(ids, lengths, 1);
        for (int d = 0; d < n; d++) {
            t.add(ComparisonMethods.LR_DIFF, Direction.NONE, d, 1, ratio(d % 4 == 0 ? -1.0 : 1.0)); // A wins 75%
        }
        ComparisonTable.Row row = t.rows().get(0);
        assertEquals(75.0, row.percentAWins(), 1e-12);
        assertTrue(row.winsInterval()[0] < 75 && 75 < row.winsInterval()[1] && row.winsInterval()[1] - row.winsInterval()[0] < 40,
                java.util.Arrays.toString(row.winsInterval()));
        assertTrue(row.ratioInterval()[0] < row.corpusPerplexityRatio() && row.corpusPerplexityRatio() < row.ratioInterval()[1]);
        assertEquals(java.util.Arrays.toString(row.winsInterval()), java.util.Arrays.toString(t.rows().get(0).winsInterval()), "seeded");
    }

    /**
     * Forty documents of 10 tokens: a ratio path run both ways puts every document near +0.05 nats (A better, its two
     * directions 0.01 apart), a baseline near -0.05 (B better), a second baseline near +0.05 with the same spread.
     */
    private static ComparisonTable againstEachOther(double baseline) {
        int n = 40;
        List<String> ids = new java.util.ArrayList<>();
        int[] lengths = new int[n];
        for (int d = 0; d < n; d++) {
            ids.add("d" + d);
            lengths[d] = 10;
        }
        ComparisonTable t = new ComparisonTable(ids, lengths, 1);
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int d = 0; d < n; d++) {
            double noise = 0.01 * (random.nextDouble() - 0.5);
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, d, 1, ratio(0.045 + noise));
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, d, 1, ratio(0.055 + noise));
            t.add(ComparisonMethods.AIS_DIFF, Direction.NONE, d, 1, ratio(baseline + noise));
            t.add(ComparisonMethods.LR_DIFF, Direction.NONE, d, 1, ratio(0.05 + 2 * noise));
        }
        return t;
    }

    @Test
    void methodsWhoseCorpusIntervalsExcludeEachOtherDisagreeAndOverlappingOnesDoNot() {
        ComparisonTable t = againstEachOther(-0.05);
        List<ComparisonTable.MethodInterval> intervals = ComparisonTable.methodIntervals(t.rows());
        ComparisonTable.MethodInterval convex = intervals.get(0);
        // a path run both ways: the hull of its directions' intervals, the geometric mean of their ratios
        ComparisonTable.Row forward = t.rows().get(0);
        ComparisonTable.Row reverse = t.rows().get(1);
        assertEquals(ComparisonMethods.RATIO_CONVEX, convex.method());
        assertEquals(Math.min(forward.ratioInterval()[0], reverse.ratioInterval()[0]), convex.low());
        assertEquals(Math.max(forward.ratioInterval()[1], reverse.ratioInterval()[1]), convex.high());
        assertEquals(Math.sqrt(forward.corpusPerplexityRatio() * reverse.corpusPerplexityRatio()), convex.ratio(), 1e-12);
        assertEquals("A predicts better", convex.answer(), "perp(A)/perp(B) = exp(-0.005) over the whole interval");
        assertEquals("B predicts better", intervals.get(1).answer());

        // ais-diff says B, the other two A: it disagrees with both of them, in the order of the rows; they agree
        List<ComparisonTable.Disagreement> found = ComparisonTable.disagreements(t.rows());
        assertEquals(2, found.size(), found.toString());
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.AIS_DIFF),
                List.of(found.get(0).first().method(), found.get(0).second().method()));
        assertEquals(List.of(ComparisonMethods.AIS_DIFF, ComparisonMethods.LR_DIFF),
                List.of(found.get(1).first().method(), found.get(1).second().method()), "the first method's interval above the second's too");
        for (ComparisonTable.Disagreement d : found) {
            assertTrue(d.first().high() < d.second().low() || d.second().high() < d.first().low(), d.toString());
        }

        // the same baseline at +0.05: every interval overlaps every other, and nothing is said
        ComparisonTable agreeing = againstEachOther(0.05);
        assertEquals(List.of(), ComparisonTable.disagreements(agreeing.rows()));
        assertEquals(3, ComparisonTable.methodIntervals(agreeing.rows()).size());
    }
}
