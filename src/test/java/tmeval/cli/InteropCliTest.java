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

    /** A tiny MALLET state, as the io tests use it. */
    private static final String STATE = tmeval.io.OtherModelFormatsTest.STATE;

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

    /** A 3-word model and a held-out corpus in which 12 tokens of 40 (30%) are unknown: zeta x 5, eta x 4, theta x 3. */
    private Path[] modelAndCorpusWithUnknownWords() throws Exception {
        Path model = dir.resolve("m.tsv");
        Files.writeString(model, "#tmeval-model v1\n#alpha\t0.5\t0.5\napple\t0.5\t0.25\nbanana\t0.25\t0.5\ncherry\t0.25\t0.25\n");
        Path corpus = dir.resolve("heldout.tsv");
        Files.writeString(corpus, """
                d1\tapple banana apple cherry zeta zeta eta apple banana cherry
                d2\tbanana banana zeta eta theta apple cherry cherry apple apple
                d3\tzeta zeta eta eta theta theta apple banana cherry apple
                d4\tapple apple banana banana cherry cherry apple banana cherry apple
                """);
        return new Path[] {model, corpus};
    }

    private static void assertUnknownWordsReported(String out) {
        assertTrue(out.contains("out-of-vocabulary: 12 of 40 tokens (30.00%), 3 distinct words"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("warning:") && l.contains("30.00%")), out);
        assertTrue(out.contains("most frequent unknown words: zeta 5, eta 4, theta 3"), out);
    }

    @Test
    void everyCommandThatMapsACorpusShowsItsUnknownWordsOnStandardOutput() throws Exception {
        Path[] f = modelAndCorpusWithUnknownWords();
        Outcome info = run("info", "--model", f[0].toString(), "--corpus", f[1].toString());
        assertEquals(0, info.code(), info.err());
        assertUnknownWordsReported(info.out());
        Outcome estimate = run("estimate", "--model", f[0].toString(), "--corpus", f[1].toString(), "--method", "is-prior",
                "--samples", "10", "--out", dir.resolve("e.tsv").toString());
        assertEquals(0, estimate.code(), estimate.err());
        assertUnknownWordsReported(estimate.out());
        Outcome compare = run("compare", "--model-a", f[0].toString(), "--model-b", f[0].toString(), "--corpus", f[1].toString(),
                "--method", "ratio-convex", "--temperatures", "5", "--runs", "1", "--reference", "none", "--out", dir.resolve("c.tsv").toString());
        assertEquals(0, compare.code(), compare.err());
        assertUnknownWordsReported(compare.out());
        Path series = Files.createDirectory(dir.resolve("series"));
        Files.copy(f[0], series.resolve("iter-1.tsv"));
        Files.copy(f[0], series.resolve("iter-2.tsv"));
        Outcome curve = run("curve", "--series", series.toString(), "--corpus", f[1].toString(), "--method", "iteration-ais", "--temperatures", "5",
                "--runs", "1", "--out", dir.resolve("k.tsv").toString());
        assertEquals(0, curve.code(), curve.err());
        assertUnknownWordsReported(curve.out());

        // below 2%: counted, no warning
        Files.writeString(f[1], "d1\t" + "apple ".repeat(99) + "zeta\n");
        Outcome few = run("info", "--model", f[0].toString(), "--corpus", f[1].toString());
        assertTrue(few.out().contains("out-of-vocabulary: 1 of 100 tokens (1.00%)"), few.out());
        assertTrue(few.out().lines().noneMatch(l -> l.startsWith("warning:")), few.out());
    }

    @Test
    void smoothNeedsAModelThatCarriesMalletsWholeAlphabet() throws Exception {
        Path[] f = modelAndCorpusWithUnknownWords();
        Outcome refused = run("info", "--model", f[0].toString(), "--corpus", f[1].toString(), "--unknown-words", "smooth");
        assertEquals(1, refused.code());
        assertTrue(refused.err().contains("--unknown-words smooth") && refused.err().contains("--word-topic-counts-file"), refused.err());
        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 apple 0:2\n1 banana 1:1\n2 cherry 1:1\n3 zeta\n");
        Path alpha = dir.resolve("alpha.txt");
        Files.writeString(alpha, "0.5 0.5\n");
        Outcome smooth = run("info", "--model", counts.toString(), "--alpha-file", alpha.toString(), "--beta", "0.1",
                "--corpus", f[1].toString(), "--unknown-words", "smooth");
        assertEquals(0, smooth.code(), smooth.err());
        assertTrue(smooth.out().contains("out-of-vocabulary: 7 of 40 tokens"), "zeta is in MALLET's alphabet: " + smooth.out());
        assertEquals(2, run("info", "--model", f[0].toString(), "--corpus", f[1].toString(), "--unknown-words", "guess").code());
    }

    /** The jar carries the Python module and a command prints it byte for byte, so that the jar (or the installer) alone is enough. */
    @Test
    void exportModulePrintsThePythonModuleTheJarCarries() throws Exception {
        Outcome o = run("export-module");
        assertEquals(0, o.code(), o.err());
        assertEquals(Files.readString(Path.of("src/main/python/tmeval_export.py")), o.out());
        assertTrue(run("--help").out().contains("export-module"));
    }

    /** MALLET's tokenising options reach the raw-text reader from every command's corpus options, and a bad regex is a usage error. */
    @Test
    void rawTextTakesMalletsTokenisingOptions() throws Exception {
        Path text = dir.resolve("docs.txt");
        Files.writeString(text, "The apple and THE Banana\nan apple a day, 42 days\n");
        Outcome plain = run("info", "--corpus", text.toString(), "--corpus-format", "text");
        assertEquals(0, plain.code(), plain.err());
        assertTrue(plain.out().contains("8 tokens"), plain.out());
        Outcome stop = run("info", "--corpus", text.toString(), "--corpus-format", "text", "--remove-stopwords");
        assertTrue(stop.out().contains("5 tokens"), "the and THE are MALLET's stop words: " + stop.out());
        Outcome regex = run("info", "--corpus", text.toString(), "--corpus-format", "text", "--token-regex", "[\\p{L}\\p{N}]+",
                "--keep-case");
        assertTrue(regex.out().contains("11 tokens, vocabulary 10"), "numbers and case kept: " + regex.out());
        Outcome bad = run("info", "--corpus", text.toString(), "--token-regex", "[a-");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--token-regex '[a-' is not a regular expression"), bad.err());
    }

    /** The provenance records --unknown-words and, per model, the out-of-vocabulary tokens and types dropped. */
    @Test
    void theProvenanceRecordsUnknownWordsAndTheOutOfVocabularyCounts() throws Exception {
        Path[] f = modelAndCorpusWithUnknownWords();
        Path e = dir.resolve("e.tsv");
        Outcome estimate = run("estimate", "--model", f[0].toString(), "--corpus", f[1].toString(), "--method", "is-prior",
                "--samples", "10", "--out", e.toString());
        assertEquals(0, estimate.code(), estimate.err());
        String provenance = Files.readString(e);
        assertTrue(provenance.contains("# setting\tunknown-words\tdrop\n"), provenance);
        assertTrue(provenance.contains("# setting\tout-of-vocabulary\t12 tokens of 40, 3 types, dropped\n"), provenance);

        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 apple 0:2\n1 banana 1:1\n2 cherry 1:1\n3 zeta\n");
        Path alpha = dir.resolve("alpha.txt");
        Files.writeString(alpha, "0.5 0.5\n");
        Path smoothed = dir.resolve("s.tsv");
        Outcome smooth = run("estimate", "--model", counts.toString(), "--alpha-file", alpha.toString(), "--beta", "0.1",
                "--corpus", f[1].toString(), "--unknown-words", "smooth", "--method", "is-prior", "--samples", "10", "--out", smoothed.toString());
        assertEquals(0, smooth.code(), smooth.err());
        assertTrue(Files.readString(smoothed).contains("# setting\tunknown-words\tsmooth\n# setting\tout-of-vocabulary\t7 tokens of 40, 2 types, dropped\n"),
                Files.readString(smoothed));

        Path wide = dir.resolve("wide.tsv");
        Files.writeString(wide, "#tmeval-model v1\n#alpha\t0.5\t0.5\napple\t0.5\t0.25\nbanana\t0.25\t0.5\ncherry\t0.125\t0.125\nzeta\t0.125\t0.125\n");
        Path s = dir.resolve("select.tsv");
        Outcome select = run("select", "--models", f[0] + "," + wide, "--corpus", f[1].toString(), "--method", "is-prior", "--samples", "10",
                "--out", s.toString());
        assertEquals(0, select.code(), select.err());
        String selected = Files.readString(s);
        assertTrue(selected.contains("# setting\tmodel-1-out-of-vocabulary\t12 tokens of 40, 3 types, dropped\n")
                && selected.contains("# setting\tmodel-2-out-of-vocabulary\t7 tokens of 40, 2 types, dropped\n"), selected);
    }

    /** select's help promises a library's ranking only where the vocabularies agree, which is all it decides. */
    @Test
    void selectsHelpPromisesOnlyWhatItDoes() {
        String help = run("select", "--help").out();
        assertTrue(help.contains("which library, where the models share one vocabulary") && help.contains("n/a across vocabularies"), help);
        assertTrue(!help.contains("which library predicts it best"), help);
    }

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        CliTest.Outcome o = CliTest.run(args);
        return new Outcome(o.code(), o.out(), o.err());
    }
}
