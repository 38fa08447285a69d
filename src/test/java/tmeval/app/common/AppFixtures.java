package tmeval.app.common;

import tmeval.Fixtures;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Small inputs for view-model tests: two 3-topic models over 40 words and a corpus of 12 short documents drawn from A. */
public final class AppFixtures {
    public static final int DOCUMENTS = 12;

    private AppFixtures() {
    }

    public static TopicModel modelA() {
        return Fixtures.randomModel("A", 40, new double[] {0.3, 0.2, 0.1}, 0.2, 11);
    }

    public static TopicModel modelB() {
        return Fixtures.randomModel("B", 40, new double[] {0.2, 0.2, 0.2}, 0.2, 12);
    }

    public static Corpus corpus() {
        return Fixtures.generate(modelA(), DOCUMENTS, 8, 13);
    }

    /** A workspace with both models and the corpus in place (no series), as if the files had been loaded. */
    public static Workspace loaded() {
        Workspace w = new Workspace();
        fill(w);
        return w;
    }

    public static void fill(Workspace w) {
        w.put(Workspace.Slot.MODEL_A, null, modelA());
        w.put(Workspace.Slot.MODEL_B, null, modelB());
        w.put(Workspace.Slot.CORPUS, null, corpus());
    }

    /** Both models and the corpus written as files in {@code dir}, by the slot each is loaded into (A, B, then the corpus). */
    public static Map<Workspace.Slot, Path> files(Path dir) throws IOException {
        Map<Workspace.Slot, Path> files = new LinkedHashMap<>();
        files.put(Workspace.Slot.MODEL_A, dir.resolve("a.tsv"));
        files.put(Workspace.Slot.MODEL_B, dir.resolve("b.tsv"));
        files.put(Workspace.Slot.CORPUS, dir.resolve("heldout.tokens"));
        NativeModelFormat.write(modelA(), files.get(Workspace.Slot.MODEL_A));
        NativeModelFormat.write(modelB(), files.get(Workspace.Slot.MODEL_B));
        TextCorpusFormat.writeTokenLines(corpus(), files.get(Workspace.Slot.CORPUS));
        return files;
    }

    /** Runs a command of the command line, as {@code java -jar tmeval.jar} does, and asserts it succeeded (its error output is the message). */
    public static void cli(String... args) {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = new tmeval.cli.Cli().run(args, new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        org.junit.jupiter.api.Assertions.assertEquals(0, code, err.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
