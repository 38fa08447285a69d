package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.Fixtures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class OtherModelFormatsTest {
    @TempDir
    Path dir;

    /** A tiny MALLET state: two topics, three words, two documents. */
    public static final String STATE = """
            #doc source pos typeindex type topic
            #alpha : 0.1 0.3
            #beta : 0.5
            0 NA 0 0 apple 0
            0 NA 1 1 banana 1
            0 NA 2 0 apple 0
            2 NA 0 2 cherry 1
            """;

    @Test
    void malletStateGivesCountsAndModel() throws Exception {
        Path p = dir.resolve("state.gz");
        NativeModelFormatTest.gzip(p, STATE);
        TrainingState s = MalletStateFormat.read(p);
        assertEquals(2, s.numDocuments(), "document 1 has no tokens and does not appear");
        assertArrayEquals(new double[] {0.1, 0.3}, s.alpha());
        TopicModel m = s.toModel("m");
        // topic 0 has 2 tokens (apple x2), V = 3, beta = 0.5: phi(apple,0) = (2+0.5)/(2+1.5)
        assertEquals(2.5 / 3.5, m.phi(m.vocabulary().id("apple"), 0), 1e-15);
        assertEquals(0.5 / 3.5, m.phi(m.vocabulary().id("cherry"), 0), 1e-15);
        assertEquals(1.5 / 3.5, m.phi(m.vocabulary().id("cherry"), 1), 1e-15);
        assertEquals(m, ModelLoader.read(ModelLoader.Spec.of(p)).withName("m"));
    }

    @Test
    void malletStateRoundTrip() throws Exception {
        Path p = dir.resolve("state.gz");
        NativeModelFormatTest.gzip(p, STATE);
        TrainingState s = MalletStateFormat.read(p);
        Path q = dir.resolve("again.gz");
        MalletStateFormat.write(s, q);
        TrainingState back = MalletStateFormat.read(q);
        assertEquals(s.toModel("x"), back.toModel("x"));
        assertArrayEquals(s.topics(1), back.topics(1));
    }

    @Test
    void malletStateErrors() throws Exception {
        assertEquals(3, badState(STATE.replace("#alpha : 0.1 0.3\n", "")).line());
        assertTrue(badState(STATE.replace("apple 0\n0 NA 1", "apple 7\n0 NA 1")).getMessage().contains("topic 7 is out of range"));
        assertTrue(badState(STATE.replace("#beta : 0.5\n", "")).getMessage().contains("#beta"));
        assertTrue(badState(STATE.replace("1 banana", "0 banana")).getMessage().contains("type index 0"));
    }

    private InputException badState(String text) throws Exception {
        Path p = dir.resolve("bad-state");
        Files.writeString(p, text);
        return assertThrows(InputException.class, () -> MalletStateFormat.read(p));
    }

    @Test
    void matrixWithHeaderOfWordsIsTopicsByWords() throws Exception {
        Path m = dir.resolve("topics.csv");
        Files.writeString(m, "apple,banana,cherry\n0.5,0.25,0.25\n0.1,0.1,0.8\n");
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.2 0.4\n");
        TopicModel model = MatrixModelFormat.read(m, null, a, false);
        assertEquals(2, model.numTopics());
        assertEquals(0.8, model.phi(model.vocabulary().id("cherry"), 1));
        assertArrayEquals(new double[] {0.2, 0.4}, model.alpha());
    }

    @Test
    void matrixWithWordColumnIsWordsByTopics() throws Exception {
        Path m = dir.resolve("phi.tsv");
        Files.writeString(m, "apple\t0.5\t0.1\nbanana\t0.25\t0.1\ncherry\t0.25\t0.8\n");
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.3");
        TopicModel model = MatrixModelFormat.read(m, null, a, false);
        assertEquals(0.1, model.phi(model.vocabulary().id("banana"), 1));
        assertArrayEquals(new double[] {0.3, 0.3}, model.alpha(), "one value means a symmetric prior");
    }

    @Test
    void bareMatrixTakesOrientationFromVocabulary() throws Exception {
        Path v = dir.resolve("vocab.txt");
        Files.writeString(v, "apple\nbanana\ncherry\n");
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.2,0.4");
        Path kv = dir.resolve("kv.txt");
        Files.writeString(kv, "0.5 0.25 0.25\n0.1 0.1 0.8\n");
        Path vk = dir.resolve("vk.txt");
        Files.writeString(vk, "0.5 0.1\n0.25 0.1\n0.25 0.8\n");
        TopicModel fromKv = MatrixModelFormat.read(kv, v, a, false);
        TopicModel fromVk = MatrixModelFormat.read(vk, v, a, false);
        assertArrayEquals(fromKv.phiMatrix(), fromVk.phiMatrix(), 0.0);
    }

    @Test
    void matrixErrors() throws Exception {
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.2 0.4 0.6");
        Path m = dir.resolve("topics.csv");
        Files.writeString(m, "apple,banana,cherry\n0.5,0.25,0.25\n0.1,0.1,0.8\n");
        InputException e = assertThrows(InputException.class, () -> MatrixModelFormat.read(m, null, a, false));
        assertTrue(e.getMessage().contains("3 alpha values for K = 2"), e.getMessage());
        Files.writeString(m, "apple,banana,cherry\n0.5,0.25,0.25\n0.1,0.1\n");
        e = assertThrows(InputException.class, () -> MatrixModelFormat.read(m, null, a, false));
        assertEquals(3, e.line());
        Files.writeString(m, "apple,banana,cherry\n0.5,0.25,0.35\n0.1,0.1,0.8\n");
        Files.writeString(a, "1 1");
        e = assertThrows(InputException.class, () -> MatrixModelFormat.read(m, null, a, false));
        assertTrue(e.getMessage().contains("topic 1 sums to"), e.getMessage());
    }

    @Test
    void seriesOfNativeSnapshotsIsOrderedByIteration() throws Exception {
        Path s = dir.resolve("series");
        Files.createDirectories(s);
        for (int it : new int[] {20, 10, 100}) {
            NativeModelFormat.write(Fixtures.randomModel("i" + it, 30, new double[] {0.5, 0.5}, 0.5, it), s.resolve("iter-" + it + ".tsv.gz"));
        }
        ModelSeries series = ModelLoader.readSeries(s);
        assertEquals(List.of(10, 20, 100), series.iterations());
        assertEquals("i20", series.get(1).model().name());
    }

    @Test
    void seriesWithDuplicateIterationIsRefused() throws Exception {
        Path s = dir.resolve("dup");
        Files.createDirectories(s);
        TopicModel m = Fixtures.randomModel("m", 30, new double[] {0.5, 0.5}, 0.5, 1);
        NativeModelFormat.write(m, s.resolve("iter-10.tsv.gz"));
        NativeModelFormat.write(m, s.resolve("iter-10.tsv"));
        InputException e = assertThrows(InputException.class, () -> ModelLoader.readSeries(s));
        assertTrue(e.getMessage().contains("iteration 10 appears twice"), e.getMessage());
    }

    @Test
    void seriesWithDifferentKIsRefused() throws Exception {
        Path s = dir.resolve("mixed");
        Files.createDirectories(s);
        NativeModelFormat.write(Fixtures.randomModel("a", 30, new double[] {0.5, 0.5}, 0.5, 1), s.resolve("iter-10.tsv"));
        NativeModelFormat.write(Fixtures.randomModel("b", 30, new double[] {0.5, 0.5, 0.5}, 0.5, 1), s.resolve("iter-20.tsv"));
        InputException e = assertThrows(InputException.class, () -> ModelLoader.readSeries(s));
        assertTrue(e.getMessage().contains("K = 3"), e.getMessage());
    }

    @Test
    void javaSerialisedFilesAreRefused() throws Exception {
        Path p = dir.resolve("model.mallet");
        Files.write(p, new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 1, 2, 3});
        InputException e = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(p)));
        assertTrue(e.getMessage().contains("Java-serialised"), e.getMessage());
        InputException c = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(p)));
        assertTrue(c.getMessage().contains("Java-serialised"), c.getMessage());
    }
}
