package tmeval.run.exec;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * A 95% interval of a corpus total from independent runs: the mean of the runs' totals plus or minus Student's t
 * (runs - 1 degrees of freedom) times their standard error. The one interval over runs that {@code estimate --summary}
 * and {@code curve} print and the workbench's curves draw.
 */
public record RunInterval(int runs, double mean, double halfWidth) {
    /** The interval of these totals, or null with fewer than two. */
    public static RunInterval of(double[] totals) {
        int n = totals.length;
        if (n < 2) {
            return null;
        }
        double mean = StatUtils.mean(totals);
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(StatUtils.variance(totals, mean) / n);
        return new RunInterval(n, mean, half);
    }

    public double low() {
        return mean - halfWidth;
    }

    public double high() {
        return mean + halfWidth;
    }
}
