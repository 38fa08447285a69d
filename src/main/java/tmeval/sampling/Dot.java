package tmeval.sampling;

/**
 * The dot product of a model row with a per-topic vector, summed in four independent lanes: a plain running sum is
 * a chain of dependent additions, and this sum is taken for every word of a document at every temperature.
 */
public final class Dot {
    private Dot() {
    }

    /** sum_k x[from + k] * y[k] for k below n. */
    public static double product(double[] x, int from, double[] y, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4) {
            s0 += x[from + k] * y[k];
            s1 += x[from + k + 1] * y[k + 1];
            s2 += x[from + k + 2] * y[k + 2];
            s3 += x[from + k + 3] * y[k + 3];
        }
        for (; k < n; k++) {
            s0 += x[from + k] * y[k];
        }
        return (s0 + s1) + (s2 + s3);
    }
}
