package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Models from other tools on the command line: MALLET's text outputs, matrices, and what the corpus leaves out. */
class InteropCliTest {
    @TempDir
    Path dir;

    private static final String STATE = """
            #doc source pos typeindex type topic
            #alpha : 0.1 0.3
            #beta : 0.5
            0 NA 0 0 apple 0
            0 NA 1 1 banana 1
            0 NA 2 0 apple 0
            2 NA 0 2 cherry 1
            """;

    @Test
    void malletCountsNeedBetaByNameAndThenRead() throws Exception {
        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 apple 0:2\n1 banana 1:1\n2 cherry 1:1\n3 unused\n");
        Path keys = dir.resolve("keys.txt");
        Files.writeString(keys, "0\t0.1\tapple banana \n1\t0.3\tbanana cherry \n");
        Outcome missing = run("info", "--model", counts.toString(), "--alpha-file", keys.toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("--beta"), missing.err());
        Outcome ok = run("info", "--model", counts.toString(), "--alpha-file", keys.toString(), "--beta", "0.5");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("K = 2 topics, V = 4 words"), ok.out());
        assertEquals(2, run("info", "--model", counts.toString(), "--alpha-file", keys.toString(), "--beta", "-1").code());
    }

    @Test
    void perturbOnAStateSaysToUseState() throws Exception {
        Path state = dir.resolve("state.txt");
        Files.writeString(state, STATE);
        Outcome o = run("perturb", "--model", state.toString(), "--out", dir.resolve("p.tsv").toString());
        assertEquals(1, o.code());
        assertTrue(o.err().contains("--state"), o.err());
        assertTrue(o.err().contains("MALLET state"), o.err());
    }

    @Test
    void matrixHeaderSettlesAnAmbiguousFirstLine() throws Exception {
        Path m = dir.resolve("topics.csv");
        Files.writeString(m, "00,01,1999\n0.5,0.25,0.25\n0.1,0.1,0.8\n");
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.5\n");
        Outcome guessed = run("info", "--model", m.toString(), "--alpha-file", a.toString());
        assertEquals(1, guessed.code());
        assertTrue(guessed.err().contains("--matrix-header yes"), guessed.err());
        Outcome said = run("info", "--model", m.toString(), "--alpha-file", a.toString(), "--matrix-header", "yes");
        assertEquals(0, said.code(), said.err());
        assertTrue(said.out().contains("V = 3 words"), said.out());
        assertEquals(2, run("info", "--model", m.toString(), "--alpha-file", a.toString(), "--matrix-header", "maybe").code());
    }

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        CliTest.Outcome o = CliTest.run(args);
        return new Outcome(o.code(), o.out(), o.err());
    }
}
