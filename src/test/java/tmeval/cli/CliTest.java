package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {
    @TempDir
    Path dir;

    /** What one invocation printed and returned. */
    record Outcome(int code, String out, String err) {
    }

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli().run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpEverywhere() {
        assertTrue(run("--help").out().contains("commands:"));
        for (String c : new String[] {"info", "train", "perturb"}) {
            Outcome o = run(c, "--help");
            assertEquals(0, o.code());
            assertTrue(o.out().contains("usage: tmeval " + c), o.out());
        }
    }

    @Test
    void usageErrorsExitTwoWithOneLine() {
        Outcome o = run("train", "--topics", "five", "--iterations", "3", "--corpus", "c", "--out", "m.tsv");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("--topics needs a whole number"), o.err());
        assertEquals(1, o.err().strip().lines().count());
        assertEquals(2, run("frobnicate").code());
        assertEquals(2, run("info", "--bogus").code());
        assertEquals(2, run("info").code());
    }

    @Test
    void inputErrorsExitOneNamingFileAndLine() throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\na\t0.5\nb\t0.5\t0.5\n");
        Outcome o = run("info", "--model", bad.toString());
        assertEquals(1, o.code());
        assertTrue(o.err().contains(bad + ", line 3:"), o.err());
        assertFalse(o.err().contains("Exception"), "no stack trace without --debug");
    }

    @Test
    void trainPerturbAndInfoEndToEnd() throws Exception {
        TopicModel truth = Fixtures.randomModel("t", 30, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path corpus = dir.resolve("corpus.tsv");
        StringBuilder sb = new StringBuilder();
        var generated = Fixtures.generate(truth, 50, 20, 2);
        for (var d : generated.documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(truth.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append('\n');
        }
        Files.writeString(corpus, sb);
        Path model = dir.resolve("m.tsv.gz");
        Path series = dir.resolve("series");
        Outcome t = run("train", "--corpus", corpus.toString(), "--topics", "3", "--iterations", "20", "--snapshot-every", "10",
                "--series-dir", series.toString(), "--seed", "4", "--out", model.toString());
        assertEquals(0, t.code(), t.err());
        assertTrue(Files.exists(series.resolve("iter-20.tsv.gz")));
        assertEquals(NativeModelFormat.read(model).withName("x"), NativeModelFormat.read(series.resolve("iter-20.tsv.gz")).withName("x"));
        Path perturbed = dir.resolve("p.tsv");
        Outcome p = run("perturb", "--model", model.toString(), "--out", perturbed.toString());
        assertEquals(0, p.code(), p.err());
        assertEquals(3, NativeModelFormat.read(perturbed).numTopics());
        Outcome i = run("info", "--model", model.toString(), "--corpus", corpus.toString());
        assertEquals(0, i.code(), i.err());
        assertTrue(i.out().contains("K = 3 topics"), i.out());
        assertTrue(i.out().contains("dropped 0 out-of-vocabulary tokens"), i.out());
    }

    @Test
    void estimateWritesTheContractColumnsAndASummary() throws Exception {
        TopicModel truth = Fixtures.randomModel("t", 30, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path modelFile = dir.resolve("m.tsv");
        NativeModelFormat.write(truth, modelFile);
        Path corpus = dir.resolve("heldout.tsv");
        StringBuilder sb = new StringBuilder();
        for (var d : Fixtures.generate(truth, 6, 15, 2).documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(truth.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append("unknownword\n");
        }
        Files.writeString(corpus, sb);
        Path out = dir.resolve("est.tsv");
        Outcome o = run("estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(), "--method", "ais",
                "--temperatures", "50", "--runs", "2", "--out", out.toString(), "--summary", "--threads", "2");
        assertEquals(0, o.code(), o.err());
        var lines = Files.readAllLines(out);
        assertEquals("docId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis", lines.get(0));
        assertEquals(13, lines.size());
        String[] row = lines.get(1).split("\t");
        assertEquals("15", row[1]);
        assertEquals(Math.exp(-Double.parseDouble(row[4]) / 15), Double.parseDouble(row[5]), 1e-9);
        assertEquals("750", row[6], "15 tokens x 50 temperatures");
        assertTrue(o.out().contains("corpus log-likelihood"), o.out());
        assertTrue(o.out().contains("mean per-document variance"), o.out());
        assertTrue(o.err().contains("dropped 6 out-of-vocabulary tokens"), o.err());
        Outcome bad = run("estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(), "--method", "nope", "--out", out.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown method 'nope'"), bad.err());
    }
}
