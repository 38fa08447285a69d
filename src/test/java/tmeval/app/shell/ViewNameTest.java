package tmeval.app.shell;

import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.inputs.RecentFiles;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every view name (for {@code --screenshot ... --view NAME}) selects its tab, a teaching sub-tab's name that sub-tab. */
@ExtendWith(FxThread.class)
class ViewNameTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private Workbench workbench;

    @BeforeEach
    void setUp() {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> { });
        workbench = new Workbench(vm);
        new Scene(workbench.root(), 1280, 800);
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    @Test
    void eachTeachingSubTabHasANameThatSelectsIt() {
        List<String> names = ViewName.ALL.stream().map(ViewName::name).toList();
        assertEquals(List.of("scatter", "brackets", "table", "curves", "document", "teaching", "teaching-distributions", "teaching-steps",
                "teaching-ratio", "teaching-experiment", "whichk", "covariates"), names);
        for (String name : List.of("teaching-ratio", "teaching-distributions", "teaching-experiment", "teaching-steps")) {
            workbench.select("scatter");
            workbench.select(name);
            assertEquals("tab-teaching", selected("#views"), name);
            assertEquals("teaching-tab-" + name.substring("teaching-".length()), selected("#teaching-tabs"), name);
        }
    }

    @Test
    void everyViewNameSelectsItsTab() {
        for (ViewName view : ViewName.ALL) {
            workbench.select(view.name());
            assertEquals("tab-" + view.tab(), selected("#views"), view.name());
        }
        workbench.select("teaching-experiment");
        workbench.select("teaching");
        assertEquals("teaching-tab-experiment", selected("#teaching-tabs"), "the teaching view keeps the sub-tab it shows");
    }

    @Test
    void anUnknownNameIsRefusedNamingTheViews() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> workbench.select("teaching-rat"));
        assertTrue(e.getMessage().contains("no view named teaching-rat; the views: scatter, brackets"), e.getMessage());
    }

    private String selected(String pane) {
        workbench.root().applyCss();
        TabPane tabs = (TabPane) workbench.root().lookup(pane);
        return tabs.getSelectionModel().getSelectedItem().getId();
    }
}
