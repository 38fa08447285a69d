package tmeval.compare;

import tmeval.compare.ComparisonTable.Verdict;

/**
 * The one rule for "decided" (estimators.md, "When a document is decided"): an interval of log P(w | A) - log P(w | B),
 * [low, high], decides for A or B only when it excludes 0 by more than its noise: widened by {@link #Z} times its
 * standard error on each side, it must still lie wholly above 0 (A) or below it (B). A ratio path's bracket is [the lower,
 * the higher] of its forward and reverse estimates, its standard error the combined one of its two ends; a difference of
 * two estimates is the interval [d, d], its standard error the combined one of the two. A noise that is not known (one run
 * of a method that draws random numbers) decides nothing. The bracket view, the table's sentences, Which K?'s pairwise
 * counts and {@code compare}'s and {@code select}'s summaries all judge by it.
 */
public final class Decided {
    /** Standard errors a decided interval clears 0 by: the normal 97.5% quantile, a two-sided 95% interval. */
    public static final double Z = 1.959963984540054;

    private Decided() {
    }

    /**
     * The verdict of [low, high] (in either order) with this standard error (NaN when it is not known: then undecided);
     * within {@link ComparisonTable#TIE_NATS} of 0 is never decided (a model against itself).
     */
    public static Verdict of(double low, double high, double standardError) {
        if (Double.isNaN(low) || Double.isNaN(high) || Double.isNaN(standardError)) {
            return Verdict.UNDECIDED;
        }
        double margin = Z * standardError + ComparisonTable.TIE_NATS;
        if (Math.min(low, high) - margin > 0) {
            return Verdict.FOR_A;
        }
        return Math.max(low, high) + margin < 0 ? Verdict.FOR_B : Verdict.UNDECIDED;
    }

    /** The standard error of two independent estimates taken together (a bracket's two ends, a difference's two sides). */
    public static double combined(double oneStandardError, double otherStandardError) {
        return Math.hypot(oneStandardError, otherStandardError);
    }

    /** The rule in words, for summaries and help. */
    public static String rule() {
        return "decided only when it excludes 0 by more than 1.96 combined standard errors";
    }
}
