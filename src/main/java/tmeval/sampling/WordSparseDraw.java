package tmeval.sampling;

import tmeval.model.TopicModel;

import java.util.SplittableRandom;

/**
 * A Gibbs draw p(z_i = k) ~ (n_k + alpha_k) phi(w, k) split along the model's sparsity instead of the document's
 * (Yao, Mimno and McCallum's SparseLDA): with phi(w, k) = m_k + r(w, k), m_k the topic's floor and r zero for every
 * topic that never saw the word,
 * <pre>
 *   (n_k + alpha_k) phi(w, k) = n_k r(w, k) + alpha_k r(w, k) + n_k m_k + alpha_k m_k
 * </pre>
 * The first part is visited over the word's few non-zero topics; the second is a per-word total, the third is the
 * same for every word (kept by {@link TopicState#track} as tokens move) and the fourth is a constant. A draw then
 * costs the word's non-zero topics, 5.8 on average for KOS at K = 50 against 17.7 topics present in a document; the
 * caller takes whichever of the two splits is shorter for each token. Both give exactly the same conditional.
 * <p>
 * The same split serves the convex path between two models (Foulds and Smyth Eq. 6): phi_b = (1 - b) phi_from +
 * b phi_to and alpha_b likewise have floor (1 - b) m_from + b m_to and residual (1 - b) r_from + b r_to, non-zero on
 * the union of the two models' non-zero topics; the per-word alpha part is a quadratic in b.
 * <p>
 * Built only where the split pays (count-based models) and no floor is so small that unscaled products could
 * underflow; {@link #of} returns null otherwise.
 */
public final class WordSparseDraw {
    /** Floors below this keep the caller's scaled rows: products stay far from underflow. */
    private static final double SMALLEST = 1e-250;

    private final int numTopics;
    private final boolean single;          // one model: b stays 1 and only the "to" arrays are read
    private final int[] start;             // per slot: where its non-zero topics begin, start[numSlots] = end
    private final int[] topic;             // the non-zero topics of each slot (of either model)
    private final double[] residualFrom;   // r_from(w, k) of each
    private final double[] residualTo;
    private final double[] alphaFrom;
    private final double[] alphaTo;
    private final double[] floorFrom;
    private final double[] floorTo;
    private final double[] alphaPartFF;    // per slot: sum alpha_from r_from, sum (alpha_from r_to + alpha_to r_from),
    private final double[] alphaPartX;     // sum alpha_to r_to: the alpha part is (1-b)^2 FF + b(1-b) X + b^2 TT
    private final double[] alphaPartTT;
    private final double[] floor;          // m_b, tracked by the topic states
    private double floorAlphaTotal;        // sum_k alpha_b,k m_b,k
    private double beta = 1;

    private WordSparseDraw(TopicModel from, TopicModel to, boolean single, int[] start, int[] topic, double[] residualFrom,
                           double[] residualTo, double[] alphaPartFF, double[] alphaPartX, double[] alphaPartTT) {
        this.numTopics = to.numTopics();
        this.single = single;
        this.start = start;
        this.topic = topic;
        this.residualFrom = residualFrom;
        this.residualTo = residualTo;
        this.alphaFrom = from.alpha();
        this.alphaTo = to.alpha();
        this.floorFrom = from.topicFloors();
        this.floorTo = to.topicFloors();
        this.alphaPartFF = alphaPartFF;
        this.alphaPartX = alphaPartX;
        this.alphaPartTT = alphaPartTT;
        this.floor = new double[numTopics];
        setTemperature(1);
    }

    /** The posterior draw of one model (temperature 1), or null where the split does not pay. */
    public static WordSparseDraw of(DocumentView view, TopicModel model) {
        return build(view, model, model, true);
    }

    /** The convex path's draw from {@code from} (b = 0) to {@code to} (b = 1), or null where the split does not pay. */
    public static WordSparseDraw of(DocumentView view, TopicModel to, TopicModel from) {
        return build(view, from, to, false);
    }

