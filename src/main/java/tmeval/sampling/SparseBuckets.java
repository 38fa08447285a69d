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
