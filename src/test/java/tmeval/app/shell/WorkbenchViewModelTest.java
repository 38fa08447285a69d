package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace.Slot;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;
import tmeval.run.output.CompareRowFormat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class WorkbenchViewModelTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        AppFixtures.files(dir).forEach(vm.inputs()::load);
        vm.run().methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.RATIO_CONVEX)));
        vm.run().temperaturesProperty().set(5);
        vm.run().burnInProperty().set(2);
        vm.run().start();
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    /** Issue 39: the status bar repeated the inputs pane's line; with no view's job running it says nothing. */
    @Test
    void theStatusBarDoesNotRepeatTheInputsPanesLine() {
        assertFalse(vm.inputs().statusProperty().get().isEmpty(), "the pane's line");
        assertEquals("", vm.backgroundWorkProperty().get());
    }

    @Test
    void aSessionReopensToTheSameSettingsAndResults() throws Exception {
        Path session = dir.resolve("s.tmeval-session.tsv");
        vm.workspace().minTokensProperty().set(2);
        vm.run().start();
        int saved = vm.results().all().size();
        String table = vm.table().text('\t').replaceAll("\t[0-9.]+\n", "\n");
        vm.run().adaptiveProperty().set(true);
        vm.run().maxTemperaturesProperty().set(40);
        vm.saveSession(session);
        vm.run().adaptiveProperty().set(false);
        vm.run().temperaturesProperty().set(777);
        vm.workspace().minTokensProperty().set(1);
        vm.run().methods().get(ComparisonMethods.LR_DIFF).set(true);
        assertEquals(0, vm.results().all().size(), "new inputs void the results");
        vm.openSession(session);
        assertEquals(5, vm.run().temperaturesProperty().get());
        assertEquals(2, vm.workspace().minTokensProperty().get());
        assertTrue(vm.run().adaptiveProperty().get());
        assertEquals(40, vm.run().maxTemperaturesProperty().get());
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX), vm.run().selectedMethods());
        assertEquals(saved, vm.results().all().size());
        assertEquals(table, vm.table().text('\t').replaceAll("\t[0-9.]+\n", "\n"), "the same table up to the seconds");
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void aSessionRestoresEverythingOnScreenTheCurvesTheReferenceAndTheTeachingView() throws Exception {
        Path session = dir.resolve("full.tmeval-session.tsv");
        vm.run().referenceParticlesProperty().set(37);
        vm.curves().temperaturesProperty().set(123);
        vm.curves().runsProperty().set(3);
        var point = new tmeval.run.exec.CurveRunner.Point(20, tmeval.estimate.Methods.AIS, 1, 500, -1234.5, 9999, 0, 0.25, 0);
        vm.curves().restore(List.of(point));
        vm.teaching().temperaturesProperty().set(77);
        vm.teaching().samplesProperty().set(6);
        vm.saveSession(session);
        vm.run().referenceParticlesProperty().set(5);
        vm.curves().temperaturesProperty().set(5);
        vm.curves().runsProperty().set(1);
        vm.curves().restore(List.of());
        vm.teaching().temperaturesProperty().set(5);
        vm.teaching().samplesProperty().set(1);
        vm.openSession(session);
        assertEquals(37, vm.run().referenceParticlesProperty().get());
        assertEquals(123, vm.curves().temperaturesProperty().get());
        assertEquals(3, vm.curves().runsProperty().get());
        assertEquals(List.of(point), vm.curves().points(), "the curve points on screen come back");
        assertEquals(77, vm.teaching().temperaturesProperty().get());
        assertEquals(6, vm.teaching().samplesProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void aSessionWithABadSettingIsRefusedAndChangesNothingElse() throws Exception {
        Path session = dir.resolve("bad.tmeval-session.tsv");
        Files.writeString(session, tmeval.run.output.SessionFile.MAGIC + "\nsetting\ttemperatures\tmany\n");
        int before = vm.results().all().size();
        vm.openSession(session);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).startsWith("Cannot open the session: ") && errors.get(0).contains("line 2: setting temperatures"), errors.get(0));
        assertEquals(before, vm.results().all().size());
    }

    /**
     * A session the reader refuses (agreeWithin NaN, threads beyond the command line's range) is reported in one
     * message naming the setting and the line, and the form keeps every value it had: nothing clamped, nothing thrown.
     */
    @Test
    void aSessionWithAnOutOfRangeOrNonFiniteSettingLeavesTheFormAsItWas() throws Exception {
        double agreeWithin = vm.run().agreeWithinProperty().get();
        int threads = vm.run().threadsProperty().get();
        int temperatures = vm.run().temperaturesProperty().get();
        for (String bad : List.of("agreeWithin\tNaN", "threads\t100000", "temperatures\t-5")) {
            errors.clear();
            Path session = dir.resolve("edited.tmeval-session.tsv");
            Files.writeString(session, tmeval.run.output.SessionFile.MAGIC + "\nsetting\truns\t3\nsetting\t" + bad + "\n");
            vm.openSession(session);
            assertEquals(1, errors.size(), bad);
            assertTrue(errors.get(0).contains("line 3: setting " + bad.split("\t")[0]), errors.get(0));
            assertEquals(agreeWithin, vm.run().agreeWithinProperty().get(), 0.0, bad);
            assertEquals(threads, vm.run().threadsProperty().get(), bad);
            assertEquals(temperatures, vm.run().temperaturesProperty().get(), bad);
            assertEquals(2, vm.run().runsProperty().get(), bad + ": not even the valid setting before it is applied");
        }
    }

    @Test
    void theExportIsTheCompareOutputWithTheProvenanceOfTheRunThatMadeIt() throws Exception {
        vm.run().temperaturesProperty().set(999); // changed after the run: the export still names the run's plan
        Path out = dir.resolve("comparison.tsv");
        vm.exportResults(out);
        List<String> lines = Files.readAllLines(out);
        assertTrue(lines.get(0).startsWith("# tmeval\t"), lines.get(0));
        assertTrue(lines.contains("# setting\tplan\tcompare"), lines.toString());
        assertTrue(lines.contains("# setting\ttemperatures\t5"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# input\tmodel-a\t" + dir.resolve("a.tsv").toAbsolutePath())), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# input\tcorpus\t")), lines.toString());
        int header = lines.indexOf(CompareRowFormat.HEADER.strip());
        assertTrue(header > 0, "the compare header after the provenance");
        assertEquals(AppFixtures.DOCUMENTS * 2 * 2, lines.size() - header - 1, "every document, both directions, two runs");
    }

    @Test
    void resultsThatAreNotSavedAreNeverDroppedWithoutAsking() throws Exception {
        List<String> asked = new ArrayList<>();
        boolean[] goAhead = {false};
        vm.setConfirmHandler((title, question) -> {
            asked.add(title + " " + question);
            return goAhead[0];
        });
        var before = vm.results().all();
        assertEquals(AppFixtures.DOCUMENTS * 2 * 2, before.size());
        String what = "the results of ratio-convex, n = 5, 2 runs, seed 1 (48 rows)";
        // quitting (Ctrl+Q, the window's close button)
        assertFalse(vm.mayQuit());
        assertTrue(asked.get(0).contains("Quitting drops " + what), asked.get(0));
        // new inputs, by any way: a file, the sample data, a session, a results file, the alignment, the minimum length
        vm.inputs().load(Slot.MODEL_B, dir.resolve("b.tsv"));
        vm.inputs().load(Slot.CORPUS, dir.resolve("heldout.tokens"));
        vm.openSampleData();
        Path other = dir.resolve("other.tmeval-session.tsv");
        Files.writeString(other, tmeval.run.output.SessionFile.MAGIC + "\nsetting\ttemperatures\t9\n");
        vm.openSession(other);
        vm.workspace().alignProperty().set(false);
        vm.workspace().minTokensProperty().set(3);
        assertEquals(7, asked.size(), asked.toString());
        assertTrue(asked.get(1).startsWith("Drop what is not saved? Loading b.tsv as model B drops " + what), asked.get(1));
        assertTrue(asked.get(4).startsWith("Drop what is not saved? Opening the session other.tmeval-session.tsv drops " + what), asked.get(4));
        assertTrue(vm.workspace().alignProperty().get(), "the alignment kept");
        assertEquals(1, vm.workspace().minTokensProperty().get(), "the minimum length kept");
        assertEquals(5, vm.run().temperaturesProperty().get(), "the session's settings were not applied");
        // a run of another plan replaces nothing: it is a new run of the history, and nothing is asked
        vm.run().temperaturesProperty().set(6);
        vm.run().start();
        assertEquals(7, asked.size());
        assertEquals(2, vm.history().runs().size());
        assertTrue(vm.history().show(vm.history().runs().get(0)));
        assertEquals(before, vm.results().all(), "nothing was dropped");
        // a method selection never drops them, not even one the pair cannot serve (a model of another K, say)
        vm.run().methods().get(ComparisonMethods.RATIO_CONVEX).set(false);
        vm.run().methods().get(ComparisonMethods.RATIO_CONVEX).set(true);
        assertEquals(before, vm.results().all());
        // saved, they go without a question
        vm.saveSession(dir.resolve("saved.tmeval-session.tsv"));
        assertTrue(vm.mayQuit());
        vm.workspace().minTokensProperty().set(2);
        assertEquals(7, asked.size(), asked.toString());
        assertEquals(2, vm.workspace().minTokensProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void everyViewOfTheResultsNamesThePlanThatMadeThemAndSaysWhenTheFormDiffers() {
        assertEquals("Results of: ratio-convex, n = 5, 2 runs, seed 1", vm.resultsCaption().textProperty().get());
        assertEquals("", vm.resultsCaption().changesProperty().get(), "the form is the plan of the results");
        vm.run().temperaturesProperty().set(10);
        vm.run().runsProperty().set(3);
        assertEquals("the form differs from these results: temperatures 10 instead of 5; runs 3 instead of 2", vm.resultsCaption().changesProperty().get());
        vm.run().methods().values().forEach(on -> on.set(false));
        assertEquals("the form differs from these results (one of its settings is not valid)", vm.resultsCaption().changesProperty().get());
        vm.run().methods().get(ComparisonMethods.RATIO_CONVEX).set(true);
        vm.run().temperaturesProperty().set(5);
        vm.run().runsProperty().set(2);
        assertEquals("", vm.resultsCaption().changesProperty().get());
        // the other screens' results name theirs
        assertEquals("", vm.curves().caption().textProperty().get(), "no curves yet");
        vm.curves().restore(List.of(new tmeval.run.exec.CurveRunner.Point(20, tmeval.estimate.Methods.AIS, 1, 500, -1234.5, 9999, 0, null, 0)),
                tmeval.app.curves.CurvesViewModel.planOf(List.of(tmeval.estimate.Methods.AIS), 30, 1));
        assertEquals("Curves of: ais, n = 30, 1 run, seed 1", vm.curves().caption().textProperty().get());
        assertTrue(vm.curves().caption().changesProperty().get().startsWith("the form differs from these results: methods ") && vm.curves().caption().changesProperty().get().contains(" instead of ais"),
                vm.curves().caption().changesProperty().get());
    }
}
