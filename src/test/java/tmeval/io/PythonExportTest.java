package tmeval.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.estimate.VariationalBound;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Python export module (src/main/python/tmeval_export.py): its own tests run under python3 (stand-ins for gensim,
 * scikit-learn and tomotopy, the real scikit-learn when importable), and every file they write is read back here by
 * tmeval's ModelLoader. Skipped where python3 is absent. The Python tests run once, for both tests here.
 */
class PythonExportTest {
    @TempDir
    static Path dir;
    private static String pythonOutput;

    /** The words of the Python test: each one a numpy.savetxt route would break. */
    private static final List<String> WORDS = List.of("00", "0000a0", "1e5", "a,b", "say \"hi\"", "#hash", "\u00fcber", "i ", "i", "-1");
    private static final int K = 3;

    private static double raw(int k, int w) {
        return 1 + ((k * 7 + w * 3) % 11);
    }

    /** Runs the Python tests once into {@link #dir}; aborts the calling test where python3 is absent. */
    private static synchronized void runPythonTests() throws Exception {
        if (pythonOutput != null) {
            return;
        }
        Process python;
        try {
            // the interpreter that has scikit-learn and gensim where one has (Debian's /usr/bin/python3 where PATH's has not)
            python = new ProcessBuilder(tmeval.PythonLibraries.preferring("gensim", "sklearn"), "src/test/python/test_tmeval_export.py", dir.toString())
                    .redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("python3 is not installed: " + e.getMessage());
            return;
        }
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(120, TimeUnit.SECONDS), "python3 did not finish");
        assertEquals(0, python.exitValue(), output);
        pythonOutput = output;
    }

    @Test
    void theExportsOfEveryLibraryReadBackWithTheirWordsAlphaAndProbabilities() throws Exception {
        runPythonTests();
        String output = pythonOutput;
        List<String> expected = Files.readAllLines(dir.resolve("expected.txt"));
        assertTrue(expected.size() >= 3, "gensim, scikit-learn and tomotopy at least:\n" + output);
        for (String line : expected) {
            String[] f = line.split("\t");
            Path file = dir.resolve(f[0]);
            TopicModel m = ModelLoader.read(ModelLoader.Spec.of(file));
            String[] alpha = f[2].split(",");
            assertEquals(alpha.length, m.numTopics(), f[0]);
            for (int k = 0; k < alpha.length; k++) {
                assertEquals(Double.parseDouble(alpha[k]), m.alpha(k), 0.0, f[0] + " alpha " + k);
            }
            if (f[1].equals("-")) {
                assertTrue(m.numWords() > 0, f[0]);
                continue;
            }
            double tolerance = Double.parseDouble(f[1]);
            assertEquals(K, m.numTopics(), f[0]);
            assertEquals(WORDS, m.vocabulary().words(), f[0] + ": every word verbatim, in order");
            for (int k = 0; k < K; k++) {
                double sum = 0;
                for (int w = 0; w < WORDS.size(); w++) {
                    sum += raw(k, w);
                }
                for (int w = 0; w < WORDS.size(); w++) {
                    assertEquals(raw(k, w) / sum, m.phi(w, k), tolerance, f[0] + " phi[" + WORDS.get(w) + "," + k + "]");
                }
            }
        }
        // the held-out token lines read as a corpus, mapped onto the model's words
        TopicModel gensim = ModelLoader.read(ModelLoader.Spec.of(dir.resolve("gensim.tsv")));
        var corpus = CorpusLoader.read(CorpusLoader.Spec.of(dir.resolve("heldout.tsv")), gensim.vocabulary());
        assertEquals(1, corpus.unknownWords().tokens(), "'unknown' is the one unknown token");
        assertEquals(3, corpus.tokenCount(), "00, a,b and i");
    }

    /**
     * The other families (issue 37): each file the Python tests wrote from arrays, from contextualized-topic-models' CTM
     * (ProdLDA and LDA decoders) and from pyro's ProdLDA (stand-ins) reads back with its prior's mu and covariance, each
     * word's probabilities or B and c, and, where the network's own output at a few theta is given, a product decoder
     * whose p(w | theta) = softmax(B theta + c) is that output: the batch normalisation folded in right.
     */
    @Test
    void theOtherFamiliesReadBackWithTheirPriorAndDecoder() throws Exception {
        runPythonTests();
        List<String> files = Files.readAllLines(dir.resolve("families.txt"));
        assertEquals(5, files.size(), pythonOutput);
        for (String name : files) {
            TopicModel m = ModelLoader.read(ModelLoader.Spec.of(dir.resolve(name)));
            LogisticNormalPrior prior = (LogisticNormalPrior) m.prior();
            int d = prior.dimension();
            int covRow = 0;
            int word = 0;
            int thetas = 0;
            for (String line : Files.readAllLines(dir.resolve(name + ".check.tsv"))) {
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "mu" -> assertArrayEquals(numbers(f, 1), prior.mean(), 0, name);
                    case "var" -> {
                        assertTrue(prior.isDiagonal(), name);
                        double[] var = numbers(f, 1);
                        for (int i = 0; i < d; i++) {
                            assertEquals(var[i], prior.covariance()[i * d + i], 0, name);
                        }
                    }
                    case "cov" -> {
                        assertArrayEquals(numbers(f, 1), java.util.Arrays.copyOfRange(prior.covariance(), covRow * d, covRow * d + d), 0, name);
                        covRow++;
                    }
                    case "row" -> {
                        assertEquals(f[1], m.vocabulary().word(word), name);
                        double[] v = numbers(f, 2);
                        for (int k = 0; k < m.numTopics(); k++) {
                            double actual = m.decoder() instanceof ProductDecoder p ? p.weight(word, k) : m.phi(word, k);
                            assertEquals(v[k], actual, 1e-15, name + " " + f[1] + " topic " + k);
                        }
                        if (m.decoder() instanceof ProductDecoder p) {
                            assertEquals(v[m.numTopics()], p.bias(word), 0, name + " c(" + f[1] + ")");
                        }
                        word++;
                    }
                    case "theta" -> {
                        double[] v = numbers(f, 1);
                        ProductDecoder p = (ProductDecoder) m.decoder();
                        double[] a = new double[m.numWords()];
                        double max = Double.NEGATIVE_INFINITY;
                        for (int w = 0; w < a.length; w++) {
                            a[w] = p.bias(w);
                            for (int k = 0; k < m.numTopics(); k++) {
                                a[w] += v[k] * p.weight(w, k);
                            }
                            max = Math.max(max, a[w]);
                        }
                        double sum = 0;
                        for (double x : a) {
                            sum += Math.exp(x - max);
                        }
                        for (int w = 0; w < a.length; w++) {
                            assertEquals(v[m.numTopics() + w], Math.exp(a[w] - max) / sum, 1e-13, name + " p(" + m.vocabulary().word(w) + " | theta)");
                        }
                        thetas++;
                    }
                    default -> throw new AssertionError("unexpected line " + line);
                }
            }
            assertTrue(covRow == 0 || covRow == d, name);
            assertTrue(word == m.numWords() || thetas == 3 && m.decoder() instanceof ProductDecoder, name + ": every word, or the network's output");
        }
    }

    private static double[] numbers(String[] fields, int from) {
        double[] v = new double[fields.length - from];
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.parseDouble(fields[from + i]);
        }
        return v;
    }

    /**
     * With the real scikit-learn (skipped without it, as in CI): a model fitted on text through a CountVectorizer with
     * stop words, a token pattern and min_df, and held-out text written by write_heldout_tokens. tmeval must see what
     * scikit-learn sees: phi as numpy normalises components_, each held-out document's in-vocabulary tokens as the
     * vectorizer's transform counts them, the out-of-vocabulary count, and, per document, the variational bound the
     * Python side computed with scikit-learn's formula (checked there against its score) and log phi.
     */
    @Test
    void aRealScikitLearnModelGivesTmevalTheTokensAndTheBoundScikitLearnComputes() throws Exception {
        runPythonTests();
        Path check = dir.resolve("sklearn-real-k3.check.tsv");
        tmeval.PythonLibraries.require(Files.exists(check), "python3 with scikit-learn");
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(dir.resolve("sklearn-real-k3.tsv")));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(dir.resolve("sklearn-real-k3-heldout.tsv")), model.vocabulary());
        Map<String, Document> docs = new HashMap<>();
        for (Document d : corpus.documents()) {
            docs.put(d.id(), d);
        }
        int word = 0;
        int emptyDocuments = 0;
        int checkedBounds = 0;
        for (String line : Files.readAllLines(check)) {
            String[] f = line.split("\t");
            switch (f[0]) {
                case "phi" -> {
                    assertEquals(f[1], model.vocabulary().word(word), "word " + word);
                    for (int k = 0; k < model.numTopics(); k++) {
                        assertEquals(Double.parseDouble(f[2 + k]), model.phi(word, k), 1e-15, f[1] + " topic " + k);
                    }
                    word++;
                }
                case "doc" -> {
                    int tokens = Integer.parseInt(f[2]);
                    Document d = docs.get(f[1]);
                    if (tokens == 0) {
                        assertNull(d, f[1] + " has no word of the vocabulary: skipped as empty");
                        emptyDocuments++;
                        continue;
                    }
                    assertEquals(tokens, d.length(), f[1] + ": the vectorizer's in-vocabulary tokens");
                    double bound = VariationalBound.fit(d, model, new CancelToken()).bound();
                    assertEquals(Double.parseDouble(f[3]), bound, 1e-8, f[1] + ": tmeval's vb against scikit-learn's bound with log phi");
                    checkedBounds++;
                }
                case "oov" -> assertEquals(Long.parseLong(f[1]), corpus.unknownWords().tokens(), "out-of-vocabulary tokens");
                default -> throw new AssertionError("unexpected line " + line);
            }
        }
        assertEquals(model.numWords(), word, "every word of the vocabulary, in order");
        assertEquals(emptyDocuments, corpus.droppedDocuments(), "documents left empty");
        assertTrue(checkedBounds >= 3, "bounds checked on " + checkedBounds + " documents");
    }

    /**
     * With the real gensim (skipped without it, as in CI): held-out lines written by write_heldout_tokens_gensim over a
     * Dictionary pruned by filter_extremes, read by tmeval onto the exported model: each document's in-vocabulary tokens
     * as the dictionary's doc2bow counts them (a document of stop words only is empty and skipped), and the unknown count.
     */
    @Test
    void aRealGensimModelGivesTmevalTheTokensGensimsDictionaryCounts() throws Exception {
        runPythonTests();
        Path check = dir.resolve("gensim-real.check.tsv");
        tmeval.PythonLibraries.require(Files.exists(check), "python3 with gensim");
        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(dir.resolve("gensim-real.tsv")));
        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(dir.resolve("gensim-real-heldout.tsv")), model.vocabulary());
        Map<String, Document> docs = new HashMap<>();
        for (Document d : corpus.documents()) {
            docs.put(d.id(), d);
        }
        int checked = 0;
        for (String line : Files.readAllLines(check)) {
            String[] f = line.split("\t");
            if (f[0].equals("oov")) {
                assertEquals(Long.parseLong(f[1]), corpus.unknownWords().tokens(), "out-of-vocabulary tokens");
                continue;
            }
            int tokens = Integer.parseInt(f[2]);
            if (tokens == 0) {
                assertNull(docs.get(f[1]), f[1] + " is empty over the model's words: skipped");
            } else {
                assertEquals(tokens, docs.get(f[1]).length(), f[1] + ": the dictionary's in-vocabulary tokens");
                checked++;
            }
        }
        assertTrue(checked >= 2, checked + " documents checked");
    }
}
