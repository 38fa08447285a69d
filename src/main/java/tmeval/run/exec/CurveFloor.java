package tmeval.run.exec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code vb}'s corpus value at a snapshot is a lower bound on the true one: a stochastic method's value below it,
 * beyond its noise, is known to be too low, and is said beside its points (in {@code curve}'s output and the Curves view).
 */
public final class CurveFloor {
    private CurveFloor() {
    }

    /** A stochastic method's corpus value at a snapshot that falls below {@code vb}'s there: too low, its verdict. */
    public record BelowFloor(int iteration, String method, double mean, double top, double floor) {
        /** "ais at iteration 140: -293,512.3 (95% top -293,301.0) below vb's floor -292,508.4 (too few temperatures or samples)". */
        public String text() {
            return String.format(java.util.Locale.ROOT, "%s at iteration %d: %.1f (95%% top %.1f) below vb's floor %.1f: too low there"
                    + " (more temperatures or samples)", method, iteration, mean, top, floor);
        }
    }

    /**
     * The stochastic methods whose corpus log-likelihood at a snapshot is below {@code vb}'s (a lower bound on the true
     * value): the mean over runs, and with two runs or more the top of its 95% interval too, so that noise alone does not
     * flag it. None where {@code vb} is not among the points.
     */
    public static List<BelowFloor> belowFloor(List<CurveRunner.Point> points) {
        java.util.Map<Integer, Double> floor = new java.util.HashMap<>();
        for (CurveRunner.Point p : points) {
            if (p.method().equals(tmeval.estimate.Methods.VB)) {
                floor.put(p.iteration(), p.logLikelihood());
            }
        }
        java.util.Map<String, List<CurveRunner.Point>> groups = new java.util.LinkedHashMap<>();
        for (CurveRunner.Point p : points) {
            if (floor.containsKey(p.iteration()) && !tmeval.estimate.Methods.deterministic(p.method())) {
                groups.computeIfAbsent(p.iteration() + "\t" + p.method(), k -> new ArrayList<>()).add(p);
            }
        }
        List<BelowFloor> out = new ArrayList<>();
        for (List<CurveRunner.Point> group : groups.values()) {
            double[] values = group.stream().mapToDouble(CurveRunner.Point::logLikelihood).toArray();
            double mean = java.util.Arrays.stream(values).average().orElse(Double.NaN);
            RunInterval interval = RunInterval.of(values);
            double top = interval == null ? mean : interval.high();
            double vb = floor.get(group.get(0).iteration());
            if (top < vb) {
                out.add(new BelowFloor(group.get(0).iteration(), group.get(0).method(), mean, top, vb));
            }
        }
        return out;
    }

    /**
     * ". WARNING, below vb's floor (too low there: more temperatures or samples): ais at 14 of 20 snapshots; e.g. ...",
     * or "" when no point is: what the Curves view appends to its status line.
     */
    public static String summary(List<CurveRunner.Point> points) {
        List<BelowFloor> below = belowFloor(points);
        if (below.isEmpty()) {
            return "";
        }
        long snapshots = points.stream().mapToInt(CurveRunner.Point::iteration).distinct().count();
        java.util.Map<String, Long> perMethod = new java.util.LinkedHashMap<>();
        below.forEach(b -> perMethod.merge(b.method(), 1L, Long::sum));
        List<String> said = new ArrayList<>();
        perMethod.forEach((m, n) -> said.add(m + " at " + n + " of " + snapshots + " snapshots"));
        return ". WARNING, below vb's floor (too low there: more temperatures or samples): " + String.join(", ", said)
                + "; e.g. " + below.get(0).text();
    }
}
