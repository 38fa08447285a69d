package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/**
 * An annealing path over a continuous eta in R^D, run by {@link AnnealingEngine}'s one loop: log f_beta(x) = base(x) +
 * beta tilt(x), from f_0 = exp(base) to f_1 = exp(base + tilt). For AIS over eta, base is the log prior and tilt
 * log p(w | softmax(eta)) (f_1 the posterior, unnormalised); for ratio-AIS between two models, base is one model's log
 * joint density of w and eta and tilt the other's minus it. The weight's increment from beta_{j-1} to beta_j is
 * (beta_j - beta_{j-1}) tilt(x) at the state; the state then takes one Metropolis step under f_{beta_j}.
 * <p>
 * The Metropolis proposal is a Gaussian random walk x' = x + s U_beta^-T xi, xi ~ N(0, I), s = 2.38 / sqrt(D) (Roberts,
 * Gelman and Gilks' scale for a Gaussian target), with U_beta = (1 - beta) U_0 + beta U_1 the interpolation of two lower
 * Cholesky factors of precisions (f_0's and f_1's, each from a Laplace approximation): lower triangular with a positive
 * diagonal at every beta, so U_beta U_beta^T is a precision whatever the two are. The proposal is symmetric, so the
 * acceptance probability is min(1, f_beta(x') / f_beta(x)) and each step leaves f_beta invariant exactly however well
 * the factors fit; they depend on the document and the models only, never on the run's state, which keeps the weight
 * unbiased (Neal 2001). Used by one thread at a time.
 * <p>
 * Where tilt is dear (a product decoder's normaliser runs over the whole vocabulary) and a cheap stand-in for it is
 * given, each step is a delayed-acceptance Metropolis step (Christen and Fox 2005): the proposal is first accepted or
 * rejected under the stand-in's f*_beta, and only a proposal that passes pays for tilt, accepted then with probability
 * min(1, [f_beta(x') / f*_beta(x')] / [f_beta(x) / f*_beta(x)]). The two stages together satisfy detailed balance with
 * f_beta for any stand-in, so the weight stays unbiased; a good stand-in only makes the second stage accept nearly
 * always, and about three proposals in four stop at the first.
 */
final class EtaPath {
    /** base(x) and tilt(x) at one point, written into {@code out[0]} and {@code out[1]}; -infinity where f has no mass. */
    @FunctionalInterface
    interface Densities {
        void evaluate(double[] x, double[] out);
    }

    /**
     * The second stage's log acceptance ratio: beta times the change of tilt minus the change of the stand-in's tilt.
     * A part of its own so that a test can plant a wrong one.
     */
    @FunctionalInterface
    interface SecondStage {
        double logRatio(double beta, double tilt, double newTilt, double cheapTilt, double newCheapTilt);

        SecondStage DELAYED_ACCEPTANCE = (beta, tilt, newTilt, cheapTilt, newCheapTilt) -> beta * ((newTilt - tilt) - (newCheapTilt - cheapTilt));
    }

    private final Densities densities;
    /** base(x) and the stand-in's tilt, or null: every step then evaluates tilt */
    private final Densities cheap;
    private final SecondStage secondStage;
    private final double[] factorFrom;
    private final double[] factorTo;
    private final int d;
    private final double scale;
    private final double[] x;
    private final double[] proposal;
    private final double[] xi;
    private final double[] factor;
    private final double[] values = new double[2];
    private double base;
    private double tilt;
    private double cheapTilt;
    private long evaluations;
    private long cheapEvaluations;
    private long accepted;

    /**
     * @param factorFrom a lower Cholesky factor of a precision fitting f_0, D x D row-major
     * @param factorTo   one fitting f_1
     */
    EtaPath(Densities densities, double[] factorFrom, double[] factorTo, int dimension) {
        this(densities, null, SecondStage.DELAYED_ACCEPTANCE, factorFrom, factorTo, dimension);
    }

    /**
     * @param cheap base(x) and a stand-in for tilt(x), for delayed acceptance; null for plain Metropolis steps
     */
    EtaPath(Densities densities, Densities cheap, SecondStage secondStage, double[] factorFrom, double[] factorTo, int dimension) {
        this.densities = densities;
        this.cheap = cheap;
        this.secondStage = secondStage;
        this.factorFrom = factorFrom.clone();
        this.factorTo = factorTo.clone();
        this.d = dimension;
        this.scale = 2.38 / Math.sqrt(dimension);
        this.x = new double[dimension];
        this.proposal = new double[dimension];
        this.xi = new double[dimension];
        this.factor = new double[dimension * dimension];
    }

    /** The lower Cholesky factor of the inverse of a covariance: U with U U^T = C^-1. */
    static double[] precisionFactor(double[] covariance, int d) {
        return tmeval.model.LogisticNormalPrior.choleskyOrNull(EtaLaplace.inverse(covariance, d), d);
    }

