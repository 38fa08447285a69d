package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.run.output.Provenance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code coherence} on the command line: its table, its provenance, what it refuses, where its topic sizes come from. */
class CoherenceCommandTest {
    @TempDir
    Path dir;

    private static List<String> provenance(Path out) throws Exception {
        return Files.readAllLines(out).stream().filter(l -> l.startsWith("#")).toList();
    }

    @Test
    void oneRowPerTopicFromOneThenTheModelsRowsAndTheWholeConfigurationInTheProvenance() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 20);
        Path out = dir.resolve("coherence.tsv");
        CliTest.Outcome r = CliTest.run("coherence", "--model", d[0].toString(), "--corpus", d[2].toString(), "--measure", "uci",
                "--window", "5", "--top-n", "4", "--seed", "9", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("mean uci over 3 topics"), r.out());
        List<String> table = CliTest.table(out);
        assertEquals("topic\tmeasure\twindow\tvalue\tlow\thigh\tabsent\ttokens\teff_num_words\texclusivity\tcorpus_dist\tword1\tword2\tword3\tword4",
                table.get(0));
        assertEquals(7, table.size(), "3 topics, the mean, diversity and inverted RBO");
        for (int k = 1; k <= 3; k++) {
            String[] f = table.get(k).split("\t", -1);
            assertEquals(List.of(Integer.toString(k), "uci", "5"), List.of(f).subList(0, 3));
            Double.parseDouble(f[3]);
            assertEquals(15, f.length);
        }
        assertTrue(table.get(4).startsWith("*\tuci\t5\t"), table.get(4));
        assertTrue(table.get(5).startsWith("*\tdiversity\t-\t"), table.get(5));
        assertTrue(table.get(6).startsWith("*\tinverted-rbo\t-\t"), table.get(6));
        String text = Files.readString(out);
        assertFalse(text.contains("NaN") || text.contains("Infinity"), text);
        List<String> p = provenance(out);
        for (String setting : List.of("plan\tcoherence", "measure\tuci", "gensim-measure\tc_uci", "window\t5", "top-n\t4", "seed\t9",
                "topic-sizes\texpected-vb", "corpus-format\tauto", "rbo-persistence\t0.9", "diversity-words\t25")) {
            assertTrue(p.contains("# setting\t" + setting), setting + " in " + p);
        }
        String digest = Provenance.digest(d[2]);
        assertTrue(p.stream().anyMatch(l -> l.startsWith("# input\tcorpus\t") && l.contains(digest.split("\t")[0])), p.toString());
    }

    @Test
    void theTokenisingOfARawTextReferenceIsRecorded() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 5);
        Path text = dir.resolve("text.txt");
        Files.writeString(text, "The w1 and w2 and w3 of w4\nw5 w6 the w1 w7 w2\n");
        Path out = dir.resolve("c.tsv");
        CliTest.Outcome r = CliTest.run("coherence", "--model", d[0].toString(), "--corpus", text.toString(), "--remove-stopwords",
                "--token-regex", "\\w+", "--keep-case", "--window", "document", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> p = provenance(out);
        assertTrue(p.contains("# setting\tremove-stopwords\ttrue"), p.toString());
        assertTrue(p.contains("# setting\ttoken-regex\t\\\\w+"), p.toString());
        assertTrue(p.contains("# setting\tkeep-case\ttrue"), p.toString());
        assertTrue(p.contains("# setting\twindow\tdocument"), p.toString());
    }

    @Test
    void aSlidingWindowOverABagOfWordsIsRefusedNamingTheFileAndTheWholeDocumentIsNot() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 5);
        StringBuilder vocab = new StringBuilder();
        for (int w = 0; w < 40; w++) {
            vocab.append(tmeval.Fixtures.vocabulary(40).word(w)).append('\n');
        }
        Files.writeString(dir.resolve("vocab.x.txt"), vocab.toString());
        Path docword = dir.resolve("docword.x.txt");
        Files.writeString(docword, "2\n40\n4\n1 1 2\n1 3 1\n2 2 1\n2 3 4\n");
        Path out = dir.resolve("c.tsv");
        CliTest.Outcome refused = CliTest.run("coherence", "--model", d[0].toString(), "--corpus", docword.toString(), "--out", out.toString());
        assertEquals(1, refused.code(), refused.out());
        assertTrue(refused.err().contains(docword.toString()) && refused.err().contains("--window document"), refused.err());
        assertFalse(Files.exists(out), "nothing written");
        CliTest.Outcome document = CliTest.run("coherence", "--model", d[0].toString(), "--corpus", docword.toString(), "--window", "document",
                "--out", out.toString());
        assertEquals(0, document.code(), document.err());
        assertEquals(0, CliTest.run("coherence", "--model", d[0].toString(), "--corpus", docword.toString(), "--measure", "umass",
                "--out", dir.resolve("u.tsv").toString()).code(), "u_mass's window is the document");
    }

    @Test
    void theAssignmentsBesideATrainedModelGiveTheTopicSizes() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 20);
        Path model = dir.resolve("trained.tsv");
        CliTest.Outcome t = CliTest.run("train", "--corpus", d[2].toString(), "--topics", "3", "--iterations", "5", "--out", model.toString());
        assertEquals(0, t.code(), t.err());
        Path out = dir.resolve("c.tsv");
        CliTest.Outcome r = CliTest.run("coherence", "--model", model.toString(), "--corpus", d[2].toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(provenance(out).contains("# setting\ttopic-sizes\tassignments"), provenance(out).toString());
        assertTrue(provenance(out).stream().anyMatch(l -> l.startsWith("# input\tstate\t")), provenance(out).toString());
        double tokens = 0;
        for (String row : CliTest.table(out).subList(1, 4)) {
            String count = row.split("\t")[7];
            assertTrue(count.endsWith(".0"), "a count: " + count);
            tokens += Double.parseDouble(count);
        }
        assertEquals(20 * 9, tokens, 0, "every training token has its topic");
    }

    @Test
    void badSettingsAreUsageErrors() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 5);
        String out = dir.resolve("c.tsv").toString();
        for (List<String> bad : List.of(List.of("--measure", "c_w2v"), List.of("--window", "0"), List.of("--window", "sentence"),
                List.of("--top-n", "1"))) {
            List<String> args = new java.util.ArrayList<>(List.of("coherence", "--model", d[0].toString(), "--corpus", d[2].toString(), "--out", out));
            args.addAll(bad);
            CliTest.Outcome r = CliTest.run(args.toArray(new String[0]));
            assertEquals(2, r.code(), bad + ": " + r.err());
        }
        assertTrue(CliTest.run("coherence", "--help").out().contains("--measure npmi|umass|cv|uci"));
    }
}
