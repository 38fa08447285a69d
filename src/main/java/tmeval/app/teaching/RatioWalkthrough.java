package tmeval.app.teaching;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioAis;
import tmeval.compare.RatioResult;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The ratio-AIS tab's computation, with no JavaFX: ratio-AIS between models A and B on the teaching document in both
 * directions, one run with its traces and {@value #REPEATS} more each way, so that the picture can show both what holds
 * (the forward estimate is below log P_A(w) / P_B(w) in expectation, the reverse one above: Jensen, E log of a mean
 * weight <= log of its mean) and what need not (a single forward run can land above a single reverse run when the
 * runs' spread is wider than the gap between the two means).
 */
@UsesNoJavaFx
public final class RatioWalkthrough {
    /** More runs each way, to show where the runs fall around their means. */
    static final int REPEATS = 16;
    private static final int BURN_IN = 20;

    private RatioWalkthrough() {
    }

    /**
     * Ratio-AIS both ways; reverse traces and estimates are negated so that both end near log P_A(w) / P_B(w);
     * {@code forwardRuns} and {@code reverseRuns} the repeated runs' estimates.
     */
    public record RatioRun(List<List<double[]>> forwardTraces, List<List<double[]>> reverseTraces, double forward, double reverse,
                           Double exact, String problem, double[] forwardRuns, double[] reverseRuns) {
        static RatioRun unavailable(String why) {
            return new RatioRun(List.of(), List.of(), Double.NaN, Double.NaN, null, why, new double[0], new double[0]);
        }

        public double forwardMean() {
            return Arrays.stream(forwardRuns).average().orElse(Double.NaN);
        }

        public double reverseMean() {
            return Arrays.stream(reverseRuns).average().orElse(Double.NaN);
        }

        /** The standard error of a mean of runs: their standard deviation over the square root of their number. */
        static double standardError(double[] runs) {
            return Math.sqrt(new org.apache.commons.math3.stat.descriptive.moment.Variance().evaluate(runs) / runs.length);
        }

        /** Whether the means of the repeated runs bracket the exact log ratio (false when it is not known). */
        public boolean meansBracket() {
            return exact != null && forwardMean() <= exact && exact <= reverseMean();
        }

        /** How many of the repeated forward runs land above the mean of the reverse ones, and reverse runs below the forward mean. */
        public int crossings() {
            int n = 0;
            for (double f : forwardRuns) {
                n += f > reverseMean() ? 1 : 0;
            }
            for (double r : reverseRuns) {
                n += r < forwardMean() ? 1 : 0;
            }
            return n;
        }
    }

    /** Ratio-AIS on the geometric path, forward (B to A) and reverse (A to B), with the exact log ratio when known. */
    static RatioRun ratio(Document doc, ModelPair pair, int n, int s, long seed, CancelToken cancel) {
        if (pair == null) {
            return RatioRun.unavailable("Load models A and B to compare them with ratio-AIS.");
        }
        TopicModel a = pair.a();
        TopicModel b = pair.b();
        if (!a.vocabulary().equals(b.vocabulary())) {
            return RatioRun.unavailable("Ratio-AIS needs two models over the same vocabulary.");
        }
        RatioAis ais = new RatioAis(RatioAis.Path.GEOMETRIC, n, s, BURN_IN, Schedule.UNIFORM);
        List<List<double[]>> forward = new ArrayList<>();
        List<List<double[]>> reverse = new ArrayList<>();
        RatioResult f = ais.estimate(doc, a, b, Direction.FORWARD, RandomStreams.stream(seed, n, s, 1), cancel, collector(forward, 1));
        RatioResult r = ais.estimate(doc, a, b, Direction.REVERSE, RandomStreams.stream(seed, n, s, 2), cancel, collector(reverse, -1));
        double[] forwardRuns = new double[REPEATS];
        double[] reverseRuns = new double[REPEATS];
        for (int i = 0; i < REPEATS; i++) {
            forwardRuns[i] = ais.estimate(doc, a, b, Direction.FORWARD, RandomStreams.stream(seed, n, s, 3, i), cancel).logRatio();
            reverseRuns[i] = ais.estimate(doc, a, b, Direction.REVERSE, RandomStreams.stream(seed, n, s, 4, i), cancel).logRatio();
        }
        Double ea = AisWalkthrough.exact(doc, a, cancel);
        Double eb = AisWalkthrough.exact(doc, b, cancel);
        return new RatioRun(forward, reverse, f.logRatio(), r.logRatio(), ea == null || eb == null ? null : ea - eb, null,
                forwardRuns, reverseRuns);
    }

    /** Collects each sample's running log-weight (times sign); a new sample starts at temperature 1. */
    private static AnnealingEngine.Trace collector(List<List<double[]>> into, double sign) {
        return (segment, j, beta, logWeight) -> {
            if (j == 1) {
                List<double[]> t = new ArrayList<>();
                t.add(new double[] {0, 0});
                into.add(t);
            }
            into.get(into.size() - 1).add(new double[] {beta, sign * logWeight});
        };
    }

    /** The lesson: the two estimates named for their direction, what holds in expectation, and whether this run shows it. */
    static String describe(RatioRun q) {
        if (q == null) {
            return "";
        }
        if (q.problem() != null) {
            return q.problem();
        }
        String exact = q.exact() == null ? "the exact log ratio is out of reach for this document"
                : String.format(Locale.ROOT, "the exact log ratio is %.4f", q.exact());
        String thisRun = q.forward() <= q.reverse()
                ? "This run's forward estimate is below its reverse one, as their means are."
                : "This run's forward estimate is above its reverse one: each is one draw from a spread wider than the gap between"
                + " the means, so a single pair can cross; only their expectations are ordered.";
        String means = String.format(Locale.ROOT, "over %d more runs each way, forward mean %.4f (se %.4f), reverse mean %.4f (se %.4f)",
                REPEATS, q.forwardMean(), RatioRun.standardError(q.forwardRuns()), q.reverseMean(), RatioRun.standardError(q.reverseRuns()));
        String bracket = q.exact() == null ? means + " (right)."
                : q.meansBracket() ? means + " (right): they bracket it."
                : means + " (right): they do not bracket it here, because the gap Jensen opens between the directions is smaller than"
                + " the noise of these means; more runs would show it, more temperatures shrink both.";
        return String.format(Locale.ROOT, "log P_A(w) / P_B(w): forward estimate (annealing B to A) %.4f, reverse estimate (A to B) %.4f;"
                + " %s. In expectation the forward estimate lies below the true value and the reverse above it (Jensen: the mean of"
                + " log weights is below the log of their mean), so the means of enough runs bracket it: %s %s %d of the %d repeated"
                + " runs fall beyond the other direction's mean. More temperatures narrow both the gap and the spread.", q.forward(),
                q.reverse(), exact, bracket, thisRun, q.crossings(), 2 * REPEATS);
    }
}