    /**
     * One annealing run from {@code start} (an exact draw of f_0 for ascending temperatures, of f_1 for descending ones):
     * the log-weight, unbiased in probability for Z_1 / Z_0 ascending and for Z_0 / Z_1 descending.
     *
     * @param observer may be null
     */
    double run(double[] start, AnnealingEngine.Temperatures temperatures, SplittableRandom random, CancelToken cancel,
               AnnealingEngine.Observer observer) {
        return run(start, 0, temperatures, random, cancel, observer);
    }

    /**
     * As {@link #run(double[], AnnealingEngine.Temperatures, SplittableRandom, CancelToken, AnnealingEngine.Observer)} from a
     * start that is no exact draw of the first target: {@code burnIn} Metropolis steps under it first (ratio-AIS, whose first
     * target is a posterior; the weight is then unbiased only as far as the burn-in reaches it).
     */
    double run(double[] start, int burnIn, AnnealingEngine.Temperatures temperatures, SplittableRandom random, CancelToken cancel,
               AnnealingEngine.Observer observer) {
        System.arraycopy(start, 0, x, 0, d);
        evaluate(x);
        base = values[0];
        tilt = values[1];
        if (cheap != null) {
            evaluateCheap(x);
            cheapTilt = values[1];
        }
        double first = temperatures.beta(0);
        for (int b = 0; b < burnIn; b++) {
            move(first, random);
            cancel.checkEvery(b);
        }
        return AnnealingEngine.anneal(temperatures, 0, (w, previous, beta) -> {
            w += (beta - previous) * tilt;
            move(beta, random);
            return w;
        }, cancel, observer);
    }

    /** The state after the last run (its last Metropolis step). */
    double[] state() {
        return x.clone();
    }

    /** Evaluations of the densities so far (the start and one per temperature). */
    long evaluations() {
        return evaluations;
    }

    /** Evaluations of the stand-in so far (the start and one per step); 0 without one. */
    long cheapEvaluations() {
        return cheapEvaluations;
    }

    /** Metropolis steps accepted so far. */
    long accepted() {
        return accepted;
    }

    private void evaluate(double[] at) {
        densities.evaluate(at, values);
        evaluations++;
    }

    private void evaluateCheap(double[] at) {
        cheap.evaluate(at, values);
        cheapEvaluations++;
    }

    /** One Metropolis step under f_beta. */
    private void move(double beta, SplittableRandom random) {
        for (int i = 0; i < factor.length; i++) {
            factor[i] = (1 - beta) * factorFrom[i] + beta * factorTo[i];
        }
        for (int i = 0; i < d; i++) {
            xi[i] = random.nextGaussian();
        }
        // U^T y = xi, U lower triangular: back substitution
        for (int i = d - 1; i >= 0; i--) {
            double s = xi[i];
            for (int k = i + 1; k < d; k++) {
                s -= factor[k * d + i] * proposal[k];
            }
            proposal[i] = s / factor[i * d + i];
        }
        for (int i = 0; i < d; i++) {
            proposal[i] = x[i] + scale * proposal[i];
        }
        if (cheap != null) {
            delayedAcceptance(beta, random);
            return;
        }
        evaluate(proposal);
        double newBase = values[0];
        double newTilt = values[1];
        double logRatio = (newBase - base) + beta * (newTilt - tilt);
        if (newBase == Double.NEGATIVE_INFINITY || newTilt == Double.NEGATIVE_INFINITY) {
            return;
        }
        if (logRatio >= 0 || Math.log(random.nextDouble()) < logRatio) {
            System.arraycopy(proposal, 0, x, 0, d);
            base = newBase;
            tilt = newTilt;
            accepted++;
        }
    }

    /** The step's two stages: the stand-in first, then tilt for a proposal that passed. */
    private void delayedAcceptance(double beta, SplittableRandom random) {
        evaluateCheap(proposal);
        double newBase = values[0];
        double newCheapTilt = values[1];
        if (newBase == Double.NEGATIVE_INFINITY || newCheapTilt == Double.NEGATIVE_INFINITY) {
            return;
        }
        double first = (newBase - base) + beta * (newCheapTilt - cheapTilt);
        if (first < 0 && Math.log(random.nextDouble()) >= first) {
            return;
        }
        evaluate(proposal);
        double newTilt = values[1];
        if (newTilt == Double.NEGATIVE_INFINITY) {
            return;
        }
        double second = secondStage.logRatio(beta, tilt, newTilt, cheapTilt, newCheapTilt);
        if (second >= 0 || Math.log(random.nextDouble()) < second) {
            System.arraycopy(proposal, 0, x, 0, d);
            base = newBase;
            tilt = newTilt;
            cheapTilt = newCheapTilt;
            accepted++;
        }
    }
}
