package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.RunHistory;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.SessionFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history of runs: kept, switched, compared side by side, deleted, saved and reopened (issue 26 item 2). */
@ExtendWith(FxThread.class)
class RunHistoryTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();
    private final List<String> asked = new ArrayList<>();
    private boolean answer = true;

    @BeforeEach
    void setUp() {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        vm.setConfirmHandler((title, question) -> {
            asked.add(title + " " + question);
            return answer;
        });
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    private void load() throws Exception {
        AppFixtures.files(dir).forEach(vm.inputs()::load);
    }

    /** A cheap plain run of one method at n temperatures. */
    private void run(String method, int temperatures) {
        vm.run().methods().forEach((name, on) -> on.set(name.equals(method)));
        vm.run().temperaturesProperty().set(temperatures);
        vm.run().burnInProperty().set(2);
        vm.run().start();
    }

    /** Rows as a session keeps them (a row reopened has its value, not the two log-likelihoods behind it), in any order. */
    private static java.util.Set<String> saved(List<ComparisonRunner.Result> rows) {
        return rows.stream().map(tmeval.run.output.SessionRowFormat::write).collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void twoRunsAreKeptAndTheViewsFollowTheOneOnScreen() throws Exception {
        load();
        run(ComparisonMethods.LR_DIFF, 5);
        List<ComparisonRunner.Result> first = vm.results().all();
        ComparisonJob firstPlan = vm.results().planProperty().get();
        run(ComparisonMethods.AIS_DIFF, 6);
        RunHistory h = vm.history();
        assertEquals(2, h.runs().size(), "a new run never replaces the one before");
        assertTrue(h.runs().get(1).describe().matches("#2 \\d\\d:\\d\\d:\\d\\d " + ComparisonMethods.AIS_DIFF + " n = 6 seed 1"),
                h.runs().get(1).describe());
        assertTrue(asked.isEmpty(), "nothing is replaced, so nothing is asked: " + asked);
        assertEquals(h.runs().get(1), h.shownProperty().get());
        List<ComparisonRunner.Result> second = vm.results().all();
        assertEquals(AppFixtures.DOCUMENTS * 2, second.size());
        assertTrue(second.stream().allMatch(r -> r.method().equals(ComparisonMethods.AIS_DIFF)));
        assertTrue(h.show(h.runs().get(0)));
        assertEquals(first, vm.results().all(), "the first run's rows are back on screen");
        assertEquals(firstPlan, vm.results().planProperty().get());
        assertEquals(List.of(ComparisonMethods.LR_DIFF), vm.table().rows().stream().map(r -> r.method()).toList(), "the table follows");
        assertEquals("Results of: lr-diff, n = 5, 2 runs, seed 1", vm.resultsCaption().textProperty().get());
        // the form still holds the second run's plan: it says so, and the first's plan goes back in it at a click
        assertTrue(vm.resultsCaption().changesProperty().get().contains("temperatures 6 instead of 5"), vm.resultsCaption().changesProperty().get());
        vm.putShownPlanInForm();
        assertEquals("", vm.resultsCaption().changesProperty().get());
        assertEquals(5, vm.run().temperaturesProperty().get());
        assertTrue(h.show(h.runs().get(1)));
        assertEquals(second, vm.results().all());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void aRunIsDeletedOnlyOnceTheUserAgreesWhenItIsNotSaved() throws Exception {
        load();
        run(ComparisonMethods.LR_DIFF, 5);
        run(ComparisonMethods.LR_DIFF, 6);
        RunHistory h = vm.history();
        RunHistory.Run second = h.shownProperty().get();
        answer = false;
        assertFalse(vm.deleteRun(second));
        assertEquals(1, asked.size());
        assertTrue(asked.get(0).startsWith("Delete a run that is not saved?"), asked.get(0));
        assertEquals(2, h.runs().size());
        answer = true;
        assertTrue(vm.deleteRun(second));
        assertEquals(1, h.runs().size());
        assertEquals(h.runs().get(0), h.shownProperty().get(), "the run left takes the screen");
        assertEquals(5, vm.results().planProperty().get().plan().settings().temperatures());
        // saved, a run goes without a question
        vm.saveSession(dir.resolve("s.tmeval-session.tsv"));
        assertTrue(vm.deleteRun(h.runs().get(0)));
        assertEquals(2, asked.size(), asked.toString());
        assertTrue(h.runs().isEmpty());
        assertTrue(vm.results().all().isEmpty());
    }

    @Test
    void aRunComparedWithTheOneOnScreenIsDrawnUnderTheScatterAndBesideInTheTable() throws Exception {
        load();
        run(ComparisonMethods.RATIO_CONVEX, 5);
        run(ComparisonMethods.RATIO_CONVEX, 6);
        RunHistory h = vm.history();
        assertTrue(vm.scatter().beside().pointsProperty().get().isEmpty());
        assertNull(vm.table().besideRow(vm.table().rows().get(0)));
        h.compareWith(h.runs().get(0));
        assertEquals(AppFixtures.DOCUMENTS, vm.scatter().beside().pointsProperty().get().size(), "every document of the first run, under the second's");
        assertEquals(AppFixtures.DOCUMENTS, vm.scatter().plot().pointCount(), "and the second's own points");
        assertTrue(vm.scatter().beside().labelProperty().get().startsWith("beside: run #1 "), vm.scatter().beside().labelProperty().get());
        var row = vm.table().rows().get(0);
        var besideRow = vm.table().besideRow(row);
        assertNotNull(besideRow);
        assertEquals(h.rowsOf(h.runs().get(0)).rows().size(), AppFixtures.DOCUMENTS * 2 * 2);
        assertNotEquals(row.corpusPerplexityRatio(), besideRow.corpusPerplexityRatio(), "the other run's own value (n = 5, not 6)");
        h.compareWith(null);
        assertTrue(vm.scatter().beside().pointsProperty().get().isEmpty());
        assertNull(vm.table().besideRow(row));
    }

    /** The walkthrough's compare-with list offered the run already on screen: it offers every other run, following the one shown. */
    @Test
    void theCompareWithListOffersEveryRunButTheOneOnScreenAndTheRunLineSaysARunWasDeleted() throws Exception {
        load();
        run(ComparisonMethods.LR_DIFF, 5);
        run(ComparisonMethods.LR_DIFF, 6);
        RunHistory h = vm.history();
        assertEquals(List.of(h.runs().get(0)), h.others());
        assertTrue(h.show(h.runs().get(0)));
        assertEquals(List.of(h.runs().get(1)), h.others());
        // the run panel's line said how run 2 finished; once run 2 is deleted it says so instead
        assertTrue(vm.run().messageProperty().get().startsWith("finished "), vm.run().messageProperty().get());
        String second = h.runs().get(1).describe();
        answer = true;
        assertTrue(vm.deleteRun(h.runs().get(1)));
        assertEquals("deleted run " + second, vm.run().messageProperty().get());
    }

    @Test
    void aThreeRunHistoryIsSavedAndReopenedWholeAndSavedAgainByteForByte() throws Exception {
        load();
        run(ComparisonMethods.LR_DIFF, 5);
        run(ComparisonMethods.RATIO_CONVEX, 5);
        vm.run().adaptiveProperty().set(true);
        run(ComparisonMethods.RATIO_CONVEX, 4);
        vm.run().adaptiveProperty().set(false);
        RunHistory h = vm.history();
        assertEquals(3, h.runs().size());
        h.compareWith(h.runs().get(0));
        h.show(h.runs().get(1));
        List<List<ComparisonRunner.Result>> rows = h.runs().stream().map(r -> h.rowsOf(r).rows()).toList();
        List<ComparisonJob> plans = h.runs().stream().map(r -> h.rowsOf(r).plan()).toList();
        Path first = dir.resolve("first.tmeval-session.tsv");
        vm.saveSession(first);
        assertEquals(3, SessionFile.read(first).runs().size());
        assertFalse(vm.mayDiscard("test", false) && !asked.isEmpty(), "saved: nothing asked");
        vm.workspace().minTokensProperty().set(2); // new inputs: the history goes
        assertTrue(h.runs().isEmpty());
        vm.openSession(first);
        assertEquals(3, h.runs().size());
        assertEquals(List.of(1, 2, 3), h.runs().stream().map(RunHistory.Run::id).toList());
        assertEquals(h.runs().get(1), h.shownProperty().get(), "the run that was on screen");
        assertEquals(h.runs().get(0), h.compareProperty().get(), "and the one beside it");
        for (int i = 0; i < 3; i++) {
            assertEquals(plans.get(i), h.rowsOf(h.runs().get(i)).plan());
            assertEquals(saved(rows.get(i)), saved(h.rowsOf(h.runs().get(i)).rows()), "run " + (i + 1) + "'s rows as a session keeps them");
        }
        assertTrue(h.rowsOf(h.runs().get(2)).plan().rounds(), "the adaptive run keeps its rounds");
        Path second = dir.resolve("second.tmeval-session.tsv");
        vm.saveSession(second);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void aSessionSavedBeforeSessionsKeptRunsOpensAsOneRun() throws Exception {
        load();
        run(ComparisonMethods.LR_DIFF, 5);
        // as main's workbench wrote a session: the results' plan in results.* settings, its rows at the top level
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("modelA", dir.resolve("a.tsv"));
        inputs.put("modelB", dir.resolve("b.tsv"));
        inputs.put("corpus", dir.resolve("heldout.tokens"));
        Map<String, String> settings = new LinkedHashMap<>();
        vm.run().plan().toSettings().forEach((k, v) -> settings.put("form." + k, v));
        vm.results().planProperty().get().toSettings().forEach((k, v) -> settings.put("results." + k, v));
        List<ComparisonRunner.Result> saved = vm.results().all();
        Path old = dir.resolve("old.tmeval-session.tsv");
        SessionFile.write(new SessionFile.Session(inputs, settings, saved), old);
        vm.history().markAllSaved();
        vm.openSession(old);
        assertEquals(1, vm.history().runs().size());
        assertEquals(RunHistory.Status.FINISHED, vm.history().runs().get(0).status());
        assertEquals(saved(saved), saved(vm.results().all()));
        assertEquals("Results of: lr-diff, n = 5, 2 runs, seed 1", vm.resultsCaption().textProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void theHistoryKeepsTwentyRunsAndSaysWhichItDrops() throws Exception {
        load();
        for (int i = 0; i < RunHistory.MAX_RUNS; i++) {
            run(ComparisonMethods.LR_DIFF, 2 + i);
        }
        RunHistory h = vm.history();
        assertEquals(RunHistory.MAX_RUNS, h.runs().size());
        assertEquals("", h.noticeProperty().get());
        run(ComparisonMethods.LR_DIFF, 50);
        assertEquals(RunHistory.MAX_RUNS, h.runs().size());
        assertEquals(2, h.runs().get(0).id(), "the oldest went");
        assertTrue(h.noticeProperty().get().startsWith("the history keeps 20 runs: run #1 "), h.noticeProperty().get());
        assertTrue(h.noticeProperty().get().endsWith("was dropped (it was not saved)"), h.noticeProperty().get());
    }
}
