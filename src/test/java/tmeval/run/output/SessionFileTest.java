package tmeval.run.output;

import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.Status;

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
        assertEquals(refused.refusal(), r.refusal(), "a tab in the reason is kept, and cannot break the line");
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
        assertTrue(e.getMessage().contains("not a finite number") && e.line() == 2, e.getMessage());
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

    /**
     * Any legal file name, and any document id or reason, round-trips: line breaks, tabs, backslashes and control
     * characters are escaped in the session's fields and unescaped on reading.
     */
    @Test
    void anyLegalFileNameAndTextRoundTrip() throws Exception {
        String odd = "odd\nname\twith\rall\\of\u0001them\u2028.tsv";
        var result = new ComparisonRunner.Result(0, "doc\t7\n", 42, "ratio-convex", Direction.FORWARD, 1, false,
                new RatioResult(-1.25, new double[0], 1234, 5678), null);
        var refused = new ComparisonRunner.Result(1, "d\\1", 3, "exact", Direction.NONE, 1, false, null, "too long:\n\tline two",
                Status.REFUSED);
        Map<String, Path> inputs = Map.of("modelA", dir.resolve(odd).toAbsolutePath(), "corpus", Path.of("/data/" + odd));
        Map<String, String> settings = Map.of("teaching.document", "doc\t7\n", "temperatures", "100");
        Path p = dir.resolve(odd);
        SessionFile.write(new SessionFile.Session(inputs, settings, List.of(result, refused)), p);
        assertEquals(7, Files.readAllLines(p).size(), "one line a record: nothing split a line");
        SessionFile.Session back = SessionFile.read(p);
        assertEquals(inputs, back.inputs());
        assertEquals(settings, back.settings());
        assertEquals("doc\t7\n", back.results().get(0).documentId());
        assertEquals("d\\1", back.results().get(1).documentId());
        assertEquals("too long:\n\tline two", back.results().get(1).refusal());
    }

    /** A session line with one setting, read back; the exception if it is refused. */
    private InputException refusal(String line) throws Exception {
        Path p = dir.resolve("edited.tsv");
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\truns\t2\n" + line + "\n");
        return assertThrows(InputException.class, () -> SessionFile.read(p), line);
    }

    /**
     * A hand-edited session is checked as the command line checks its options: a count out of the option's range, a
     * setting that is not a number, not finite, or not one of its words, and a curve point of NaN or Infinity are
     * refused naming the setting and the line, never clamped (before, temperatures -5 opened as 1, threads 100000 as
     * 256, and agreeWithin NaN reached the form).
     */
    @Test
    void settingsAreCheckedAsTheCommandLineChecksThemNeverClamped() throws Exception {
        String point = "10,ais,1,100,-250.5,1000,5,,0";
        Path ok = dir.resolve("ok.tsv");
        Files.writeString(ok, SessionFile.MAGIC + "\nsetting\ttemperatures\t1\nsetting\tthreads\t4096\nsetting\tagreeWithin\t0.5\n"
                + "setting\tcurves.points\t" + point + ";" + point.replace("10,", "20,") + "\nsetting\tmethods\t\n");
        assertEquals(5, SessionFile.read(ok).settings().size(), "the edges of each range, and no method ticked, are valid");
        String[][] cases = {
                {"setting\ttemperatures\t-5", "temperatures"},
                {"setting\tthreads\t100000", "threads"},
                {"setting\tthreads\t0", "threads"},
                {"setting\truns\t2000000", "runs"},
                {"setting\tburnIn\t-1", "burnIn"},
                {"setting\tseed\t99999999999999999999", "seed"},
                {"setting\tsamples\tmany", "samples"},
                {"setting\tagreeWithin\tNaN", "agreeWithin"},
                {"setting\tagreeWithin\tInfinity", "agreeWithin"},
                {"setting\tagreeWithin\t0", "agreeWithin"},
                {"setting\tmaxTemperatures\t0", "maxTemperatures"},
                {"setting\treferenceParticles\t-3", "referenceParticles"},
                {"setting\tminTokens\t0", "minTokens"},
                {"setting\tschedule\tzigzag", "schedule"},
                {"setting\treference\tsomething", "reference"},
                {"setting\talign\tyes", "align"},
                {"setting\tmethods\tratio-convex,nonsense", "methods"},
                {"setting\tcurves.methods\tais,ais", "curves.methods"},
                {"setting\tcurves.runs\t0", "curves.runs"},
                {"setting\tcurves.points\t" + point.replace("-250.5", "NaN"), "curves.points"},
                {"setting\tcurves.points\t" + point.replace("-250.5", "-Infinity"), "curves.points"},
                {"setting\tcurves.points\t" + point.replace(",,", ",Infinity,"), "curves.points"},
                {"setting\tteaching.temperatures\t1000000", "teaching.temperatures"},
                {"setting\tteaching.model\tC", "teaching.model"},
                {"setting\truns\t3", "runs"},
        };
        for (String[] c : cases) {
            InputException e = refusal(c[0]);
            assertEquals(3, e.line(), c[0] + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("setting " + c[1]), c[0] + ": names the setting: " + e.getMessage());
        }
    }

    /**
     * A setting no reader knows, or one a reader cannot hold, is refused with its line, in a session of any age: a
     * legacy session's plan setting by the rule of its option (gap-threshold NaN was accepted and shown as NaN), an
     * unknown name plain, prefixed or in a run's plan (carried along unread before), and a run on screen or beside it
     * that the session does not hold (history.shown 7 with only run 1 was accepted).
     */
    @Test
    void settingsNoReaderKnowsOrCanHoldAreRefusedWithTheirLine() throws Exception {
        String[][] cases = {
                {"setting\tgap-threshold\tNaN", "setting gap-threshold"},
                {"setting\tdirection\tsideways", "setting direction"},
                {"setting\tcolour\tblue", "setting colour: not a setting of a session"},
                {"setting\tform.colour\tblue", "setting form.colour: not a setting of a session"},
                {"setting\tresults.gap-threshold\t-1", "setting results.gap-threshold"},
                {"setting\tauto-pilot\t[3,3]", "setting auto-pilot"},
                {"setting\tteaching.document\t", "setting teaching.document"},
                {"setting\thistory.shown\t01", "setting history.shown"},
        };
        for (String[] c : cases) {
            InputException e = refusal(c[0]);
            assertEquals(3, e.line(), c[0] + ": " + e.getMessage());
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        Path p = dir.resolve("runs.tsv");
        String run = "run\t1\t2026-11-26T10:15:30Z\tfinished\t\n";
        Files.writeString(p, SessionFile.MAGIC + "\n" + run + "runsetting\tcolour\tblue\n");
        InputException e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 3 && e.getMessage().contains("run 1: setting colour: not a setting of a comparison"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\thistory.shown\t7\n" + run);
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 2 && e.getMessage().contains("history.shown: names run 7") && e.getMessage().contains("its runs: 1"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\thistory.compare\t1\n");
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 2 && e.getMessage().contains("it holds no run"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\thistory.shown\t1\nsetting\tunknown-words\tdrop\n" + run
                + "runsetting\tauto-pilot\t[0,5]\nrunsetting\tout-of-vocabulary\t3 tokens\n");
        assertEquals(1, SessionFile.read(p).shownRun().id(), "a run the session holds, and the settings every plan records, are read");
    }

    /**
     * Seeds are whole numbers of a long everywhere: the repository's own golden session (seed 12345678901, which the
     * command line takes and writes) is read (it was refused as beyond an int), and so is any long seed.
     */
    @Test
    void theGoldenSessionsLongSeedIsRead() throws Exception {
        Path golden = Path.of("src/test/resources/golden/session.tsv");
        assertEquals("12345678901", SessionFile.read(golden).settings().get("seed"));
        Path p = dir.resolve("long.tsv");
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\tseed\t" + Long.MIN_VALUE + "\nsetting\tform.seed\t" + Long.MAX_VALUE + "\n");
        assertEquals(2, SessionFile.read(p).settings().size());
    }

    /** Totals cannot wrap around: site updates (or times) that add up beyond a long are refused at the line that passes it. */
    @Test
    void totalsThatWouldOverflowAreRefused() throws Exception {
        String row = "result\t0\td\t5\tratio-convex\tFORWARD\t1\t0\t0.125\t9000000000000000000\t8\tok\t\n";
        Path p = dir.resolve("big.tsv");
        Files.writeString(p, SessionFile.MAGIC + "\n" + row);
        assertEquals(1, SessionFile.read(p).results().size(), "one such row is valid");
        Files.writeString(p, SessionFile.MAGIC + "\n" + row + row.replace("FORWARD\t1", "FORWARD\t2"));
        InputException e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 3 && e.getMessage().contains("add up beyond"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\n" + row.replace("0.125", "-1e300"));
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 2 && e.getMessage().contains("beyond what 5 tokens"), e.getMessage());
        Files.writeString(p, SessionFile.MAGIC + "\nsetting\tcurves.points\t10,ais,1,100,-2.5,9000000000000000000,5,,0;"
                + "10,lr,1,100,-2.5,9000000000000000000,5,,0\n");
        e = assertThrows(InputException.class, () -> SessionFile.read(p));
        assertTrue(e.line() == 2 && e.getMessage().contains("curves.points") && e.getMessage().contains("add up beyond"), e.getMessage());
    }

    /** A results file ({@code compare}'s output) is checked as a session is: its settings by their rules, its rows' numbers. */
    @Test
    void aResultsFileIsCheckedAsASessionIs() throws Exception {
        String head = "# tmeval\t1\n# setting\tplan\tcompare\n# setting\tmethods\tratio-convex\n";
        // the plan's direction and runs, which its rows are checked against (ComparisonRows)
        String plan = "# setting\tdirection\tforward\n# setting\truns\t1\n";
        String row = "d1\t5\tratio-convex\tforward\t1\t0.5\t0.9\t100\t0\tok\tno\n";
        Path p = dir.resolve("results.tsv");
        Files.writeString(p, head + plan + CompareRowFormat.HEADER + row);
        assertEquals(1, ComparisonOutput.read(p).rows().size());
        String[][] cases = {
                {"# setting\truns\t0\n", "runs", "4"},
                {"# setting\ttemperatures\t-5\n", "temperatures", "4"},
                {"# setting\tagree-within\tNaN\n", "agree-within", "4"},
                {"# setting\tgap-threshold\tInfinity\n", "gap-threshold", "4"},
                {"# setting\tdirection\tsideways\n", "direction", "4"},
                {"# setting\tcolour\tblue\n", "colour: not a setting of a comparison", "4"},
        };
        for (String[] c : cases) {
            Files.writeString(p, head + c[0] + plan + CompareRowFormat.HEADER + row);
            InputException e = assertThrows(InputException.class, () -> ComparisonOutput.read(p), c[0]);
            assertTrue(e.line() == Long.parseLong(c[2]) && e.getMessage().contains("setting " + c[1]), c[0] + ": " + e.getMessage());
        }
        for (String bad : List.of("NaN", "-Infinity", "1e300")) {
            Files.writeString(p, head + plan + CompareRowFormat.HEADER + row.replace("\t0.5\t", "\t" + bad + "\t"));
            InputException e = assertThrows(InputException.class, () -> ComparisonOutput.read(p), bad);
            assertEquals(7, e.line(), bad + ": " + e.getMessage());
        }
        String big = row.replace("\t100\t", "\t9000000000000000000\t");
        Files.writeString(p, head + plan + CompareRowFormat.HEADER + big + big.replace("\t1\t0.5", "\t2\t0.5"));
        InputException e = assertThrows(InputException.class, () -> ComparisonOutput.read(p));
        assertTrue(e.line() == 8 && e.getMessage().contains("add up beyond"), e.getMessage());
    }
}
