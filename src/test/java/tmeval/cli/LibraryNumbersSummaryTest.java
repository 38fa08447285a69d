package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.estimate.MalletLogLikelihood;
import tmeval.io.MalletFixture;
import tmeval.io.MalletStateFormat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code estimate --summary} shows the number the model's library prints beside the run's held-out log-likelihood: a
 * reported ELBO perplexity with its gap per token when it covered the run's documents and tokens (and no gap when not),
 * a variational bound recomputed with its gap in four terms that sum to it, MALLET's LL/token of a state.
 */
class LibraryNumbersSummaryTest {
    @TempDir
    Path dir;

    private static final String MODEL = "#tmeval-model v1\n#name\tm\n%s#alpha\t0.5\t0.5\napple\t0.5\t0.25\nbanana\t0.5\t0.75\n";

    private String summary(String comments, String corpus) throws Exception {
        Path model = dir.resolve("model.tsv");
        Files.writeString(model, String.format(Locale.ROOT, MODEL, comments));
        Path heldout = dir.resolve("heldout.tsv");
        Files.writeString(heldout, corpus);
        return run(model);
    }

    private String run(Path model) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Cli().run(new String[] {"estimate", "--model", model.toString(), "--corpus", dir.resolve("heldout.tsv").toString(),
                "--method", "exact", "--no-timing", "--summary", "--out", dir.resolve("out.tsv").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        return text;
    }

    private static double number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in\n" + text);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void aReportedElboPerplexityIsShownWithItsGapPerToken() throws Exception {
        String text = summary("# library-reported\telbo-perplexity\t2.5\t2\t6\tpyro ProdLDA\n", "d1\tapple banana apple\nd2\tbanana banana apple\n");
        double logLikelihood = number(text, "corpus log-likelihood (\\S+) \\(mean");
        double gap = number(text, "gap (\\S+) nats per token");
        assertEquals(-Math.log(2.5) - logLikelihood / 6, gap, 5e-5, text); // the log-likelihood printed to 4 decimals
        assertTrue(text.contains("pyro ProdLDA") && text.contains("amortisation gap"), text);
    }

    @Test
    void aReportedNumberOfOtherDocumentsGetsNoGap() throws Exception {
        String text = summary("# library-reported\tcompletion-perplexity\t2.5\t20\t600\n", "d1\tapple banana apple\nd2\tbanana banana apple\n");
        assertTrue(text.contains("not the same documents, no gap computed"), text);
    }

    @Test
    void aRecomputedBoundsGapIsTheSumOfItsFourTerms() throws Exception {
        String text = summary("# library-bound\tlibrary\tscikit-learn\n# library-bound\tlambda-sums\t10.5\t20\n# library-bound\teta\t0.25\n"
                + "# library-bound\te-step\t100\t0.001\n", "d1\tapple banana apple\nd2\tbanana banana apple\n");
        Matcher m = Pattern.compile("log-likelihood (\\S+): (\\S+) nats \\(\\S+ per token\\) = topic-word prior term (\\S+) \\+ E_q\\[log beta\\] against"
                + " log phi (\\S+) \\+ held-out inference (\\S+) \\+ per-document bound's slack (\\S+)").matcher(text);
        assertTrue(m.find(), text);
        double[] v = new double[6];
        for (int i = 0; i < 6; i++) {
            v[i] = Double.parseDouble(m.group(i + 1));
        }
        assertEquals(v[1], v[2] + v[3] + v[4] + v[5], 5e-4, text);
        double score = number(text, "score\\(\\) (\\S+),");
        assertEquals(score - v[0], v[1], 5e-4, text);
        assertEquals(Math.exp(-score / 6), number(text, "perplexity\\(\\) (\\S+),"), 1e-5, text);
        assertTrue(v[2] < 0 && v[3] <= 0 && v[4] <= 1e-9 && v[5] <= 1e-9, "each term of the sign its meaning gives it (exact L): " + text);
    }

    /** lambda = s_k phi below eta cannot be a library's (eta plus counts): said, and the reported number still shown. */
    @Test
    void lambdaSumsThatDoNotFitTheTopicsAreSaidNotUsed() throws Exception {
        String text = summary("# library-bound\tlibrary\tgensim\n# library-bound\tlambda-sums\t10.5\t20\n# library-bound\teta\t6\n"
                + "# library-bound\te-step\t50\t0.001\n# library-reported\tperplexity\t2.5\t2\t6\n", "d1\tapple banana apple\nd2\tbanana banana apple\n");
        assertTrue(text.contains("the library's bound is not recomputed: the export's lambda-sums do not belong to these topics: lambda of"
                + " 'apple' in topic 1 is 5.25000, below eta 6.00000"), text);
        assertTrue(text.contains("nats per token, "), "the reported number's gap: " + text);
    }

    @Test
    void aMalletStateShowsItsLlPerToken() throws Exception {
        MalletFixture.Files files = MalletFixture.write(dir);
        Files.writeString(dir.resolve("heldout.tsv"), "d1\tapple banana apple\nd2\tdate elder fig\n");
        String text = run(files.state());
        double perToken = MalletLogLikelihood.perToken(MalletStateFormat.read(files.state()));
        assertEquals(perToken, number(text, "MALLET's LL/token of this state (\\S+) "), 1e-5, text);
    }
}
