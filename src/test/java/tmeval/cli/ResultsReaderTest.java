package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.run.output.SessionFile;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35: every reader of a comparison's results (report, covariates, the workbench through
 * {@link tmeval.run.output.ComparisonResults}) refuses, naming the file and line, the rows merge refuses: a duplicated
 * row with another value, an extra run beyond the plan, a document the corpus does not have, a duplicated result row in
 * a session; a file of millions of copies of one row stops at the second; a session records its inputs' SHA-256 and a
 * swapped model is refused; a session of a million runs and a metadata header of 200,000 columns are refused at once.
 */
class ResultsReaderTest {
    @TempDir
    Path dir;

    /** A real compare output of two ratio paths on five documents: {docs, lines of the file}. */
    private Path compare(Path[] data) throws Exception {
        Path out = dir.resolve("results.tsv");
        CliTest.Outcome o = CliTest.run("compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus",
                data[2].toString(), "--method", "ratio-convex,lr-diff", "--temperatures", "20", "--burn-in", "2", "--runs", "2",
                "--no-timing", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        return out;
    }

    private static List<String> lines(Path p) throws Exception {
        return new ArrayList<>(Files.readAllLines(p, StandardCharsets.UTF_8));
    }

    /** The index of the first row of the file (the line after the header). */
    private static int firstRow(List<String> lines) {
        return lines.indexOf(lines.stream().filter(l -> l.startsWith("docId\t")).findFirst().orElseThrow()) + 1;
    }

    /** report and covariates both refuse the file, naming it and the line, with the problem in words. */
    private void refusedByEveryReader(Path results, int line, String problem) {
        CliTest.Outcome report = CliTest.run("report", "--results", results.toString(), "--out", dir.resolve("r.html").toString());
        assertEquals(1, report.code(), report.out() + report.err());
        assertTrue(report.err().contains(results + ", line " + line + ": ") && report.err().contains(problem), report.err());
        CliTest.Outcome covariates = CliTest.run("covariates", "--results", results.toString(), "--no-models", "--out",
                dir.resolve("c.tsv").toString());
        assertEquals(1, covariates.code(), covariates.out() + covariates.err());
        assertTrue(covariates.err().contains(results + ", line " + line + ": ") && covariates.err().contains(problem), covariates.err());
        assertFalse(Files.exists(dir.resolve("r.html")), "no report written");
    }

    @Test
    void aDuplicatedRowWithAnotherValueIsRefusedAtItsLine() throws Exception {
        Path results = compare(ReliabilityTest.smallData(dir, 5));
        List<String> lines = lines(results);
        int row = firstRow(lines);
        String[] f = lines.get(row).split("\t", -1);
        // the same row with another value (and its perplexity ratio to match)
        double logRatio = Double.parseDouble(f[5]) + 0.5;
        f[5] = Double.toString(logRatio);
        f[6] = Double.toString(Math.exp(-logRatio / Integer.parseInt(f[1])));
        lines.add(row + 1, String.join("\t", f));
        Path edited = dir.resolve("duplicated.tsv");
        Files.write(edited, lines);
        refusedByEveryReader(edited, row + 2, "is given twice (also at line " + (row + 1) + ")");
    }

    @Test
    void aRunBeyondThePlanIsRefusedAtItsLine() throws Exception {
        Path results = compare(ReliabilityTest.smallData(dir, 5));
        List<String> lines = lines(results);
        int row = firstRow(lines);
        String[] f = lines.get(row).split("\t", -1);
        f[4] = "9";
        lines.add(row + 1, String.join("\t", f));
        Path edited = dir.resolve("run9.tsv");
        Files.write(edited, lines);
        refusedByEveryReader(edited, row + 2, "run 9 beyond the plan's 2 runs");
    }

    @Test
    void aDocumentTheRecordedCorpusDoesNotHaveIsRefusedWhereTheCorpusIsThere() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 5);
        Path results = compare(data);
        List<String> lines = lines(results);
        int row = firstRow(lines);
        // a whole document more: the plan's rows of the first document, under an id the corpus does not have
        String first = lines.get(row).split("\t")[0];
        List<String> extra = lines.stream().skip(row).filter(l -> l.startsWith(first + "\t")).map(l -> "stranger" + l.substring(first.length()))
                .toList();
        lines.addAll(extra);
        Path edited = dir.resolve("stranger.tsv");
        Files.write(edited, lines);
        refusedByEveryReader(edited, lines.size() - extra.size() + 1, "document stranger is not in the corpus the results name");
        // where the corpus is not there, the rows cannot be checked against it: read, and said to be unchecked
        Files.move(data[2], dir.resolve("elsewhere.tsv"));
        CliTest.Outcome report = CliTest.run("report", "--results", edited.toString(), "--out", dir.resolve("r.html").toString());
        assertEquals(0, report.code(), report.err());
        assertTrue(report.err().contains("not checked against the corpus") && report.err().contains("is not there"), report.err());
    }

    @Test
    void aDocumentMissingRowsIsRefused() throws Exception {
        Path results = compare(ReliabilityTest.smallData(dir, 5));
        List<String> lines = lines(results);
        int row = firstRow(lines);
        lines.remove(row + 1);
        Path edited = dir.resolve("missing.tsv");
        Files.write(edited, lines);
        refusedByEveryReader(edited, row + 1, "rows deleted, or the file is truncated");
    }

    @Test
    void aDuplicatedResultRowInASessionIsRefusedAtItsLine() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 5);
        Path session = session(data, dir.resolve("s.tmeval-session.tsv"));
        List<String> lines = lines(session);
        int row = lines.indexOf(lines.stream().filter(l -> l.startsWith("result\t")).findFirst().orElseThrow());
        String[] f = lines.get(row).split("\t", -1);
        f[8] = Double.toString(Double.parseDouble(f[8]) - 3);
        lines.add(row + 1, String.join("\t", f));
        Files.write(session, lines);
        refusedByEveryReader(session, row + 2, "is given twice (also at line " + (row + 1) + ")");
    }

    /** A session of one finished run of the compare output's rows, as the workbench saves one (its inputs' digests recorded). */
    private Path session(Path[] data, Path session) throws Exception {
        Path results = compare(data);
        var opened = tmeval.run.output.ComparisonResults.open(results);
        java.util.Map<String, Path> inputs = new java.util.LinkedHashMap<>();
        inputs.put("modelA", data[0]);
        inputs.put("modelB", data[1]);
        inputs.put("corpus", data[2]);
        SessionFile.write(new SessionFile.Session(inputs, java.util.Map.of("history.shown", "1"), List.of(), List.of(),
                List.of(new SessionFile.RunBlock(1, java.time.Instant.EPOCH, "finished", "", new java.util.LinkedHashMap<>(opened.source().settings()),
                        opened.results(), List.of()))), session);
        return session;
    }

    @Test
    void aSessionRecordsItsInputsDigestsAndEveryReaderRefusesASwappedModel() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 5);
        Path session = session(data, dir.resolve("s.tmeval-session.tsv"));
        List<String> lines = lines(session);
        int modelA = lines.indexOf(lines.stream().filter(l -> l.startsWith("input\tmodelA\t")).findFirst().orElseThrow());
        assertTrue(lines.get(modelA).matches("input\tmodelA\t.*\tsha256:[0-9a-f]{64}\tbytes:[0-9]+"), lines.get(modelA));
        CliTest.Outcome fine = CliTest.run("report", "--results", session.toString(), "--out", dir.resolve("r.html").toString());
        assertEquals(0, fine.code(), fine.err());
        // another model at model A's path: the results were not made with it
        Files.copy(data[1], data[0], java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.delete(dir.resolve("r.html"));
        refusedByEveryReader(session, modelA + 1, "has changed since the session was saved (its SHA-256 differs)");
    }

    @Test
    void aSessionSavedBeforeSessionsRecordedDigestsIsReadWithAWarning() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 5);
        Path session = session(data, dir.resolve("s.tmeval-session.tsv"));
        List<String> old = lines(session).stream().map(l -> l.startsWith("input\t") ? l.substring(0, l.indexOf("\tsha256:")) : l).toList();
        Files.write(session, old);
        CliTest.Outcome o = CliTest.run("report", "--results", session.toString(), "--out", dir.resolve("r.html").toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.err().contains("saved before sessions recorded their inputs' SHA-256") && o.err().contains("modelA"), o.err());
        assertTrue(Files.readString(dir.resolve("r.html")).contains("Not checked: a session saved before sessions recorded"));
    }

    /**
     * Three million copies of one row (a few MB gzipped) are refused at the second, in a 64 MB heap, at once: the rows
     * are checked as they stream, never held.
     */
    @Test
    void threeMillionCopiesOfOneRowAreRefusedAtTheSecondInA64MegabyteHeap() throws Exception {
        Path results = compare(ReliabilityTest.smallData(dir, 5));
        List<String> lines = lines(results);
        int row = firstRow(lines);
        Path big = dir.resolve("copies.tsv.gz");
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(big)), StandardCharsets.UTF_8))) {
            for (String l : lines.subList(0, row)) {
                w.write(l + "\n");
            }
            for (int i = 0; i < 3_000_000; i++) {
                w.write(lines.get(row) + "\n");
            }
        }
        Path log = dir.resolve("copies.log");
        long start = System.nanoTime();
        Process p = ReliabilityTest.launch(log, "-Xmx64m", "report", "--results", big.toString(), "--out", dir.resolve("r.html").toString());
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
        } finally {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String text = Files.readString(log);
        assertEquals(1, p.exitValue(), text);
        assertTrue(text.contains(big + ", line " + (row + 2) + ": ") && text.contains("given twice"), text);
        assertTrue(seconds < 20, "refused after " + seconds + " s");
    }

    /** A session of a million runs is refused at its 10,001st run line, at once (reading runs was quadratic in their number). */
    @Test
    void aSessionOfAMillionRunsIsRefusedAtTheLimitAtOnce() throws Exception {
        Path session = dir.resolve("runs.tmeval-session.tsv");
        try (BufferedWriter w = Files.newBufferedWriter(session)) {
            w.write(SessionFile.MAGIC + "\n");
            for (int i = 1; i <= 1_000_000; i++) {
                w.write("run\t" + i + "\t2026-01-01T00:00:00Z\tfinished\t\n");
            }
        }
        tmeval.io.InputException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> org.junit.jupiter.api.Assertions.assertThrows(tmeval.io.InputException.class, () -> SessionFile.read(session)));
        assertEquals(SessionFile.MAX_RUNS + 2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("at most " + SessionFile.MAX_RUNS), e.getMessage());
    }

    /** A metadata header of 200,000 columns is refused in a 64 MB heap within seconds (it took 68 s to say "a header and no document"). */
    @Test
    void aMetadataHeaderOfTwoHundredThousandColumnsIsRefusedAtOnce() throws Exception {
        Path results = compare(ReliabilityTest.smallData(dir, 5));
        Path metadata = dir.resolve("wide.tsv");
        StringBuilder header = new StringBuilder("docId");
        for (int c = 0; c < 200_000; c++) {
            header.append("\tc").append(c);
        }
        Files.writeString(metadata, header + "\n");
        Path log = dir.resolve("wide.log");
        long start = System.nanoTime();
        Process p = ReliabilityTest.launch(log, "-Xmx64m", "covariates", "--results", results.toString(), "--metadata", metadata.toString(),
                "--no-models", "--out", dir.resolve("c.tsv").toString());
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
        } finally {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String text = Files.readString(log);
        assertEquals(1, p.exitValue(), text);
        assertTrue(text.contains(metadata + ", line 1: the header names 200000 covariates; a metadata file has at most"), text);
        assertTrue(seconds < 15, "refused after " + seconds + " s");
    }

    /** A session's document at position two billion is reported in a 64 MB heap: nothing is kept per position (it asked for 8 GB). */
    @Test
    void aSessionDocumentAtPositionTwoBillionIsReportedInA64MegabyteHeap() throws Exception {
        Path session = session(ReliabilityTest.smallData(dir, 5), dir.resolve("far.tmeval-session.tsv"));
        List<String> lines = lines(session).stream().map(l -> {
            String[] f = l.split("\t", -1);
            if (f[0].equals("result")) {
                f[1] = Integer.toString(2_000_000_000 + Integer.parseInt(f[1]));
            }
            return String.join("\t", f);
        }).toList();
        Files.write(session, lines);
        Path log = dir.resolve("far.log");
        Process p = ReliabilityTest.launch(log, "-Xmx64m", "report", "--results", session.toString(), "--out", dir.resolve("far.html").toString());
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), Files.readString(log));
        assertTrue(Files.readString(dir.resolve("far.html")).contains("of 5 documents"), "five documents reported");
    }
}
