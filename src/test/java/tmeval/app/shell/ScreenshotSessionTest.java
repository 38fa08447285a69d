package tmeval.app.shell;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.run.output.ComparisonResults;
import tmeval.run.output.SessionFile;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35: {@code --screenshot --session} writes its picture, or fails with a message, within two minutes, for a session
 * of two models of different K with the results of a run (it waited in {@code Application.launch} for over 200 s: the
 * cost preview's calibration timed exact on documents the larger model refuses, failed, and the picture waited for it
 * for ever), and for a session the workbench refuses. A child JVM as a user starts it, on JavaFX's headless platform.
 */
class ScreenshotSessionTest {
    @TempDir
    Path dir;

    /** A session of the sample's K = 5 and K = 40 models on six held-out documents, with a finished run's results. */
    private Path session() throws Exception {
        Path corpus = dir.resolve("six.tokens");
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(
                Path.of("sample-data/kos-heldout.tokens.gz"))), StandardCharsets.UTF_8))) {
            for (String l; lines.size() < 6 && (l = in.readLine()) != null; ) {
                lines.add(l);
            }
        }
        Files.write(corpus, lines);
        Path a = Path.of("sample-data/model-k5.tsv.gz").toAbsolutePath();
        Path b = Path.of("sample-data/model-k40.tsv.gz").toAbsolutePath();
        Path results = dir.resolve("results.tsv");
        int code = new tmeval.cli.Cli().run(new String[] {"compare", "--model-a", a.toString(), "--model-b", b.toString(), "--corpus",
                corpus.toString(), "--method", "ratio-convex,lr-diff", "--temperatures", "20", "--burn-in", "2", "--out", results.toString()},
                System.out, System.err);
        assertEquals(0, code);
        ComparisonResults.Opened run = ComparisonResults.open(results);
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("modelA", a);
        inputs.put("modelB", b);
        inputs.put("corpus", corpus);
        Path session = dir.resolve("k5-k40.tmeval-session.tsv");
        SessionFile.write(new SessionFile.Session(inputs, Map.of("history.shown", "1"), List.of(), List.of(), List.of(new SessionFile.RunBlock(1,
                java.time.Instant.EPOCH, "finished", "", new LinkedHashMap<>(run.source().settings()), run.results(), List.of()))), session);
        return session;
    }

    /** Runs the screenshot in a JVM of its own with no display: {exit code, its output}. */
    private Object[] screenshot(Path session, Path png) throws Exception {
        Path log = dir.resolve("screenshot.log");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), "tmeval.Main", "--screenshot", png.toString(), "--session", session.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("DISPLAY");
        Process p = pb.start();
        try {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ended within two minutes: " + Files.readString(log));
        } finally {
            p.destroyForcibly();
        }
        return new Object[] {p.exitValue(), Files.readString(log)};
    }

    @Test
    void aSessionOfTwoModelsOfDifferentKIsPictured() throws Exception {
        Path png = dir.resolve("k5-k40.png");
        Object[] r = screenshot(session(), png);
        assertEquals(0, r[0], (String) r[1]);
        assertTrue(Files.size(png) > 10_000, "a picture");
    }

    @Test
    void aSessionTheWorkbenchRefusesFailsWithItsMessage() throws Exception {
        Path session = session();
        // model A is not the one the session was saved with
        List<String> lines = new ArrayList<>(Files.readAllLines(session));
        Path other = dir.resolve("other.tsv.gz");
        Files.copy(Path.of("sample-data/model-k10.tsv.gz"), other);
        lines.set(1, lines.get(1).replace(Path.of("sample-data/model-k5.tsv.gz").toAbsolutePath().toString(), other.toString()));
        try (Writer w = Files.newBufferedWriter(session)) {
            for (String l : lines) {
                w.write(l + "\n");
            }
        }
        Path png = dir.resolve("refused.png");
        Object[] r = screenshot(session, png);
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("--screenshot " + png + ": not written") && ((String) r[1]).contains("has changed since the session was saved"),
                (String) r[1]);
        assertTrue(Files.notExists(png));
    }
}
