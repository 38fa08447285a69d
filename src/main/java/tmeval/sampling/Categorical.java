package tmeval.sampling;

import java.util.SplittableRandom;

/** Draws an index from unnormalised non-negative weights. */
public final class Categorical {
    private Categorical() {
    }

    /**
     * Draws i with probability weights[i] / total, where total is the sum of the first n weights.
     * Rounding can leave the running sum a hair below the drawn point; the last index with positive weight is
     * then the right answer (the point lies in its interval up to rounding), never an arbitrary one.
     */
    public static int draw(double[] weights, int n, double total, SplittableRandom random) {
        int last = SparseBuckets.pickSmoothing(weights, n, random.nextDouble() * total);
        if (last < 0) {
            throw new IllegalStateException("no positive weight among " + n + " (total " + total + ")");
        }
        return last;
    }

    public static int draw(double[] weights, int n, SplittableRandom random) {
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += weights[i];
        }
        return draw(weights, n, total, random);
    }
}
