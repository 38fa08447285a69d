package tmeval.anneal;

import tmeval.model.TopicModel;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.Dot;
import tmeval.sampling.SparseBuckets;
import tmeval.sampling.TopicState;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Ratio-AIS with the geometric path (Foulds and Smyth Eq. 5): f_beta(z) = f_from(z)^(1 - beta) f_to(z)^beta with
 * f_X(z) = P(w, z | Phi_X, alpha_X). The Gibbs conditional is the same geometric mixture of the two models'
 * conditionals, [phi_to(w,k)(n_k + a_to,k)]^beta [phi_from(w,k)(n_k + a_from,k)]^(1 - beta), and
 * log f_b - log f_a = (b - a)(log f_to(z) - log f_from(z)) from per-document tables.
 * <p>
 * The draw is sparse and has no pow: the weight factorises as g_k(w) h_k(n_k) with
 * g_k(w) = phi_to^beta phi_from^(1-beta) (per word and temperature, one table) and
 * h_k(n) = (n + a_to,k)^beta (n + a_from,k)^(1-beta) (cached per topic and count, filled on first use at each
 * temperature). Topics absent from the document weigh g_k(w) h_k(0), whose total per word is kept with the table;
 * the present topics add g_k(w) (h_k(n_k) - h_k(0)) >= 0.
 * <p>
 * The weight is taken token by token ({@link SitewisePath}): the previous temperature's table g (with its own per-word
 * scale) is kept beside the current one, two buffers swapped at each step, so each draw also gives the token's
 * conditional total with its factor at the previous temperature, h_k at the new one in both; the Dirichlet-multinomial
 * part, (b - a)(log P(z | alpha_to) - log P(z | alpha_from)), is taken at the state. On KOS at K = 50 it gave 5.5 times
 * less variance per document than the increment at the state (Eq. 5, still {@link #logRatio}) at n = 1000.
 */
public final class GeometricPath extends TwoModelPath {
    private final DocumentView view;
    private final int numTopics;
    private final int width;
    private final double[] logRowsTo;
    private final double[] logRowsFrom;
    private final double[] logCountTo;    // log(n + alpha_to,k), [k * width + n]
    private final double[] logCountFrom;
    private final double[] risingTo;      // sum_{c<n} log(alpha_to,k + c)
    private final double[] risingFrom;
    private final double normaliserTo;    // sum_{c<N} log(A_to + c)
    private final double normaliserFrom;
    private double[] wordFactor;          // g_k(w) per slot and topic, scaled per slot
    private double[] smoothing;           // per slot: sum_k g_k(w) h_k(0)
    private final double[] countFactor;   // h_k(n) cache
    private final int[] countFactorStamp;
    private final double[] wordStep;      // exp(dbeta (log phi_to - log phi_from)), for multiplicative updates
    private final double[] absentFactor;  // h_k(0) at the current temperature
    private double[] logScale;            // per slot: the log of the scale wordFactor is divided by
    // the same three at the previous temperature, for the sitewise weight (double buffers: a step swaps them)
    private double[] previousFactor;
    private double[] previousLogScale;
    private double[] previousSmoothing;   // per slot: sum_k g_k(w) at the previous temperature x h_k(0) at this one
    private final double[] scaleRatio;       // per slot: exp(logScale - previousLogScale)
    private int stamp;
    private double beta = Double.NaN;
    private double lastStep = Double.NaN;
    private int stepsSinceExact;

    public GeometricPath(DocumentView view, TopicModel to, TopicModel from) {
        super(to, from);
        this.view = view;
        this.numTopics = to.numTopics();
        int length = view.length();
        this.width = length + 1;
        this.logRowsTo = view.logRows(to);
        this.logRowsFrom = view.logRows(from);
        this.logCountTo = logCounts(to.alpha(), length);
        this.logCountFrom = logCounts(from.alpha(), length);
        this.risingTo = DirichletMultinomial.logRisingTable(to.alpha(), length);
        this.risingFrom = DirichletMultinomial.logRisingTable(from.alpha(), length);
        this.normaliserTo = DirichletMultinomial.logRising(to.alphaSum(), length);
        this.normaliserFrom = DirichletMultinomial.logRising(from.alphaSum(), length);
        this.wordFactor = new double[logRowsTo.length];
        this.smoothing = new double[view.numLocalWords()];
        this.countFactor = new double[numTopics * width];
        this.countFactorStamp = new int[numTopics * width];
        this.wordStep = new double[logRowsTo.length];
        this.absentFactor = new double[numTopics];
        this.logScale = new double[view.numLocalWords()];
        this.previousFactor = new double[logRowsTo.length];
        this.previousLogScale = new double[view.numLocalWords()];
        this.previousSmoothing = new double[view.numLocalWords()];
        this.scaleRatio = new double[view.numLocalWords()];
    }

    private static double[] logCounts(double[] alpha, int length) {
        double[] t = new double[alpha.length * (length + 1)];
        for (int k = 0; k < alpha.length; k++) {
            for (int n = 0; n <= length; n++) {
                t[k * (length + 1) + n] = Math.log(n + alpha[k]);
            }
        }
        return t;
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    /** b * x_to + (1 - b) * x_from, with only one side counting at the ends and -infinity excluding a topic inside. */
    private static double mix(double b, double logTo, double logFrom) {
        if (b == 0.0) {
            return logFrom;
        }
        if (b == 1.0) {
            return logTo;
        }
        if (logTo == Double.NEGATIVE_INFINITY || logFrom == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        return logFrom + b * (logTo - logFrom);
    }

    /**
     * Moves to beta as {@link #setTemperature} does, keeping the word table of the temperature before (its own scale)
     * so that each draw also gives the token's conditional total with its phi factor still there, the count factors
     * h_k at beta in both ({@link SitewisePath}).
     */
    @Override
    public void setTemperatures(double previous, double beta) {
        if (previous != this.beta) {
            moveTo(previous, wordFactor, logScale); // a path not yet at the previous temperature (a new segment's first step)
        }
        if (beta == previous) {
            // no step (burn-in): the previous table is the current one
            System.arraycopy(wordFactor, 0, previousFactor, 0, wordFactor.length);
            System.arraycopy(logScale, 0, previousLogScale, 0, logScale.length);
            System.arraycopy(smoothing, 0, previousSmoothing, 0, smoothing.length);
            Arrays.fill(scaleRatio, 1.0);
            siteIncrements.reset();
            return;
        }
        // the current table becomes the previous one, and the new one is written into the other buffer: no copy
        double[] t = previousFactor;
        previousFactor = wordFactor;
        wordFactor = t;
        t = previousLogScale;
        previousLogScale = logScale;
        logScale = t;
        t = previousSmoothing;
        previousSmoothing = smoothing;
        smoothing = t;
        moveTo(beta, previousFactor, previousLogScale);
        for (int s = 0; s < smoothing.length; s++) {
            if (!sameAlpha) {
                // h_k(0) moved with the temperature; with one alpha it is alpha_k at every temperature, and the swapped
                // total is already right
                previousSmoothing[s] = Dot.product(previousFactor, s * numTopics, absentFactor, numTopics);
            }
            scaleRatio[s] = logScale[s] == previousLogScale[s] ? 1.0 : Math.exp(logScale[s] - previousLogScale[s]);
        }
        siteIncrements.reset();
    }

    /** (to - from) (log P(z | alpha_to) - log P(z | alpha_from)); with one alpha, h_k(n) = n + alpha_k at every temperature. */
    @Override
    protected double alphaLogRatio(TopicState state, double from, double to) {
        return (to - from) * (logPrior(state, risingTo, normaliserTo) - logPrior(state, risingFrom, normaliserFrom));
    }

    /** Moves the tables to beta from {@code source} (the table at the current temperature, with its scales). */
    private void moveTo(double beta, double[] source, double[] sourceScale) {
        double delta = beta - this.beta;
        boolean multiplicative = this.beta > 0 && beta < 1 && TemperedPosterior.sameStep(delta, lastStep)
                && stepsSinceExact < TemperedPosterior.EXACT_EVERY;
        this.beta = beta;
        stamp++;
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(countFactorStamp, 0);
            stamp = 1;
        }
        for (int k = 0; k < numTopics; k++) {
            absentFactor[k] = countFactor(k, 0);
        }
        if (multiplicative) {
            // equal steps: g(beta + d) = g(beta) (phi_to / phi_from)^d, one multiplication per entry, no exp; the
            // per-word scale of the last exact pass is kept (only ratios within a word matter)
            for (int i = 0; i < wordFactor.length; i++) {
                wordFactor[i] = source[i] * wordStep[i];
            }
            for (int s = 0; s < smoothing.length; s++) {
                logScale[s] = sourceScale[s];
                smoothing[s] = Dot.product(wordFactor, s * numTopics, absentFactor, numTopics);
            }
            stepsSinceExact++;
            return;
        }
        stepsSinceExact = 0;
        if (beta > 0 && beta < 1 && delta > 0 && !TemperedPosterior.sameStep(delta, lastStep)) {
            for (int i = 0; i < wordStep.length; i++) {
                double t = logRowsTo[i];
                double f = logRowsFrom[i];
                // where either model excludes the word the factor is 0 inside the path and stays 0
                wordStep[i] = t == Double.NEGATIVE_INFINITY || f == Double.NEGATIVE_INFINITY ? 1.0 : Math.exp(delta * (t - f));
            }
            lastStep = delta;
        }
        // g_k(w), scaled per word by its largest value (the conditional compares topics of one word only)
        for (int s = 0; s < smoothing.length; s++) {
            int base = s * numTopics;
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < numTopics; k++) {
                double lw = mix(beta, logRowsTo[base + k], logRowsFrom[base + k]);
                wordFactor[base + k] = lw;
                max = Math.max(max, lw);
            }
            for (int k = 0; k < numTopics; k++) {
                wordFactor[base + k] = Math.exp(wordFactor[base + k] - max);
            }
            logScale[s] = max;
            smoothing[s] = Dot.product(wordFactor, base, absentFactor, numTopics);
        }
    }

    /** h_k(n) at the current temperature, computed on first use. */
    private double countFactor(int k, int n) {
        if (sameAlpha) {
            return n + alphaFrom[k]; // (n + a)^beta (n + a)^(1 - beta), no exp
        }
        int i = k * width + n;
        if (countFactorStamp[i] != stamp) {
            countFactor[i] = Math.exp(mix(beta, logCountTo[i], logCountFrom[i]));
            countFactorStamp[i] = stamp;
        }
        return countFactor[i];
    }

    @Override
    public double weights(int token, int[] counts, double[] out) {
        int base = view.slot(token) * numTopics;
        double total = 0;
        for (int k = 0; k < numTopics; k++) {
            double w = wordFactor[base + k] * countFactor(k, counts[k]);
            out[k] = w;
            total += w;
        }
        return total;
    }

    @Override
    public int draw(int token, TopicState state, SplittableRandom random, double[] scratch) {
        int slot = view.slot(token);
        int base = slot * numTopics;
        int[] present = state.presentTopics();
        int presentCount = state.presentCount();
        int[] counts = state.counts;
        double countMass = 0;
        double previousMass = 0; // the same with the word's factor at the previous temperature
        for (int j = 0; j < presentCount; j++) {
            int k = present[j];
            double h = countFactor(k, counts[k]) - absentFactor[k];
            countMass += wordFactor[base + k] * h;
            previousMass += previousFactor[base + k] * h;
            scratch[j] = countMass;
        }
        siteIncrements.multiply((countMass + smoothing[slot]) / (previousMass + previousSmoothing[slot]) * scaleRatio[slot]);
        double u = random.nextDouble() * (countMass + smoothing[slot]);
        if (u < countMass) {
            return SparseBuckets.pickPresent(present, presentCount, scratch, u);
        }
        for (int k = 0; k < numTopics; k++) {
            scratch[k] = wordFactor[base + k] * absentFactor[k];
        }
        return SparseBuckets.pickSmoothing(scratch, numTopics, u - countMass);
    }

    @Override
    public double logRatio(TopicState state, double from, double to) {
        double difference = logJoint(state, logRowsTo, risingTo, normaliserTo) - logJoint(state, logRowsFrom, risingFrom, normaliserFrom);
        return (to - from) * difference;
    }

    /** log P(w, z | Phi_X, alpha_X) from the tables. */
    private double logJoint(TopicState state, double[] logRows, double[] rising, double normaliser) {
        int[] z = state.topics;
        double sum = logPrior(state, rising, normaliser);
        for (int i = 0; i < z.length; i++) {
            sum += logRows[view.slot(i) * numTopics + z[i]];
        }
        return sum;
    }

    /** log P(z | alpha_X) from the tables: sum_k log rising(alpha_k, n_k) - log rising(A, N). */
    private double logPrior(TopicState state, double[] rising, double normaliser) {
        int[] counts = state.counts;
        double sum = -normaliser;
        for (int k = 0; k < numTopics; k++) {
            sum += rising[k * width + counts[k]];
        }
        return sum;
    }

}
