package tmeval.run.local;

import tmeval.run.cost.CostModel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThroughputTest {
    @TempDir
    Path dir;

    @Test
    void savedRatesReadBackAndPriceTheComparisonMethods() throws Exception {
        Path file = dir.resolve("throughput.tsv");
        new Throughput(Map.of("ratio-convex", 2.5e7, "ais", 1.8e7, "lr", 2.0e7), 50, "").write(file, "2026-11-22");
        Throughput t = Throughput.read(file);
        assertEquals(50, t.numTopics());
        assertTrue(t.source().contains("bench") && t.source().contains("K = 50") && t.source().contains("2026-11-22"), t.source());
        assertEquals(2.5e7, t.rateFor("ratio-convex"), 0);
        assertEquals(1.8e7, t.rateFor("ais-diff"), 0);
        assertEquals(2.0e7, t.rateFor("lr-diff"), 0);
        assertEquals(2.0e7, t.rateFor(CostModel.REFERENCE), 0);
        assertTrue(Double.isNaN(t.rateFor("ratio-geometric")));
        assertEquals(9e6, t.with(Map.of("ratio-geometric", 9e6), 50, "x").rateFor("ratio-geometric"), 0);
        assertFalse(Files.list(file.getParent()).anyMatch(p -> p.getFileName().toString().endsWith(".part")));
    }

    @Test
    void aMissingFileIsNoRatesAndADamagedOneNamesItsLine() throws IOException, InputException {
        assertTrue(Throughput.read(dir.resolve("absent.tsv")).rates().isEmpty());
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\tfast\t2026-11-22\n");
        InputException e = assertThrows(InputException.class, () -> Throughput.read(bad));
        assertTrue(e.getMessage().contains("bad.tsv") && e.getMessage().contains("2"), e.getMessage());
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\t-3\t2026-11-22\n");
        assertThrows(InputException.class, () -> Throughput.read(bad));
        Files.writeString(bad, "method\trate\n");
        assertThrows(InputException.class, () -> Throughput.read(bad));
    }

    @Test
    void aDamagedFileIsReportedNotThrownAndHomeFollowsTheVariable() throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\tfast\t2026-11-22\n");
        Throughput.Saved saved = Throughput.readSaved(bad);
        assertTrue(saved.damaged() && saved.rates().rates().isEmpty());
        assertTrue(saved.problem().contains("bad.tsv") && saved.problem().contains("2"), saved.problem());
        assertFalse(Throughput.readSaved(dir.resolve("absent.tsv")).damaged());
        assertEquals(dir.resolve("bad.tsv.corrupt"), Throughput.corruptCopy(bad));
        assertEquals(Path.of("/home/someone"), Throughput.home("/home/someone", "/root"), "$HOME wins, as for any Unix tool");
        assertEquals(Path.of("/root"), Throughput.home(null, "/root"));
        assertEquals(Path.of("/root"), Throughput.home("", "/root"));
    }
}
