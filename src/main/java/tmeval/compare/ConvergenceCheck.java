package tmeval.compare;

import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Detecting convergence failures by annealing both ways (Foulds and Smyth Section 3.1): per document the gap
 * between the forward and the reverse estimate of log P(w | A) - log P(w | B); across documents the systematic
 * bias, the mean gap, tested against zero with a paired t-test. A converged pair of runs has gaps that are noise
 * around zero; a failure in one direction shows as a mean gap far from zero.
 *
 * @param method the ratio path
 * @param meanGap mean of forward - reverse over documents (nats)
 * @param standardError its standard error (NaN with no {@link #noiseEstimate})
 * @param pValue two-sided p-value of the paired t-test (NaN with no {@link #noiseEstimate}: no test)
 * @param flagged ids of the documents whose |gap| exceeds the threshold
 * @param threshold the per-document gap threshold in nats
 * @param documents documents compared
 */
public record ConvergenceCheck(String method, double meanGap, double standardError, double pValue, List<String> flagged,
                               double threshold, int documents) {
    /** Significance level for calling a systematic bias. */
    public static final double SIGNIFICANCE = 0.01;
    /** Default per-document gap threshold, in nats. */
    public static final double DEFAULT_THRESHOLD = 1.0;
    /** Share of documents over the gap threshold above which the runs are called unconverged even without a bias. */
    public static final double MAX_FLAGGED_SHARE = 0.05;

    /**
     * Whether one document's forward - reverse gap is "wildly different" (Section 3.1): the one test of a gap against
     * the threshold, for the command line's check, the scatter's rings and the document view alike.
     */
    public static boolean exceeds(double gap, double threshold) {
        return Math.abs(gap) > threshold;
    }

    public static ConvergenceCheck of(String method, List<String> documentIds, double[] forward, double[] reverse, double threshold) {
        SummaryStatistics gaps = new SummaryStatistics();
        List<String> flagged = new ArrayList<>();
        for (int d = 0; d < forward.length; d++) {
            double gap = forward[d] - reverse[d];
            gaps.addValue(gap);
            if (exceeds(gap, threshold)) {
                flagged.add(documentIds.get(d));
            }
        }
        // one document, or gaps that do not spread beyond floating-point noise: nothing to test the mean gap against, so no
        // p-value (never p = 1)
        double p = Double.NaN;
        double se = Double.NaN;
        // gaps within floating-point noise of 0 are agreement, whatever a t-test on them would say
        boolean allNoise = gaps.getN() == 0 || Math.max(Math.abs(gaps.getMax()), Math.abs(gaps.getMin())) <= ComparisonTable.TIE_NATS;
        if (forward.length >= 2 && !allNoise && gaps.getStandardDeviation() > ComparisonTable.TIE_NATS) {
            se = gaps.getStandardDeviation() / Math.sqrt(forward.length);
            p = new TTest().pairedTTest(forward, reverse);
        }
        return new ConvergenceCheck(method, gaps.getMean(), se, p, List.copyOf(flagged), threshold, forward.length);
    }

    /**
     * Whether the documents' gaps give a noise estimate to test their mean against: two documents or more whose gaps
     * spread beyond floating-point noise.
     */
    public boolean noiseEstimate() {
        return !Double.isNaN(pValue);
    }

    /** The directions disagree systematically: significant at {@link #SIGNIFICANCE}. */
    public boolean systematicBias() {
        return pValue < SIGNIFICANCE;
    }

    /**
     * The directions are "wildly different" (Section 3.1) on too many documents: more than
     * {@link #MAX_FLAGGED_SHARE} of them have a gap above the threshold, whatever its sign.
     */
    public boolean widespreadGaps() {
        return documents > 0 && flagged.size() > MAX_FLAGGED_SHARE * documents;
    }

    /** Either failure: a systematic bias or widespread large gaps. */
    public boolean failed() {
        return systematicBias() || widespreadGaps();
    }

    /** The check in words, as Section 3.1 recommends stating it. */
    public String verdict() {
        String stats = !noiseEstimate()
                ? String.format(Locale.ROOT, "mean forward - reverse gap %.4g nats over %d %s (%s: no noise estimate, no test of a bias)", meanGap,
                documents, documents == 1 ? "document" : "documents", documents == 1 ? "one document" : "gaps without spread")
                : String.format(Locale.ROOT, "mean forward - reverse gap %.4g nats (s.e. %.2g, paired t-test p = %.2g; a bias below p = %s)"
                + " over %d documents", meanGap, standardError, pValue, SIGNIFICANCE, documents);
        String docs = flagged.isEmpty() ? "No document's gap exceeds " + threshold + " nats"
                : flagged.size() + " documents have a gap above " + threshold + " nats: " + String.join(", ", flagged.subList(0, Math.min(10, flagged.size())))
                + (flagged.size() > 10 ? " and " + (flagged.size() - 10) + " more" : "");
        if (failed()) {
            String how = systematicBias() && widespreadGaps() ? "systematically and on many documents"
                    : systematicBias() ? "systematically" : "on many documents";
            return method + ": the two annealing directions DISAGREE " + how + " (" + stats + "); at least one direction did not"
                    + " converge: use more temperatures or burn-in before trusting these ratios. " + docs + ".";
        }
        if (!noiseEstimate() && documents > 0 && Math.abs(meanGap) <= ComparisonTable.TIE_NATS) {
            // no spread and a mean of 0: every gap is within floating-point noise of 0 (a model against itself)
            return String.format(Locale.ROOT, "%s: the two annealing directions agree exactly (every gap within %s nats of 0 over %d %s). %s.",
                    method, ComparisonTable.TIE_NATS, documents, documents == 1 ? "document" : "documents", docs);
        }
        if (!noiseEstimate()) {
            return method + ": the two annealing directions cannot be tested yet (" + stats + "). " + docs + ".";
        }
        return method + ": the two annealing directions agree (" + stats + "). " + docs + ".";
    }
}
