package tmeval.app.scatter;

import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.Charts;
import tmeval.app.common.FxThread;
import tmeval.app.common.KnownVerdicts;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.awt.Paint;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A method's colour is fixed by its name: it does not change when a run brings other methods first. */
@ExtendWith(FxThread.class)
class ScatterColourTest {
    private final Corpus corpus = AppFixtures.corpus();

    private static Paint paintOf(ScatterView view, String method) {
        XYItemRenderer renderer = view.chart().getXYPlot().getRenderer();
        var data = view.chart().getXYPlot().getDataset();
        for (int s = 0; s < data.getSeriesCount(); s++) {
            if (data.getSeriesKey(s).equals(method)) {
                return renderer.getSeriesPaint(s);
            }
        }
        throw new AssertionError("no series " + method);
    }

    private List<ComparisonRunner.Result> lrDiff() {
        List<ComparisonRunner.Result> rows = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            for (int run = 1; run <= 2; run++) {
                rows.add(KnownVerdicts.result(corpus, d, ComparisonMethods.LR_DIFF, Direction.NONE, run, 0.1 * run));
            }
        }
        return rows;
    }

    @Test
    void aMethodKeepsItsColourFromRunToRun() {
        Results results = new Results();
        ScatterView view = new ScatterView(new ScatterViewModel(results, results.selectedDocumentProperty(), () -> { }), (t, m) -> { });
        results.reset(corpus);
        results.addAll(lrDiff());
        Paint alone = paintOf(view, ComparisonMethods.LR_DIFF);
        results.reset(corpus);
        results.addAll(KnownVerdicts.results(corpus)); // ratio-convex first, then lr-diff
        assertEquals(alone, paintOf(view, ComparisonMethods.LR_DIFF), "lr-diff's colour whatever came first");
        assertEquals(Charts.colour(ComparisonMethods.LR_DIFF), alone);
        assertNotEquals(paintOf(view, ComparisonMethods.RATIO_CONVEX), alone);
    }
}
