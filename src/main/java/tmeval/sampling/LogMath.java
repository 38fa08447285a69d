package tmeval.sampling;

/** Log-space arithmetic: sums of probabilities that would underflow as plain doubles. */
public final class LogMath {
    private LogMath() {
    }

    /** log(sum_i exp(x_i)) over the first n values. */
    public static double logSumExp(double[] x, int n) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, x[i]);
        }
        if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
            return max;
        }
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += Math.exp(x[i] - max);
        }
        return max + Math.log(s);
    }

    public static double logSumExp(double[] x) {
        return logSumExp(x, x.length);
    }

    /** log of the mean of exp(x_i): the log of an importance-sampling estimate from log-weights. */
    public static double logMeanExp(double[] x) {
        return logSumExp(x) - Math.log(x.length);
    }
}
