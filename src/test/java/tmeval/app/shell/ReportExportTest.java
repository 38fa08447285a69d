package tmeval.app.shell;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.inputs.RecentFiles;
import tmeval.compare.ComparisonMethods;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * File > Export report and the table's LaTeX export say what {@code tmeval report} says of the same results: the
 * workbench opens a {@code compare} output and writes the same answer, table and certification.
 */
@ExtendWith(FxThread.class)
class ReportExportTest {
    @TempDir
    Path dir;

    private WorkbenchViewModel vm;
    private final List<String> errors = new ArrayList<>();

    @BeforeEach
    void setUp() {
        vm = new WorkbenchViewModel(new CurrentThreadTaskExecutor(), new WorkbenchViewModel.Storage(RecentFiles.inMemory(), dir.resolve("rates.tsv")),
                (title, message) -> errors.add(title + ": " + message));
    }

    @AfterEach
    void tearDown() {
        vm.shutdown();
    }

    /** The page from a section's start to the provenance (which names the results file only on the command line). */
    private static String beforeProvenance(Path html) throws Exception {
        String page = Files.readString(html);
        return page.substring(page.indexOf("<section id=\"answer\">"), page.indexOf("<section id=\"provenance\">"));
    }

    @Test
    void theWorkbenchsReportAndTableSayWhatTheCommandLinesSay() throws Exception {
        Path a = dir.resolve("a.tsv");
        Path b = dir.resolve("b.tsv");
        Path corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        NativeModelFormat.write(AppFixtures.modelB(), b);
        TextCorpusFormat.writeTokenLines(AppFixtures.corpus(), corpus);
        Path results = dir.resolve("compare.tsv");
        AppFixtures.cli("compare", "--model-a", a.toString(), "--model-b", b.toString(), "--corpus", corpus.toString(), "--method",
                ComparisonMethods.RATIO_CONVEX + "," + ComparisonMethods.LR_DIFF, "--temperatures", "7", "--burn-in", "2", "--seed", "5",
                "--no-timing", "--out", results.toString());
        Path fromCli = dir.resolve("cli.html");
        Path latexFromCli = dir.resolve("cli.tex");
        AppFixtures.cli("report", "--results", results.toString(), "--out", fromCli.toString(), "--latex", latexFromCli.toString());

        vm.openSession(results);
        Path fromWorkbench = dir.resolve("workbench.html");
        vm.exportReport(fromWorkbench);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(beforeProvenance(fromCli), beforeProvenance(fromWorkbench));
        String provenance = Files.readString(fromWorkbench);
        assertTrue(provenance.contains(tmeval.run.output.Provenance.digest(a).split("\t")[0]), "model A with its SHA-256");

        Path latex = dir.resolve("workbench.tex");
        vm.table().exportLatex(latex);
        String cliTable = Files.readString(latexFromCli);
        String table = Files.readString(latex);
        assertEquals(cliTable.substring(cliTable.indexOf("\\toprule")), table.substring(table.indexOf("\\toprule")));
    }

    @Test
    void withNoResultsTheUserIsToldAndNothingIsWritten() {
        Path html = dir.resolve("none.html");
        vm.exportReport(html);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("no results"), errors.toString());
        assertFalse(Files.exists(html));
    }
}
