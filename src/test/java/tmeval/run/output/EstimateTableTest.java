package tmeval.run.output;

import tmeval.run.certify.DocumentVerdict;
import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;

import org.junit.jupiter.api.Test;
import tmeval.estimate.EstimateResult;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every run gets a row and a status; nothing is silently left out, and what cannot be right is marked. */
class EstimateTableTest {
    private static Outcome ok(int doc, int run, double value, double floor) {
        return new Outcome(doc, "d" + doc, 10, run, new EstimateResult(value, new double[0], 100, 10, 0), null, Status.OK, floor, "ais");
    }

    private static List<String> rows(Outcome... outcomes) throws IOException {
        StringWriter out = new StringWriter();
        EstimateTable table = new EstimateTable(out, false);
        for (Outcome o : outcomes) {
            table.add(o);
        }
        table.finish();
        return out.toString().lines().toList();
    }

    @Test
    void anEstimateBelowTheFloorByMoreThanItsNoiseIsMarked() throws IOException {
        // document 0: runs -20.0 and -20.2 (noise 0.14) against a floor of -15: both far below; document 1: within noise
        List<String> rows = rows(ok(0, 1, -20.0, -15), ok(0, 2, -20.2, Double.NaN), ok(1, 1, -15.05, -15), ok(1, 2, -14.8, Double.NaN));
        assertTrue(rows.get(0).endsWith("\tbelow-floor\tno") && rows.get(1).endsWith("\tbelow-floor\tno"), rows.toString());
        assertTrue(rows.get(2).endsWith("\tok\tno") && rows.get(3).endsWith("\tok\tno"), "within twice the noise of the floor: " + rows);
    }

    @Test
    void zeroWeightAndRefusedRunsAreWrittenWithEmptyValues() throws IOException {
        Outcome zero = new Outcome(0, "d0", 10, 1, null, "every sample had weight zero", Status.ZERO_WEIGHT, -15, "ais");
        Outcome refused = new Outcome(1, "d1", 10, 1, null, "above the limit", Status.REFUSED, Double.NaN, "ais");
        List<String> rows = rows(zero, refused);
        assertEquals(List.of("d0\t10\tais\t1\t\t\t0\t0\tzero-weight\tno", "d1\t10\tais\t1\t\t\t0\t0\trefused\tno"), rows);
    }

    @Test
    void oneRunUsesTheNoiseOfItsOwnWeights() {
        // two equal weights: no noise; weights 1 and 3: delta-method standard error sqrt(var/S)/mean = 1/2
        Outcome flat = new Outcome(0, "d", 10, 1, new EstimateResult(0, new double[] {0, 0}, 1, 10, 0), null, Status.OK, Double.NaN, "ais");
        Outcome spread = new Outcome(0, "d", 10, 1, new EstimateResult(0, new double[] {0, Math.log(3)}, 1, 10, 0), null, Status.OK, Double.NaN, "ais");
        assertEquals(0, DocumentVerdict.noise(List.of(flat)), 1e-12);
        assertEquals(0.5, DocumentVerdict.noise(List.of(spread)), 1e-12);
    }

    @Test
    void eachDocumentsRowsCarryItsVerdictAndTheReportCountsThem() throws IOException {
        // N = 10: target 0.1 nats. d0's runs are 0.1 apart (s.e. 0.05): certified; d1's 0.4 apart (s.e. 0.2): not
        StringWriter out = new StringWriter();
        EstimateTable table = new EstimateTable(out, false);
        for (Outcome o : List.of(ok(0, 1, -15.0, -16), ok(0, 2, -15.1, Double.NaN), ok(1, 1, -15.0, -16), ok(1, 2, -15.4, Double.NaN))) {
            table.add(o);
        }
        table.finish();
        List<String> rows = out.toString().lines().toList();
        assertTrue(rows.get(0).endsWith("\tok\tyes") && rows.get(1).endsWith("\tok\tyes"), rows.toString());
        assertTrue(rows.get(2).endsWith("\tok\tno") && rows.get(3).endsWith("\tok\tno"), rows.toString());
        assertTrue(table.report().startsWith("certified ais: 1 of 2 documents; not certified: 1 standard error above the target\n"), table.report());
    }
}
