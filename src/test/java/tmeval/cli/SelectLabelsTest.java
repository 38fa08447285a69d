package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code select --models k5/model.tsv,k10/model.tsv}, both named {@code model} (as the exporter names a model by
 * default): each model's rows carry a label of its own, and the file says which model each label is.
 */
class SelectLabelsTest {
    @TempDir
    Path dir;

    private static final List<String> WORDS = List.of("apple", "banana", "cherry", "date");

    private Path model(String sub, int k) throws Exception {
        Path d = Files.createDirectories(dir.resolve(sub));
        StringBuilder sb = new StringBuilder("#tmeval-model v1\n#name\tmodel\n#alpha");
        for (int t = 0; t < k; t++) {
            sb.append("\t0.5");
        }
        sb.append('\n');
        for (int w = 0; w < WORDS.size(); w++) {
            sb.append(WORDS.get(w));
            for (int t = 0; t < k; t++) {
                sb.append('\t').append((w + t) % WORDS.size() == 0 ? "0.4" : "0.2");
            }
            sb.append('\n');
        }
        return Files.writeString(d.resolve("model.tsv"), sb.toString());
    }

    @Test
    void modelsOfOneNameAreLabelledByTheirPathsAndTheFileSaysWhichIsWhich() throws Exception {
        Path k2 = model("k2", 2);
        Path k3 = model("k3", 3);
        Path corpus = Files.writeString(dir.resolve("heldout.tsv"), "h1\tapple banana cherry\nh2\tdate apple date\n");
        Path out = dir.resolve("select.tsv");
        CliTest.Outcome run = CliTest.run("select", "--models", k2 + "," + k3, "--corpus", corpus.toString(), "--method", "lr",
                "--particles", "5", "--runs", "2", "--seed", "7", "--no-timing", "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        List<String> rows = CliTest.table(out);
        List<String> labels = rows.subList(1, rows.size()).stream().map(r -> r.substring(0, r.indexOf('\t'))).distinct().toList();
        assertEquals(List.of(k2.toString(), k3.toString()), labels, "one label per model, each its path");
        String file = Files.readString(out);
        for (int i = 1; i <= 2; i++) {
            Path p = i == 1 ? k2 : k3;
            assertTrue(file.contains("# setting\tmodel-" + i + "-label\t" + p + "\n"), "the label of model " + i + ":\n" + file);
            assertTrue(file.contains("# input\tmodel " + i + "\t" + p), "model " + i + "'s path and digest:\n" + file);
        }
        assertTrue(run.out().contains("model 1: " + k2 + " (K = 2)") && run.out().contains("model 2: " + k3 + " (K = 3)"), run.out());
    }
}
