package tmeval.estimate;

import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

/**
 * P(w) of a model with a logistic-normal prior by quadrature over eta, for K = 2 and 3 (one or two dimensions): the
 * exact answers the estimators over eta are tested against. A prior of D = K is first reduced to K - 1 dimensions,
 * exactly: theta depends on eta only through eta_k - eta_K, which is Gaussian with mean A mu and covariance A Sigma A^T,
 * A = [I | -1]. The rule is the trapezoid rule in the prior's whitened coordinates z (eta = mu + L z) over [-R, R]^d,
 * with a step a twelfth of the posterior's narrowest standard deviation there ({@link #grid}); for an integrand analytic
 * and negligible at the box's edge its error falls exponentially with the step. {@link #logProbability} checks it against
 * a second grid that shares none of its nodes (step 0.7 times as long, shifted by half a step, a box of R + 1) and refuses
 * a document on which they differ by more than {@link #AGREEMENT} nats. {@link #gaussHermite}, nodes placed on the
 * widened Laplace approximation, is a third rule of another kind, which the tests hold against the grid where the
 * posterior is near Gaussian (on skewed posteriors of wide priors it was off by up to 1.3e-5 where the grid did not move
 * in ten digits with a step a quarter as long or a box of 14).
 */
public final class EtaQuadrature {
    /** How far apart in log P(w) the two rules may be for a value to count as exact. */
    public static final double AGREEMENT = 1e-8;
    /** The box of the grid: R prior standard deviations each way (the prior's mass beyond is below 1e-23). */
    static final double RADIUS = 10;
    /**
     * Gauss-Hermite nodes per dimension: 96 left 1.7e-8 between the rules on a product decoder of K = 3 (the grid
     * unchanged by halving its step or widening its box), 160 left 9e-11.
     */
    static final int NODES = 160;
    /** The factor the Laplace covariance is widened by for the Gauss-Hermite nodes, which must reach the posterior's tails. */
    static final double WIDENING = 2;
    /** The most nodes the grid takes: a posterior narrower than this resolves (a long document) is refused, not approximated. */
    static final long MAX_GRID_POINTS = 4_000_000;
    /** The largest K quadrature reaches (two dimensions of eta). */
    public static final int MAX_TOPICS = 3;

    private EtaQuadrature() {
    }

    /**
     * log P(w) by both rules, when they agree within {@link #AGREEMENT}.
     *
     * @throws EstimationException for a model quadrature does not reach (not logistic-normal, K above 3) or a document on
     *                             which the rules disagree
     */
    public static double logProbability(DocumentView view, TopicModel model, CancelToken cancel) {
        double grid = grid(view, model, cancel);
        double other = grid(view, model, SECOND_STEP, 0.5, RADIUS + 1, cancel);
        if (!(Math.abs(grid - other) <= AGREEMENT)) {
            throw new EstimationException(String.format(java.util.Locale.ROOT, "quadrature over eta is not exact on document %s: the grid gives"
                    + " log P(w) = %.12f, a second grid %.12f", view.id(), grid, other));
        }
        return grid;
    }

    /** The second grid's step relative to the first's. */
    static final double SECOND_STEP = 0.7;

    /** The prior in K - 1 dimensions (topic K the reference), the same one if it already is. */
    static LogisticNormalPrior reduced(TopicModel model) {
        LogisticNormalPrior prior = EtaImportanceSampler.logisticNormal(model, Methods.EXACT);
        int k = model.numTopics();
        if (k < 2 || k > MAX_TOPICS) {
            throw new EstimationException("exact over eta takes K = 2 or 3 (quadrature in K - 1 dimensions); model " + model.name()
                    + " has K = " + k + ": use " + Methods.IS_ETA);
        }
        return prior.withReferenceTopic();
    }

    /** The trapezoid rule in whitened prior coordinates. */
    public static double grid(DocumentView view, TopicModel model, CancelToken cancel) {
        return grid(view, model, 1, 0, RADIUS, cancel);
    }

