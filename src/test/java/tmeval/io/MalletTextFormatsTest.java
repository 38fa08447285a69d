package tmeval.io;

import cc.mallet.topics.ParallelTopicModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MALLET's text outputs (topic-word weights, word-topic counts, topic keys) read as the model MALLET evaluates. */
class MalletTextFormatsTest {
    @TempDir
    Path dir;

    private static ModelLoader.Spec spec(Path model, Path alpha, double beta) {
        return new ModelLoader.Spec(model, alpha, null, false, beta, MatrixModelFormat.Header.AUTO);
    }

    @Test
    void malletsWeightsAndCountsFilesGiveTheModelMalletEvaluatesOverItsWholeAlphabet() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        ParallelTopicModel mallet = f.mallet();
        Path weights = f.weights();
        Path counts = f.counts();
        Path keys = f.keys();
        Path state = f.state();
        Path alpha = f.alpha();

        TopicModel fromWeights = ModelLoader.read(spec(weights, alpha, Double.NaN));
        TopicModel fromCounts = ModelLoader.read(spec(counts, alpha, mallet.beta));
        assertEquals(7, fromWeights.numWords(), "the whole alphabet, the unused word included");
        assertEquals(3, fromWeights.numTopics());
        assertEquals(fromWeights.vocabulary(), fromCounts.vocabulary());
        assertArrayEquals(mallet.alpha, fromWeights.alpha());
        int unused = fromWeights.vocabulary().id(MalletFixture.UNUSED);
        for (int w = 0; w < 7; w++) {
            for (int k = 0; k < 3; k++) {
                assertEquals(fromWeights.phi(w, k), fromCounts.phi(w, k), 1e-12);
                double count = w == unused ? 0 : countOf(mallet, w, k);
                double expected = (count + mallet.beta) / (mallet.tokensPerTopic[k] + 7 * mallet.beta);
                assertEquals(expected, fromCounts.phi(w, k), 1e-12);
            }
        }
        // the state leaves the unused word out (V = 6), so its probabilities differ: the text outputs are MALLET's model
        TopicModel fromState = ModelLoader.read(ModelLoader.Spec.of(state));
        assertEquals(6, fromState.numWords());

