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

    /** Rows without a value and adaptive rounds survive a session: nothing the run counted is dropped on the way. */
    @Test
    void refusedAndZeroWeightRowsAndAdaptiveRoundsRoundTrip() throws Exception {
        var ok = new ComparisonRunner.Result(0, "d0", 9, "ratio-convex", Direction.FORWARD, 1, false,
                new RatioResult(0.25, new double[0], 10, 20), null);
        var refused = new ComparisonRunner.Result(1, "d1", 3, "exact", Direction.NONE, 1, false, null,
                "exact: 5000000 topic-count states,\tabove the limit", Status.REFUSED);
        var zero = new ComparisonRunner.Result(2, "d2", 4, "ratio-convex", Direction.REVERSE, 2, false, null,
                "ratio-convex gave no finite estimate (every sample had weight zero)", Status.ZERO_WEIGHT);
        List<SessionFile.Round> rounds = List.of(new SessionFile.Round(0, "ratio-convex", 2000, true),
                new SessionFile.Round(2, "ratio-convex", 16000, false), new SessionFile.Round(1, "lr-diff", 1000, null));
        Path p = dir.resolve("s2.tsv");
        SessionFile.write(new SessionFile.Session(Map.of(), Map.of(), List.of(ok, refused, zero), rounds), p);
        SessionFile.Session back = SessionFile.read(p);
        assertEquals(3, back.results().size(), "the rows without a value are kept");
        assertEquals(Status.OK, back.results().get(0).status());
        assertEquals(0.25, back.results().get(0).result().logRatio(), 0.0);
        ComparisonRunner.Result r = back.results().get(1);
        assertTrue(r.refused() && r.status() == Status.REFUSED && r.direction() == Direction.NONE, r.toString());
        assertEquals("exact: 5000000 topic-count states, above the limit", r.refusal(), "a tab in the reason cannot break the line");
        r = back.results().get(2);
        assertTrue(r.refused() && r.status() == Status.ZERO_WEIGHT && r.run() == 2, r.toString());
        assertEquals(zero.refusal(), r.refusal());
        assertEquals(rounds, back.rounds());
    }

    @Test
    void aSessionWrittenBeforeStatusesAndRoundsStillOpens() throws Exception {
        Path p = dir.resolve("v1.tsv");
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\truns\t2\nresult\t0\td\t5\tratio-convex\tFORWARD\t1\t0\t0.125\t7\t8\n");
        SessionFile.Session back = SessionFile.read(p);
        assertEquals(1, back.results().size());
        assertEquals(Status.OK, back.results().get(0).status());
        assertEquals(0.125, back.results().get(0).result().logRatio(), 0.0);
        assertTrue(back.rounds().isEmpty());
        Files.writeString(p, SessionFile.MAGIC + "\nresult\t0\td\t5\texact\tNONE\t1\t0\t0.5\t0\t0\trefused\tx\n");
        InputException e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.getMessage().contains("a refused result has no logRatio"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nround\t0\tratio-convex\t1000\tmaybe\n");
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.getMessage().contains("not yes, no or -") && e.line() == 2, e.getMessage());
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

    @Test
    void aSessionIsNeverSavedOverOneOfItsInputs() throws Exception {
        Path model = dir.resolve("a.tsv");
        Files.writeString(model, "the model\n");
        Path link = Files.createLink(dir.resolve("a-link.tsv"), model);
        for (Path target : List.of(model, link)) {
            var e = assertThrows(java.io.IOException.class, () -> SessionFile.write(
                    new SessionFile.Session(Map.of("modelA", model), Map.of(), List.of()), target));
            assertTrue(e.getMessage().contains("modelA") && e.getMessage().contains(target.toString()), e.getMessage());
        }
        assertEquals("the model\n", Files.readString(model));
    }
}