    /**
     * The trapezoid rule in whitened prior coordinates, its step the default's times {@code stepFactor}, its nodes shifted by
     * {@code offset} steps, over [-radius, radius]^d.
     */
    static double grid(DocumentView view, TopicModel model, double stepFactor, double offset, double radius, CancelToken cancel) {
        LogisticNormalPrior prior = reduced(model);
        DecoderLikelihood likelihood = DecoderLikelihood.of(view, model);
        int d = prior.dimension();
        double[] l = prior.cholesky();
        double[] mu = prior.mean();
        EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, cancel);
        double step = stepFactor * Math.min(0.05, narrowestWhitenedDeviation(fit.covariance(), l, d) / 12);
        long perAxis = 2 * (long) Math.ceil(radius / step) + 1;
        if (Math.pow(perAxis, d) > MAX_GRID_POINTS) {
            throw new EstimationException(String.format(java.util.Locale.ROOT, "exact over eta: the posterior of document %s is too narrow"
                    + " for the grid (%d nodes per axis in %d dimensions, more than %d in all); use %s", view.id(), perAxis, d, MAX_GRID_POINTS,
                    Methods.IS_ETA));
        }
        int half = (int) Math.ceil(radius / step);
        double[] z = new double[d];
        double[] eta = new double[d];
        double[] logTheta = new double[model.numTopics()];
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int points = 1;
        for (int i = 0; i < d; i++) {
            points *= 2 * half + 1;
        }
        for (int p = 0; p < points; p++) {
            int rest = p;
            double zz = 0;
            for (int i = 0; i < d; i++) {
                z[i] = (rest % (2 * half + 1) - half + offset) * step;
                rest /= 2 * half + 1;
                zz += z[i] * z[i];
            }
            for (int i = 0; i < d; i++) {
                double s = mu[i];
                for (int j = 0; j <= i; j++) {
                    s += l[i * d + j] * z[j];
                }
                eta[i] = s;
            }
            prior.logTheta(eta, logTheta);
            double term = likelihood.log(logTheta) - 0.5 * zz;
            if (term > max) {
                sum = sum * Math.exp(max - term) + 1;
                max = term;
            } else {
                sum += Math.exp(term - max);
            }
            cancel.checkEvery(p);
        }
        return max + Math.log(sum) + d * (Math.log(step) - 0.5 * Math.log(2 * Math.PI));
    }

    /** Gauss-Hermite nodes on the Laplace approximation, its covariance widened by {@link #WIDENING}. */
    public static double gaussHermite(DocumentView view, TopicModel model, CancelToken cancel) {
        LogisticNormalPrior prior = reduced(model);
        DecoderLikelihood likelihood = DecoderLikelihood.of(view, model);
        int d = prior.dimension();
        EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, cancel);
        double[] widened = fit.covariance().clone();
        for (int i = 0; i < widened.length; i++) {
            widened[i] *= WIDENING;
        }
        double[] c = LogisticNormalPrior.choleskyOrNull(widened, d);
        double logDet = 0;
        for (int i = 0; i < d; i++) {
            logDet += Math.log(c[i * d + i]);
        }
        double[] u = Rule.NODES_U;
        double[] logW = Rule.LOG_WEIGHTS;
        double[] eta = new double[d];
        double[] scratch = new double[d];
        double[] logTheta = new double[model.numTopics()];
        double[] mode = fit.mode();
        int points = (int) Math.pow(NODES, d);
        double[] terms = new double[points];
        for (int p = 0; p < points; p++) {
            int rest = p;
            double logWeight = 0;
            double[] x = new double[d];
            for (int i = 0; i < d; i++) {
                int node = rest % NODES;
                rest /= NODES;
                x[i] = u[node];
                logWeight += logW[node];
            }
            for (int i = 0; i < d; i++) {
                double s = mode[i];
                for (int j = 0; j <= i; j++) {
                    s += c[i * d + j] * x[j];
                }
                eta[i] = s;
            }
            prior.logTheta(eta, logTheta);
            terms[p] = logWeight + likelihood.log(logTheta) + prior.logDensity(eta, scratch);
            cancel.checkEvery(p);
        }
        return tmeval.sampling.LogMath.logSumExp(terms) + logDet;
    }

    /**
     * The Gauss-Hermite rule for the weight exp(-u^2 / 2), computed once: nodes u and log(weight) + u^2 / 2 (what the
     * integrand's own density is divided by). commons-math's rule is for exp(-x^2), and u = x sqrt 2.
     */
    private static final class Rule {
        static final double[] NODES_U = new double[NODES];
        static final double[] LOG_WEIGHTS = new double[NODES];

        static {
            GaussIntegrator rule = new GaussIntegratorFactory().hermite(NODES);
            for (int i = 0; i < NODES; i++) {
                NODES_U[i] = Math.sqrt(2) * rule.getPoint(i);
                LOG_WEIGHTS[i] = Math.log(Math.sqrt(2) * rule.getWeight(i)) + 0.5 * NODES_U[i] * NODES_U[i];
            }
        }
    }

    /**
     * The posterior's narrowest standard deviation in the prior's whitened coordinates: the square root of the least
     * eigenvalue of L^-1 C L^-T (at most two dimensions here, so in closed form).
     */
    private static double narrowestWhitenedDeviation(double[] covariance, double[] l, int d) {
        // W = L^-1 C L^-T
        double[] inv = new double[d * d];
        for (int i = 0; i < d; i++) {
            inv[i * d + i] = 1 / l[i * d + i];
            for (int j = 0; j < i; j++) {
                double s = 0;
                for (int k = j; k < i; k++) {
                    s -= l[i * d + k] * inv[k * d + j];
                }
                inv[i * d + j] = s / l[i * d + i];
            }
        }
        double[] w = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                for (int a = 0; a < d; a++) {
                    for (int b = 0; b < d; b++) {
                        s += inv[i * d + a] * covariance[a * d + b] * inv[j * d + b];
                    }
                }
                w[i * d + j] = s;
            }
        }
        if (d == 1) {
            return Math.sqrt(w[0]);
        }
        double tr = w[0] + w[3];
        double det = w[0] * w[3] - w[1] * w[2];
        double least = tr / 2 - Math.sqrt(Math.max(0, tr * tr / 4 - det));
        return Math.sqrt(Math.max(least, 1e-12));
    }
}