        // MALLET's topic-keys file is an alpha file too (alpha rounded to MALLET's 5 decimals there)
        TopicModel withKeys = ModelLoader.read(spec(counts, keys, mallet.beta));
        for (int k = 0; k < 3; k++) {
            assertEquals(mallet.alpha[k], withKeys.alpha(k), 1e-5);
        }
        assertEquals(ModelLoader.Kind.MALLET_COUNTS, ModelLoader.load(spec(counts, keys, mallet.beta)).kind());
        assertEquals(ModelLoader.Kind.MALLET_WEIGHTS, ModelLoader.load(spec(weights, keys, Double.NaN)).kind());
        assertTrue(ModelLoader.Kind.MALLET_STATE.coversAlphabet());
    }

    private static int countOf(ParallelTopicModel mallet, int type, int topic) {
        int[] c = mallet.getTypeTopicCounts()[type];
        for (int x : c) {
            if (x > 0 && (x & mallet.topicMask) == topic) {
                return x >> mallet.topicBits;
            }
        }
        return 0;
    }

    @Test
    void missingOptionsAndBadLinesAreNamed() throws Exception {
        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 apple 0:2 1:1\n1 banana 1:3\n2 cherry\n");
        Path alpha = dir.resolve("alpha.txt");
        Files.writeString(alpha, "0.1 0.2\n");
        InputException noBeta = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, alpha, Double.NaN)));
        assertTrue(noBeta.getMessage().contains("--beta"), noBeta.getMessage());
        InputException noAlpha = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, null, 0.01)));
        assertTrue(noAlpha.getMessage().contains("--alpha-file"), noAlpha.getMessage());
        TopicModel m = ModelLoader.read(spec(counts, alpha, 0.5));
        assertEquals((2 + 0.5) / (2 + 1.5), m.phi(0, 0), 1e-15);
        assertEquals(0.5 / (4 + 1.5), m.phi(2, 1), 1e-15);

        Files.writeString(counts, "0 apple 0:2 1:1\n2 banana 1:3\n");
        InputException order = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, alpha, 0.5)));
        assertEquals(2, order.line(), order.getMessage());
        Files.writeString(counts, "0 apple 0:2 5:1\n");
        InputException topic = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, alpha, 0.5)));
        assertTrue(topic.getMessage().contains("topic 5"), topic.getMessage());

        Path weights = dir.resolve("weights.txt");
        Files.writeString(weights, "0\tapple\t2.5\n0\tbanana\t0.5\n1\tapple\t0.5\n1\tbanana\tx\n");
        InputException bad = assertThrows(InputException.class, () -> ModelLoader.read(spec(weights, alpha, Double.NaN)));
        assertEquals(4, bad.line(), bad.getMessage());
        Files.writeString(weights, "0\tapple\t2.5\n0\tbanana\t0.5\n1\tapple\t0.5\n");
        InputException missing = assertThrows(InputException.class, () -> ModelLoader.read(spec(weights, alpha, Double.NaN)));
        assertTrue(missing.getMessage().contains("banana"), missing.getMessage());
        Files.writeString(weights, "0\tapple\t2.5\n0\tbanana\t0.5\n1\tapple\t0.5\n1\tbanana\t1.5\n");
        InputException betaToo = assertThrows(InputException.class, () -> ModelLoader.read(spec(weights, alpha, 0.01)));
        assertTrue(betaToo.getMessage().contains("--beta"), betaToo.getMessage());
        TopicModel w = ModelLoader.read(spec(weights, alpha, Double.NaN));
        assertEquals(2.5 / 3, w.phi(0, 0), 1e-15);
        assertEquals(1.5 / 2, w.phi(1, 1), 1e-15);
        // any order of lines gives the same model (MALLET's is topic by topic, each in one word order; the first line must be topic 0)
        Files.writeString(weights, "0\tbanana\t0.5\n1\tbanana\t1.5\n1\tapple\t0.5\n0\tapple\t2.5\n");
        TopicModel shuffled = ModelLoader.read(spec(weights, alpha, Double.NaN));
        assertEquals(w.phi(w.vocabulary().id("apple"), 0), shuffled.phi(shuffled.vocabulary().id("apple"), 0), 1e-15);
        assertEquals(w.phi(w.vocabulary().id("banana"), 1), shuffled.phi(shuffled.vocabulary().id("banana"), 1), 1e-15);
        Files.writeString(weights, "0\tapple\t2.5\n0\tbanana\t0.5\n1\tapple\t0.5\n1\tapple\t1.5\n");
        InputException twice = assertThrows(InputException.class, () -> ModelLoader.read(spec(weights, alpha, Double.NaN)));
        assertTrue(twice.getMessage().contains("twice") && twice.line() == 4, twice.getMessage());
    }

    @Test
    void hugeTopicIndicesAreRefusedWithinTheLimits() throws Exception {
        InputLimits small = InputLimits.forHeap(32L << 20);
        Path alpha = dir.resolve("alpha1.txt");
        Files.writeString(alpha, "0.1\n");
        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 apple 2000000000:1\n");
        Path weights = dir.resolve("weights.txt");
        Files.writeString(weights, "0\tapple\t0.5\n2000000000\tapple\t0.5\n");
        for (Path p : new Path[] {counts, weights}) {
            InputException e = assertThrows(InputException.class,
                    () -> ModelLoader.read(new ModelLoader.Spec(p, alpha, null, false, p == counts ? 0.01 : Double.NaN,
                            MatrixModelFormat.Header.AUTO), small));
            assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        }
        // topics far apart within the topic limit: refused by the cells they would need, before the columns are made
        StringBuilder twenty = new StringBuilder();
        for (int v = 0; v < 20; v++) {
            twenty.append("0\tw").append(v).append("\t0.5\n");
        }
        // 20 words x 8001 topics = 160,020 cells, above the 131,072 of an 8 MB heap; topic 8000 is within its 8,191 topics
        Files.writeString(weights, twenty + "8000\tw0\t0.5\n");
        InputException far = assertThrows(InputException.class, () -> ModelLoader.read(new ModelLoader.Spec(weights, alpha, null, false,
                Double.NaN, MatrixModelFormat.Header.AUTO), InputLimits.forHeap(8L << 20)));
        assertTrue(far.getMessage().contains("probabilities") && far.line() == 21, far.getMessage());
    }

    @Test
    void serialisedMalletFilesPointToTheTextOutputs() throws Exception {
        for (String name : new String[] {"model.mallet", "model.inferencer", "model.evaluator"}) {
            Path p = dir.resolve(name);
            Files.write(p, new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 1, 2, 3});
            InputException e = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(p)));
            assertTrue(e.getMessage().contains("--topic-word-weights-file") && e.getMessage().contains("--word-topic-counts-file"),
                    e.getMessage());
        }
    }

    @Test
    void pythonFilesAreRefusedWithTheExportToUse() throws Exception {
        Path npy = dir.resolve("lda.model.expElogbeta.npy");
        Files.write(npy, new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, 'v', 0});
        InputException e = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(npy)));
        assertTrue(e.getMessage().contains("NumPy") && e.getMessage().contains("export_gensim"), e.getMessage());
        for (int protocol = 2; protocol <= 5; protocol++) {
            Path pickle = dir.resolve("lda" + protocol + ".model");
            Files.write(pickle, new byte[] {(byte) 0x80, (byte) protocol, (byte) 0x95, 1, 2, 3, 4, 5, 6});
            InputException p = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(pickle)));
            assertTrue(p.getMessage().contains("pickle") && p.getMessage().contains("arbitrary code")
                    && p.getMessage().contains("tmeval_export"), p.getMessage());
            InputException c = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(pickle)));
            assertTrue(c.getMessage().contains("pickle"), c.getMessage());
        }
        Path state = dir.resolve("lda.model.state");
        Files.write(state, new byte[] {(byte) 0x80, 4, (byte) 0x95, 1, 2, 3, 4, 5, 6});
        InputException s = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(state)));
        assertTrue(s.getMessage().contains("gensim") && s.getMessage().contains("export_gensim"), s.getMessage());
    }
}
