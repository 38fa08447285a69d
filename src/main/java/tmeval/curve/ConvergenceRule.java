package tmeval.curve;

import org.apache.commons.math3.stat.StatUtils;

import java.util.List;
import java.util.Locale;

/**
 * When a growing held-out curve has stopped improving beyond its Monte Carlo noise: the earliest snapshot I such that
 * every one of at least {@code m} later snapshots is at most {@code k} standard errors of the difference above it.
 * The standard error of a difference is that of the runs' paired differences (iteration-AIS carries each run from
 * snapshot to snapshot, so a run's points share their noise), or, when the two snapshots have different runs,
 * sqrt(se_I^2 + se_j^2). Re-judged from the whole series at every snapshot: a later point above the noise withdraws
 * the verdict. The false-alarm rate of the defaults on series that improve late: estimators.md, "When has a training run
 * converged?" ({@code tmeval.bench.ConvergenceFalseAlarms}).
 *
 * @param k how many standard errors of the difference count as noise
 * @param m how many snapshots after I must stay within the noise
 */
public record ConvergenceRule(double k, int m) {
    public static final double DEFAULT_K = 1.0;
    public static final int DEFAULT_M = 10;
    public static final ConvergenceRule DEFAULT = new ConvergenceRule(DEFAULT_K, DEFAULT_M);

    public ConvergenceRule {
        if (!(k > 0) || !Double.isFinite(k) || m < 1) {
            throw new IllegalArgumentException("the convergence rule needs k > 0 standard errors and m >= 1 snapshots");
        }
    }

    /** One snapshot's corpus log-likelihood in each run (nats); NaN where a run has none. */
    public record Point(int iteration, double[] runs) {
        public Point {
            runs = runs.clone();
        }

        public double mean() {
            double sum = 0;
            for (double v : runs) {
                sum += v;
            }
            return sum / runs.length;
        }

        /** The standard error of the mean over runs; NaN with fewer than two runs or a missing one. */
        public double standardError() {
            return ConvergenceRule.standardError(runs);
        }
    }

    /**
     * What the rule says of a series so far.
     *
     * @param since the iteration I it has stopped improving since, or null when it has not (yet)
     * @param text  the verdict in one sentence
     */
    public record Verdict(Integer since, String text) {
        public boolean converged() {
            return since != null;
        }
    }

    /** The verdict on these snapshots, in training order. */
    public Verdict judge(List<Point> points) {
        for (Point p : points) {
            if (!(p.standardError() >= 0)) {
                return new Verdict(null, "no verdict: the rule needs every snapshot in two runs or more (the noise is their spread)");
            }
        }
        int last = points.size() - 1;
        for (int i = 0; i + m <= last; i++) {
            if (withinNoiseAfter(points, i)) {
                return new Verdict(points.get(i).iteration(), String.format(Locale.ROOT,
                        "held-out likelihood has stopped improving beyond its Monte Carlo noise since iteration %d (%d snapshots after it,"
                                + " none more than %s standard error%s above it)", points.get(i).iteration(), last - i, number(k), k == 1 ? "" : "s"));
            }
        }
        if (points.size() < m + 1) {
            return new Verdict(null, String.format(Locale.ROOT, "not judged yet: the rule needs %d snapshots, %d so far", m + 1, points.size()));
        }
        Point a = points.get(last - m);
        Point b = points.get(last);
        double se = differenceError(a, b);
        return new Verdict(null, String.format(Locale.ROOT, "still improving: iteration %d is %.2f nats above iteration %d (%.1f standard errors)",
                b.iteration(), b.mean() - a.mean(), a.iteration(), (b.mean() - a.mean()) / se));
    }

    private boolean withinNoiseAfter(List<Point> points, int i) {
        Point base = points.get(i);
        for (int j = i + 1; j < points.size(); j++) {
            Point later = points.get(j);
            if (later.mean() - base.mean() > k * differenceError(base, later)) {
                return false;
            }
        }
        return true;
    }

    /** The standard error of {@code b.mean() - a.mean()}: paired over runs when both have the same runs. */
    public static double differenceError(Point a, Point b) {
        if (a.runs.length == b.runs.length) {
            double[] d = new double[a.runs.length];
            for (int r = 0; r < d.length; r++) {
                d[r] = b.runs[r] - a.runs[r];
            }
            return standardError(d);
        }
        return Math.hypot(a.standardError(), b.standardError());
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** The standard error of the mean of these values; NaN with fewer than two. */
    static double standardError(double[] values) {
        return values.length < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(values) / values.length);
    }
}
