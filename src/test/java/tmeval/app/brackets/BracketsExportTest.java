package tmeval.app.brackets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureExports;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The brackets exported as SVG carry their title and caption and nothing of the screen's state. */
@ExtendWith(FxThread.class)
class BracketsExportTest {
    @TempDir
    Path dir;

    @Test
    void theExportNamesTheModelsThePlanAndTheCertifiedCountAndNotTheSelection() throws Exception {
        Results results = FigureExports.results();
        BracketsViewModel vm = new BracketsViewModel(results, results.selectedDocumentProperty(), () -> { });
        BracketsView view = new BracketsView(vm, (t, m) -> { });
        results.selectedDocumentProperty().set(3);
        view.drawNow();
        String selected = "selected: " + results.corpus().document(3).id();
        assertTrue(legend(view).contains(selected), "the screen's legend names the selection: " + legend(view));
        String screenTitle = view.chart().getTitle().getText();
        Path svg = dir.resolve("brackets.svg");
        Charts.write(view.figure(), svg, true, 1600, 1000);
        FigureExports.assertDescribesItself(svg, "Forward and reverse bracket of each document by " + ComparisonMethods.RATIO_CONVEX);
        assertEquals(screenTitle, view.chart().getTitle().getText(), "the screen keeps its title");
        assertTrue(legend(view).contains(selected), "and its selection: " + legend(view));
    }

    private static java.util.List<String> legend(BracketsView view) {
        java.util.List<String> labels = new java.util.ArrayList<>();
        var items = view.chart().getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        return labels;
    }
}
