package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;
import tmeval.sampling.Dot;
import tmeval.sampling.SparseBuckets;
import tmeval.sampling.TopicState;
import tmeval.sampling.WordSparseDraw;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The prior-to-posterior path of Wallach et al. (Algorithm 1): f_tau(z) = P(z | alpha) prod_i phi(w_i, z_i)^tau.
 * With an observed prefix (document completion, Algorithm 4) the first {@code prefix} tokens keep exponent 1:
 * f_tau(z) = P(z | alpha) P(w1 | z1) P(w2 | z2)^tau, whose normalisers give P(w2 | w1) = Z_1 / Z_0.
 * At tau = 1 this is the posterior, the Gibbs target of the harmonic mean, Chib-style and left-to-right methods.
 * <p>
 * A topic that gives a word probability exactly 0 would make every prior draw that uses it a dead sample (weight 0
 * at the first step). So on the tempered tokens such an entry is annealed as ((1 - tau) m_w)^tau, where m_w is the
 * word's smallest positive probability: 1 at tau = 0, 0 at tau = 1. Any sequence of targets from the prior to the
 * posterior gives an unbiased AIS estimate (Neal 2001); for models without zero entries this is exactly
 * Wallach et al.'s path.
 * <p>
 * The draw is sparse: (n_k + alpha_k) row_k splits into a part over the document's present topics and a smoothing
 * bucket whose total, sum_k alpha_k row_k, is kept per word and refreshed with the rows at each temperature. On a
 * uniform schedule the tempered rows are advanced by one multiplication per entry (row * step, step = phi^dbeta)
 * instead of an exp, recomputed exactly every {@value #EXACT_EVERY} temperatures so rounding cannot build up.
 */
public final class TemperedPosterior implements AnnealingPath {
    private final DocumentView view;
    private final int numTopics;
    private final int prefix;
    private final double[] alpha;
    private final double[] rows;
    private final double[] logRows;
    private final double[] powered;
    private final double[] logRowScale;
    private final double[] logSmallest;  // log m_w: the word's smallest positive probability
    private final boolean hasZeros;
    private final double[] smoothingRows;    // per slot: sum_k alpha_k rows (temperature 1)
    private final double[] smoothingCurrent; // per slot: sum_k alpha_k current
    private final double[] step;             // per entry: (phi / max)^(last beta step), for multiplicative updates
    private final WordSparseDraw sparseWords; // the split along the model's sparsity at temperature 1, or null
    private double[] current;
    private double[] currentSmoothing;
    private double lastBeta = Double.NaN;
    private double lastStep = Double.NaN;
    private int stepsSinceExact;

    /** How many multiplicative temperature steps at most between two exact recomputations. */
    static final int EXACT_EVERY = 64;

    public TemperedPosterior(DocumentView view, TopicModel model, int prefix) {
        if (prefix < 0 || prefix > view.length()) {
            throw new IllegalArgumentException("prefix " + prefix + " outside a document of " + view.length() + " tokens");
        }
        this.view = view;
        this.numTopics = model.numTopics();
        this.prefix = prefix;
        this.alpha = model.alpha();
        this.rows = view.rows(model);
        this.logRows = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            logRows[i] = Math.log(rows[i]);
        }
        // each word's row is scaled to a maximum of 1: the conditional is unchanged (it compares topics of one
        // word), and products of tiny probabilities (phi near 1e-300) cannot underflow
        this.logRowScale = new double[view.numLocalWords()];
        this.logSmallest = new double[view.numLocalWords()];
        boolean zeros = false;
        for (int s = 0; s < logRowScale.length; s++) {
            double max = 0;
            double min = Double.POSITIVE_INFINITY;
            for (int k = 0; k < numTopics; k++) {
                double p = rows[s * numTopics + k];
                max = Math.max(max, p);
                if (p > 0) {
                    min = Math.min(min, p);
                } else {
                    zeros = true;
                }
            }
            logRowScale[s] = Math.log(max);
            logSmallest[s] = Math.log(min);
            for (int k = 0; k < numTopics; k++) {
                rows[s * numTopics + k] /= max;
            }
        }
        this.hasZeros = zeros;
        this.powered = new double[rows.length];
        this.step = new double[rows.length];
        this.smoothingRows = new double[logRowScale.length];
        this.smoothingCurrent = new double[logRowScale.length];
        for (int s = 0; s < logRowScale.length; s++) {
            for (int k = 0; k < numTopics; k++) {
                smoothingRows[s] += alpha[k] * rows[s * numTopics + k];
            }
        }
        this.current = rows;
        this.currentSmoothing = smoothingRows;
        this.sparseWords = zeros ? null : WordSparseDraw.of(view, model);
    }

    /** The posterior P(z | w, Phi, alpha) of the whole document. */
    public static TemperedPosterior posterior(DocumentView view, TopicModel model) {
        TemperedPosterior p = new TemperedPosterior(view, model, 0);
        p.setTemperature(1.0);
        return p;
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public void setTemperature(double beta) {
        if (beta == 1.0) {
            current = rows;
            currentSmoothing = smoothingRows;
            lastBeta = Double.NaN;
            return;
        }
        double delta = beta - lastBeta;
        if (beta == 0.0) {
            Arrays.fill(powered, 1.0);
            stepsSinceExact = 0;
        } else if (!hasZeros && sameStep(delta, lastStep) && stepsSinceExact < EXACT_EVERY && current == powered) {
            // equal steps: (phi/max)^(beta + d) = (phi/max)^beta * (phi/max)^d, one multiplication per entry
            for (int i = 0; i < powered.length; i++) {
                powered[i] *= step[i];
            }
            stepsSinceExact++;
        } else {
            // (phi / max)^beta = exp(beta * (log phi - log max)), zero entries annealed as ((1 - beta) m_w)^beta
            for (int s = 0; s < logRowScale.length; s++) {
                double shift = logRowScale[s];
                for (int k = s * numTopics, end = k + numTopics; k < end; k++) {
                    powered[k] = Math.exp(temperedLog(beta, k, s) - beta * shift);
                }
            }
            stepsSinceExact = 0;
            if (!hasZeros && delta > 0 && !sameStep(delta, lastStep)) {
                for (int s = 0; s < logRowScale.length; s++) {
                    double shift = logRowScale[s];
                    for (int k = s * numTopics, end = k + numTopics; k < end; k++) {
                        step[k] = Math.exp(delta * (logRows[k] - shift));
                    }
                }
                lastStep = delta;
            }
        }
        for (int s = 0; s < smoothingCurrent.length; s++) {
            smoothingCurrent[s] = Dot.product(powered, s * numTopics, alpha, numTopics);
        }
        current = powered;
        currentSmoothing = smoothingCurrent;
        lastBeta = beta;
    }

    /**
     * Whether two temperature steps are the same up to the rounding of j/n differences (a relative 1e-9 changes the
     * tempered rows by far less than rounding in the weights).
     */
    static boolean sameStep(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.abs(b);
    }

    @Override
    public int draw(int token, TopicState state, SplittableRandom random, double[] scratch) {
        boolean observed = token < prefix;
        double[] row = observed ? rows : current;
        int slot = view.slot(token);
        if (sparseWords != null && row == rows) {
            // at temperature 1 a word's few non-zero topics may be fewer than the document's present ones
            int k = sparseWords.drawIfShorter(token, slot, state, random, scratch);
            if (k >= 0) {
                return k;
            }
        }
        int base = slot * numTopics;
        int[] present = state.presentTopics();
        int presentCount = state.presentCount();
        int[] counts = state.counts;
        double countMass = 0;
        for (int j = 0; j < presentCount; j++) {
            int k = present[j];
            double w = counts[k] * row[base + k];
            countMass += w;
            scratch[j] = countMass;
        }
        double smoothingMass = observed ? smoothingRows[slot] : currentSmoothing[slot];
        double u = random.nextDouble() * (countMass + smoothingMass);
        if (u < countMass) {
            return SparseBuckets.pickPresent(present, presentCount, scratch, u);
        }
        for (int k = 0; k < numTopics; k++) {
            scratch[k] = alpha[k] * row[base + k];
        }
        return SparseBuckets.pickSmoothing(scratch, numTopics, u - countMass);
    }

    /**
     * The log of the factor by which {@link #weights} at temperature 1 are scaled for tokens of this word:
     * sum_k (n_k + alpha_k) phi(w, k) = weights total * exp(logRowScale).
     */
    public double logRowScale(int slot) {
        return logRowScale[slot];
    }

    @Override
    public double weights(int token, int[] counts, double[] out) {
        double[] row = token < prefix ? rows : current;
        int base = view.slot(token) * numTopics;
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            double w = (counts[k] + alpha[k]) * row[base + k];
            out[k] = w;
            total += w;
        }
        return total;
    }

    /** beta * log phi, or beta * log((1 - beta) m_w) for a zero entry (0 at beta = 0, -infinity at beta = 1). */
    private double temperedLog(double beta, int index, int slot) {
        double lp = logRows[index];
        if (lp != Double.NEGATIVE_INFINITY) {
            return beta * lp;
        }
        return beta == 0.0 ? 0.0 : beta * (Math.log1p(-beta) + logSmallest[slot]);
    }

    @Override
    public double logRatio(TopicState state, double from, double to) {
        if (!hasZeros) {
            return (to - from) * logLikelihoodOfTempered(state);
        }
        int[] z = state.topics;
        double sum = 0;
        for (int i = prefix; i < z.length; i++) {
            int slot = view.slot(i);
            int index = slot * numTopics + z[i];
            sum += temperedLog(to, index, slot) - temperedLog(from, index, slot);
        }
        return sum;
    }

    /** sum over the tempered tokens (i >= prefix) of log phi(w_i, z_i). */
    public double logLikelihoodOfTempered(TopicState state) {
        return logLikelihoodFrom(state, prefix);
    }

    /** log P(w | z, Phi) over all tokens. */
    public double logLikelihood(TopicState state) {
        return logLikelihoodFrom(state, 0);
    }

    /** sum over tokens from {@code first} on of log phi(w_i, z_i). */
    private double logLikelihoodFrom(TopicState state, int first) {
        int[] z = state.topics;
        double sum = 0;
        for (int i = first; i < z.length; i++) {
            sum += logRows[view.slot(i) * numTopics + z[i]];
        }
        return sum;
    }

    @Override
    public void drawStart(TopicState state, SplittableRandom random, double[] scratch) {
        state.drawFromPrior(alpha, random, scratch);
    }

    @Override
    public boolean startIsExact() {
        return prefix == 0;
    }

    public double[] alpha() {
        return alpha.clone();
    }
}
