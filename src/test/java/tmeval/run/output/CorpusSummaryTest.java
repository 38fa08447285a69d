package tmeval.run.output;

import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;

import org.junit.jupiter.api.Test;
import tmeval.estimate.EstimateResult;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorpusSummaryTest {
    private static Outcome ok(int doc, int run, double value) {
        return new Outcome(doc, "d" + doc, 10, run, new EstimateResult(value, new double[0], 1, 10, 0), null, Status.OK, Double.NaN, "ais");
    }

    @Test
    void withTwoRunsTheIntervalIsStudentsTOnTheRunTotals() {
        CorpusSummary s = new CorpusSummary(2);
        // run totals -30 and -32: mean -31, standard error 1, t(0.975, 1 d.f.) = 12.7062
        s.add(ok(0, 1, -10));
        s.add(ok(0, 2, -11));
        s.add(ok(1, 1, -20));
        s.add(ok(1, 2, -21));
        String report = s.report("ais");
        assertTrue(report.contains("corpus log-likelihood -31.0000 +- 12.7062"), report);
    }

    /** Each interval is named for what it is: one run, the bootstrap over documents only; two runs, the Monte Carlo interval and the bootstrap. */
    @Test
    void eachIntervalIsLabelledForWhatItIsAndBothArePrintedWhereBothApply() {
        CorpusSummary one = new CorpusSummary(1);
        CorpusSummary two = new CorpusSummary(2);
        for (int d = 0; d < 20; d++) {
            one.add(ok(d, 1, -10 - d % 3));
            two.add(ok(d, 1, -10 - d % 3));
            two.add(ok(d, 2, -10.5 - d % 3));
        }
        List<String> single = one.report("ais").lines().filter(l -> l.startsWith("95%")).toList();
        assertEquals(1, single.size(), one.report("ais"));
        assertTrue(single.get(0).startsWith("95% bootstrap interval over the 20 documents (the documents' spread"), single.get(0));
        List<String> both = two.report("ais").lines().filter(l -> l.startsWith("95%")).toList();
        assertEquals(2, both.size(), two.report("ais"));
        assertTrue(both.get(0).startsWith("95% Monte Carlo interval over the 2 runs (the estimator's noise"), both.get(0));
        assertTrue(both.get(1).startsWith("95% bootstrap interval over the 20 documents"), both.get(1));
    }

    @Test
    void withOneRunTheIntervalIsASeededBootstrapOverDocuments() {
        CorpusSummary s = new CorpusSummary(1);
        for (int d = 0; d < 50; d++) {
            s.add(ok(d, 1, -10 - d % 7));
        }
        String report = s.report("ais");
        assertTrue(report.contains("95% bootstrap interval over the 50 documents"), report);
        CorpusSummary again = new CorpusSummary(1);
        for (int d = 0; d < 50; d++) {
            again.add(ok(d, 1, -10 - d % 7));
        }
        assertTrue(report.equals(again.report("ais")), "seeded: the same interval every time");
        String line = report.lines().filter(l -> l.contains("bootstrap")).findFirst().orElseThrow();
        String[] f = line.replaceAll(".*log-likelihood ", "").split(" ");
        double low = Double.parseDouble(f[0]);
        double high = Double.parseDouble(f[2].replace(",", ""));
        double total = -50 * 10 - 7 * (0 + 1 + 2 + 3 + 4 + 5 + 6); // d % 7 runs through 0..6 seven times, then 0
        assertTrue(low < total && total < high && high - low < 60, "covers the corpus total " + total + ": " + line);
    }

    @Test
    void theTotalsAreTheNumbersTheReportPrints() {
        CorpusSummary two = new CorpusSummary(2);
        two.add(ok(0, 1, -10));
        two.add(ok(0, 2, -11));
        two.add(ok(1, 1, -20));
        two.add(ok(1, 2, -21));
        CorpusSummary.Totals t = two.totals();
        String report = two.report("ais");
        assertTrue(report.contains(String.format(java.util.Locale.ROOT, "corpus log-likelihood %.4f (mean over runs; %.4f nats per token),"
                + " perplexity %.4f", t.logLikelihood(), t.perToken(), t.perplexity())), report);
        assertTrue(report.contains(String.format(java.util.Locale.ROOT, "+- %.4f, perplexity %.4f to %.4f", (t.high() - t.low()) / 2,
                t.perplexityLow(), t.perplexityHigh())), report);
        org.junit.jupiter.api.Assertions.assertEquals(-31, t.logLikelihood(), 1e-12);
        org.junit.jupiter.api.Assertions.assertEquals(20, t.tokens(), 1e-12);
        CorpusSummary one = new CorpusSummary(1);
        for (int d = 0; d < 50; d++) {
            one.add(ok(d, 1, -10 - d % 7));
        }
        CorpusSummary.Totals b = one.totals();
        String bootstrap = one.report("ais");
        assertTrue(!b.overRuns() && bootstrap.contains(String.format(java.util.Locale.ROOT, "corpus log-likelihood %.4f to %.4f, perplexity %.4f to"
                + " %.4f", b.low(), b.high(), b.perplexityLow(), b.perplexityHigh())), bootstrap);
        CorpusSummary none = new CorpusSummary(1);
        none.add(ok(0, 1, -3));
        assertTrue(!none.totals().hasInterval() && Double.isFinite(none.totals().logLikelihood()), "one document, one run: no interval");
    }
}
