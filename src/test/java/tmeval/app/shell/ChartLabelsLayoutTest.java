package tmeval.app.shell;

import javafx.scene.Scene;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.brackets.BracketsView;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.covariates.CovariatesView;
import tmeval.app.document.DocumentScreenView;
import tmeval.app.inputs.RecentFiles;
import tmeval.app.scatter.ScatterView;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 39: at a chart's least height (the 1280 x 800 window during a run, its footer's messages long) the vertical axis
 * labels of the scatter, the brackets, the covariates and the document's trace were cut at the chart's top and bottom.
 * Each view in a window too short for it: its chart at its least height, every axis label whole.
 */
class ChartLabelsLayoutTest {
    /** A window this high leaves each view's chart no more than its least height. */
    private static final double SHORT = 300;
    private WorkbenchViewModel vm;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void open(@TempDir Path storage) throws Exception {
        vm = LayoutHarness.fx(() -> {
            WorkbenchViewModel made = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(),
                    storage.resolve("throughput.tsv")), UserMessages.NONE);
            AppFixtures.fill(made.workspace());
            return made;
        });
    }

    /** The view, made on the FX thread, laid out in the short window until it settles (a chart's least height follows its drawing). */
    private static List<String> cutLabels(Callable<Region> view) throws Exception {
        Region root = LayoutHarness.fx(() -> {
            Region made = view.call();
            new Scene(made, 980, SHORT);
            return made;
        });
        for (int pass = 0; pass < 3; pass++) {
            LayoutHarness.fx(() -> {
                root.applyCss();
                root.layout();
            });
        }
        return LayoutHarness.fx(() -> LayoutHarness.axisLabelProblems(root));
    }

    @Test
    void scatterAtItsLeastHeightCutsNoAxisLabel() throws Exception {
        assertEquals(List.of(), cutLabels(() -> new ScatterView(vm.scatter(), UserMessages.NONE).root()));
        LayoutHarness.fx(() -> vm.scatter().logRatioAxesProperty().set(true)); // the longer labels
        assertEquals(List.of(), cutLabels(() -> new ScatterView(vm.scatter(), UserMessages.NONE).root()));
    }

    @Test
    void bracketsAtItsLeastHeightCutsNoAxisLabel() throws Exception {
        assertEquals(List.of(), cutLabels(() -> new BracketsView(vm.brackets(), UserMessages.NONE).root()));
    }

    @Test
    void covariatesAtItsLeastHeightCutsNoAxisLabel() throws Exception {
        assertEquals(List.of(), cutLabels(() -> (Region) new CovariatesView(vm.covariates(), UserMessages.NONE).root()));
    }

    @Test
    void documentTraceAtItsLeastHeightCutsNoAxisLabel() throws Exception {
        assertEquals(List.of(), cutLabels(() -> new DocumentScreenView(vm.document(), UserMessages.NONE).root()));
    }
}
