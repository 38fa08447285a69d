package tmeval.run.output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.InputException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WhichKRowFormatTest {
    @TempDir
    Path dir;

    private static final List<WhichKRowFormat.PerK> PER_K = List.of(
            new WhichKRowFormat.PerK(5, 1, -1000.5, Double.NaN, Double.NaN, -0.1, -0.2, 0.05, 5, 0.9, Double.NaN, Double.NaN, "-"),
            new WhichKRowFormat.PerK(10, 3, -990.25, -995, -985.5, 0.1, 0.0, 0.2, 30, 0.8, 0.7, 0.9, "highest but undecided"));

    @Test
    void rowsComeBackAsTheyWereWrittenAndAValueThatDoesNotExistIsAnEmptyField() {
        String text = WhichKRowFormat.perKText(PER_K, '\t');
        assertTrue(!text.contains("NaN") && text.contains("\t\t"), text);
        assertEquals(PER_K, WhichKRowFormat.parsePerK(text));
        WhichKRowFormat.Model m = new WhichKRowFormat.Model(1, "a\tname\nwith breaks", 10, "ais, temperatures 50", 30, 400, "0 (0.00%)", "-990.0",
                "-995 to -985", "-2.4750", "11.9", "11.8 to 12.0", "12.1", "0", "20 of 20", "", "", new double[] {-2.475, -2.49, -2.46},
                new double[] {11.9, Double.NaN, Double.NaN});
        WhichKRowFormat.Model back = WhichKRowFormat.parseModels(WhichKRowFormat.modelsText(List.of(m))).get(0);
        assertEquals(m.label(), back.label());
        assertEquals(m.interval(), back.interval());
        assertArrayEquals(m.perTokenPoint(), back.perTokenPoint());
        assertArrayEquals(m.perplexityPoint(), back.perplexityPoint());
    }

    /**
     * A K's rows of two families come back with their families; a table written before the family column reads as LDAs, and
     * two rows of one K and one family are refused.
     */
    @Test
    void rowsOfSeveralFamiliesAtOneKComeBackAndATableWithoutTheFamilyIsOfLdas() {
        List<WhichKRowFormat.PerK> two = List.of(PER_K.get(0), new WhichKRowFormat.PerK(5, 2, -990.5, -992, -989, 0.1, 0.0, 0.2, 10, 0.8,
                0.7, 0.9, "best", "logistic-normal (D = K - 1, full covariance) prior, mixture decoder"));
        assertEquals(two, WhichKRowFormat.parsePerK(WhichKRowFormat.perKText(two, '\t')));
        String withFamily = WhichKRowFormat.perKText(PER_K, '\t');
        String without = withFamily.lines().map(l -> l.substring(0, l.lastIndexOf('\t'))).reduce("", (a, l) -> a + l + "\n");
        assertEquals(PER_K, WhichKRowFormat.parsePerK(without));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> WhichKRowFormat.parsePerK(
                WhichKRowFormat.perKText(List.of(PER_K.get(0), PER_K.get(0)), '\t')));
        assertTrue(twice.getMessage().contains("one row per K and family"), twice.getMessage());
    }

    @Test
    void aMalformedTableIsRefusedNamingItsLine() {
        String good = WhichKRowFormat.perKText(PER_K, '\t');
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () -> WhichKRowFormat.parsePerK(good.replace("-990.25", "NaN")));
        assertTrue(nan.getMessage().contains("per-K line 3") && nan.getMessage().contains("mean"), nan.getMessage());
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> WhichKRowFormat.parsePerK(
                WhichKRowFormat.perKText(List.of(PER_K.get(1), PER_K.get(0)), '\t')));
        assertTrue(order.getMessage().contains("increasing K"), order.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WhichKRowFormat.parsePerK(good.replaceFirst("K\tseeds", "K\tsheep")));
    }

    @Test
    void aSessionWithABrokenPerKTableIsRefusedAtItsLine() throws Exception {
        Path p = dir.resolve("s.tsv");
        SessionFile.write(new SessionFile.Session(Map.of(), Map.of("whichk.perK",
                WhichKRowFormat.perKText(PER_K, '\t').replace("-990.25", "Infinity")), List.of()), p);
        InputException e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.getMessage().contains("whichk.perK") && e.getMessage().contains("per-K line 3"), e.getMessage());
    }
}
