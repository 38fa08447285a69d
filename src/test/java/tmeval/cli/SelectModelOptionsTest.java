package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.MalletFixture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code select} reads every model as {@code estimate} reads its {@code --model}, each with its own options. */
class SelectModelOptionsTest {
    @TempDir
    Path dir;

    private static final String[] METHOD = {"--method", "lr", "--particles", "5", "--runs", "2", "--seed", "7", "--no-timing"};

    @Test
    void selectOverAMalletCountsModelAndAnAlphaFileMatrixEqualsEstimateOnEach() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        MalletFixture.Matrix m = MalletFixture.writeMatrix(dir);
        Path matrix = m.topics();
        Path matrixAlpha = m.alpha();
        Path corpus = dir.resolve("heldout.tsv");
        Files.writeString(corpus, "h1\tapple banana cherry apple " + MalletFixture.UNUSED + "\nh2\tdate elder fig date\nh3\tfig apple date banana\n");

        Path selected = dir.resolve("select.tsv");
        CliTest.Outcome select = CliTest.run(MalletRoutesCliTest.concat(new String[] {"select", "--models", f.counts() + "," + matrix,
                "--alpha-file-1", f.keys().toString(), "--beta-from-1", f.state().toString(),
                "--alpha-file-2", matrixAlpha.toString(), "--matrix-header-2", "yes",
                "--corpus", corpus.toString(), "--out", selected.toString()}, METHOD));
        assertEquals(0, select.code(), select.err());
        List<String> rows = CliTest.table(selected);

        String[][] estimateOptions = {
                {"--model", f.counts().toString(), "--alpha-file", f.keys().toString(), "--beta-from", f.state().toString()},
                {"--model", matrix.toString(), "--alpha-file", matrixAlpha.toString(), "--matrix-header", "yes"}};
        // each model's rows in turn, under its name
        List<String> names = rows.subList(1, rows.size()).stream().map(r -> r.substring(0, r.indexOf('\t'))).distinct().toList();
        assertEquals(2, names.size(), names.toString());
        for (int i = 0; i < 2; i++) {
            Path estimated = dir.resolve("estimate-" + i + ".tsv");
            String[] args = MalletRoutesCliTest.concat(MalletRoutesCliTest.concat(new String[] {"estimate"}, estimateOptions[i]),
                    MalletRoutesCliTest.concat(new String[] {"--corpus", corpus.toString(), "--out", estimated.toString()}, METHOD));
            CliTest.Outcome estimate = CliTest.run(args);
            assertEquals(0, estimate.code(), estimate.err());
            List<String> expected = CliTest.table(estimated).subList(1, CliTest.table(estimated).size());
            String prefix = names.get(i) + "\t";
            List<String> mine = rows.stream().filter(r -> r.startsWith(prefix)).map(r -> r.substring(prefix.length())).toList();
            assertEquals(expected, mine, "model " + (i + 1) + " in select is the model estimate reads, scored the same way");
        }
        String provenance = Files.readString(selected);
        assertTrue(provenance.contains("alpha-file-2") && provenance.contains("beta-from-1"), "each model's files are inputs: " + provenance);
    }

    @Test
    void aModelsOptionsAreNamedForItAndOptionsForNoModelAreRefused() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        Path corpus = dir.resolve("heldout.tsv");
        Files.writeString(corpus, "h1\tapple banana cherry\n");
        Path out = dir.resolve("select.tsv");
        CliTest.Outcome noBeta = CliTest.run(MalletRoutesCliTest.concat(new String[] {"select", "--models", f.state() + "," + f.counts(),
                "--alpha-file-2", f.alpha().toString(), "--corpus", corpus.toString(), "--out", out.toString()}, METHOD));
        assertEquals(1, noBeta.code(), noBeta.err());
        assertTrue(noBeta.err().contains("--beta-from-2 FILE") && noBeta.err().contains("--beta-2 B"), noBeta.err());
        CliTest.Outcome beyond = CliTest.run(MalletRoutesCliTest.concat(new String[] {"select", "--models", f.state() + "," + f.counts(),
                "--alpha-file-3", f.alpha().toString(), "--corpus", corpus.toString(), "--out", out.toString()}, METHOD));
        assertEquals(2, beyond.code(), beyond.err());
        assertTrue(beyond.err().contains("--alpha-file-3") && beyond.err().contains("--models gives 2 models"), beyond.err());
        CliTest.Outcome help = CliTest.run("select", "--help");
        assertTrue(help.out().contains("--alpha-file-I FILE") && help.out().contains("--beta-from-I FILE"), help.out());
    }
}
