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
import tmeval.app.inputs.RecentFiles;
import tmeval.cli.Cli;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.run.auto.AutoComparison;
import tmeval.run.distributed.CompareCommandLine;
import tmeval.run.output.Provenance;
import tmeval.run.output.SessionFile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workbench runs and opens {@code auto} comparisons (issue 24, item 8): its form opens on auto, a run's export is
 * {@code compare --no-timing}'s file of the same plan (rows and provenance but the time it was written), and an auto
 * output or session opens with its choice, its rounds and auto in the form.
 */
@ExtendWith(FxThread.class)
class AutoRunTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();
    private Path a;
    private Path b;
    private Path corpus;

    @BeforeEach
    void setUp() throws Exception {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
        a = dir.resolve("a.tsv");
        b = dir.resolve("b.tsv");
        corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        NativeModelFormat.write(AppFixtures.modelB(), b);
        TextCorpusFormat.writeTokenLines(AppFixtures.corpus(), corpus);
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    /** The inputs loaded as a session of nothing but them loads them. */
    private void loadInputs() throws Exception {
        Path inputs = dir.resolve("inputs.session.tsv");
        SessionFile.write(new SessionFile.Session(Map.of("modelA", a, "modelB", b, "corpus", corpus), Map.of(), List.of()), inputs);
        vm.openSession(inputs);
        assertTrue(errors.isEmpty(), errors.toString());
    }

    private static void cli(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli().run(args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    }

    /** The {@code #} lines but the one with the time the file was written. */
    private static List<String> provenance(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> l.startsWith("#") && !l.startsWith(Provenance.WRITTEN_LINE)).toList();
    }

    /** The rows with the millis column blanked (the workbench writes the time each took, --no-timing 0). */
    private static List<String> rows(Path file) throws Exception {
        return Files.readAllLines(file).stream().filter(l -> !l.startsWith("#"))
                .map(l -> l.replaceAll("\t[0-9.]+\t(ok|zero-weight|below-floor|refused)\t", "\t$1\t")).toList();
    }

    @Test
    void anAutoRunExportsCompareNoTimingsFileAndItsOutputOpensWithTheChoice() throws Exception {
        loadInputs();
        vm.run().autoProperty().set(true); // a session saved before auto named its methods; the form's default is auto
        vm.run().seedProperty().set(5);
        vm.run().threadsProperty().set(2);
        vm.run().start();
        String message = vm.run().messageProperty().get();
        assertTrue(message.startsWith("finished auto (seed 5): auto chose "), message);
        ComparisonJob made = vm.results().planProperty().get();
        assertNotNull(made.auto(), "the results' plan is auto's choice with its pilot");
        assertEquals(1, made.plan().methods().size());
        assertTrue(AutoComparison.CANDIDATES.contains(made.plan().methods().get(0)));
        assertTrue(message.contains(made.plan().methods().get(0) + " at n = " + made.plan().settings().temperatures()), message);
        assertTrue(vm.resultsCaption().textProperty().get().startsWith("Results of: auto chose " + made.plan().methods().get(0)),
                vm.resultsCaption().textProperty().get());
        assertEquals("", vm.resultsCaption().changesProperty().get(), "the auto form is the plan of the auto results");
        vm.run().seedProperty().set(6);
        assertEquals("the form differs from these results: seed 6 instead of 5", vm.resultsCaption().changesProperty().get());
        vm.run().seedProperty().set(5);

        Path exported = dir.resolve("workbench.tsv");
        vm.exportResults(exported);
        // the command the workbench writes for its form's plan, run by compare
        Path cliOut = dir.resolve("compare.tsv");
        List<String> args = new ArrayList<>(CompareCommandLine.arguments(ComparisonJob.auto(vm.run().lastPlanProperty().get()),
                new CompareCommandLine.Inputs(a, b, corpus, 1), true));
        assertTrue(args.containsAll(List.of("--method", "auto", "--seed", "5")), args.toString());
        args.addAll(List.of("--out", cliOut.toString()));
        cli(args);
        assertEquals(provenance(cliOut), provenance(exported), "auto's provenance: the chosen plan, auto, its cap and its pilot");
        assertEquals(rows(cliOut), rows(exported), "the same rows, budgets and verdicts");
        assertTrue(rows(cliOut).get(0).endsWith("\ttemperatures\tconverged"), rows(cliOut).get(0));

        // the compare output opens: the form on auto with the file's seed, the results with the file's choice and rounds
        vm.run().presetTable1();
        vm.openSession(cliOut);
        assertTrue(errors.isEmpty(), errors.toString());
        assertTrue(vm.run().autoProperty().get(), "the form takes the file's auto");
        assertEquals(5, vm.run().seedProperty().get());
        assertEquals(made.toSettings(), vm.results().planProperty().get().toSettings());
        Path again = dir.resolve("again.tsv");
        vm.exportResults(again);
        assertEquals(provenance(cliOut), provenance(again));
        assertEquals(rows(cliOut), rows(again));

        // and a session keeps it all
        Path session = dir.resolve("auto.session.tsv");
        vm.saveSession(session);
        vm.run().presetTable1();
        vm.openSession(session);
        assertTrue(errors.isEmpty(), errors.toString());
        assertTrue(vm.run().autoProperty().get(), "the session keeps the form's auto");
        Path fromSession = dir.resolve("from-session.tsv");
        vm.exportResults(fromSession);
        assertEquals(provenance(cliOut), provenance(fromSession));
        assertEquals(rows(cliOut), rows(fromSession));
    }

    /**
     * Issue 39, item 1: after an auto run, the preset in the form made the caption name every setting as "in the form,
     * not in these results" (epsilon, chain-length, particles: settings the run never used), at 1280 x 800 a dozen lines
     * in place of the chart. It names only the settings the run used that differ, in one short line, and puts the
     * run's plan back.
     */
    @Test
    void afterAnAutoRunThePresetInTheFormIsOneShortLineOfTheSettingsTheRunUsed() throws Exception {
        loadInputs();
        vm.run().autoProperty().set(true);
        vm.run().threadsProperty().set(2);
        vm.run().start();
        assertEquals("", vm.resultsCaption().changesProperty().get());
        vm.run().presetTable1();
        String methods = String.join(", ", tmeval.run.plan.ComparisonPlan.defaultSelection());
        assertEquals("the form differs from these results: methods " + methods + " instead of auto", vm.resultsCaption().changesProperty().get());
        vm.run().seedProperty().set(9);
        vm.run().temperaturesProperty().set(10);
        assertEquals("the form differs from these results: methods " + methods + " instead of auto; seed 9 instead of 1",
                vm.resultsCaption().changesProperty().get(), "auto chose the budget: the form's temperatures are not compared");
        assertTrue(vm.resultsCaption().offersPutBack());
        vm.resultsCaption().putBack();
        assertTrue(vm.run().autoProperty().get(), "its plan back in the form: auto");
        assertEquals(1, vm.run().seedProperty().get());
        assertEquals("", vm.resultsCaption().changesProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void tickingAMethodNamesTheMethodsAndThePresetIsThePapersComparison() throws Exception {
        assertTrue(vm.run().autoProperty().get(), "the workbench opens on auto");
        vm.run().methods().get("exact").set(true);
        assertFalse(vm.run().autoProperty().get(), "a ticked method names the methods");
        vm.run().autoProperty().set(true);
        vm.run().presetTable1();
        assertFalse(vm.run().autoProperty().get());
        assertEquals(tmeval.run.plan.ComparisonPlan.defaultSelection(), vm.run().plan().methods());
    }
}
