package tmeval.estimate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.PythonLibraries;
import tmeval.cli.Cli;
import tmeval.io.CorpusLoader;
import tmeval.io.LibraryLines;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.LibraryNumbers;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scikit-learn's perplexity() and score() and gensim's log_perplexity() and bound(), recomputed from the models
 * tmeval_export wrote (src/test/python/library_numbers.py: K = 10, 20 and 50 of each library on a small corpus, one
 * gensim model with an asymmetric alpha), equal to the libraries' own within 1e-6; and in {@code estimate --summary} the
 * bound's gap to the held-out log-likelihood in its four terms, which sum to it, each of the sign its meaning gives it.
 * Skipped where no python3 imports gensim and scikit-learn ({@link PythonLibraries}).
 */
class LibraryBoundTest {
    private static final double TOLERANCE = 1e-6;
    private static final Pattern GAP = Pattern.compile("held-out log-likelihood (\\S+): (\\S+) nats \\(\\S+ per token\\) = topic-word prior term (\\S+)"
            + " \\+ E_q\\[log beta\\] against log phi (\\S+) \\+ held-out inference (\\S+) \\+ per-document bound's slack (\\S+)");

    @TempDir
    static Path dir;
    private static List<String[]> rows;

    @BeforeAll
    static void libraries() throws Exception {
        String python = PythonLibraries.interpreter("gensim", "sklearn");
        Process p = new ProcessBuilder(python, "src/test/python/library_numbers.py", dir.toString(), "10,20,50").redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), "the libraries did not finish");
        assertEquals(0, p.exitValue(), log);
        rows = Files.readAllLines(dir.resolve("numbers.tsv")).stream().map(l -> l.split("\t")).toList();
        assertEquals(6, rows.size());
    }

    @Test
    void thePrintedNumbersAreTheLibrariesOwnWithin1e6() throws Exception {
        for (String[] row : rows) {
            Path file = Path.of(row[2]);
            TopicModel model = NativeModelFormat.read(file);
            LibraryNumbers numbers = LibraryLines.read(file);
            Path heldout = dir.resolve("heldout.tsv");
            Corpus corpus = CorpusLoader.mapOnto(CorpusLoader.read(CorpusLoader.Spec.of(heldout)), model.vocabulary(), heldout);
            LibraryBound.Result result = LibraryBound.compute(corpus, model, numbers.variational(), new CancelToken());
            double printed = Double.parseDouble(row[3]);
            double bound = Double.parseDouble(row[4]);
            String what = row[0] + " K = " + row[1];
            assertEquals(printed, result.printed(), TOLERANCE * Math.abs(printed), what + " printed");
            assertEquals(bound, result.bound(), TOLERANCE * Math.abs(bound), what + " bound");
        }
    }

    @Test
    void theSummaryDecomposesTheGapIntoTermsThatSumToIt() throws Exception {
        for (String[] row : rows) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = new Cli().run(new String[] {"estimate", "--model", row[2], "--corpus", dir.resolve("heldout.tsv").toString(),
                    "--method", "is-vb", "--samples", "200", "--threads", "1", "--no-timing", "--summary",
                    "--out", dir.resolve("est-" + row[0] + row[1] + ".tsv").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, text);
            String what = row[0] + " K = " + row[1] + ":\n" + text;
            assertTrue(text.contains(row[0].equals("gensim") ? "gensim's log_perplexity()" : "scikit-learn's perplexity()"), what);
            Matcher m = GAP.matcher(text);
            assertTrue(m.find(), what);
            double[] v = new double[6];
            for (int i = 0; i < 6; i++) {
                v[i] = Double.parseDouble(m.group(i + 1));
            }
            double gap = v[1];
            // printed to 4 decimals: the terms' sum within their rounding, and the gap is the bound less the log-likelihood
            assertEquals(gap, v[2] + v[3] + v[4] + v[5], 5e-4, what);
            assertEquals(Double.parseDouble(row[4]) - v[0], gap, 1e-3 + TOLERANCE * Math.abs(gap), what);
            assertTrue(v[2] < 0, "the topic-word prior term is minus a KL divergence: " + what);
            assertTrue(v[3] <= 0, "E_q[log beta] <= log E_q[beta] = log phi (Jensen): " + what);
            assertTrue(v[4] <= 1e-4, "the best gamma for phi bounds at least as high as the library's: " + what);
        }
    }
}
