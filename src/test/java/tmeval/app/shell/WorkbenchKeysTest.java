package tmeval.app.shell;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.inputs.RecentFiles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 4: Alt+F opened nothing, Ctrl+Tab did not cycle the views, the docs said Ctrl+1..7 where there are 8
 * views, and under a window manager the window opened at 200 x 200.
 */
@ExtendWith(FxThread.class)
class WorkbenchKeysTest {
    @TempDir
    Path dir;

    private Workbench workbench() {
        Workbench w = new Workbench(new WorkbenchViewModel(new CurrentThreadTaskExecutor(),
                new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")), (title, message) -> { }));
        new Scene(w.root(), 1280, 800);
        return w;
    }

    @Test
    void ctrlTabCyclesTheViewsFromAnywhereAndCtrlShiftTabGoesBack() {
        Workbench w = workbench();
        TabPane views = (TabPane) w.root().lookup("#views");
        int n = views.getTabs().size();
        for (int i = 1; i <= n; i++) {
            w.root().fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.TAB, false, true, false, false));
            assertEquals(i % n, views.getSelectionModel().getSelectedIndex(), "Ctrl+Tab " + i + " times");
        }
        w.root().fireEvent(new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.TAB, true, true, false, false));
        assertEquals(n - 1, views.getSelectionModel().getSelectedIndex(), "Ctrl+Shift+Tab: back round the start");
    }

    /** Every menu has a mnemonic (Alt+F opens File); the View menu's Ctrl+1.. number every view, as the docs say. */
    @Test
    void everyMenuHasAMnemonicAndTheViewsAreNumberedAsTheDocsSay() throws Exception {
        Workbench w = workbench();
        MenuBar bar = (MenuBar) w.root().lookup(".menu-bar");
        List<Character> keys = new ArrayList<>();
        for (Menu m : bar.getMenus()) {
            assertTrue(m.isMnemonicParsing() && m.getText().startsWith("_"), m.getText());
            keys.add(m.getText().charAt(1));
        }
        assertEquals('F', keys.get(0), "Alt+F opens File");
        assertEquals(keys.size(), keys.stream().distinct().count(), "no two menus share a key: " + keys);
        TabPane views = (TabPane) w.root().lookup("#views");
        Menu view = bar.getMenus().stream().filter(m -> m.getText().equals("_View")).findFirst().orElseThrow();
        int n = views.getTabs().size();
        assertEquals(n, view.getItems().size());
        for (int i = 0; i < n; i++) {
            MenuItem item = view.getItems().get(i);
            assertEquals("Shortcut+" + (i + 1), item.getAccelerator().getName().replace("Ctrl+", "Shortcut+").replace("Meta+", "Shortcut+"));
        }
        String docs = Files.readString(Path.of("src/site/markdown/workbench.md"));
        assertTrue(docs.contains("Ctrl+1 to Ctrl+" + n + " switch views"), "the docs name Ctrl+1 to Ctrl+" + n);
    }

    @Test
    void theWindowOpensAtItsLastSizeOr1280x800AtLeast1024x700WithinTheScreen() {
        Rectangle2D screen = new Rectangle2D(0, 0, 1920, 1050);
        assertArrayEquals(new double[] {1280, 800}, WindowSize.initial(null, screen));
        assertArrayEquals(new double[] {1500, 900}, WindowSize.initial(new double[] {1500, 900}, screen), "the size last used");
        assertArrayEquals(new double[] {1024, 700}, WindowSize.initial(new double[] {200, 200}, screen), "never the 200 x 200 of a window manager");
        assertArrayEquals(new double[] {1000, 650}, WindowSize.initial(null, new Rectangle2D(0, 0, 1000, 650)), "never larger than the screen");
        assertArrayEquals(new double[] {1000, 650}, WindowSize.least(new Rectangle2D(0, 0, 1000, 650)));
    }

    /**
     * A quick Alt+F (both keys at once, as a script sends them) opened nothing: JavaFX's mnemonics need the Alt key held a
     * moment. The letter is taken before the scene's handling, for the menu it underlines; other keys pass.
     */
    @Test
    void altAndAMenusLetterIsTakenForThatMenuBeforeTheScenesMnemonics() {
        Workbench w = workbench();
        MenuBar bar = (MenuBar) w.root().lookup(".menu-bar");
        List<javafx.event.Event> passed = new ArrayList<>();
        MenuMnemonics m = new MenuMnemonics((event, tail) -> {
            passed.add(event);
            return event;
        }, bar);
        assertEquals("_File", m.menuOf(KeyCode.F).getText());
        assertEquals("_Run", m.menuOf(KeyCode.R).getText());
        assertEquals(null, m.menuOf(KeyCode.X));
        KeyEvent altF = new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.F, false, false, true, false);
        assertEquals(null, m.dispatchEvent(altF, null), "Alt+F is taken for File");
        KeyEvent f = new KeyEvent(KeyEvent.KEY_PRESSED, "f", "f", KeyCode.F, false, false, false, false);
        assertEquals(f, m.dispatchEvent(f, null), "F alone is typed as usual");
        assertEquals(List.of(f), passed);
    }
}
