package tmeval.estimate;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The unbiasedness test with power: an estimator X of a quantity Q is unbiased when the importance weight
 * w = X / Q = exp(log X - log Q) has E[w] = 1. For each of several documents (Q known exactly) the weights of many
 * seeded runs give a mean and its standard error s; z_d = (mean_d - 1) / s_d is about N(0, 1) for an unbiased
 * estimator, so sum_d z_d^2 is about chi-square with one degree of freedom per document. It fails above the
 * 1 - 1e-6 quantile: with fixed seeds a correct estimator does not fail, and a bias of a few standard errors on
 * any document does.
 * <p>
 * The trap: importance weights are heavy-tailed when the budget is small for the document, and then the sample
 * standard error is itself far too small or far too large most of the time (the mean is carried by a rare huge
 * weight), so the statistic means nothing. Every check therefore asserts that no single run holds more than 1% of
 * a document's total weight; a case that breaks this must be made shorter or easier, not accepted.
 */
public final class ProbabilitySpaceCheck {
    /** The false-alarm probability of one pooled test. */
    public static final double P_VALUE = 1e-6;
    /** The largest share of a document's total weight one run may hold. */
    public static final double MAX_SHARE = 0.01;

    /** The weights of one document's runs, summarised. */
    public record Sample(String label, int runs, double mean, double standardError, double maxShare) {
        /**
         * (mean - 1) / standard error; 0 when every weight is 1 up to rounding (an estimator exact on this document,
         * e.g. is-pzw on one token, where rounding noise of 1e-16 over a standard error of 1e-17 would mean nothing).
         */
        public double z() {
            if (standardError < 1e-12) {
                return Math.abs(mean - 1) < 1e-9 ? 0 : Double.POSITIVE_INFINITY;
            }
            return (mean - 1) / standardError;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s: mean weight %.4f +- %.4f (z %.2f, largest share %.4f, %d runs)",
                    label, mean, standardError, z(), maxShare, runs);
        }
    }

    /** The pooled statistic over documents and its threshold. */
    public record Pooled(String label, List<Sample> samples, double chiSquare, double threshold) {
        public boolean rejects() {
            return !(chiSquare <= threshold);
        }

        public double largestShare() {
            return samples.stream().mapToDouble(Sample::maxShare).max().orElse(0);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s: chi-square %.2f on %d df, threshold %.2f (p = %g)",
                    label, chiSquare, samples.size(), threshold, P_VALUE));
            for (Sample s : samples) {
                b.append("\n  ").append(s);
            }
            return b.toString();
        }
    }

    private ProbabilitySpaceCheck() {
    }

    /**
     * Runs {@code runs} times and summarises the weights exp(logWeightOfRun(r)); a log-weight of -infinity is a
     * weight of 0 (an estimate of probability 0, which an unbiased estimator may return), NaN and +infinity fail.
     */
    public static Sample sample(String label, int runs, IntToDoubleFunction logWeightOfRun) {
        double[] w = new double[runs];
        for (int r = 0; r < runs; r++) {
            double lw = logWeightOfRun.applyAsDouble(r);
            assertTrue(!Double.isNaN(lw) && lw != Double.POSITIVE_INFINITY, label + ": run " + r + " gave log-weight " + lw);
            w[r] = Math.exp(lw);
        }
        return summarise(label, w);
    }

    static Sample summarise(String label, double[] w) {
        int runs = w.length;
        double sum = 0;
        double max = 0;
        for (double x : w) {
            sum += x;
            max = Math.max(max, x);
        }
        double mean = sum / runs;
        double squares = 0;
        for (double x : w) {
            squares += (x - mean) * (x - mean);
        }
        double standardError = Math.sqrt(squares / (runs - 1) / runs);
        return new Sample(label, runs, mean, standardError, sum > 0 ? max / sum : 1);
    }

    /** sum_d z_d^2 against the 1 - {@link #P_VALUE} quantile of chi-square with one degree of freedom per document. */
    public static Pooled pooledChiSquare(String label, List<Sample> samples) {
        double chiSquare = 0;
        for (Sample s : samples) {
            chiSquare += s.z() * s.z();
        }
        double threshold = new ChiSquaredDistribution(samples.size()).inverseCumulativeProbability(1 - P_VALUE);
        Pooled pooled = new Pooled(label, List.copyOf(samples), chiSquare, threshold);
        System.out.println(pooled);
        return pooled;
    }

    /** Asserts that the weights are light-tailed enough for the test to mean something, and that it passes. */
    public static Pooled assertUnbiased(String label, List<Sample> samples) {
        Pooled pooled = pooledChiSquare(label, samples);
        assertTrue(pooled.largestShare() <= MAX_SHARE, "heavy-tailed weights, the test would be vacuous: " + pooled);
        assertTrue(!pooled.rejects(), "biased: " + pooled);
        return pooled;
    }

    /** {@link #assertUnbiased} for several pooled tests at once, so that a failure reports every statistic. */
    public static void assertAllUnbiased(List<Pooled> tests) {
        StringBuilder all = new StringBuilder();
        boolean ok = true;
        for (Pooled p : tests) {
            all.append('\n').append(p);
            ok &= p.largestShare() <= MAX_SHARE && !p.rejects();
        }
        assertTrue(ok, "biased or heavy-tailed:" + all);
    }

    /** Asserts that the weights are light-tailed and that the test rejects unbiasedness (a known bias is seen). */
    public static Pooled assertBiased(String label, List<Sample> samples) {
        Pooled pooled = pooledChiSquare(label, samples);
        assertTrue(pooled.largestShare() <= MAX_SHARE, "heavy-tailed weights, the test would be vacuous: " + pooled);
        assertTrue(pooled.rejects(), "no bias seen: " + pooled);
        return pooled;
    }

    /** A list to collect one sample per document. */
    public static List<Sample> samples() {
        return new ArrayList<>();
    }
}
