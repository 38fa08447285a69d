package tmeval.app;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workbench, headless (TestFX with Monocle): opening, a comparison, cancel, a bad file, live curves. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchTest {
    private Workbench workbench;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        workbench = new Workbench();
        stage.setScene(new Scene(workbench.root(), 1280, 800));
        stage.show();
        workbench.openSampleData();
    }

    @AfterEach
    void stop() {
        workbench.shutdown();
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
    }

    private void waitForInputs() throws Exception {
        waitFor(60, () -> workbench.inputs().pairProperty().get() != null && workbench.inputs().corpusProperty().get() != null
                && workbench.inputs().seriesProperty().get() != null && !workbench.inputs().loadingProperty().get());
    }

    /** Only the given methods selected, small settings, on the FX thread. */
    private void configure(FxRobot robot, int temperatures, int runs, String... methods) {
        robot.interact(() -> {
            workbench.run().methods().forEach((name, on) -> on.set(java.util.List.of(methods).contains(name)));
            workbench.run().temperaturesProperty().set(temperatures);
            workbench.run().burnInProperty().set(5);
            workbench.run().runsProperty().set(runs);
        });
    }

    @Test
    void opensOnTheSampleDataWithSummaries(FxRobot robot) throws Exception {
        waitForInputs();
        Label a = robot.lookup("#model-a-summary").queryAs(Label.class);
        Label corpus = robot.lookup("#corpus-summary").queryAs(Label.class);
        assertTrue(a.getText().contains("K = 20, V = 6,906"), a.getText());
        assertTrue(a.getText().contains("asymmetric"), a.getText());
        assertTrue(corpus.getText().contains("300 documents") && corpus.getText().contains("out-of-vocabulary"), corpus.getText());
        Label pair = robot.lookup("#pair-summary").queryAs(Label.class);
        assertTrue(pair.getText().contains("topic alignment"), pair.getText());
        Label cost = robot.lookup("#run-cost").queryAs(Label.class);
        assertTrue(cost.getText().contains("site updates"), cost.getText());
    }

    @Test
    void theCorpusCanBeLimitedToLongDocuments(FxRobot robot) throws Exception {
        waitForInputs();
        Label corpus = robot.lookup("#corpus-summary").queryAs(Label.class);
        Label cost = robot.lookup("#run-cost").queryAs(Label.class);
        String allCost = cost.getText();
        robot.interact(() -> robot.lookup("#corpus-min-tokens").queryAs(javafx.scene.control.Spinner.class).getValueFactory().setValue(100));
        waitFor(10, () -> workbench.inputs().corpusProperty().get() != null && workbench.inputs().corpusProperty().get().size() == 157);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(corpus.getText().contains("157 documents") && corpus.getText().contains("at least 100 tokens"), corpus.getText());
        assertTrue(workbench.inputs().corpusProperty().get().documents().stream().allMatch(d -> d.length() >= 100));
        assertTrue(!cost.getText().equals(allCost), "the cost preview follows the smaller corpus: " + cost.getText());
        // a limit no document reaches leaves no corpus and says why
        robot.interact(() -> workbench.inputs().minTokensProperty().set(100_000));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, workbench.inputs().corpusProperty().get());
        assertTrue(workbench.inputs().statusProperty().get().contains("at least 100000 tokens"), workbench.inputs().statusProperty().get());
        robot.interact(() -> workbench.inputs().minTokensProperty().set(1));
        waitFor(10, () -> workbench.inputs().corpusProperty().get() != null && workbench.inputs().corpusProperty().get().size() == 300);
    }

    @Test
    void aSmallComparisonFillsTheTableAndTheScatterWithOneEntryPerDocument(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5, 2, "ratio-convex", "lr-diff");
        robot.clickOn("#run-button");
        // wait for the final state, not for 'running': a short job can start and end between two polls
        waitFor(120, () -> !workbench.run().runningProperty().get() && workbench.run().messageProperty().get().startsWith("finished"));
        WaitForAsyncUtils.waitForFxEvents();
        int documents = workbench.inputs().corpusProperty().get().size();
        var rows = workbench.table().table().getItems();
        assertEquals(3, rows.size(), "ratio-convex forward and reverse, and lr-diff");
        for (var row : rows) {
            assertEquals(documents, row.documents(), row.label());
            assertTrue(row.variance() != null, "two runs give a variance: " + row.label());
        }
        assertEquals(documents, workbench.scatter().pointCount("ratio-convex"));
        assertEquals(documents, workbench.scatter().pointCount("lr-diff"));
        assertTrue(robot.lookup("#run-message").queryAs(Label.class).getText().startsWith("finished"));
    }

    @Test
    void cancelStopsALongRunWithinASecondAndTheWindowStaysResponsive(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5_000_000, 1, "ratio-convex");
        robot.clickOn("#run-button");
        waitFor(5, () -> workbench.run().runningProperty().get());
        Thread.sleep(700);
        long start = System.nanoTime();
        robot.clickOn("#cancel-button");
        waitFor(5, () -> !workbench.run().runningProperty().get());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 1.5, "cancel took " + seconds + " s");
        assertTrue(robot.lookup("#run-message").queryAs(Label.class).getText().startsWith("cancelled"));
        // responsive: another tab can be chosen and shows
        robot.clickOn("Variance table");
        TabPane tabs = robot.lookup("#views").queryAs(TabPane.class);
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        assertEquals("tab-table", selected.getId());
        Thread.sleep(200);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!t.getName().startsWith("tmeval-compare") || !t.isAlive(), "worker left alive: " + t.getName());
        }
    }

    @Test
    void aMalformedFileShowsTheErrorAndKeepsThePreviousModel(FxRobot robot) throws Exception {
        waitForInputs();
        TopicModel before = workbench.inputs().modelAProperty().get();
        Path bad = dir.resolve("broken-model.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\nword\t0.5\n");
        robot.interact(() -> workbench.inputs().load(Inputs.Slot.MODEL_A, bad));
        waitFor(10, () -> robot.lookup("#error-dialog").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#error-dialog").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains("broken-model.tsv, line 3"), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("expected a word and 2 probabilities"), dialog.getContentText());
        assertSame(before, workbench.inputs().modelAProperty().get(), "the previous model A stays");
        Node ok = robot.lookup(".dialog-pane .button").query();
        robot.clickOn(ok);
    }

    @Test
    void theCurveViewGainsPointsWhileTheSeriesIsEvaluated(FxRobot robot) throws Exception {
        waitForInputs();
        robot.interact(() -> {
            workbench.curves().methods().forEach((name, on) -> on.set(name.equals("iteration-ais")));
            workbench.curves().temperaturesProperty().set(20);
            workbench.curves().runsProperty().set(1);
            workbench.select("curves");
        });
        robot.clickOn("#curve-run");
        waitFor(60, () -> workbench.curveView().pointCount() >= 1);
        int early = workbench.curveView().pointCount();
        assertTrue(workbench.curves().runningProperty().get() || early == 20, "points arrive while the run goes on");
        waitFor(120, () -> !workbench.curves().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(20, workbench.curveView().pointCount(), "one point per snapshot");
        assertTrue(early < 20, "the first point came before the last snapshot (" + early + ")");
    }

    @Test
    void aSavedSessionReopensToTheSameState(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5, 2, "ratio-convex");
        robot.interact(() -> workbench.inputs().minTokensProperty().set(100));
        waitFor(10, () -> workbench.inputs().corpusProperty().get().size() == 157);
        robot.clickOn("#run-button");
        // wait for the final state, not for 'running': a short job can start and end between two polls
        waitFor(120, () -> !workbench.run().runningProperty().get() && workbench.run().messageProperty().get().startsWith("finished"));
        WaitForAsyncUtils.waitForFxEvents();
        Path session = dir.resolve("saved.tmeval-session.tsv");
        robot.interact(() -> {
            try {
                workbench.saveSession(session);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        var before = workbench.results().all();
        String tableBefore = workbench.table().text('\t');
        robot.interact(() -> {
            workbench.results().reset(workbench.inputs().corpusProperty().get());
            workbench.run().temperaturesProperty().set(777);
            workbench.inputs().minTokensProperty().set(1);
            workbench.openSession(session);
        });
        waitFor(60, () -> !workbench.inputs().loadingProperty().get() && workbench.results().all().size() == before.size());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5, workbench.run().temperaturesProperty().get(), "settings restored");
        assertEquals(100, workbench.inputs().minTokensProperty().get(), "the document-length limit restored");
        assertEquals(157, workbench.inputs().corpusProperty().get().size());
        assertEquals(tableBefore.replaceAll("\t[0-9.]+\n", "\n"), workbench.table().text('\t').replaceAll("\t[0-9.]+\n", "\n"),
                "the same table (up to the seconds column)");

        // a session that names no model series restores its results too (they were dropped: the results were applied
        // when the corpus task stopped running, before its success handler had put the corpus in place)
        Path noSeries = dir.resolve("no-series.tmeval-session.tsv");
        Files.write(noSeries, Files.readAllLines(session).stream().filter(l -> !l.startsWith("input\tseries\t")).toList());
        // in a new window, as 'java -jar tmeval.jar --session S' opens it
        Workbench[] fresh = new Workbench[1];
        robot.interact(() -> {
            fresh[0] = new Workbench();
            fresh[0].openSession(noSeries);
        });
        try {
            waitFor(60, () -> !fresh[0].inputs().loadingProperty().get() && fresh[0].inputs().corpusProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(before.size(), fresh[0].results().all().size(), "every result restored");
        } finally {
            fresh[0].shutdown();
        }
    }

    @Test
    void aTopicWordMatrixIsOpenedWithTheAlphaFileTheUserGives(FxRobot robot) throws Exception {
        waitForInputs();
        Path matrix = dir.resolve("topics.csv");
        Files.writeString(matrix, "apple,banana,cherry\n0.5,0.25,0.25\n0.1,0.1,0.8\n");
        Path alpha = dir.resolve("alpha.txt");
        Files.writeString(alpha, "0.2 0.4\n");
        robot.interact(() -> {
            workbench.inputs().setMatrixCompanions(p -> new tmeval.io.ModelLoader.Spec(p, alpha, null, false));
            workbench.inputs().load(Inputs.Slot.MODEL_B, matrix);
        });
        waitFor(10, () -> workbench.inputs().modelBProperty().get().numTopics() == 2);
        assertEquals(0.8, workbench.inputs().modelBProperty().get().phi(2, 1), 0.0);
        // model B no longer fits model A (K and vocabulary differ): the pair is refused with the reason
        waitFor(5, () -> workbench.inputs().pairProperty().get() == null);
        assertTrue(workbench.inputs().pairProblemProperty().get().contains("K = 20"), workbench.inputs().pairProblemProperty().get());
    }

    @Test
    void aFileBeingReadCanBeStoppedAndTheInputsKeepWhatTheyHad(FxRobot robot) throws Exception {
        waitForInputs();
        var corpusBefore = workbench.inputs().corpusProperty().get();
        // a FIFO nobody writes to: opening it blocks where Java cannot interrupt, the worst case for a cancel
        Path fifo = dir.resolve("no-writer");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        robot.interact(() -> workbench.inputs().load(Inputs.Slot.CORPUS, fifo));
        waitFor(5, () -> workbench.inputs().loadingProperty().get());
        robot.clickOn("#cancel-loads");
        waitFor(2, () -> !workbench.inputs().loadingProperty().get());
        assertSame(corpusBefore, workbench.inputs().corpusProperty().get(), "the corpus is unchanged");
        assertTrue(workbench.inputs().statusProperty().get().startsWith("stopped reading"), workbench.inputs().statusProperty().get());
        // release the abandoned reader, if it is still waiting (on a thread of its own: with no reader this would block)
        Thread release = new Thread(() -> {
            try (var w = Files.newOutputStream(fifo)) {
                w.write('\n');
            } catch (java.io.IOException ignored) {
                // nobody was waiting
            }
        });
        release.setDaemon(true);
        release.start();
    }
}
