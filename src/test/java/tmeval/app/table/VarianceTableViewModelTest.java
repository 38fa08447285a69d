package tmeval.app.table;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.ComparisonRunner;

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
        results.reset(corpus);
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
                + "percentAWinsLow95,percentAWinsHigh95,corpusPerplexityRatioLow95,corpusPerplexityRatioHigh95", lines[0]);
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
        assertEquals(vm.text(','), Files.readString(csv));
        results.reset(corpus);
        assertTrue(vm.rows().isEmpty(), "new inputs empty the table");
    }
}
