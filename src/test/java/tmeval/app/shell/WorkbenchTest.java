package tmeval.app.shell;

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
import tmeval.app.common.Workspace.Slot;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.Methods;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workbench, headless (TestFX with Monocle): opening, a comparison, cancel, a bad file, live curves. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchTest {
    private Workbench workbench;
    private WorkbenchViewModel vm;
    private Stage stage;

    @TempDir
    static Path storage;

    @TempDir
    Path dir;

    /** A workbench that keeps its recent files in memory and reads no speed measurements of the user's. */
    static Workbench isolated(Path storage) {
        return new Workbench(new WorkbenchViewModel(new tmeval.app.common.BackgroundTaskExecutor(),
                new WorkbenchViewModel.Storage(RecentFiles.inMemory(), storage.resolve("throughput.tsv")), Workbench::showError));
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = isolated(storage);
        vm = workbench.viewModel();
        workbench.closeWith(stage);
        stage.setScene(new Scene(workbench.root(), 1280, 800));
        stage.sizeToScene(); // the toolkit's stage keeps a size an earlier test class gave it otherwise
        stage.show();
        vm.openSampleData();
    }

    @AfterEach
    void stop() {
        workbench.shutdown();
    }

    private static void waitFor(int seconds, Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
    }

    private static long compareWorkers() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("tmeval-compare") && t.isAlive()).count();
    }

    private void waitForInputs() throws Exception {
        waitFor(60, () -> vm.workspace().pairProperty().get() != null && vm.workspace().corpusProperty().get() != null
                && vm.workspace().seriesProperty().get() != null && !vm.inputs().loadingProperty().get());
    }

    /** Only the given methods selected, small settings, on the FX thread. */
    private void configure(FxRobot robot, int temperatures, int runs, String... methods) {
        robot.interact(() -> {
            vm.run().methods().forEach((name, on) -> on.set(java.util.List.of(methods).contains(name)));
            vm.run().temperaturesProperty().set(temperatures);
            vm.run().burnInProperty().set(5);
            vm.run().runsProperty().set(runs);
        });
    }

    /**
     * The walkthrough's Esc, pressed to close a drop-down during a run, cancelled the run: no key combination of the
     * menus or of the scene answers Esc, and Run > Cancel answers Ctrl+. instead.
     */
    @Test
    void escNeverCancelsARunAndCtrlPeriodDoes(FxRobot robot) {
        javafx.scene.input.KeyEvent esc = key(javafx.scene.input.KeyCode.ESCAPE, false);
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) workbench.root().lookup(".menu-bar");
        javafx.scene.control.MenuItem cancel = null;
        for (javafx.scene.control.Menu menu : bar.getMenus()) {
            for (javafx.scene.control.MenuItem item : menu.getItems()) {
                assertFalse(item.getAccelerator() != null && item.getAccelerator().match(esc), item.getText() + " answers Esc");
                cancel = "menu-cancel".equals(item.getId()) ? item : cancel;
            }
        }
        for (javafx.scene.input.KeyCombination k : stage.getScene().getAccelerators().keySet()) {
            assertFalse(k.match(esc), k + " answers Esc");
        }
        assertTrue(cancel != null && cancel.getAccelerator().match(key(javafx.scene.input.KeyCode.PERIOD, true)),
                "Run > Cancel answers Ctrl+.: " + (cancel == null ? null : cancel.getAccelerator()));
    }

    /** A key pressed, with the platform's shortcut modifier (Ctrl; Cmd on a Mac) or none. */
    private static javafx.scene.input.KeyEvent key(javafx.scene.input.KeyCode code, boolean shortcut) {
        boolean mac = System.getProperty("os.name", "").startsWith("Mac");
        return new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", code, false, shortcut && !mac, false,
                shortcut && mac);
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
        // the form opens on auto: its cost is its pilot, then what it may choose
        assertTrue(cost.getText().startsWith("cost: auto: a pilot of about "), cost.getText());
    }

    @Test
    void theCorpusCanBeLimitedToLongDocuments(FxRobot robot) throws Exception {
        waitForInputs();
        Label corpus = robot.lookup("#corpus-summary").queryAs(Label.class);
        Label cost = robot.lookup("#run-cost").queryAs(Label.class);
        String allCost = cost.getText();
        robot.interact(() -> lookupSpinner(robot, "#corpus-min-tokens").getValueFactory().setValue(100));
        waitFor(10, () -> vm.workspace().corpusProperty().get() != null && vm.workspace().corpusProperty().get().size() == 157);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(corpus.getText().contains("157 documents") && corpus.getText().contains("at least 100 tokens"), corpus.getText());
        assertTrue(vm.workspace().corpusProperty().get().documents().stream().allMatch(d -> d.length() >= 100));
        assertTrue(!cost.getText().equals(allCost), "the cost preview follows the smaller corpus: " + cost.getText());
        // a limit no document reaches leaves no corpus and says why
        robot.interact(() -> vm.workspace().minTokensProperty().set(100_000));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, vm.workspace().corpusProperty().get());
        assertTrue(vm.workspace().statusProperty().get().contains("at least 100000 tokens"), vm.workspace().statusProperty().get());
        robot.interact(() -> vm.workspace().minTokensProperty().set(1));
        waitFor(10, () -> vm.workspace().corpusProperty().get() != null && vm.workspace().corpusProperty().get().size() == 300);
    }

    @Test
    void aSmallComparisonFillsTheTableAndTheScatterWithOneEntryPerDocument(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5, 2, ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF);
        robot.clickOn("#run-button");
        // wait for the final state, not for 'running': a short job can start and end between two polls
        waitFor(120, () -> !vm.run().runningProperty().get() && vm.run().messageProperty().get().startsWith("finished"));
        WaitForAsyncUtils.waitForFxEvents();
        int documents = vm.workspace().corpusProperty().get().size();
        var rows = vm.table().rows();
        assertEquals(3, rows.size(), "ratio-convex forward and reverse, and lr-diff");
        for (var row : rows) {
            assertEquals(documents, row.documents(), row.label());
            assertTrue(row.variance() != null, "two runs give a variance: " + row.label());
        }
        assertEquals(documents, vm.scatter().pointCount(ComparisonMethods.RATIO_CONVEX));
        assertEquals(documents, vm.scatter().pointCount(ComparisonMethods.LR_DIFF));
        assertTrue(robot.lookup("#run-message").queryAs(Label.class).getText().startsWith("finished"));
    }

    @Test
    void cancelStopsALongRunWithinASecondAndTheWindowStaysResponsive(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5_000_000, 1, ComparisonMethods.RATIO_CONVEX);
        robot.clickOn("#run-button");
        waitFor(5, () -> vm.run().runningProperty().get());
        // cancel once the workers are annealing, not before they started
        waitFor(10, () -> compareWorkers() > 0);
        long start = System.nanoTime();
        robot.clickOn("#cancel-button");
        waitFor(5, () -> !vm.run().runningProperty().get());
        double seconds = (System.nanoTime() - start) / 1e9;
        // a second and a half on a machine that is not overloaded (the robot's click and the FX thread's turn included);
        // one whose load exceeds its cores gets three, as SignalTest allows (seen: 2.4 s at a load of 10 on 2 cores)
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        double allowed = load > Runtime.getRuntime().availableProcessors() ? 3.0 : 1.5;
        assertTrue(seconds < allowed, "cancel took " + seconds + " s (load " + load + ")");
        assertTrue(robot.lookup("#run-message").queryAs(Label.class).getText().startsWith("cancelled"));
        // responsive: another tab can be chosen and shows
        robot.clickOn("Variance table");
        TabPane tabs = robot.lookup("#views").queryAs(TabPane.class);
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        assertEquals("tab-table", selected.getId());
        waitFor(2, () -> compareWorkers() == 0);
    }

    @Test
    void aMalformedFileShowsTheErrorAndKeepsThePreviousModel(FxRobot robot) throws Exception {
        waitForInputs();
        TopicModel before = vm.workspace().modelAProperty().get();
        Path bad = dir.resolve("broken-model.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\nword\t0.5\n");
        robot.interact(() -> vm.inputs().load(Slot.MODEL_A, bad));
        waitFor(10, () -> robot.lookup("#error-dialog").tryQuery().isPresent());
        DialogPane dialog = robot.lookup("#error-dialog").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains("broken-model.tsv, line 3"), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("expected a word and 2 probabilities"), dialog.getContentText());
        assertSame(before, vm.workspace().modelAProperty().get(), "the previous model A stays");
        Node ok = robot.lookup(".dialog-pane .button").query();
        robot.clickOn(ok);
    }

    @Test
    void theCurveViewGainsPointsWhileTheSeriesIsEvaluated(FxRobot robot) throws Exception {
        waitForInputs();
        robot.interact(() -> {
            vm.curves().methods().forEach((name, on) -> on.set(name.equals(Methods.ITERATION_AIS)));
            vm.curves().temperaturesProperty().set(20);
            vm.curves().runsProperty().set(1);
            workbench.select("curves");
        });
        robot.clickOn("#curve-run");
        waitFor(60, () -> vm.curves().pointCount() >= 1);
        int early = vm.curves().pointCount();
        assertTrue(vm.curves().runningProperty().get() || early == 20, "points arrive while the run goes on");
        waitFor(120, () -> !vm.curves().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(20, vm.curves().pointCount(), "one point per snapshot");
        assertTrue(early < 20, "the first point came before the last snapshot (" + early + ")");
    }

    @Test
    void aSavedSessionReopensToTheSameState(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5, 2, ComparisonMethods.RATIO_CONVEX);
        robot.interact(() -> vm.workspace().minTokensProperty().set(100));
        waitFor(10, () -> vm.workspace().corpusProperty().get().size() == 157);
        robot.clickOn("#run-button");
        // wait for the final state, not for 'running': a short job can start and end between two polls
        waitFor(120, () -> !vm.run().runningProperty().get() && vm.run().messageProperty().get().startsWith("finished"));
        WaitForAsyncUtils.waitForFxEvents();
        Path session = dir.resolve("saved.tmeval-session.tsv");
        robot.interact(() -> {
            try {
                vm.saveSession(session);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        var before = vm.results().all();
        String tableBefore = vm.table().text('\t');
        robot.interact(() -> {
            vm.results().reset(vm.workspace().corpusProperty().get());
            vm.run().temperaturesProperty().set(777);
            vm.workspace().minTokensProperty().set(1);
            vm.openSession(session);
        });
        waitFor(60, () -> !vm.inputs().loadingProperty().get() && vm.results().all().size() == before.size());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5, vm.run().temperaturesProperty().get(), "settings restored");
        assertEquals(100, vm.workspace().minTokensProperty().get(), "the document-length limit restored");
        assertEquals(157, vm.workspace().corpusProperty().get().size());
        assertEquals(tableBefore.replaceAll("\t[0-9.]+\n", "\n"), vm.table().text('\t').replaceAll("\t[0-9.]+\n", "\n"),
                "the same table (up to the seconds column)");

        // a session that names no model series restores its results too (they were dropped: the results were applied
        // when the corpus task stopped running, before its success handler had put the corpus in place)
        Path noSeries = dir.resolve("no-series.tmeval-session.tsv");
        Files.write(noSeries, Files.readAllLines(session).stream().filter(l -> !l.startsWith("input\tseries\t")).toList());
        // in a new window, as 'java -jar tmeval.jar --session S' opens it
        Workbench[] fresh = new Workbench[1];
        robot.interact(() -> {
            fresh[0] = isolated(storage);
            fresh[0].viewModel().openSession(noSeries);
        });
        try {
            waitFor(60, () -> !fresh[0].viewModel().inputs().loadingProperty().get() && fresh[0].viewModel().workspace().corpusProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(before.size(), fresh[0].viewModel().results().all().size(), "every result restored");
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
            vm.inputs().setMatrixCompanions(p -> new tmeval.io.ModelLoader.Spec(p, alpha, null, false));
            vm.inputs().load(Slot.MODEL_B, matrix);
        });
        waitFor(10, () -> vm.workspace().modelBProperty().get().numTopics() == 2);
        assertEquals(0.8, vm.workspace().modelBProperty().get().phi(2, 1), 0.0);
        // model B no longer fits model A (its vocabulary differs; a different K alone the ratio paths take): the pair is
        // refused with the reason (the pair is cleared a moment before its problem is set: wait for both, or a loaded
        // machine reads an empty problem)
        waitFor(5, () -> vm.workspace().pairProperty().get() == null && !vm.workspace().pairProblemProperty().get().isEmpty());
        assertTrue(vm.workspace().pairProblemProperty().get().contains("vocabularies differ (A has 6906 words, B 3"),
                vm.workspace().pairProblemProperty().get());
        assertTrue(vm.workspace().pairProblemProperty().get().contains("or load models trained on the same words"),
                "said in the window's words: " + vm.workspace().pairProblemProperty().get());
    }

    @Test
    void aFileBeingReadCanBeStoppedAndTheInputsKeepWhatTheyHad(FxRobot robot) throws Exception {
        waitForInputs();
        var corpusBefore = vm.workspace().corpusProperty().get();
        // a FIFO nobody writes to: opening it blocks where Java cannot interrupt, the worst case for a cancel
        Path fifo = dir.resolve("no-writer");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        robot.interact(() -> vm.inputs().load(Slot.CORPUS, fifo));
        waitFor(5, () -> vm.inputs().loadingProperty().get());
        robot.clickOn("#cancel-loads");
        waitFor(2, () -> !vm.inputs().loadingProperty().get());
        assertSame(corpusBefore, vm.workspace().corpusProperty().get(), "the corpus is unchanged");
        assertTrue(vm.workspace().statusProperty().get().startsWith("stopped reading"), vm.workspace().statusProperty().get());
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

    /** Whether a labelled control shows its whole text (a label cut to "..." shows something else). */
    private static boolean whole(javafx.scene.control.Labeled l) {
        javafx.scene.text.Text shown = (javafx.scene.text.Text) l.lookup(".text");
        return shown != null && shown.getText().equals(l.getText());
    }

    @Test
    void at1280x800TheButtonsStayWholeWhileAJobRunsAndEnterInAFieldStartsNothing(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 3000, 2, tmeval.compare.ComparisonMethods.RATIO_CONVEX);
        // Enter in a field commits the field; it is not a Run
        robot.clickOn("#setting-temperatures");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(vm.run().runningProperty().get(), "Enter in a field must not start a job");
        robot.interact(() -> vm.run().start());
        waitFor(30, () -> vm.run().progressProperty().get() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"#run-button", "#cancel-button", "#reload-sample"}) {
            javafx.scene.control.Labeled b = robot.lookup(id).queryAs(javafx.scene.control.Labeled.class);
            assertTrue(whole(b), id + " shows '" + ((javafx.scene.text.Text) b.lookup(".text")).getText() + "'");
            javafx.geometry.Bounds onScreen = b.localToScene(b.getBoundsInLocal());
            assertTrue(onScreen.getMaxY() <= 800 && onScreen.getMinY() >= 0 && b.isVisible(), id + " is in sight: " + onScreen);
        }
        robot.interact(() -> vm.run().cancel());
        waitFor(30, () -> !vm.run().runningProperty().get());
        assertEquals("", vm.run().etaProperty().get());
    }

    @Test
    void theTeachingViewRunsAgainWithANewSeedAndPlaysThroughTheTemperatures(FxRobot robot) throws Exception {
        waitForInputs();
        robot.interact(() -> workbench.select("teaching"));
        waitFor(30, () -> vm.teaching().runProperty().get() != null && vm.teaching().summaryProperty().get().contains("AIS estimate"));
        var first = vm.teaching().runProperty().get();
        String firstSummary = vm.teaching().summaryProperty().get();
        robot.clickOn("#teaching-new-seed");
        waitFor(30, () -> vm.teaching().runProperty().get() != null && vm.teaching().runProperty().get() != first
                && vm.teaching().summaryProperty().get().contains("AIS estimate"));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(firstSummary.equals(vm.teaching().summaryProperty().get()), "another seed, other weights and another text");
        robot.interact(() -> vm.teaching().stepProperty().set(0));
        robot.clickOn("#teaching-play");
        waitFor(30, () -> vm.teaching().stepProperty().get() > 3);
        // the play button toggles: fired while playing it pauses (fired here, not clicked: a click's mouse travel can
        // outlast the short run, which then stops by itself at its last step)
        javafx.scene.control.Button play = robot.lookup("#teaching-play").queryButton();
        robot.interact(() -> {
            vm.teaching().stepProperty().set(0);
            if (!vm.teaching().playingProperty().get()) {
                play.fire();
            }
            play.fire();
        });
        assertFalse(vm.teaching().playingProperty().get(), "a second press pauses");
    }

    /** Types into a field as a user does: a click in it, Ctrl+A, the text; no Enter, no Tab. */
    private static void typeInto(FxRobot robot, String id, String text) {
        robot.clickOn(id);
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.A);
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void waitForTheJob() throws Exception {
        waitFor(120, () -> !vm.run().runningProperty().get() && vm.run().messageProperty().get().startsWith("finished"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aValueTypedIntoAFieldIsWhatCtrlRRunsWithNoTabOrEnterBetween(FxRobot robot) throws Exception {
        waitForInputs();
        vm.setConfirmHandler((title, question) -> true); // the second run replaces the first's results
        configure(robot, 5, 1, ComparisonMethods.LR_DIFF);
        typeInto(robot, "#setting-temperatures", "10");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.R);
        waitForTheJob();
        assertEquals(10, vm.run().lastPlanProperty().get().settings().temperatures(), "the job ran what the field showed");
        assertEquals(10, vm.run().temperaturesProperty().get());
        assertEquals("Results of: lr-diff, n = 10, 1 run, seed 1", robot.lookup("#plan-scatter-text").queryAs(Label.class).getText());
        assertEquals("", robot.lookup("#plan-scatter-changes").queryAs(Label.class).getText());
        // the form edited since (Enter commits a field, and starts nothing): the views say how it differs
        typeInto(robot, "#setting-temperatures", "20");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("the form differs from these results: temperatures 20 instead of 10", robot.lookup("#plan-scatter-changes").queryAs(Label.class).getText());
        // text that is not a value: the job does not start, and the field is named
        typeInto(robot, "#setting-temperatures", "abc");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.R);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("cannot run: temperatures: needs a whole number, was 'abc'", vm.run().messageProperty().get());
        assertEquals(10, vm.run().lastPlanProperty().get().settings().temperatures(), "no job started");
        // the inputs' field too: the minimum length typed, then Ctrl+R, runs on the documents it keeps
        typeInto(robot, "#setting-temperatures", "10");
        typeInto(robot, "#corpus-min-tokens", "100");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.R);
        waitForTheJob();
        assertEquals(100, vm.workspace().minTokensProperty().get());
        assertEquals(157, vm.results().corpus().size());
        assertEquals(157, vm.results().all().size(), "every document of at least 100 tokens, one run");
    }

    @Test
    void everyOtherScreenThatStartsAJobRunsWhatItsFieldsShow(FxRobot robot) throws Exception {
        waitForInputs();
        // iteration curves: a start with the caret still in the field
        robot.interact(() -> {
            vm.curves().methods().forEach((name, on) -> on.set(name.equals(Methods.VB)));
            workbench.select("curves");
        });
        typeInto(robot, "#curve-temperatures", "7");
        robot.interact(() -> {
            vm.curves().start();
            vm.curves().cancel();
        });
        assertEquals(7, vm.curves().shownPlanProperty().get().settings().temperatures());
        assertEquals(7, vm.curves().temperaturesProperty().get());
        waitFor(10, () -> !vm.curves().runningProperty().get());
        // which K?
        robot.interact(() -> {
            workbench.select("whichk");
            vm.whichK().addModelsAB();
            vm.whichK().settings().methodProperty().set(Methods.VB);
        });
        typeInto(robot, "#whichk-runs", "3");
        robot.interact(() -> vm.whichK().start());
        waitFor(60, () -> !vm.whichK().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, vm.whichK().settings().runsProperty().get());
        assertTrue(robot.lookup("#plan-whichk-text").queryAs(Label.class).getText().startsWith("Scores of: vb, 3 runs"),
                robot.lookup("#plan-whichk-text").queryAs(Label.class).getText());
        // teaching: run again with the temperatures the field shows
        robot.interact(() -> workbench.select("teaching"));
        waitFor(30, () -> vm.teaching().runProperty().get() != null && !vm.teaching().busyProperty().get());
        typeInto(robot, "#teaching-temperatures", "12");
        robot.interact(() -> vm.teaching().runAgainWithNewSeed());
        waitFor(30, () -> vm.teaching().runProperty().get() != null && vm.teaching().runProperty().get().temperatures() == 12);
    }

    @Test
    void quittingWithResultsNotSavedAsksFirstByCtrlQAndByTheWindowsCloseButton(FxRobot robot) throws Exception {
        waitForInputs();
        configure(robot, 5, 1, ComparisonMethods.LR_DIFF);
        robot.interact(() -> vm.run().start());
        waitForTheJob();
        // the question waits for its answer: the close button's event is fired without waiting for it
        for (Runnable quit : new Runnable[] {
                () -> robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.Q),
                () -> javafx.application.Platform.runLater(() -> stage.fireEvent(new javafx.stage.WindowEvent(stage,
                        javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST)))}) {
            quit.run();
            waitFor(10, () -> robot.lookup("#confirm-dialog").tryQuery().isPresent());
            DialogPane question = robot.lookup("#confirm-dialog").queryAs(DialogPane.class);
            assertTrue(question.getContentText().startsWith("Quitting drops the results of lr-diff, n = 5, 1 run, seed 1 (300 rows)"),
                    question.getContentText());
            robot.clickOn((Node) question.lookupButton(javafx.scene.control.ButtonType.CANCEL));
            waitFor(10, () -> robot.lookup("#confirm-dialog").tryQuery().isEmpty());
            assertTrue(stage.isShowing(), "Cancel keeps the window and its results");
            assertEquals(300, vm.results().all().size());
        }
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.Spinner<Integer> lookupSpinner(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(javafx.scene.control.Spinner.class);
    }
}
