package tmeval.app.shell;

import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;

import tmeval.app.common.Charts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 2: every view at 1280 x 800 and at 1920 x 1080, after two runs (the second on screen, the first beside
 * it) and while a job runs: its chart keeps its least size, no text is cut (a table's number may leave itself to its
 * tooltip), its tables show at least eight rows, nothing widens it beyond the window, its PNG/SVG buttons are in the
 * window ({@link LayoutHarness}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewsLayoutTest {
    private LayoutHarness harness;

    @BeforeAll
    void open(@TempDir Path storage) throws Exception {
        FxToolkit.registerPrimaryStage();
        // a window of its own, closed after: the tests after these share TestFX's primary stage, at its own size
        harness = LayoutHarness.fx(() -> {
            stage = new Stage();
            return LayoutHarness.open(stage, storage);
        });
        harness.twoRunsDone();
    }

    private Stage stage;

    @AfterAll
    void close() throws Exception {
        LayoutHarness.fx(() -> {
            harness.shutdown();
            stage.close();
        });
    }

    /** The view's problems at both sizes, after the runs and while {@code during} runs (then cancelled). */
    private void check(String view, Runnable during, double minWidth, double minHeight, String... charts) throws Exception {
        List<String> problems = new ArrayList<>();
        for (int[] size : LayoutHarness.SIZES) {
            harness.show(view, size[0], size[1]);
            problems.addAll(harness.problems(minWidth, minHeight, charts).stream().map(p -> "after: " + p).toList());
        }
        if (during != null) {
            during.run();
            for (int[] size : LayoutHarness.SIZES) {
                harness.show(view, size[0], size[1]);
                problems.addAll(harness.problems(minWidth, minHeight, charts).stream().map(p -> "during: " + p).toList());
            }
            harness.cancel();
        }
        assertEquals(List.of(), problems);
    }

    private Runnable comparison() {
        return () -> {
            try {
                harness.runStarted();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private Runnable job(LayoutHarness.Work start) {
        return () -> {
            try {
                start.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @Test
    void scatter() throws Exception {
        check("scatter", comparison(), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#scatter-chart");
    }

    @Test
    void brackets() throws Exception {
        check("brackets", comparison(), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#brackets-chart");
    }

    @Test
    void table() throws Exception {
        check("table", comparison(), 0, 0);
    }

    @Test
    void document() throws Exception {
        LayoutHarness.fx(() -> harness.vm().selectedDocumentProperty().set(0));
        LayoutHarness.waitFor(120, () -> !harness.vm().document().busyProperty().get());
        check("document", comparison(), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#document-trace");
    }

    @Test
    void curves() throws Exception {
        LayoutHarness.fx(() -> {
            harness.vm().curves().temperaturesProperty().set(20);
            harness.vm().curves().start();
        });
        LayoutHarness.waitFor(600, () -> !harness.vm().curves().runningProperty().get());
        check("curves", job(() -> {
            LayoutHarness.fx(() -> {
                harness.vm().curves().temperaturesProperty().set(1000);
                harness.vm().curves().start();
            });
            LayoutHarness.waitFor(300, () -> harness.vm().curves().pointCount() > 0);
        }), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#curve-chart", "#variance-chart");
    }

    /** A training run watched live (Run > Train): the verdict and step lines under the controls take no chart's room, during and after. */
    @Test
    void curvesWatchedLive(@TempDir Path dir) throws Exception {
        var curves = harness.vm().curves();
        LayoutHarness.fx(() -> {
            curves.temperaturesProperty().set(20);
            curves.live().train(new tmeval.app.curves.TrainRequest(Path.of("sample-data/kos-train.tokens.gz"), dir.resolve("series"), 5, 1_000_000, 5, 1));
        });
        LayoutHarness.waitFor(600, () -> !curves.live().stepProperty().get().isEmpty());
        List<String> problems = new ArrayList<>();
        for (int[] size : LayoutHarness.SIZES) {
            harness.show("curves", size[0], size[1]);
            problems.addAll(harness.problems(Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#curve-chart", "#variance-chart").stream()
                    .map(p -> "during: " + p).toList());
        }
        LayoutHarness.fx(curves.live()::stopTraining);
        LayoutHarness.waitFor(600, () -> !curves.runningProperty().get());
        for (int[] size : LayoutHarness.SIZES) {
            harness.show("curves", size[0], size[1]);
            problems.addAll(harness.problems(Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#curve-chart", "#variance-chart").stream()
                    .map(p -> "after: " + p).toList());
        }
        assertEquals(List.of(), problems);
        assertTrue(curves.messageProperty().get().startsWith("Training ended (stopped)"), curves.messageProperty().get());
    }

    @Test
    void teaching() throws Exception {
        LayoutHarness.waitFor(120, () -> harness.vm().teaching().runProperty().get() != null && !harness.vm().teaching().busyProperty().get());
        check("teaching-distributions", null, TEACHING_MIN[0], TEACHING_MIN[1], "#teaching-toy-chart");
        check("teaching-steps", null, TEACHING_MIN[0], TEACHING_MIN[1], "#teaching-trace", "#teaching-ess", "#teaching-histogram");
        check("teaching-ratio", null, TEACHING_MIN[0], TEACHING_MIN[1], "#teaching-ratio", "#teaching-ratio-runs");
        LayoutHarness.fx(() -> harness.vm().teaching().runExperiment());
        LayoutHarness.waitFor(600, () -> !harness.vm().teaching().experiment().runningProperty().get());
        check("teaching-experiment", job(() -> {
            LayoutHarness.fx(() -> harness.vm().teaching().runExperiment());
            LayoutHarness.waitFor(60, () -> harness.vm().teaching().experiment().progressProperty().get() > 0);
        }), TEACHING_MIN[0], TEACHING_MIN[1], "#teaching-experiment-chart", "#teaching-check-chart");
    }

    /** The teaching view's charts share its tabs in twos and threes: each at least this big. */
    private static final double[] TEACHING_MIN = {200, 150};

    @Test
    void whichK() throws Exception {
        LayoutHarness.fx(() -> {
            harness.vm().whichK().addSeries();
            harness.vm().whichK().settings().methodProperty().set(tmeval.estimate.Methods.IS_VB);
            harness.vm().whichK().settings().budgetProperty().set(5);
            harness.vm().whichK().start();
        });
        LayoutHarness.waitFor(900, () -> !harness.vm().whichK().runningProperty().get());
        check("whichk", job(() -> {
            LayoutHarness.fx(() -> harness.vm().whichK().start());
            LayoutHarness.waitFor(300, () -> harness.vm().whichK().rows().size() > 1);
        }), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#whichk-chart");
        // the per-K tab: its table shows its rows, its verdict and its buttons fit
        LayoutHarness.fx(() -> harness.vm().whichK().start());
        LayoutHarness.waitFor(900, () -> !harness.vm().whichK().runningProperty().get());
        javafx.scene.control.TabPane tables = (javafx.scene.control.TabPane) harness.node("#whichk-tables");
        LayoutHarness.fx(() -> tables.getSelectionModel().select(tables.getTabs().stream()
                .filter(t -> "whichk-tab-per-k".equals(t.getId())).findFirst().orElseThrow()));
        assertEquals(false, harness.vm().whichK().perK().isEmpty(), "a per-K table to show");
        check("whichk", null, Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#whichk-chart");
    }

    @Test
    void covariates() throws Exception {
        check("covariates", comparison(), Charts.MIN_WIDTH, Charts.MIN_HEIGHT, "#covariates-chart");
    }
}
