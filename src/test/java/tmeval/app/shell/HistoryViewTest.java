package tmeval.app.shell;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.RunHistory;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history bar's run picker names the run on screen, also once that run was replaced in the list by itself. */
@ExtendWith(FxThread.class)
class HistoryViewTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        AppFixtures.files(dir).forEach(vm.inputs()::load);
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    @Test
    void thePickerNamesTheRunOnScreenAfterItsRunIsNamedAnew() {
        Region bar = new HistoryView(vm).root();
        new Scene(bar, 1280, 40);
        assertEquals("no run yet", pickerText(bar)); // the skin is made now, before the run: its listeners see the run named anew
        vm.run().methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.LR_DIFF)));
        vm.run().temperaturesProperty().set(5);
        vm.run().burnInProperty().set(2);
        vm.run().start(); // runs to its end here: the run is replaced in the history's list by itself, named anew
        RunHistory history = vm.history();
        assertEquals(1, history.runs().size());
        String name = history.shownProperty().get().describe();
        assertTrue(name.startsWith("#1 "), name);
        assertEquals(name, pickerText(bar), "the picker's button names the run on screen");
        assertTrue(errors.isEmpty(), errors.toString());
    }

    /**
     * Issue 39: at 1280 x 800 the bar is about 980 px wide and the run picker's text was cut ("#1 22:05:56 auto, before
     * its pilot chose ...") with nothing to give it whole: the picker's tooltip names the run in full.
     */
    @Test
    void aRunNameCutInThePickerIsWholeInItsTooltip() {
        Region bar = new HistoryView(vm).root();
        new Scene(bar, 700, 40); // narrower than at 1280 x 800: lr-diff's name is shorter than auto's
        vm.run().methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.LR_DIFF)));
        vm.run().temperaturesProperty().set(5);
        vm.run().burnInProperty().set(2);
        vm.run().start();
        String name = vm.history().shownProperty().get().describe();
        ListCell<?> button = pickerButton(bar);
        String drawn = ((javafx.scene.text.Text) button.lookup(".text")).getText();
        assertTrue(!drawn.equals(name), "the name is longer than the picker: '" + drawn + "' for '" + name + "'");
        javafx.scene.control.Tooltip tip = ((ComboBox<?>) bar.lookup("#history-shown")).getTooltip();
        assertTrue(tip.getText().startsWith(name + "\n"), tip.getText());
    }

    /** The text the picker's button shows, as drawn: the list cell inside the box's skin. */
    private static String pickerText(Region bar) {
        return pickerButton(bar).getText();
    }

    private static ListCell<?> pickerButton(Region bar) {
        bar.applyCss();
        bar.layout();
        ComboBox<?> picker = (ComboBox<?>) bar.lookup("#history-shown");
        // the button's cell is the box's own child (the list's cells sit deeper, in its popup's list)
        List<Node> buttons = picker.getChildrenUnmodifiable().stream().filter(n -> n instanceof ListCell<?>).toList();
        assertEquals(1, buttons.size(), buttons.toString());
        return (ListCell<?>) buttons.get(0);
    }
}
