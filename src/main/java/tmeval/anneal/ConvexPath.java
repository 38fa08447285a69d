package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogProduct;
import tmeval.sampling.SparseBuckets;
import tmeval.sampling.TopicState;
import tmeval.sampling.WordSparseDraw;

import java.util.SplittableRandom;

/**
 * Ratio-AIS with the convex path (Foulds and Smyth Eq. 6-7, Algorithm 1): f_beta(z) = P(w, z | Phi_beta, alpha_beta)
 * with Phi_beta = beta Phi_to + (1 - beta) Phi_from and alpha_beta likewise. The Gibbs step uses the interpolated
 * alpha_beta as well as Phi_beta (the public reference code kept the second model's alpha, which breaks the
 * invariance of T_j whenever the alphas differ). Phi_beta is interpolated on the fly for the document's own rows.
 * <p>
 * The draw is sparse (SparseLDA): (n_k + alpha_k) phi_k = n_k phi_k + alpha_k phi_k; the first part is visited only
 * for the document's present topics, and the total of the second, sum_k alpha_k(b) phi_k(c) with alpha at b and phi
 * at c, is (1-b)(1-c) s_ff + (1-b) c s_ft + b (1-c) s_tf + b c s_tt with four non-negative sums per word computed once
 * per document (c = b for the draw, c = the previous temperature for the sitewise weight).
 * Every interpolation is written (1 - b) x_from + b x_to, never x_from + b (x_to - x_from): the latter cancels to 0
 * at b = 1 when x_to is tiny (1e-300) beside x_from. So a Gibbs step costs the number of
 * topics present, not K, except in the rare case the draw lands in the smoothing bucket.
 * <p>
 * The weight is taken token by token ({@link SitewisePath}): each draw also gives its conditional total with phi at
 * the previous temperature (the count part is summed per model, and the alpha part has four per-word sums), so the
 * Rao-Blackwellised increment costs a division per token. On KOS at K = 50 it gave 10.7 times less variance per
 * document than the increment at the state (Eq. 7, still {@link #logRatio}) at n = 1000 (bench.SitewiseVersusStateIncrements).
 */
public final class ConvexPath extends TwoModelPath {
    private final DocumentView view;
    private final int numTopics;
    private final double[] rowsFrom;
    private final double[] rowsTo;
    private final double[] alphaTo;
    private final double[] alpha;       // alpha_beta of the current temperature
    private final double[] alphaA;      // scratch for logRatio
    private final double[] alphaB;
    private final double[] smoothingFF;    // per slot: sum_k a_from phi_from, sum_k a_from phi_to,
    private final double[] smoothingFT;    // sum_k a_to phi_from, sum_k a_to phi_to
    private final double[] smoothingTF;
    private final double[] smoothingTT;
    private final WordSparseDraw sparseWords; // the split along the models' sparsity, or null
    private final LogProduct stateIncrement = new LogProduct();
    private double beta;
    private double previous;

    public ConvexPath(DocumentView view, TopicModel to, TopicModel from) {
        super(to, from);
        this.view = view;
        this.numTopics = to.numTopics();
        this.rowsTo = view.rows(to);
        this.rowsFrom = view.rows(from);
        this.alphaTo = to.alpha();
        this.alpha = alphaFrom.clone();
        this.alphaA = new double[numTopics];
        this.alphaB = new double[numTopics];
        int numSlots = view.numLocalWords();
        this.smoothingFF = new double[numSlots];
        this.smoothingFT = new double[numSlots];
        this.smoothingTF = new double[numSlots];
        this.smoothingTT = new double[numSlots];
        for (int s = 0; s < numSlots; s++) {
            for (int k = 0; k < numTopics; k++) {
                int i = s * numTopics + k;
                smoothingFF[s] += alphaFrom[k] * rowsFrom[i];
                smoothingFT[s] += alphaFrom[k] * rowsTo[i];
                smoothingTF[s] += alphaTo[k] * rowsFrom[i];
                smoothingTT[s] += alphaTo[k] * rowsTo[i];
            }
        }
        this.sparseWords = WordSparseDraw.of(view, to, from);
    }

