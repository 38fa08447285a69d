package tmeval.app.common;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.run.AdaptiveComparison;
import tmeval.run.ComparisonRunner;

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
                results.adaptiveSummary());
        // the gap the table and scatter see is the last round's
        assertEquals(0.1 - 0.2, results.paired(RATIO).get(0).gap(), 1e-12);
        results.forget(List.of(RATIO + "/" + Direction.FORWARD.label(), RATIO + "/" + Direction.REVERSE.label()));
        assertNull(results.round(0, RATIO), "a new run of the method forgets the old budgets");
        assertEquals(List.of(), results.adaptiveSummary());
    }
}
