package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code select --per-k}: two training seeds of each of two K, grouped by K, the table printed and written with its provenance. */
class SelectPerKTest {
    @TempDir
    Path dir;

    private static final List<String> WORDS = List.of("apple", "banana", "cherry", "date", "elder", "fig");

    /** A model of K topics whose probabilities move with the seed (so two seeds of one K differ a little). */
    private Path model(String name, int k, int seed) throws Exception {
        StringBuilder sb = new StringBuilder("#tmeval-model v1\n#name\t" + name + "\n#alpha");
        for (int t = 0; t < k; t++) {
            sb.append("\t0.5");
        }
        sb.append('\n');
        double[][] weight = new double[WORDS.size()][k];
        double[] sum = new double[k];
        for (int w = 0; w < WORDS.size(); w++) {
            for (int t = 0; t < k; t++) {
                weight[w][t] = 1 + ((w + t + seed) % WORDS.size() == 0 ? 4 : (w + seed) % 3 == 0 ? 1 : 0);
                sum[t] += weight[w][t];
            }
        }
        for (int w = 0; w < WORDS.size(); w++) {
            sb.append(WORDS.get(w));
            for (int t = 0; t < k; t++) {
                sb.append('\t').append(weight[w][t] / sum[t]);
            }
            sb.append('\n');
        }
        return Files.writeString(dir.resolve(name + ".tsv"), sb.toString());
    }

    @Test
    void theModelsAreGroupedByKAndTheTableIsWrittenWithItsProvenance() throws Exception {
        List<Path> models = List.of(model("k2-seed1", 2, 1), model("k2-seed2", 2, 2), model("k3-seed1", 3, 1), model("k3-seed2", 3, 2));
        Path corpus = Files.writeString(dir.resolve("heldout.txt"), "h1\tapple banana cherry fig\nh2\tdate apple date elder\n"
                + "h3\tfig fig banana cherry apple\n");
        Path out = dir.resolve("select.tsv");
        Path perK = dir.resolve("per-k.tsv");
        CliTest.Outcome run = CliTest.run("select", "--models", String.join(",", models.stream().map(Path::toString).toList()), "--corpus",
                corpus.toString(), "--method", "exact", "--runs", "2", "--no-timing", "--out", out.toString(), "--per-k", perK.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("per K, over its models (training seeds)"), run.out());
        List<String> table = CliTest.table(perK);
        assertEquals(String.join("\t", tmeval.run.select.PerKTable.COLUMNS), table.get(0));
        assertEquals(3, table.size(), String.join("\n", table));
        assertTrue(table.get(1).startsWith("2\t2\t") && table.get(2).startsWith("3\t2\t"), String.join("\n", table));
        for (String row : table.subList(1, table.size())) {
            assertTrue(!row.contains("NaN") && !row.contains("Infinity"), row);
        }
        String file = Files.readString(perK);
        assertTrue(file.contains("# setting\tcoherence-measure\tnpmi\n") && file.contains("# setting\tcoherence-window\t10\n")
                && file.contains("# setting\tcoherence-reference\tcorpus\n"), file);
        assertTrue(file.contains("# input\tmodel 4\t" + models.get(3)), file);
    }

    @Test
    void aBagOfWordsReferenceJudgesTopicsOverWholeDocuments() throws Exception {
        List<Path> models = List.of(model("a", 2, 1), model("b", 2, 2), model("c", 3, 1));
        Path corpus = Files.writeString(dir.resolve("heldout.txt"), "h1\tapple banana cherry fig\nh2\tdate apple date elder\n");
        Path vocab = Files.writeString(dir.resolve("vocab.ref.txt"), String.join("\n", WORDS) + "\n");
        Path uci = Files.writeString(dir.resolve("docword.ref.txt"), "2\n6\n4\n1 1 2\n1 2 1\n2 3 1\n2 4 1\n");
        Path perK = dir.resolve("per-k.tsv");
        CliTest.Outcome run = CliTest.run("select", "--models", String.join(",", models.stream().map(Path::toString).toList()), "--corpus",
                corpus.toString(), "--reference", uci.toString(), "--method", "exact", "--no-timing",
                "--out", dir.resolve("s.tsv").toString(), "--per-k", perK.toString());
        assertEquals(0, run.code(), run.err());
        String file = Files.readString(perK);
        assertTrue(file.contains("# input\tthe vocabulary found beside --reference\t" + vocab), file);
        assertTrue(file.contains("# setting\tcoherence-window\tdocument\n") && file.contains("# setting\tcoherence-reference\treference\n"), file);
    }
}
