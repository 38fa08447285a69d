package tmeval.app.shell;

import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 39: the status bar repeated the inputs pane's last line ("loaded series as model series"). It names the views'
 * jobs running now with their progress, and is empty when none runs.
 */
class BackgroundWorkTest {
    @Test
    void theLineNamesTheJobsRunningWithTheirProgressAndIsEmptyWhenNoneRuns() {
        SimpleBooleanProperty curves = new SimpleBooleanProperty(false);
        SimpleDoubleProperty curvesDone = new SimpleDoubleProperty(0);
        SimpleBooleanProperty rerun = new SimpleBooleanProperty(false);
        BackgroundWork work = new BackgroundWork(List.of(new BackgroundWork.Job("iteration curves", curves, curvesDone),
                new BackgroundWork.Job("the document's re-run", rerun, new SimpleDoubleProperty(-1))));
        assertEquals("", work.textProperty().get());
        curves.set(true);
        curvesDone.set(0.4);
        assertEquals("Running in the views: iteration curves 40%", work.textProperty().get());
        rerun.set(true);
        assertEquals("Running in the views: iteration curves 40%; the document's re-run", work.textProperty().get());
        curves.set(false);
        rerun.set(false);
        assertEquals("", work.textProperty().get());
    }
}
