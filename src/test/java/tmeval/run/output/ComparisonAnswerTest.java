package tmeval.run.output;

import org.junit.jupiter.api.Test;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.run.certify.Reason;
import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answer first: which model predicts better, by how much, how many documents are certified, whether the methods agree. */
class ComparisonAnswerTest {
    private static final int DOCUMENTS = 20;
    private static final int TOKENS = 100;

    /** A table of 20 documents of 100 tokens; each method's log ratio per document is {@code perDocument + 0.01 d}. */
    private static ComparisonTable table(String[] methods, double[] perDocument) {
        ComparisonTable t = emptyTable();
        for (int m = 0; m < methods.length; m++) {
            for (int d = 0; d < DOCUMENTS; d++) {
                t.add(methods[m], Direction.NONE, d, 1, new RatioResult(perDocument[m] + 0.01 * d, new double[0], 1, 1));
            }
        }
        return t;
    }

    /** A table of 20 documents of 100 tokens, no rows yet. */
    private static ComparisonTable emptyTable() {
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[DOCUMENTS];
        for (int d = 0; d < DOCUMENTS; d++) {
            ids.add("doc" + d);
            lengths[d] = TOKENS;
        }
        return new ComparisonTable(ids, lengths, 1);
    }

    /** {@code certified[m]} of the 20 documents of method m certified. */
    private static VerdictCounts counts(String[] methods, int[] certified) {
        VerdictCounts c = new VerdictCounts();
        for (int m = 0; m < methods.length; m++) {
            for (int d = 0; d < DOCUMENTS; d++) {
                c.add(methods[m], new Verdict(d < certified[m] ? Reason.WITHIN_TARGET : Reason.NOISY, 0, 0, 0.1, 0, 0, false));
            }
        }
        return c;
    }

    @Test
    void theLineSaysWhichModelPredictsBetterByHowMuchWithItsIntervalAndHowManyDocumentsAreCertified() {
        String[] methods = {ComparisonMethods.LR_DIFF};
        ComparisonTable t = table(methods, new double[] {0.4});
        String line = ComparisonAnswer.line(t.rows(), counts(methods, new int[] {17}), List.of(), null, false);
        ComparisonTable.MethodInterval m = ComparisonTable.methodIntervals(t.rows()).get(0);
        // 0.4 + 0.095 nats per document of 100 tokens on average: A better by 0.00495 nats per token
        assertTrue(line.startsWith("Answer: A predicts better by 0.004950 nats per token (95% bootstrap interval over the documents "), line);
        assertTrue(line.contains(String.format(java.util.Locale.ROOT, "corpus perplexity ratio A/B %.4f, %.4f to %.4f", m.ratio(), m.low(),
                m.high())), line);
        assertTrue(line.endsWith(" by lr-diff; 17 of 20 documents certified; one method, no other to agree with."), line);
        assertEquals(1, line.lines().count());
        // too few certified: a plain method is told to spend more; auto's choice already did where it could help
        String few = ComparisonAnswer.line(t.rows(), counts(methods, new int[] {4}), List.of(), null, false);
        assertTrue(few.contains("only 4 of 20 documents certified (under 50%; no converged method certifies enough documents: use more"), few);
        String auto = ComparisonAnswer.line(t.rows(), counts(methods, new int[] {4}), List.of(), ComparisonMethods.LR_DIFF, false);
        assertTrue(auto.contains("only 4 of 20 documents certified (under 50%; auto raised each document's budget while a larger one could"
                + " certify it, so more would not help"), auto);

        String b = ComparisonAnswer.line(table(methods, new double[] {-0.4}).rows(), counts(methods, new int[] {20}), List.of(), null, true);
        assertTrue(b.startsWith("Partial answer: B predicts better by 0.003050 nats per token (95% bootstrap interval over the documents "), b);
        String none = ComparisonAnswer.line(table(methods, new double[] {-0.095}).rows(), counts(methods, new int[] {20}), List.of(), null, false);
        assertTrue(none.startsWith("Answer: cannot tell A from B: log P(A) - log P(B) "), none);
        assertEquals("Answer: none yet (a method needs results on two documents for its 95% interval).",
                ComparisonAnswer.line(List.of(), new VerdictCounts(), List.of(), null, false));
    }

