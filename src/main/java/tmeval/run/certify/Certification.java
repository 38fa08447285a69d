package tmeval.run.certify;

import org.apache.commons.math3.stat.StatUtils;
import tmeval.estimate.Methods;
import tmeval.run.exec.Status;

/**
 * The verdict on a document's runs by one method (estimators.md, "Certified answers"). A value is certified when every
 * run has one, none lies below the vb floor, and its error is within {@link Target}: the standard error over two or more
 * runs for one model or a difference of two, the gap between the two directions' means for a ratio path (which bracket
 * the truth in expectation, so the gap bounds the error of either).
 */
public final class Certification {
    private Certification() {
    }

    /**
     * One model's runs, or a difference of two models' estimates without directions.
     *
     * @param values per run, NaN where the run has no value
     */
    public static Verdict ofRuns(Methods.Guarantee guarantee, int tokens, Status[] statuses, double[] values) {
        double target = Target.nats(tokens);
        double mean = StatUtils.mean(values);
        double se = values.length >= 2 ? Math.sqrt(StatUtils.variance(values, mean) / values.length) : Double.NaN;
        Reason reason = switch (guarantee) {
            case EXACT -> Reason.EXACT;
            case LOWER_BOUND -> Reason.BOUND;
            case UNBOUNDED_BIAS -> Reason.BIASED;
            case ESTIMATE -> values.length < 2 ? Reason.ONE_RUN : se <= target ? Reason.WITHIN_TARGET : Reason.NOISY;
        };
        Reason problem = problem(statuses);
        if (problem != null && (reason.certified() || reason == Reason.ONE_RUN || reason == Reason.NOISY)) {
            reason = problem;
        }
        if (problem == Reason.NO_VALUE) {
            mean = Double.NaN;
            se = Double.NaN;
        }
        return new Verdict(reason, mean, se, target, mean, mean, false);
    }

    /**
     * A ratio path's runs in its two directions (forward anneals from B to A: a stochastic lower bound on the log ratio;
     * reverse an upper bound). With one direction only there is no bracket.
     */
    public static Verdict ofDirections(int tokens, Status[] forwardStatuses, double[] forward, Status[] reverseStatuses, double[] reverse) {
        double target = Target.nats(tokens);
        Reason problem = problem(forwardStatuses);
        if (problem == null) {
            problem = problem(reverseStatuses);
        }
        if (forward.length == 0 || reverse.length == 0) {
            double[] one = forward.length == 0 ? reverse : forward;
            double mean = problem == Reason.NO_VALUE ? Double.NaN : StatUtils.mean(one);
            return new Verdict(problem == null ? Reason.ONE_DIRECTION : problem, mean, Double.NaN, target, mean, mean, false);
        }
        if (problem == Reason.NO_VALUE) {
            return new Verdict(problem, Double.NaN, Double.NaN, target, Double.NaN, Double.NaN, true);
        }
        double f = StatUtils.mean(forward);
        double r = StatUtils.mean(reverse);
        double gap = Math.abs(f - r);
        // the gap bounds the error of either direction's expectation; each direction's mean must also be that close to its
        // own (a heavy-tailed direction's few runs can sit together, far from its mean, and agree with the other's)
        double noise = Math.max(standardError(forward), standardError(reverse));
        Reason reason = problem != null ? problem : gap > target ? Reason.DIRECTIONS_DISAGREE : noise > target ? Reason.NOISY : Reason.WITHIN_TARGET;
        return new Verdict(reason, (f + r) / 2, gap, target, Math.min(f, r), Math.max(f, r), true);
    }

    /** The standard error of a direction's mean, NaN with one run (then the gap alone judges, as before runs were counted). */
    private static double standardError(double[] values) {
        return values.length < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(values) / values.length);
    }

    /** What stops any verdict but "no": a run without a value, above the ceiling, below the floor, or heavy-tailed. */
    private static Reason problem(Status[] statuses) {
        Reason problem = null;
        for (Status s : statuses) {
            if (!s.hasValue()) {
                return Reason.NO_VALUE;
            }
            // the worst first: an impossible value, then one below the floor, then one its own weights distrust
            Reason r = switch (s) {
                case ABOVE_CEILING -> Reason.ABOVE_CEILING;
                case MISSED_MASS -> Reason.MISSED_MASS;
                case BELOW_FLOOR -> Reason.BELOW_FLOOR;
                case CHAINS_APART -> Reason.CHAINS_APART;
                case HEAVY_TAIL -> Reason.HEAVY_TAIL;
                default -> null;
            };
            if (r != null && (problem == null || r.ordinal() < problem.ordinal())) {
                problem = r;
            }
        }
        return problem;
    }
}
