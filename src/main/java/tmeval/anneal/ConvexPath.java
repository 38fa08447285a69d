package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.SparseBuckets;
import tmeval.sampling.TopicState;
import tmeval.sampling.WordSparseDraw;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Ratio-AIS with the convex path (Foulds and Smyth Eq. 6-7, Algorithm 1): f_beta(z) = P(w, z | Phi_beta, alpha_beta)
 * with Phi_beta = beta Phi_to + (1 - beta) Phi_from and alpha_beta likewise. The Gibbs step uses the interpolated
 * alpha_beta as well as Phi_beta (the public reference code kept the second model's alpha, which breaks the
 * invariance of T_j whenever the alphas differ). Phi_beta is interpolated on the fly for the document's own rows.
 * <p>
 * The draw is sparse (SparseLDA): (n_k + alpha_k) phi_k = n_k phi_k + alpha_k phi_k; the first part is visited only
 * for the document's present topics, and the total of the second, sum_k alpha_k(beta) phi_k(beta), is a quadratic
 * in beta, (1-b)^2 s_ff + b(1-b) s_x + b^2 s_tt with non-negative sums per word computed once per document.
 * Every interpolation is written (1 - b) x_from + b x_to, never x_from + b (x_to - x_from): the latter cancels to 0
 * at b = 1 when x_to is tiny (1e-300) beside x_from. So a Gibbs step costs the number of
 * topics present, not K, except in the rare case the draw lands in the smoothing bucket.
 */
public final class ConvexPath implements AnnealingPath {
    private final DocumentView view;
    private final int numTopics;
    private final double[] rowsFrom;
    private final double[] rowsTo;
    private final double[] alphaTo;
    private final double[] alphaFrom;
    private final boolean sameAlpha;
    private final double[] alpha;       // alpha_beta of the current temperature
    private final double[] alphaA;      // scratch for logRatio
    private final double[] alphaB;
    private final double[] smoothingFrom;  // per slot: sum_k a_from phi_from
    private final double[] smoothingCross; // per slot: sum_k (a_from phi_to + a_to phi_from)
    private final double[] smoothingTo;    // per slot: sum_k a_to phi_to
    private final WordSparseDraw sparseWords; // the split along the models' sparsity, or null
    private double beta;

    public ConvexPath(DocumentView view, TopicModel to, TopicModel from) {
        this.view = view;
        this.numTopics = to.numTopics();
        this.rowsTo = view.rows(to);
        this.rowsFrom = view.rows(from);
        this.alphaTo = to.alpha();
        this.alphaFrom = from.alpha();
        this.sameAlpha = Arrays.equals(alphaTo, alphaFrom);
        this.alpha = alphaFrom.clone();
        this.alphaA = new double[numTopics];
        this.alphaB = new double[numTopics];
        int numSlots = view.numLocalWords();
        this.smoothingFrom = new double[numSlots];
        this.smoothingCross = new double[numSlots];
        this.smoothingTo = new double[numSlots];
        for (int s = 0; s < numSlots; s++) {
            for (int k = 0; k < numTopics; k++) {
                int i = s * numTopics + k;
                smoothingFrom[s] += alphaFrom[k] * rowsFrom[i];
                smoothingCross[s] += alphaFrom[k] * rowsTo[i] + alphaTo[k] * rowsFrom[i];
                smoothingTo[s] += alphaTo[k] * rowsTo[i];
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
                return k;
            }
        }
        int base = slot * numTopics;
        double b = beta;
        double a = 1 - b;
        int[] present = state.presentTopics();
        int presentCount = state.presentCount();
        int[] counts = state.counts;
        double countMass = 0;
        for (int j = 0; j < presentCount; j++) {
            int k = present[j];
            double w = counts[k] * (a * rowsFrom[base + k] + b * rowsTo[base + k]);
            countMass += w;
            scratch[j] = countMass;
        }
        double smoothingMass = a * a * smoothingFrom[slot] + b * a * smoothingCross[slot] + b * b * smoothingTo[slot];
        double u = random.nextDouble() * (countMass + smoothingMass);
        if (u < countMass) {
            return SparseBuckets.pickPresent(present, presentCount, scratch, u);
        }
        for (int k = 0; k < numTopics; k++) {
            scratch[k] = alpha[k] * (a * rowsFrom[base + k] + b * rowsTo[base + k]);
        }
        return SparseBuckets.pickSmoothing(scratch, numTopics, u - countMass);
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public void setTemperature(double beta) {
        this.beta = beta;
        interpolateAlpha(beta, alpha);
        if (sparseWords != null) {
            sparseWords.setTemperature(beta);
        }
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
        double logSum = 0;
        double product = 1;
        for (int i = 0; i < z.length; i++) {
            int idx = view.slot(i) * numTopics + z[i];
            double f = rowsFrom[idx];
            double t = rowsTo[idx];
            double ratio = ((1 - to) * f + to * t) / ((1 - from) * f + from * t);
            if (ratio > 1e-100 && ratio < 1e100) {
                product *= ratio;
                // fold into logs only when the running product leaves a safe range: one log per many tokens
                if (product > 1e100 || product < 1e-100) {
                    logSum += Math.log(product);
                    product = 1;
                }
            } else {
                // an extreme single ratio (an entry of 1e-300 at one end) goes to the log sum directly, so that a
                // product of many tokens can never underflow to 0 or overflow
                logSum += Math.log(ratio);
            }
        }
        logSum += Math.log(product);
        if (!sameAlpha) {
            interpolateAlpha(from, alphaA);
            interpolateAlpha(to, alphaB);
            logSum += DirichletMultinomial.logRatio(state.counts, alphaA, alphaB);
        }
        return logSum;
    }

    @Override
    public void drawStart(TopicState state, SplittableRandom random, double[] scratch) {
        state.drawFromPrior(alphaFrom, random, scratch);
    }

    @Override
    public boolean startIsExact() {
        return false;
    }
}
