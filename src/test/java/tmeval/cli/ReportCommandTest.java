package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code report} end to end: the answer it prints is compare's, its files appear whole, bad input names the file and line. */
class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void theReportGivesCompareItsOwnAnswerLineAndWritesBothFiles() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 12);
        Path results = dir.resolve("compare.tsv");
        CliTest.Outcome c = CliTest.run("compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(),
                "--method", "ratio-convex,is-vb-diff", "--temperatures", "20", "--burn-in", "3", "--runs", "2", "--threads", "2", "--no-timing",
                "--out", results.toString());
        assertEquals(0, c.code(), c.err());
        String answer = c.out().lines().filter(l -> l.startsWith("Answer")).findFirst().orElseThrow();

        Path html = dir.resolve("report.html");
        Path tex = dir.resolve("table.tex");
        CliTest.Outcome r = CliTest.run("report", "--results", results.toString(), "--out", html.toString(), "--latex", tex.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(answer, r.out().lines().findFirst().orElseThrow(), "the answer line compare printed");
        assertTrue(Files.readString(html).contains(tmeval.report.HtmlReport.escape(answer)));
        assertTrue(Files.readString(tex).contains("\\bottomrule"));
    }

    /** Models whose export records their library's bound: the report recomputes both and explains their difference against the log ratio. */
    @Test
    void theReportExplainsTheLibrariesNumbersAgainstTheComparisonsLogRatio() throws Exception {
        Path[] data = ReliabilityTest.smallData(dir, 12);
        for (int i = 0; i < 2; i++) {
            String text = Files.readString(data[i]);
            int at = text.indexOf('\n', text.indexOf("#name")) + 1;
            Files.writeString(data[i], text.substring(0, at) + "# library-bound\tlibrary\tscikit-learn\n# library-bound\tlambda-sums\t"
                    + (40 + i) + "\t50\t60\n# library-bound\teta\t1e-300\n# library-bound\te-step\t100\t0.001\n" + text.substring(at));
        }
        Path results = dir.resolve("compare.tsv");
        CliTest.Outcome c = CliTest.run("compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(),
                "--method", "is-vb-diff", "--threads", "1", "--no-timing", "--out", results.toString());
        assertEquals(0, c.code(), c.err());
        Path html = dir.resolve("report.html");
        CliTest.Outcome r = CliTest.run("report", "--results", results.toString(), "--out", html.toString());
        assertEquals(0, r.code(), r.err());
        String page = Files.readString(html);
        assertTrue(page.contains("<section id=\"library-numbers\">"), page);
        assertTrue(page.contains("A a.tsv: scikit-learn&#39;s perplexity()") || page.contains("A a.tsv: scikit-learn's perplexity()"), page);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("against is-vb-diff's corpus log ratio (\\S+) nats per token: the libraries'"
                + " difference is off by (\\S+) = topic-word prior term (\\S+) \\+ E_q\\[log beta\\] against log phi (\\S+) \\+ held-out inference"
                + " (\\S+) \\+ per-document bound's slack (\\S+) ").matcher(page.replace("&#39;", "'"));
        assertTrue(m.find(), page);
        double[] v = new double[6];
        for (int i = 0; i < 6; i++) {
            v[i] = Double.parseDouble(m.group(i + 1));
        }
        assertEquals(v[1], v[2] + v[3] + v[4] + v[5], 5e-6, "the terms sum to the difference of the gaps");
    }

    @Test
    void aFileThatIsNotAComparisonIsRefusedByNameAndLineAndNothingIsWritten() throws Exception {
        Path bad = dir.resolve("estimate.tsv");
        Files.writeString(bad, "# tmeval\t0.1.0\n# setting\tplan\tcompare\ndocId\tN\tmethod\n");
        Path html = dir.resolve("report.html");
        CliTest.Outcome r = CliTest.run("report", "--results", bad.toString(), "--out", html.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(bad.toString()) && r.err().contains("line 3") && r.err().contains("not a compare output"), r.err());
        assertFalse(Files.exists(html));
    }

    @Test
    void theReportMayNotOverwriteTheResults() throws Exception {
        Path results = dir.resolve("compare.tsv");
        Files.copy(Path.of("src/test/resources/golden/compare-methods.tsv"), results);
        byte[] before = Files.readAllBytes(results);
        CliTest.Outcome r = CliTest.run("report", "--results", results.toString(), "--out", results.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(java.util.Arrays.toString(before), java.util.Arrays.toString(Files.readAllBytes(results)));
    }
}
