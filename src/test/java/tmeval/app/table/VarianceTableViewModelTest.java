package tmeval.app.table;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.FigureExports;
import tmeval.app.common.Results;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.output.Provenance;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class VarianceTableViewModelTest {
    @TempDir
    Path dir;

    @Test
    void rowsFollowTheResultsAndExportAsCsv() throws Exception {
        Corpus corpus = AppFixtures.corpus();
        Results results = new Results();
        VarianceTableViewModel vm = new VarianceTableViewModel(results);
        ComparisonJob plan = new ComparisonJob(tmeval.run.plan.ComparisonPlan.defaults(List.of(ComparisonMethods.LR_DIFF)), null);
        results.reset(corpus, plan);
        assertTrue(vm.rows().isEmpty());
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            for (int run = 1; run <= 2; run++) {
                batch.add(new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), ComparisonMethods.LR_DIFF,
                        Direction.NONE, run, false, new RatioResult(d < 3 ? -1 : 1, new double[0], 10, 1000), null));
            }
        }
        results.addAll(batch);
        assertEquals(1, vm.rows().size());
        assertEquals(75.0, vm.rows().get(0).percentAWins(), 1e-9, "A wins on 9 of 12 documents");
        String[] lines = vm.text(',').split("\n");
        assertEquals("method,direction,documents,percentAWins,correlation,varianceOfPerplexityRatio,corpusPerplexityRatio,siteUpdates,seconds,"
                + "percentAWinsLow95,percentAWinsHigh95,corpusPerplexityRatioLow95,corpusPerplexityRatioHigh95,certified,certifiedOf,status", lines[0]);
        assertTrue(lines[1].startsWith(ComparisonMethods.LR_DIFF + ",-,12,75.00,,0.0,"), lines[1]);
        // the export carries the table's 95% intervals, the ones 'tmeval compare' prints (ComparisonTable's bootstrap)
        var row = vm.rows().get(0);
        String[] cells = lines[1].split(",");
        assertEquals(row.winsInterval()[0], Double.parseDouble(cells[9]));
        assertEquals(row.winsInterval()[1], Double.parseDouble(cells[10]));
        assertEquals(row.ratioInterval()[0], Double.parseDouble(cells[11]));
        assertEquals(row.ratioInterval()[1], Double.parseDouble(cells[12]));
        assertTrue(row.winsInterval()[0] < 75 && 75 < row.winsInterval()[1], "9 wins of 12 resampled: the interval holds 75%");
        assertTrue(row.ratioInterval()[0] < row.corpusPerplexityRatio() && row.corpusPerplexityRatio() < row.ratioInterval()[1]);
        Path csv = dir.resolve("table.csv");
        vm.exportCsv(csv);
        assertEquals(provenance(plan, results) + vm.text(','), withoutTime(Files.readString(csv)),
                "the provenance lines of the results' plan and inputs, then the table");
        results.partialProperty().set("partial: cancelled after 12 of 300 documents");
        vm.exportCsv(csv);
        assertTrue(Files.readString(csv).contains("\n# partial\tpartial: cancelled after 12 of 300 documents\n"), Files.readString(csv));
        assertTrue(vm.text(',').split("\n")[1].endsWith(",partial: cannot tell A from B"), "the 95% interval of 12 documents reaches 1: "
                + vm.text(','));
        results.reset(corpus);
        assertTrue(vm.rows().isEmpty(), "new inputs empty the table");
    }

    /** Each method's certified documents, "X of D", in the table, the lines under it and the CSV, with why the others are not. */
    @Test
    void eachMethodSaysHowManyDocumentsItCertifiesAndWhyTheOthersAreNot() throws Exception {
        Results results = FigureExports.results();
        VarianceTableViewModel vm = new VarianceTableViewModel(results);
        assertEquals("9 of 12", vm.certified(ComparisonMethods.RATIO_CONVEX));
        assertEquals("4 of 12", vm.certified(ComparisonMethods.LR_DIFF));
        assertEquals("certified ratio-convex: 9 of 12 documents; not certified: 3 directions disagree beyond the target",
                vm.certifiedWhy(ComparisonMethods.RATIO_CONVEX));
        assertTrue(vm.verdictsProperty().get().contains("certified lr-diff: 4 of 12 documents; not certified: 8 standard error above the target"),
                vm.verdictsProperty().get());
        assertTrue(vm.verdictsProperty().get().contains("12 documents decided for A (above 0), 0 for B (below), 0 undecided (a bracket"
                + " is " + tmeval.compare.Decided.rule() + " of its ends across runs); certified: 9 of 12 (not certified: 3 of those decided for A, 0 of those for B, 0 undecided)"),
                "never decided without saying which are not certified: " + vm.verdictsProperty().get());
        // the CSV: the same counts in its certified and certifiedOf columns, on each row of a method (by header name)
        String[] lines = vm.text(',').split("\n");
        List<String> header = List.of(lines[0].split(","));
        int rows = 0;
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",", -1);
            boolean convex = cells[header.indexOf("method")].equals(ComparisonMethods.RATIO_CONVEX);
            assertEquals(convex ? "9" : "4", cells[header.indexOf("certified")], lines[i]);
            assertEquals("12", cells[header.indexOf("certifiedOf")], lines[i]);
            // what the method's 95% interval says, and that the two methods' intervals exclude each other
            // (ratio-convex's two directions here have point intervals apart: its verdict says so first)
            assertEquals((convex ? "its directions' intervals exclude each other (see the rows); over both: " : "")
                    + "A predicts better; disagrees with " + (convex ? ComparisonMethods.LR_DIFF : ComparisonMethods.RATIO_CONVEX),
                    cells[header.indexOf("status")], lines[i]);
            rows++;
        }
        assertEquals(3, rows, "ratio-convex forward and reverse, lr-diff");
        Path csv = dir.resolve("certified.csv");
        vm.exportCsv(csv);
        assertEquals(provenance(results.planProperty().get(), results) + vm.text(','), withoutTime(Files.readString(csv)));
    }

    /** The provenance lines of the results' plan and inputs, but the time they were written. */
    private static String provenance(ComparisonJob plan, Results results) throws java.io.IOException {
        return withoutTime(Provenance.header(plan.toSettings(), results.inputs(), false));
    }

    private static String withoutTime(String text) {
        return text.lines().filter(l -> !l.startsWith(Provenance.WRITTEN_LINE)).map(l -> l + "\n").collect(java.util.stream.Collectors.joining());
    }
}
