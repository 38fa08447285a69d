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
    private final double[] alphaPartFF;    // per slot: sum alpha_from r_from, sum alpha_from r_to, sum alpha_to r_from,
    private final double[] alphaPartFT;    // sum alpha_to r_to: with alpha at b and phi at c the alpha part is
    private final double[] alphaPartTF;    // (1-b)(1-c) FF + (1-b) c FT + b (1-c) TF + b c TT
    private final double[] alphaPartTT;
    private final double[] floor;          // m_b
    private double floorAlphaTotal;        // sum_k alpha_b,k m_b,k
    private double floorAlphaPrevious;     // sum_k alpha_b,k m_p,k (p: the previous temperature)
    private double beta = 1;
    private double previous = 1;
    private double lastRatio = 1;

    private WordSparseDraw(TopicModel from, TopicModel to, boolean single, int[] start, int[] topic, double[] residualFrom,
                           double[] residualTo, double[] alphaPartFF, double[] alphaPartFT, double[] alphaPartTF, double[] alphaPartTT) {
        this.numTopics = to.numTopics();
        this.single = single;
        this.start = start;
        this.topic = topic;
        this.residualFrom = residualFrom;
        this.residualTo = residualTo;
        this.alphaFrom = from.alpha();
        this.alphaTo = to.alpha();
        this.floorFrom = from.topicFloors();
        this.floorTo = single ? floorFrom : to.topicFloors();
        this.alphaPartFF = alphaPartFF;
        this.alphaPartFT = alphaPartFT;
        this.alphaPartTF = alphaPartTF;
        this.alphaPartTT = alphaPartTT;
        this.floor = new double[numTopics];
        setTemperature(1);
    }

    /** The posterior draw of one model (temperature 1), or null where the split does not pay. */
    public static WordSparseDraw of(DocumentView view, TopicModel model) {
        return build(view, model, model, true);
    }

    /** sum over the word's non-zero topics of alpha_k at b (weights aa, ab) times r_k at c (weights pa, pb). */
    private double alphaPart(int slot, double aa, double ab, double pa, double pb) {
        return aa * (pa * alphaPartFF[slot] + pb * alphaPartFT[slot]) + ab * (pa * alphaPartTF[slot] + pb * alphaPartTT[slot]);
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
        double[] ft = new double[numSlots];
        double[] tf = new double[numSlots];
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
                    ft[s] += aFrom[k] * residualTo[i];
                    tf[s] += aTo[k] * residualFrom[i];
                    tt[s] += aTo[k] * residualTo[i];
                    i++;
                }
            }
        }
        return new WordSparseDraw(from, to, single, start, topic, residualFrom, residualTo, ff, ft, tf, tt);
    }

    /** Moves the draw to inverse temperature b (O(K)). */
    public void setTemperature(double b) {
        setTemperatures(b, b);
    }

    /**
     * Moves the draw to inverse temperature b (O(K)), and makes {@link #lastRatio} compare each draw's conditional
     * total at b with the same total with phi at the previous temperature p (alpha at b in both).
     */
    public void setTemperatures(double p, double b) {
        beta = b;
        previous = p;
        double a = 1 - b;
        double total = 0;
        double totalPrevious = 0;
        for (int k = 0; k < numTopics; k++) {
            double alphaK = a * alphaFrom[k] + b * alphaTo[k];
            floor[k] = a * floorFrom[k] + b * floorTo[k];
            total += alphaK * floor[k];
            totalPrevious += alphaK * ((1 - p) * floorFrom[k] + p * floorTo[k]);
        }
        floorAlphaTotal = total;
        floorAlphaPrevious = totalPrevious;
    }

    /**
     * Recomputes the state's sums of n_k m_k of both models exactly (a running total drifts by rounding over
     * millions of moves); callers do this once per sweep.
     */
    public void resync(TopicState state) {
        state.track(floorFrom, single ? null : floorTo);
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

    /**
     * The convex path's last draw's conditional total at the current temperature over the same total with phi at the
     * previous one (the token's Rao-Blackwellised weight increment; see {@code ConvexPath}). 1 for one model.
     */
    public double lastRatio() {
        return lastRatio;
    }

    /** Draws the topic of a token of this slot (the token already taken out of the state's counts). */
    public int draw(int slot, TopicState state, SplittableRandom random, double[] scratch) {
        if (state.tracked() != floorFrom || state.trackedSecond() != (single ? null : floorTo)) {
            resync(state); // a state this split has not seen yet (a sweep that does not start at token 0)
        }
        int from = start[slot];
        int n = start[slot + 1] - from;
        int[] counts = state.counts;
        double b = beta;
        double a = 1 - b;
        boolean empty = state.presentCount() == 0;
        double countResidual;
        double countFloor;
        // one model (left-to-right, Chib, the posterior) is at b = 1: its alpha part is one stored sum
        double alphaPart = single ? alphaPartTT[slot] : alphaPart(slot, a, b, a, b);
        if (single) {
            countResidual = 0;
            for (int j = 0; j < n; j++) {
                countResidual += counts[topic[from + j]] * residualTo[from + j];
                scratch[j] = countResidual;
            }
            countFloor = empty ? 0 : state.trackedMass();
        } else {
            // both models' count parts summed apart, so the total is known at the previous temperature as well
            double residualFromSum = 0;
            double residualToSum = 0;
            for (int j = 0; j < n; j++) {
                int c = counts[topic[from + j]];
                residualFromSum += c * residualFrom[from + j];
                residualToSum += c * residualTo[from + j];
                scratch[j] = a * residualFromSum + b * residualToSum;
            }
            countResidual = a * residualFromSum + b * residualToSum;
            double massFrom = empty ? 0 : state.trackedMass();
            double massTo = empty ? 0 : state.trackedMassSecond();
            countFloor = a * massFrom + b * massTo;
            double p = previous;
            double totalPrevious = (1 - p) * (residualFromSum + massFrom) + p * (residualToSum + massTo)
                    + alphaPart(slot, a, b, 1 - p, p) + floorAlphaPrevious;
            lastRatio = (countResidual + alphaPart + countFloor + floorAlphaTotal) / totalPrevious;
        }
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