    private static WordSparseDraw build(DocumentView view, TopicModel from, TopicModel to, boolean single) {
        int numTopics = to.numTopics();
        double[] mFrom = from.topicFloors();
        double[] mTo = to.topicFloors();
        for (int k = 0; k < numTopics; k++) {
            if (!(mFrom[k] >= SMALLEST) || !(mTo[k] >= SMALLEST)) {
                return null;
            }
        }
        int numSlots = view.numLocalWords();
        double[] rowFrom = new double[numTopics];
        double[] rowTo = new double[numTopics];
        int[] start = new int[numSlots + 1];
        int nonZero = 0;
        for (int s = 0; s < numSlots; s++) {
            from.copyRow(view.word(s), rowFrom, 0);
            to.copyRow(view.word(s), rowTo, 0);
            for (int k = 0; k < numTopics; k++) {
                if (rowFrom[k] > mFrom[k] || rowTo[k] > mTo[k]) {
                    nonZero++;
                }
            }
            start[s + 1] = nonZero;
        }
        if (2L * nonZero >= (long) numSlots * numTopics) {
            return null;
        }
        double[] aFrom = from.alpha();
        double[] aTo = to.alpha();
        int[] topic = new int[nonZero];
        double[] residualFrom = new double[nonZero];
        double[] residualTo = single ? residualFrom : new double[nonZero];
        double[] ff = new double[numSlots];
        double[] x = new double[numSlots];
        double[] tt = new double[numSlots];
        for (int s = 0; s < numSlots; s++) {
            from.copyRow(view.word(s), rowFrom, 0);
            to.copyRow(view.word(s), rowTo, 0);
            int i = start[s];
            for (int k = 0; k < numTopics; k++) {
                if (rowFrom[k] > mFrom[k] || rowTo[k] > mTo[k]) {
                    topic[i] = k;
                    residualFrom[i] = rowFrom[k] - mFrom[k];
                    residualTo[i] = rowTo[k] - mTo[k];
                    ff[s] += aFrom[k] * residualFrom[i];
                    x[s] += aFrom[k] * residualTo[i] + aTo[k] * residualFrom[i];
                    tt[s] += aTo[k] * residualTo[i];
                    i++;
                }
            }
        }
        return new WordSparseDraw(from, to, single, start, topic, residualFrom, residualTo, ff, x, tt);
    }

    /** Moves the draw to inverse temperature b (O(K)); callers {@link #resync} each state before its next sweep. */
    public void setTemperature(double b) {
        beta = b;
        double a = 1 - b;
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            floor[k] = a * floorFrom[k] + b * floorTo[k];
            total += (a * alphaFrom[k] + b * alphaTo[k]) * floor[k];
        }
        floorAlphaTotal = total;
    }

    /**
     * Recomputes the state's sum of n_k m_k exactly (after a temperature change, and because a running total drifts
     * by rounding over millions of moves); callers do this once per sweep.
     */
    public void resync(TopicState state) {
        state.track(floor);
    }

    /** How many topics give this slot's word more than their floor: the length of this split's loop. */
    public int nonZeroTopics(int slot) {
        return start[slot + 1] - start[slot];
    }

    /**
     * The caller's Gibbs step for token i of this slot: draws its topic with this split when the word's non-zero
     * topics are fewer than the document's present ones, and returns -1 when the present-topic draw is shorter.
     * A sweep's first token recomputes the state's n_k m_k total exactly (after a temperature change, and against
     * the drift of a running total).
     */
    public int drawIfShorter(int token, int slot, TopicState state, SplittableRandom random, double[] scratch) {
        if (token == 0) {
            resync(state);
        }
        return nonZeroTopics(slot) < state.presentCount() ? draw(slot, state, random, scratch) : -1;
    }

    /** Draws the topic of a token of this slot (the token already taken out of the state's counts). */
    public int draw(int slot, TopicState state, SplittableRandom random, double[] scratch) {
        if (state.tracked() != floor) {
            state.track(floor); // a state this split has not seen yet (a sweep that does not start at token 0)
        }
        int from = start[slot];
        int n = start[slot + 1] - from;
        int[] counts = state.counts;
        double b = beta;
        double a = 1 - b;
        double countResidual = 0;
        if (single) {
            for (int j = 0; j < n; j++) {
                countResidual += counts[topic[from + j]] * residualTo[from + j];
                scratch[j] = countResidual;
            }
        } else {
            for (int j = 0; j < n; j++) {
                countResidual += counts[topic[from + j]] * (a * residualFrom[from + j] + b * residualTo[from + j]);
                scratch[j] = countResidual;
            }
        }
        double alphaPart = a * a * alphaPartFF[slot] + b * a * alphaPartX[slot] + b * b * alphaPartTT[slot];
        double countFloor = state.presentCount() == 0 ? 0 : state.trackedMass();
        double u = random.nextDouble() * (countResidual + alphaPart + countFloor + floorAlphaTotal);
        if (u < countResidual) {
            return SparseBuckets.pickPresent(topic, from, n, scratch, u);
        }
        u -= countResidual;
        if (u < alphaPart) {
            double c = 0;
            for (int j = 0; j < n; j++) {
                int k = topic[from + j];
                c += (a * alphaFrom[k] + b * alphaTo[k]) * (a * residualFrom[from + j] + b * residualTo[from + j]);
                scratch[j] = c;
            }
            return SparseBuckets.pickPresent(topic, from, n, scratch, Math.min(u, c * (1 - 1e-15)));
        }
        u -= alphaPart;
        if (u < countFloor) {
            // rare (the floors are small): the present topics' n_k m_k
            int[] present = state.presentTopics();
            int presentCount = state.presentCount();
            double c = 0;
            for (int j = 0; j < presentCount; j++) {
                c += counts[present[j]] * floor[present[j]];
                scratch[j] = c;
            }
            return SparseBuckets.pickPresent(present, presentCount, scratch, u);
        }
        for (int k = 0; k < numTopics; k++) {
            scratch[k] = (a * alphaFrom[k] + b * alphaTo[k]) * floor[k];
        }
        return SparseBuckets.pickSmoothing(scratch, numTopics, u - countFloor);
    }
}
