package tmeval.app.document;

import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The walkthrough at 1280 x 800: the Document view's trace chart was about 25 px tall under the estimates table and the
 * verdict lines. In the height the view has there (about 420 px under the run form and the answer line), the chart keeps
 * its least height and the table gives way.
 */
@ExtendWith(FxThread.class)
class DocumentScreenLayoutTest {
    @Test
    void inTheHeightOf1280x800TheChartKeepsItsLeastHeight() {
        Workspace workspace = new Workspace();
        Results results = new Results();
        workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
        DocumentScreenViewModel vm = new DocumentScreenViewModel(workspace, results, new CurrentThreadTaskExecutor(),
                new SimpleIntegerProperty(20), new SimpleIntegerProperty(2), new SimpleIntegerProperty(-1));
        AppFixtures.fill(workspace);
        DocumentScreenView view = new DocumentScreenView(vm, UserMessages.NONE);
        new Scene(view.root(), 980, 420);
        view.root().applyCss();
        view.root().layout();
        Region chart = (Region) view.root().lookup("#document-trace");
        assertTrue(chart.getHeight() >= DocumentScreenView.CHART_MIN_HEIGHT - 1, "the chart: " + chart.getHeight() + " px");
    }
}
