package tmeval.cli;

import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.BackgroundTaskExecutor;
import tmeval.app.inputs.RecentFiles;
import tmeval.app.shell.Workbench;
import tmeval.app.shell.WorkbenchViewModel;
import tmeval.progress.CancelToken;
import tmeval.run.plan.ComparisonPlan;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One comparison, one set of defaults: the workbench opens with the plan the command line runs with no option. */
@ExtendWith(ApplicationExtension.class)
class DefaultPlanTest {
    private Workbench workbench;

    @TempDir
    static Path storage;

    @Start
    void start(Stage stage) {
        workbench = new Workbench(new WorkbenchViewModel(new BackgroundTaskExecutor(),
                new WorkbenchViewModel.Storage(RecentFiles.inMemory(), storage.resolve("throughput.tsv")), Workbench::showError));
        stage.setScene(new Scene(workbench.root(), 1280, 800));
        stage.sizeToScene(); // the toolkit's stage keeps a size an earlier test class gave it otherwise
        stage.show();
    }

    @AfterEach
    void stop() {
        workbench.shutdown();
    }

    @Test
    void theWorkbenchStartsFromTheCommandLinesDefaultPlanAndItsPresetIsThePapers(FxRobot robot) throws Exception {
        ComparisonPlan[] gui = new ComparisonPlan[2];
        boolean[] auto = new boolean[1];
        robot.interact(() -> {
            gui[0] = workbench.viewModel().run().plan();
            auto[0] = workbench.viewModel().run().autoProperty().get();
            workbench.viewModel().run().presetTable1();
            gui[1] = workbench.viewModel().run().plan();
        });
        CompareCommand compare = new CompareCommand(new CancelToken());
        // compare with no option at all is auto: the workbench opens on that very plan (its pilot's)
        Options none = Options.parse(new String[] {"compare", "--threads", Integer.toString(gui[0].threads())}, 1, compare.options());
        assertTrue(auto[0] && CompareCommand.auto(none));
        assertEquals(CompareCommand.plan(none), gui[0]);
        // the preset: compare naming the paper's four methods and no other option
        Options o = Options.parse(new String[] {"compare", "--method", String.join(",", gui[1].methods())}, 1, compare.options());
        assertEquals(CompareCommand.plan(o), gui[1]);
        assertEquals(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()), gui[1]);
        assertEquals(1000, gui[1].settings().temperatures(), "the paper's cheap regime");
    }

    @Test
    void helpPrintsTheDefaultsFromThePlan() {
        String help = CliTest.run("compare", "--help").out();
        assertTrue(help.contains("annealing temperatures") && help.contains("(default " + ComparisonPlan.DEFAULT_METHOD_SETTINGS.temperatures() + ")"), help);
        assertTrue(help.contains("independent runs per document (default " + ComparisonPlan.DEFAULT_RUNS + ")"), help);
        assertTrue(help.contains("particles of the lr reference (default " + ComparisonPlan.DEFAULT_REFERENCE_PARTICLES + ")"), help);
        String estimate = CliTest.run("estimate", "--help").out();
        assertTrue(estimate.matches("(?s).*--samples S +importance samples \\(default 1 for ais, ais-eta, completion-ais; 1000 for .*"), estimate);
    }
}
