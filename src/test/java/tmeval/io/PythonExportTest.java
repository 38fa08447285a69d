package tmeval.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.TopicModel;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Python export module (src/main/python/tmeval_export.py): its own tests run under python3 (stand-ins for gensim,
 * scikit-learn and tomotopy, the real scikit-learn when importable), and every file they write is read back here by
 * tmeval's ModelLoader. Skipped where python3 is absent.
 */
class PythonExportTest {
    @TempDir
    Path dir;

    /** The words of the Python test: each one a numpy.savetxt route would break. */
    private static final List<String> WORDS = List.of("00", "0000a0", "1e5", "a,b", "say \"hi\"", "#hash", "\u00fcber", "i ", "i", "-1");
    private static final int K = 3;

    private static double raw(int k, int w) {
        return 1 + ((k * 7 + w * 3) % 11);
    }

    @Test
    void theExportsOfEveryLibraryReadBackWithTheirWordsAlphaAndProbabilities() throws Exception {
        Process python;
        try {
            python = new ProcessBuilder("python3", "src/test/python/test_tmeval_export.py", dir.toString())
                    .redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("python3 is not installed: " + e.getMessage());
            return;
        }
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(120, TimeUnit.SECONDS), "python3 did not finish");
        assertEquals(0, python.exitValue(), output);

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
}
