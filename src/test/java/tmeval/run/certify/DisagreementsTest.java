package tmeval.run.certify;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Disagreement is never silent: intervals that exclude each other are said, with how many documents each method certifies. */
class DisagreementsTest {
    /** Thirty documents of 10 tokens: ratio-convex both ways near +0.05 nats each, ais-diff at {@code baseline}. */
    private static ComparisonTable table(double baseline) {
        int n = 30;
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[n];
        for (int d = 0; d < n; d++) {
            ids.add("d" + d);
            lengths[d] = 10;
        }
        ComparisonTable t = new ComparisonTable(ids, lengths, 1);
        for (int d = 0; d < n; d++) {
            double noise = 0.002 * (d % 5 - 2);
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, d, 1, new RatioResult(0.049 + noise, new double[0], 1, 1));
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, d, 1, new RatioResult(0.051 + noise, new double[0], 1, 1));
            t.add(ComparisonMethods.AIS_DIFF, Direction.NONE, d, 1, new RatioResult(baseline + noise, new double[0], 1, 1));
        }
        return t;
    }

    /** ratio-convex certifies 28 of 30 documents, ais-diff 3 of 30. */
    private static VerdictCounts counts() {
        VerdictCounts c = new VerdictCounts();
        for (int d = 0; d < 30; d++) {
            c.add(ComparisonMethods.RATIO_CONVEX, verdict(d < 28 ? Reason.WITHIN_TARGET : Reason.DIRECTIONS_DISAGREE));
            c.add(ComparisonMethods.AIS_DIFF, verdict(d < 3 ? Reason.WITHIN_TARGET : Reason.NOISY));
        }
        return c;
    }

    private static Verdict verdict(Reason reason) {
        return new Verdict(reason, 0, 0, 0.1, 0, 0, false);
    }

    @Test
    void excludingIntervalsAreSaidWithTheAnswerOfEachAndHowManyDocumentsEachCertifies() {
        ComparisonTable t = table(-0.05);
        List<ComparisonTable.MethodInterval> m = ComparisonTable.methodIntervals(t.rows());
        String expected = String.format(Locale.ROOT, "ratio-convex and ais-diff disagree: corpus perplexity ratio %.4f (95%% %.4f to %.4f:"
                        + " A predicts better) by ratio-convex, %.4f (95%% %.4f to %.4f: B predicts better) by ais-diff; the intervals exclude"
                        + " each other. ratio-convex: 28 of 30 documents certified, ais-diff: 3 of 30.", m.get(0).ratio(), m.get(0).low(),
                m.get(0).high(), m.get(1).ratio(), m.get(1).low(), m.get(1).high());
        assertEquals(List.of(expected), Disagreements.of(t.rows(), counts()));
        assertEquals(String.format(Locale.ROOT, "Methods disagree on the corpus perplexity ratio: ratio-convex %.4f: A predicts better;"
                + " ais-diff %.4f: B predicts better. 95%% intervals that exclude each other: ratio-convex and ais-diff. Documents"
                + " certified: ratio-convex 28 of 30, ais-diff 3 of 30.", m.get(0).ratio(), m.get(1).ratio()), Disagreements.summary(t.rows(), counts()));
    }

    @Test
    void overlappingIntervalsSayNothing() {
        ComparisonTable t = table(0.05);
        assertEquals(List.of(), Disagreements.of(t.rows(), counts()));
        assertEquals("", Disagreements.summary(t.rows(), counts()));
    }
}
