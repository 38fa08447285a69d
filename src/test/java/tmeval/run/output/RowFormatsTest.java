package tmeval.run.output;

import tmeval.run.exec.Calibration;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.Status;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.Shard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.estimate.Methods;
import tmeval.io.InputException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each output format's writer and reader are one pair: random rows (seeded) written and read back are the rows they were,
 * and the line read is written again byte for byte; statuses without a value keep empty cells; tabs, line breaks and
 * backslashes in ids, names and refusal texts survive ({@link Provenance#escape}); a malformed line gives a message naming
 * the file, the line and the problem.
 */
class RowFormatsTest {
    private static final int ROWS = 400;
    private static final Path FILE = Path.of("results.tsv");

    @TempDir
    Path dir;

    /** Text with the characters that could split a line or a cell. */
    private static String text(Random random) {
        String[] parts = {"doc", "\t", "\n", "\r", "\\", "\\t", "é", "\u2028", "\u0001", "a b", "*", ",", ";", "-"};
        StringBuilder sb = new StringBuilder("d");
        for (int i = random.nextInt(5); i > 0; i--) {
            sb.append(parts[random.nextInt(parts.length)]);
        }
        return sb.toString();
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** Whole microseconds: the {@code millis} column keeps three decimals. */
    private static long nanos(Random random) {
        return random.nextInt(5) == 0 ? 1_001_000L : 1000L * random.nextInt(100_000_000);
    }

    private static double logValue(Random random, int length) {
        return -random.nextDouble() * 20 * length;
    }

    /** A written line is one line: its only line break is its last character. */
    private static String body(String line) {
        assertTrue(line.endsWith("\n") && line.indexOf('\n') == line.length() - 1 && line.indexOf('\r') < 0, line);
        return line.substring(0, line.length() - 1);
    }

    private static EstimateRowFormat.Row estimateRow(Random random) {
        Status status = pick(random, List.of(Status.values()));
        int length = 1 + random.nextInt(1_000_000);
        boolean value = status.hasValue();
        return new EstimateRowFormat.Row(text(random), length, pick(random, Methods.names()), 1 + random.nextInt((int) Setting.RUNS.max()),
                value ? logValue(random, length) : null, value ? random.nextLong() & Long.MAX_VALUE : 0, value ? nanos(random) : 0, status,
                random.nextBoolean());
    }

    /** Issue 36: a column's title comes from its constant's name (docId from DOC_ID) unless it names itself; the files' headers stay. */
    @Test
    void theHeadersKeepTheirColumnNames() {
        assertEquals("docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\tstatus\tcertified\ttemperatures\tconverged\n",
                CompareRowFormat.HEADER_ADAPTIVE);
        assertEquals("docId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis\tstatus\tcertified\n", EstimateRowFormat.HEADER);
        assertEquals("docId\tN\titeration\tmethod\trun\tlogLik\tsiteUpdates\tmillis\n", CurveRowFormat.HEADER);
        assertEquals("docId\tN\tmethod\tbudget\tlower\tupper\tupperTemperatures\twidth\twidthPerToken\tmillis\tstatus\n", CalibrateRowFormat.HEADER);
        assertEquals("method\tK\tsite_updates_per_second\tmeasured", tmeval.run.local.Throughput.HEADER);
        assertEquals(List.of("record", "document index", "docId", "N", "method", "direction", "run", "reference flag", "logRatio", "siteUpdates",
                "nanos", "status", "refusal"), java.util.Arrays.stream(SessionRowFormat.ResultColumn.values()).map(Cells.Column::title).toList());
        assertEquals(List.of("record", "document index", "method", "temperatures", "converged"),
                java.util.Arrays.stream(SessionRowFormat.RoundColumn.values()).map(Cells.Column::title).toList());
        assertEquals(List.of("iteration", "method", "run", "tokens", "logLik", "siteUpdates", "nanos", "variance", "refused"),
                java.util.Arrays.stream(SessionRowFormat.PointColumn.values()).map(Cells.Column::title).toList());
    }

    @Test
    void estimateRowsReadBackAsWritten() {
        Random random = new Random(25);
        for (int i = 0; i < ROWS; i++) {
            EstimateRowFormat.Row row = estimateRow(random);
            String line = EstimateRowFormat.write(row, true);
            EstimateRowFormat.Row read = EstimateRowFormat.parse(body(line));
            assertEquals(row, read, line);
            assertEquals(line, EstimateRowFormat.write(read, true));
            if (!row.status().hasValue()) {
                assertTrue(line.contains("\t\t\t0\t0\t" + row.status().label() + "\t"), "empty value cells, no cost: " + line);
            }
        }
    }

    @Test
    void selectRowsReadBackAsWritten() {
        Random random = new Random(26);
        for (int i = 0; i < ROWS; i++) {
            SelectRowFormat.Row row = new SelectRowFormat.Row(text(random), estimateRow(random));
            String line = SelectRowFormat.write(row, true);
            assertEquals(row, SelectRowFormat.parse(body(line)), line);
            assertEquals(SelectRowFormat.HEADER.split("\t").length, body(line).split("\t", -1).length, "one cell per column: " + line);
        }
    }

    /** A compare row without its result (a record of arrays compares them by identity) and the result's numbers. */
    private static List<Object> compareFields(CompareRowFormat.Row r) {
        RatioResult x = r.result();
        return List.of(new CompareRowFormat.Row(r.documentId(), r.length(), r.method(), r.direction(), r.run(), null, r.status(), r.certified(),
                        r.temperatures(), r.converged() == null ? Boolean.FALSE : r.converged()).toString(),
                x == null ? "none" : List.of(x.logRatio(), x.siteUpdates(), x.nanos()));
    }

    @Test
    void compareRowsPlainAndAdaptiveReadBackAsWritten() {
        Random random = new Random(27);
        for (int i = 0; i < ROWS; i++) {
            Status status = pick(random, List.of(Status.values()));
            int length = 1 + random.nextInt(1_000_000);
            RatioResult result = status.hasValue() ? new RatioResult(random.nextGaussian() * length, new double[0], random.nextLong() & Long.MAX_VALUE,
                    nanos(random)) : null;
            boolean adaptive = random.nextBoolean();
            Boolean converged = adaptive ? pick(random, java.util.Arrays.asList(true, false, null)) : null;
            CompareRowFormat.Row row = new CompareRowFormat.Row(text(random), length, pick(random, ComparisonMethods.names()),
                    pick(random, List.of(Direction.values())), 1 + random.nextInt((int) Setting.RUNS.max()), result, status, random.nextBoolean(),
                    adaptive ? 1 + random.nextInt(Integer.MAX_VALUE - 1) : 0, converged);
            String line = CompareRowFormat.write(row, true);
            CompareRowFormat.Row read = CompareRowFormat.parse(body(line), adaptive);
            assertEquals(compareFields(row), compareFields(read), line);
            assertEquals(row.converged(), read.converged(), line);
            assertEquals(line, CompareRowFormat.write(read, true));
            assertEquals(CompareRowFormat.header(adaptive).split("\t").length, body(line).split("\t", -1).length, line);
        }
    }

    @Test
    void curveRowsAndCorpusLinesReadBackAsWritten() {
        Random random = new Random(28);
        for (int i = 0; i < ROWS; i++) {
            boolean corpus = random.nextInt(4) == 0;
            boolean refused = !corpus && random.nextInt(4) == 0;
            int length = 1 + random.nextInt(1_000_000);
            CurveRowFormat.Row row = new CurveRowFormat.Row(corpus ? CurveRowFormat.CORPUS_ID : text(random), length, random.nextInt(10_000),
                    pick(random, CurvePlan.CURVE_METHODS), 1 + random.nextInt((int) Setting.RUNS.max()), refused ? null : logValue(random, length),
                    random.nextLong() & Long.MAX_VALUE, nanos(random));
            String line = CurveRowFormat.write(row, true);
            CurveRowFormat.Row read = CurveRowFormat.parse(body(line));
            assertEquals(row, read, line);
            assertEquals(corpus, read.corpusLine());
            assertEquals(line, CurveRowFormat.write(read, true));
        }
    }

    @Test
    void calibrateRowsReadBackAsWritten() {
        Random random = new Random(30);
        for (int i = 0; i < ROWS; i++) {
            int length = 1 + random.nextInt(1_000_000);
            boolean ok = random.nextInt(4) > 0;
            double lower = logValue(random, length);
            Calibration.Row row = new Calibration.Row(i, text(random), length, pick(random, Methods.names()), 1 + random.nextInt(100_000),
                    ok ? lower : Double.NaN, ok ? Math.min(0, lower + random.nextDouble() * 10) : Double.NaN, 1 + random.nextInt(100_000),
                    nanos(random), ok ? null : Status.REFUSED.label());
            String line = CalibrateRowFormat.write(row, true);
            Calibration.Row read = CalibrateRowFormat.parse(body(line), i);
            assertEquals(row.toString(), read.toString(), line);
            assertEquals(line, CalibrateRowFormat.write(read, true));
            assertTrue(ok || line.contains("\t\t\t" + row.upperTemperatures() + "\t\t\t"), "a refused row's bounds and widths are empty: " + line);
        }
    }

    @Test
    void sessionResultsAndRoundsReadBackAsWritten() {
        Random random = new Random(29);
        for (int i = 0; i < ROWS; i++) {
            Status status = pick(random, List.of(Status.values()));
            int length = 1 + random.nextInt(1_000_000);
            RatioResult result = status.hasValue() ? new RatioResult(random.nextGaussian() * length, new double[0], random.nextLong() & Long.MAX_VALUE,
                    random.nextLong() & Long.MAX_VALUE) : null;
            ComparisonRunner.Result r = new ComparisonRunner.Result(random.nextInt(1_000_000), text(random), length,
                    pick(random, ComparisonMethods.names()), pick(random, List.of(Direction.values())), 1 + random.nextInt((int) Setting.RUNS.max()),
                    random.nextBoolean(), result, result == null ? text(random) : null, status);
            String line = SessionRowFormat.write(r);
            ComparisonRunner.Result read = SessionRowFormat.parseResult(body(line));
            assertEquals(List.of(r.documentIndex(), r.documentId(), r.length(), r.method(), r.direction(), r.run(), r.reference(), r.status(),
                    String.valueOf(r.refusal())), List.of(read.documentIndex(), read.documentId(), read.length(), read.method(), read.direction(),
                    read.run(), read.reference(), read.status(), String.valueOf(read.refusal())), line);
            if (result != null) {
                assertEquals(List.of(result.logRatio(), result.siteUpdates(), result.nanos()),
                        List.of(read.result().logRatio(), read.result().siteUpdates(), read.result().nanos()), line);
            } else {
                assertNull(read.result());
            }
            assertEquals(line, SessionRowFormat.write(read));

            SessionFile.Round round = new SessionFile.Round(random.nextInt(1_000_000), pick(random, ComparisonMethods.names()),
                    1 + random.nextInt(Integer.MAX_VALUE - 1), pick(random, java.util.Arrays.asList(true, false, null)));
            assertEquals(round, SessionRowFormat.parseRound(body(SessionRowFormat.write(round))));

            long tokens = random.nextInt(1_000_000);
            CurveRunner.Point point = new CurveRunner.Point(random.nextInt(10_000), pick(random, CurvePlan.CURVE_METHODS),
                    1 + random.nextInt((int) Setting.RUNS.max()), tokens, -random.nextDouble() * tokens, random.nextLong() & Long.MAX_VALUE,
                    random.nextLong() & Long.MAX_VALUE, random.nextBoolean() ? null : random.nextDouble() * 100, random.nextInt(1000));
            String text = SessionRowFormat.write(point);
            assertEquals(point, SessionRowFormat.parsePoint(text), text);
            assertTrue(text.indexOf(';') < 0 && text.indexOf('\t') < 0, "a point stays one field of the curves.points setting: " + text);
        }
    }

    /**
     * The {@code millis} column's three decimals come back as the nanoseconds written: 1.001 ms is 1,001,000 ns, though
     * 1.001 * 1e6 is 1000999.99... as a double.
     */
    @Test
    void millisComeBackAsTheWholeMicrosecondsWritten() {
        for (long micros = 0; micros < 20_000; micros++) {
            String text = Cells.millis(micros * 1000, true);
            assertEquals(micros * 1000, RowChecks.millisAsNanos(text), text);
        }
        assertEquals("0", Cells.millis(123_456_789, false), "--no-timing writes 0");
    }

    @Test
    void everyStatusParsesItsOwnLabelAndNothingElse() {
        for (Status s : Status.values()) {
            assertEquals(s, Status.parse(s.label()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Status.parse("OK"));
        assertTrue(e.getMessage().contains("unknown status 'OK'") && e.getMessage().contains("zero-weight"), e.getMessage());
    }

    /** A malformed line: the message names the file, the line and what is wrong with it. */
    private static void refused(String expected, InputExceptionThrower read) {
        InputException e = assertThrows(InputException.class, read::run);
        assertEquals(FILE.toString(), e.file(), e.getMessage());
        assertEquals(7, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(FILE.toString()) && e.getMessage().contains("7") && e.getMessage().contains(expected),
                "'" + expected + "' in: " + e.getMessage());
    }

    private interface InputExceptionThrower {
        void run() throws InputException;
    }

    @Test
    void aMalformedLineIsRefusedNamingTheFileTheLineAndTheProblem() {
        String estimate = "d1\t5\tais\t1\t-20.5\t60.3\t100\t1.5\tok\tyes";
        EstimateRowFormat.parse(estimate);
        refused("10 tab-separated fields, this one has 9", () -> EstimateRowFormat.read(estimate.substring(0, estimate.lastIndexOf('\t')), FILE, 7));
        refused("unknown status 'fine'", () -> EstimateRowFormat.read(estimate.replace("\tok\t", "\tfine\t"), FILE, 7));
        refused("logLik is NaN", () -> EstimateRowFormat.read(estimate.replace("-20.5", "NaN"), FILE, 7));
        refused("a refused row has no logLik", () -> EstimateRowFormat.read(estimate.replace("\tok\t", "\trefused\t"), FILE, 7));
        refused("certified is yes or no", () -> EstimateRowFormat.read(estimate.replace("\tyes", "\tmaybe"), FILE, 7));
        refused("millis -1.5 is out of range", () -> EstimateRowFormat.read(estimate.replace("\t1.5\t", "\t-1.5\t"), FILE, 7));
        refused("run '' is not a whole number", () -> SelectRowFormat.read("model 1\t" + estimate.replace("\tais\t1\t", "\tais\t\t"), FILE, 7));

        String compare = "d1\t5\tratio-convex\tforward\t1\t0.5\t0.9\t100\t1.5\tok\tno\t20\t-";
        CompareRowFormat.parse(compare, true);
        refused("unknown direction 'sideways'", () -> CompareRowFormat.read(compare.replace("forward", "sideways"), true, FILE, 7));
        refused("converged 'maybe' is not yes, no or -", () -> CompareRowFormat.read(compare.replace("\t-", "\tmaybe"), true, FILE, 7));
        refused("11 tab-separated fields, this one has 13", () -> CompareRowFormat.read(compare, false, FILE, 7));

        String curve = "d1\t5\t10\tais\t1\t-20.5\t100\t1.5";
        CurveRowFormat.parse(curve);
        refused("iteration '1x' is not a whole number", () -> CurveRowFormat.read(curve.replace("\t10\t", "\t1x\t"), FILE, 7));
        refused("logLik -1e300 is beyond what 5 tokens can have", () -> CurveRowFormat.read(curve.replace("-20.5", "-1e300"), FILE, 7));
    }

    @Test
    void theProvenanceHeaderReadsBackTheSettingsAndInputsItWrote() throws Exception {
        Path input = Files.writeString(dir.resolve("a\tmodel\\with\nodd name.tsv"), "content");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("plan", "compare");
        settings.put("methods", "ratio-convex,lr-diff");
        settings.put("seed", "7");
        settings.put("note", "a value\twith a tab,\na line break and a \\ backslash");
        String written = ProvenanceHeader.write(settings, List.of(new Provenance.Input("model-a", input)), false, Shard.ALL, null);
        ProvenanceHeader read = new ProvenanceHeader();
        for (String line : written.split("\n")) {
            assertTrue(ProvenanceHeader.isProvenance(line), line);
            read.read(line);
        }
        assertEquals(settings, read.settings());
        assertEquals(1, read.inputs().size());
        assertEquals(new ProvenanceHeader.Input("model-a", input.toAbsolutePath().normalize(), Provenance.digest(input)), read.inputs().get(0));
        assertNull(read.inputs().get(0).problem(), "the input is as recorded");
        assertTrue(!read.timed() && !read.sharded());
        assertEquals(written.lines().toList(), read.lines());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ProvenanceHeader().read("# setting\tseed"));
        assertTrue(e.getMessage().contains("a name and a value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ProvenanceHeader().read("# setting\truns\t-5"));
        assertTrue(e.getMessage().contains("setting runs"), e.getMessage());
    }

    /** Byte-identity is promised on one platform, so every output says which it was made on, on its second line. */
    @Test
    void theProvenanceNamesTheJavaRuntimeTheOsAndTheArchitecture() throws Exception {
        String written = ProvenanceHeader.write(Map.of("plan", "compare"), List.of(), false, Shard.ALL, null);
        String runtime = written.lines().toList().get(1);
        assertEquals(List.of("# runtime", "java:" + System.getProperty("java.runtime.version"), "vendor:" + System.getProperty("java.vendor"),
                "vm:" + System.getProperty("java.vm.name"), "os:" + System.getProperty("os.name"), "arch:" + System.getProperty("os.arch")),
                List.of(Provenance.fields(runtime)));
        ProvenanceHeader read = new ProvenanceHeader();
        written.lines().forEach(read::read);
        assertEquals(Map.of("plan", "compare"), read.settings(), "the runtime is no setting");
        assertTrue(read.lines().contains(runtime), "kept among the lines shards must share");
    }
}
