package tmeval.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.io.InputException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionFileTest {
    @TempDir
    Path dir;

    @Test
    void roundTrip() throws Exception {
        var result = new ComparisonRunner.Result(3, "doc7", 42, "ratio-convex", Direction.REVERSE, 2, false,
                new RatioResult(-1.25, new double[0], 1234, 5678), null);
        var reference = new ComparisonRunner.Result(3, "doc7", 42, "lr-reference", Direction.NONE, 1, true,
                new RatioResult(0.5, new double[0], 99, 1), null);
        SessionFile.Session s = new SessionFile.Session(Map.of("modelA", Path.of("/data/a.tsv")), Map.of("temperatures", "100"),
                List.of(result, reference));
        Path p = dir.resolve("s.tsv");
        SessionFile.write(s, p);
        SessionFile.Session back = SessionFile.read(p);
        assertEquals(s.inputs(), back.inputs());
        assertEquals(s.settings(), back.settings());
        assertEquals(2, back.results().size());
        assertEquals(result.result().logRatio(), back.results().get(0).result().logRatio(), 0.0);
        assertEquals(Direction.REVERSE, back.results().get(0).direction());
        assertTrue(back.results().get(1).reference());
    }

    @Test
    void malformedLinesAreNamed() throws Exception {
        Path p = dir.resolve("bad.tsv");
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\truns\t2\nresult\t0\td\t5\tratio-convex\tSIDEWAYS\t1\t0\t0.1\t1\t1\n");
        InputException e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("unknown direction"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nresult\t0\td\t5\tratio-convex\tFORWARD\t1\t0\tNaN\t1\t1\n");
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.getMessage().contains("not finite"), e.getMessage());
        Files.writeString(p, "{\"json\": true}\n");
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.getMessage().contains("not a tmeval session"), e.getMessage());
    }
}
