package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.inputs.RecentFiles;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A chart's hover text ("document 1317 ...") does not stay on screen across views or new results. */
@ExtendWith(FxThread.class)
class HoverTextTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    @Test
    void theHoverTextGoesWhenAnotherViewIsShownOrTheResultsChange() {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> { });
        vm.scatter().hover().show("document 1317");
        vm.brackets().hover().show("document 1317");
        vm.viewChanged();
        assertNull(vm.scatter().hover().textProperty().get(), "another tab: no hover of the scatter");
        assertNull(vm.brackets().hover().textProperty().get());
        vm.scatter().hover().show("document 1317");
        assertEquals("document 1317", vm.scatter().hover().textProperty().get());
        vm.results().reset(AppFixtures.corpus());
        assertNull(vm.scatter().hover().textProperty().get(), "new models or documents: no hover of the last ones");
    }
}
