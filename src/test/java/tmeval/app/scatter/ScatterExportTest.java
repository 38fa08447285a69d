package tmeval.app.scatter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.Charts;
import tmeval.app.common.FigureExports;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scatter exported as SVG and PNG carries its title and caption and nothing of the screen's state; the screen keeps it. */
@ExtendWith(FxThread.class)
class ScatterExportTest {
    @TempDir
    Path dir;

    private static List<String> legend(ScatterView view) {
        List<String> labels = new ArrayList<>();
        var items = view.chart().getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        return labels;
    }

    @Test
    void theExportNamesTheModelsThePlanAndTheCertifiedCountAndNotTheSelection() throws Exception {
        Results results = FigureExports.results();
        ScatterViewModel vm = new ScatterViewModel(results, results.selectedDocumentProperty(), () -> { });
        ScatterView view = new ScatterView(vm, (t, m) -> { });
        results.selectedDocumentProperty().set(3);
        String selected = "selected: " + results.corpus().document(3).id();
        assertTrue(legend(view).contains(selected), "the screen's legend names the selection: " + legend(view));
        String screenTitle = view.chart().getTitle().getText();

        Path svg = dir.resolve("scatter.svg");
        Charts.write(view.figure(), svg, true, 1600, 1000);
        FigureExports.assertDescribesItself(svg, "Per-document estimates (Foulds & Smyth, Figure 1)");
        Path png = dir.resolve("scatter.png");
        Charts.write(view.figure(), png, false, 1600, 1000);
        assertTrue(Files.size(png) > 1000);

        assertEquals(screenTitle, view.chart().getTitle().getText(), "the screen keeps its title");
        assertEquals(1, view.chart().getSubtitleCount(), "and no caption (its legend only)");
        assertTrue(legend(view).contains(selected), "and its selection: " + legend(view));
    }
}
