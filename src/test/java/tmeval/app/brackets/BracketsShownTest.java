package tmeval.app.brackets;

import javafx.beans.property.SimpleIntegerProperty;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.KnownVerdicts;
import tmeval.app.common.Results;
import tmeval.model.Corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The walkthrough's empty Brackets view after a finished run: the workbench puts each view under its answer line (the
 * tab's content), and the tab pane's skin hides the region around that content, not the view nor its parent, while
 * another tab is shown. Results that arrive meanwhile are drawn as soon as that region is shown again.
 */
@ExtendWith(FxThread.class)
class BracketsShownTest {
    @Test
    void resultsThatArriveWhileTheTabIsHiddenAreDrawnWhenItIsShownAgain() {
        Corpus corpus = AppFixtures.corpus();
        Results results = new Results();
        BracketsViewModel model = new BracketsViewModel(results, new SimpleIntegerProperty(-1), () -> { });
        BracketsView view = new BracketsView(model, (t, m) -> { });
        // the answer line's pane (PlanCaptionView.above), inside the region a TabPaneSkin shows or hides
        StackPane tabContent = new StackPane(new BorderPane(view.root()));
        results.reset(corpus);
        tabContent.setVisible(false); // another tab is shown
        results.addAll(KnownVerdicts.results(corpus));
        assertEquals(0, drawn(view), "nothing is drawn while hidden");
        tabContent.setVisible(true);
        int brackets = model.drawing().brackets().size();
        assertTrue(brackets > 0);
        assertEquals(brackets, drawn(view), "shown again: every bracket is drawn");
    }

    private static int drawn(BracketsView view) {
        XYDataset data = view.chart().getXYPlot().getDataset();
        int items = 0;
        for (int s = 0; s < data.getSeriesCount(); s++) {
            items += data.getItemCount(s);
        }
        return items;
    }
}
