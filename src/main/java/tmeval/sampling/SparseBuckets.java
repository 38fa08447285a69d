package tmeval.sampling;

/**
 * The selection steps of a sparse Gibbs draw (SparseLDA): the weight of a topic is split into a part over the topics
 * present in the document and a smoothing part over all topics whose total is known without visiting them. The
 * caller computes the present part's weights and both totals, draws u in [0, total), and uses these to find the topic.
 */
public final class SparseBuckets {
    private SparseBuckets() {
    }

    /**
     * The present topic whose interval holds u, from the running totals of the present bucket's weights
     * (cumulative[j] = weights of entries 0..j; u below the last). Counting the totals at or below u, rather than
     * stopping at the first above it, has no data-dependent branch to mispredict and no chain of subtractions.
     */
    public static int pickPresent(int[] present, int presentCount, double[] cumulative, double u) {
        return pickPresent(present, 0, presentCount, cumulative, u);
    }

    /** As {@link #pickPresent(int[], int, double[], double)} for the n topics at topics[from ..]. */
    public static int pickPresent(int[] topics, int from, int n, double[] cumulative, double u) {
        int j = 0;
        int last = n - 1;
        for (int i = 0; i < last; i++) {
            j += cumulative[i] <= u ? 1 : 0;
        }
        return topics[from + j];
    }

    /**
     * The index (0 to n - 1) of the interval holding u, from n running totals at cumulative[from ..]: the first whose
     * total exceeds u, by binary search. Rounding can leave u at or beyond the last total; the last entry with
     * positive weight is then the answer, as in {@link #pickSmoothing}.
     */
    public static int pickCumulative(double[] cumulative, int from, int n, double u) {
        int lo = 0;
        int hi = n; // the answer lies in [lo, hi]; hi = n means "beyond the last total"
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[from + mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (lo < n) {
            return lo;
        }
        int j = n - 1;
        while (j > 0 && cumulative[from + j] == cumulative[from + j - 1]) {
            j--;
        }
        return j;
    }

    /**
     * The topic of the smoothing bucket whose interval holds u, from the weights of all K topics. Rounding can leave u a
     * hair beyond the last interval (the bucket's total was computed another way); the last topic with positive weight
     * is then the right answer.
     */
    public static int pickSmoothing(double[] weights, int numTopics, double u) {
        int last = -1;
        for (int k = 0; k < numTopics; k++) {
            double w = weights[k];
            if (w > 0) {
                last = k;
                u -= w;
                if (u < 0) {
                    return k;
                }
            }
        }
        return last;
    }
}