    @Test
    void theAnswerIsAutosChoiceOrTheMostCertifiedMethodsAndADisagreementIsSaidWithWhatEachCertifies() {
        String[] methods = {ComparisonMethods.LR_DIFF, ComparisonMethods.RATIO_CONVEX, ComparisonMethods.AIS_DIFF};
        ComparisonTable agreeing = table(methods, new double[] {0.4, 0.41, 0.42});
        VerdictCounts counts = counts(methods, new int[] {11, 19, 12});
        String line = ComparisonAnswer.line(agreeing.rows(), counts, List.of(), null, false);
        assertTrue(line.endsWith(" by ratio-convex; 19 of 20 documents certified; the 3 methods agree (their 95% intervals overlap)."), line);
        String auto = ComparisonAnswer.line(agreeing.rows(), counts, List.of(), ComparisonMethods.AIS_DIFF, false);
        assertTrue(auto.contains(" by ais-diff; 12 of 20 documents certified; "), auto);

        ComparisonTable disagreeing = table(methods, new double[] {0.4, 0.41, -3});
        String said = ComparisonAnswer.line(disagreeing.rows(), counts, List.of(), null, false);
        assertTrue(said.startsWith("Answer: A predicts better by "), said);
        assertTrue(said.contains(" by ratio-convex; 19 of 20 documents certified; methods DISAGREE (95% intervals exclude each other): lr-diff "), said);
        assertTrue(said.contains("(A predicts better; 11 of 20 certified), ratio-convex "), said);
        assertTrue(said.contains("(B predicts better; 12 of 20 certified); the answer is ratio-convex's, the method that certifies the most documents."),
                said);
    }

    /**
     * The walkthrough's AP models: lr-diff certified 6 of 150 and ratio-convex's directions disagreed systematically, yet
     * the line said "the 4 methods agree" with no warning. The answer is the converged method with the most certified
     * documents, said NOT SETTLED when that is under half of them, with each failed direction check in the line itself.
     */
    @Test
    void aConvergenceFailureAndALowCertifiedShareAreSaidInTheLineAndOnlySettledMethodsCountAsAgreeing() {
        String[] methods = {ComparisonMethods.LR_DIFF, ComparisonMethods.RATIO_CONVEX, ComparisonMethods.AIS_DIFF};
        ComparisonTable agreeing = table(methods, new double[] {0.4, 0.41, 0.42});
        ConvergenceCheck failed = new ConvergenceCheck(ComparisonMethods.RATIO_CONVEX, -19.6, 0.5, 1e-6, List.of("doc3"), 1.0, DOCUMENTS);
        assertTrue(failed.failed());
        // ratio-convex certifies the most but did not converge: the answer is lr-diff's, which certifies 1 of 20
        String line = ComparisonAnswer.line(agreeing.rows(), counts(methods, new int[] {1, 19, 0}), List.of(failed), null, false);
        assertTrue(line.startsWith("Answer, NOT SETTLED: A predicts better by "), line);
        assertTrue(line.contains(" by lr-diff; only 1 of 20 documents certified (under 50%; no converged method certifies enough documents: "), line);
        assertTrue(line.contains("; ratio-convex: annealing directions DISAGREE (mean gap -19.6 nats, 1 of 20 documents over 1.0 nats); "), line);
        assertTrue(line.endsWith("no two settled, converged methods to agree (not counted, unsettled or unconverged: lr-diff, ratio-convex, ais-diff)."),
                line);
        assertTrue(!line.contains("methods agree"), line);

        // two settled, converged methods: they alone are counted as agreeing, and the answer is the better certified of them
        String two = ComparisonAnswer.line(agreeing.rows(), counts(methods, new int[] {12, 19, 15}), List.of(failed), null, false);
        assertTrue(two.startsWith("Answer: A predicts better by "), two);
        assertTrue(two.contains(" by ais-diff; 15 of 20 documents certified; ratio-convex: annealing directions DISAGREE "), two);
        assertTrue(two.endsWith("the 2 settled, converged methods agree (their 95% intervals overlap; not counted, unsettled or unconverged:"
                + " ratio-convex)."), two);
    }

    /**
     * The field test: a method's reverse row had an interval excluding 1 beside the verdict "cannot tell A from B", and
     * its forward and reverse intervals excluded each other with no word of it. The verdict spans both directions, and
     * now says first that they are apart.
     */
    @Test
    void aMethodsVerdictSaysWhenItsDirectionsIntervalsExcludeEachOther() {
        ComparisonTable t = emptyTable();
        for (int d = 0; d < DOCUMENTS; d++) {
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, d, 1, new RatioResult(0.4 + 0.01 * d, new double[0], 1, 1));
            t.add(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, d, 1, new RatioResult(-0.4 + 0.01 * d, new double[0], 1, 1));
        }
        String status = ComparisonAnswer.status(ComparisonMethods.RATIO_CONVEX, t.rows());
        assertTrue(status.startsWith("its directions' intervals exclude each other (see the rows); over both: cannot tell A from B"), status);
        ComparisonTable agreeing = table(new String[] {ComparisonMethods.LR_DIFF}, new double[] {0.4});
        assertEquals("A predicts better", ComparisonAnswer.status(ComparisonMethods.LR_DIFF, agreeing.rows()));
    }
}
