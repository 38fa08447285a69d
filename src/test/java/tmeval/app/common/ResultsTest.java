package tmeval.app.common;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.certify.Reason;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ResultsTest {
    private static final String RATIO = ComparisonMethods.RATIO_CONVEX;

    /** A round of one document: both directions, one run, at n temperatures. */
    private static List<AdaptiveComparison.Row> round(int document, int n, Boolean converged, double forward, double reverse) {
        List<AdaptiveComparison.Row> rows = new ArrayList<>();
        rows.add(new AdaptiveComparison.Row(result(document, Direction.FORWARD, forward), n, converged));
        rows.add(new AdaptiveComparison.Row(result(document, Direction.REVERSE, reverse), n, converged));
        return rows;
    }

    private static ComparisonRunner.Result result(int document, Direction direction, double logRatio) {
        return new ComparisonRunner.Result(document, "d" + document, 8, RATIO, direction, 1, false,
                new RatioResult(logRatio, new double[0], 100, 0), null);
    }

    @Test
    void aLaterRoundReplacesADocumentsRowsAndLeavesTheOthersAlone() {
        Results results = new Results();
        results.reset(AppFixtures.corpus());
        int[] resets = {0};
        results.onReset(() -> resets[0]++);
        results.addRounds(List.of(round(0, 10, false, -3, 2), round(1, 10, true, 0.5, 0.6)));
        assertEquals(4, results.all().size());
        assertEquals(0, resets[0], "nothing superseded: a plain addition");
        results.addRounds(List.of(round(0, 20, true, 0.1, 0.2)));
        assertEquals(4, results.all().size(), "document 0's first round is gone");
        assertEquals(1, resets[0], "the views redraw without the superseded points");
        assertEquals(List.of(0.1, 0.2), results.forDocument(0).stream().map(r -> r.result().logRatio()).toList());
        assertEquals(new Results.Round(20, true), results.round(0, RATIO));
        assertEquals(new Results.Round(10, true), results.round(1, RATIO));
        assertEquals(2, results.forDocument(1).size());
        assertEquals(List.of(RATIO + " adaptive: 2 documents agreed, 0 did not by the most temperatures; 10 to 20 temperatures per document"),
                ResultSentences.adaptive(results));
        // the gap the table and scatter see is the last round's
        assertEquals(0.1 - 0.2, results.paired(RATIO).get(0).gap(), 1e-12);
        results.forget(List.of(new ArmKey(RATIO, Direction.FORWARD), new ArmKey(RATIO, Direction.REVERSE)));
        assertNull(results.round(0, RATIO), "a new run of the method forgets the old budgets");
        assertEquals(List.of(), ResultSentences.adaptive(results));
    }

    private static ComparisonRunner.Result baseline(int document, int run, double logRatio) {
        return new ComparisonRunner.Result(document, "d" + document, 8, ComparisonMethods.LR_DIFF, Direction.NONE, run, false,
                new RatioResult(logRatio, new double[0], 100, 0), null);
    }

    /** A document's verdict is reached again when its results change: a later round, a second run, new inputs. */
    @Test
    void eachDocumentsVerdictFollowsItsResultsAsRunsAndRoundsArrive() {
        Results results = new Results();
        results.reset(AppFixtures.corpus());
        results.addRounds(List.of(round(0, 10, false, -3, 2)));
        assertEquals(Reason.DIRECTIONS_DISAGREE, results.verdicts().of(0, RATIO).reason(), "5 nats apart, against a target of 0.1");
        assertEquals("0 of 1", results.verdicts().certifiedOf(RATIO));
        results.addRounds(List.of(round(0, 20, true, 0.1, 0.15)));
        assertEquals(Reason.WITHIN_TARGET, results.verdicts().of(0, RATIO).reason(), "the later round's directions, 0.05 apart");
        assertEquals("1 of 1", results.verdicts().certifiedOf(RATIO));
        results.addAll(List.of(baseline(1, 1, 0.3)));
        assertEquals(Reason.ONE_RUN, results.verdicts().of(1, ComparisonMethods.LR_DIFF).reason());
        results.addAll(List.of(baseline(1, 2, 0.32)));
        assertEquals(Reason.WITHIN_TARGET, results.verdicts().of(1, ComparisonMethods.LR_DIFF).reason(), "two runs 0.02 apart: s.e. 0.01");
        assertEquals("1 of 1", results.verdicts().certifiedOf(ComparisonMethods.LR_DIFF));
        results.reset(AppFixtures.corpus());
        assertEquals(java.util.Map.of(), results.verdicts().of(0));
        assertEquals("0 of 0", results.verdicts().certifiedOf(RATIO));
    }
}
