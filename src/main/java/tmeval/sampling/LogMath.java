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

    /**
     * The sum and the sum of squares of the weights exp(x_i - max x), for moments of importance weights that would
     * overflow or underflow as plain doubles: the effective sample size is sum^2 / squares whatever the shift.
     */
    public static double[] shiftedWeightSums(double[] logWeights) {
        double max = Double.NEGATIVE_INFINITY;
        for (double x : logWeights) {
            max = Math.max(max, x);
        }
        double sum = 0;
        double squares = 0;
        for (double x : logWeights) {
            double e = Math.exp(x - max);
            sum += e;
            squares += e * e;
        }
        return new double[] {sum, squares};
    }
}