    @Override
    public int draw(int token, TopicState state, SplittableRandom random, double[] scratch) {
        int slot = view.slot(token);
        if (sparseWords != null) {
            // a word's few non-zero topics (in either model) may be fewer than the document's present ones
            int k = sparseWords.drawIfShorter(token, slot, state, random, scratch);
            if (k >= 0) {
                siteIncrements.multiply(sparseWords.lastRatio());
                return k;
            }
        }
        int base = slot * numTopics;
        double b = beta;
        double a = 1 - b;
        int[] present = state.presentTopics();
        int presentCount = state.presentCount();
        int[] counts = state.counts;
        // the two models' count parts summed apart: the total with phi at the previous temperature costs nothing more
        double countFrom = 0;
        double countTo = 0;
        for (int j = 0; j < presentCount; j++) {
            int k = present[j];
            countFrom += counts[k] * rowsFrom[base + k];
            countTo += counts[k] * rowsTo[base + k];
            scratch[j] = a * countFrom + b * countTo;
        }
        double countMass = a * countFrom + b * countTo;
        double smoothingMass = smoothing(slot, a, b, a, b);
        double p = previous;
        siteIncrements.multiply((countMass + smoothingMass)
                / ((1 - p) * countFrom + p * countTo + smoothing(slot, a, b, 1 - p, p)));
        double u = random.nextDouble() * (countMass + smoothingMass);
        if (u < countMass) {
            return SparseBuckets.pickPresent(present, presentCount, scratch, u);
        }
        for (int k = 0; k < numTopics; k++) {
            scratch[k] = alpha[k] * (a * rowsFrom[base + k] + b * rowsTo[base + k]);
        }
        return SparseBuckets.pickSmoothing(scratch, numTopics, u - countMass);
    }

    /** sum_k alpha_k phi_k for the slot's word with alpha at b (weights aa, ab) and phi at c (weights pa, pb). */
    private double smoothing(int slot, double aa, double ab, double pa, double pb) {
        return aa * (pa * smoothingFF[slot] + pb * smoothingFT[slot]) + ab * (pa * smoothingTF[slot] + pb * smoothingTT[slot]);
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public void setTemperatures(double previous, double beta) {
        this.beta = beta;
        this.previous = previous;
        interpolateAlpha(beta, alpha);
        if (sparseWords != null) {
            sparseWords.setTemperatures(previous, beta);
        }
        siteIncrements.reset();
    }

    @Override
    protected double alphaLogRatio(TopicState state, double from, double to) {
        interpolateAlpha(from, alphaA);
        interpolateAlpha(to, alphaB);
        return DirichletMultinomial.logRatio(state.counts, alphaA, alphaB);
    }

    private void interpolateAlpha(double b, double[] out) {
        for (int k = 0; k < numTopics; k++) {
            out[k] = (1 - b) * alphaFrom[k] + b * alphaTo[k];
        }
    }

    @Override
    public double weights(int token, int[] counts, double[] out) {
        int base = view.slot(token) * numTopics;
        double b = beta;
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            double phi = (1 - b) * rowsFrom[base + k] + b * rowsTo[base + k];
            double w = (counts[k] + alpha[k]) * phi;
            out[k] = w;
            total += w;
        }
        return total;
    }

    /** Eq. 7: sum_i log(phi_to-beta / phi_from-beta at (w_i, z_i)) + log P(z | alpha_b) - log P(z | alpha_a). */
    @Override
    public double logRatio(TopicState state, double from, double to) {
        int[] z = state.topics;
        LogProduct product = stateIncrement;
        product.reset();
        for (int i = 0; i < z.length; i++) {
            int idx = view.slot(i) * numTopics + z[i];
            double f = rowsFrom[idx];
            double t = rowsTo[idx];
            product.multiply(((1 - to) * f + to * t) / ((1 - from) * f + from * t));
        }
        return product.log() + sharedLogRatio(state, from, to);
    }

}
