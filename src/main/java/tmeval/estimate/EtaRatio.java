package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.model.DirichletPrior;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.SplittableRandom;

/**
 * Ratio-AIS between two models whatever their families and K, over a latent space they share: eta in R^(K-1), theta =
 * softmax(eta, 0) (topic K the reference), K the larger model's. Each model is its joint density of w and eta there: a
 * logistic-normal prior reduced exactly to K - 1 dimensions ({@link LogisticNormalPrior#withReferenceTopic}); an LDA's
 * Dirichlet mapped from the simplex to eta with the map's Jacobian, det(d theta_{1..K-1} / d eta) = prod_{k=1..K} theta_k,
 * so that log Dir(theta; alpha) + sum_k log theta_k = log Gamma(alpha_0) - sum_k log Gamma(alpha_k) + sum_k alpha_k log theta_k;
 * times p(w | theta) of the model's decoder, topics summed out. The path is geometric between the two joint densities
 * ({@link EtaPath}); the start is {@code burnIn} Metropolis steps under the first model's posterior from its mode, and
 * each run's weight is unbiased for P(w | to) / P(w | from) as far as the burn-in reaches that posterior (as for the
 * ratio paths over z). Forward (B to A) is a stochastic lower bound of log P(w | A) / P(w | B), reverse (A to B, negated)
 * an upper one. Topic k of one model is annealed into topic k of the other; any order is right, an alignment only lowers
 * the variance.
 * <p>
 * Between models of different K (the trans-dimensional construction of Carlin and Chib's pseudo-priors): the smaller
 * model S lives on the first K_S - 1 coordinates a (its topic k < K_S the larger's topic k, its topic K_S the larger's
 * topic K: the caller orders the larger model's topics so), and the other K - K_S coordinates u get a fixed proper
 * density r(u | a), so that S's joint density there is p_S(w, a) r(u | a), whose integral over u is p_S(w, a): S's
 * normaliser is still P(w | S), exactly, whatever r is ({@link Auxiliary}).
 */
public final class EtaRatio {
    private EtaRatio() {
    }

    /** The runs' log-weights, each an estimate of log P(w | to) - log P(w | from), and their cost in multiply-adds. */
    public record Result(double[] logWeights, long cost) {
    }

    /** A planted mistake, for the tests to show that they catch it. */
    enum Mistake {
        NONE,
        /** The LDA's Dirichlet on the simplex taken as a density in eta. */
        NO_JACOBIAN,
        /** r(u | a) without its normalising constant: the smaller model's normaliser is no longer P(w | S). */
        NO_AUXILIARY_NORMALISER
    }

    /** Whether the two models share a latent space here: K of at least 2 each, each an LDA or with a logistic-normal prior. */
    public static boolean supports(TopicModel a, TopicModel b) {
        return a.numTopics() >= 2 && b.numTopics() >= 2 && inEta(a) && inEta(b);
    }

    private static boolean inEta(TopicModel model) {
        return model.isLda() || model.prior() instanceof LogisticNormalPrior;
    }

    /**
     * @param to   the model annealed into; of the two, the larger K's topics ordered as the class says when K differs
     * @param from the model annealed from
     */
    public static Result logWeights(Document document, TopicModel to, TopicModel from, int temperatures, int samples, int burnIn,
                                    Schedule schedule, SplittableRandom random, CancelToken cancel) {
        return logWeights(document, to, from, temperatures, samples, burnIn, schedule, random, cancel, Mistake.NONE);
    }

    /** With a planted mistake if asked (the tests' seam). */
    static Result logWeights(Document document, TopicModel to, TopicModel from, int temperatures, int samples, int burnIn,
                             Schedule schedule, SplittableRandom random, CancelToken cancel, Mistake mistake) {
        if (!supports(to, from)) {
            throw new IllegalArgumentException("ratio-AIS over eta needs two models of K at least 2, each an LDA or with a"
                    + " logistic-normal prior; " + to.name() + " is " + to.family() + " (K = " + to.numTopics() + "), " + from.name()
                    + " is " + from.family() + " (K = " + from.numTopics() + ")");
        }
        DocumentView view = DocumentView.of(document);
        Joint target = Joint.of(view, to, mistake != Mistake.NO_JACOBIAN, cancel);
        Joint start = Joint.of(view, from, mistake != Mistake.NO_JACOBIAN, cancel);
        Side targetSide = target;
        Side startSide = start;
        if (to.numTopics() > from.numTopics()) {
            startSide = new Padded(start, new Auxiliary(target.fit, from.numTopics() - 1, mistake != Mistake.NO_AUXILIARY_NORMALISER));
        } else if (from.numTopics() > to.numTopics()) {
            targetSide = new Padded(target, new Auxiliary(start.fit, to.numTopics() - 1, mistake != Mistake.NO_AUXILIARY_NORMALISER));
        }
        int d = Math.max(to.numTopics(), from.numTopics()) - 1;
        Side f = startSide;
        Side t = targetSide;
        EtaPath path = new EtaPath((eta, out) -> {
            double base = f.logJoint(eta);
            out[0] = base;
            out[1] = t.logJoint(eta) - base;
        }, startSide.precisionFactor(), targetSide.precisionFactor(), d);
        AnnealingEngine.Temperatures ascending = new AnnealingEngine.Temperatures(schedule, temperatures, false);
        double[] logWeights = new double[samples];
        double[] mode = startSide.mode();
        for (int s = 0; s < samples; s++) {
            logWeights[s] = path.run(mode, burnIn, ascending, random, cancel, null);
        }
        long perEvaluation = target.likelihood.evaluationCost() + start.likelihood.evaluationCost();
        long fits = (long) (target.fit.evaluations() + start.fit.evaluations()) * perEvaluation * (d + 1);
        return new Result(logWeights, fits + (long) samples * (burnIn + temperatures + 1) * perEvaluation);
    }

    /** A model's joint density over the shared space, with the Laplace fit that shapes the steps there and gives the start. */
    private interface Side {
        /** log p(w, eta) at a point of the shared space. */
        double logJoint(double[] eta);

        /** Where the runs start from: the posterior's mode. */
        double[] mode();

        /** A lower Cholesky factor of a precision fitting the posterior (EtaPath's steps). */
        double[] precisionFactor();
    }

    /**
     * The smaller model S on the larger space: p_S(w, a) r(u | a), a the first K_S - 1 coordinates and u the rest. Its fit is
     * S's own on a with r's conditional on u, a Gaussian whose precision is S's Laplace precision on a plus r's.
     */
    private static final class Padded implements Side {
        private final Joint smaller;
        private final Auxiliary auxiliary;

        Padded(Joint smaller, Auxiliary auxiliary) {
            this.smaller = smaller;
            this.auxiliary = auxiliary;
        }

        @Override
        public double logJoint(double[] eta) {
            return smaller.logJoint(eta) + auxiliary.logDensity(eta);
        }

        @Override
        public double[] mode() {
            return auxiliary.extend(smaller.fit.mode());
        }

        @Override
        public double[] precisionFactor() {
            return LogisticNormalPrior.choleskyOrNull(auxiliary.jointPrecision(EtaLaplace.inverse(smaller.fit.covariance(), auxiliary.a)),
                    auxiliary.dimension);
        }
    }

    /**
     * r(u | a): the conditional, given a, of the larger model's Laplace approximation N(m, C) of its own posterior over the
     * whole space, u | a ~ N(m_u - P_uu^-1 P_ua (a - m_a), P_uu^-1) with P = C^-1. Any proper density keeps the estimate
     * exact; this one makes the smaller model's padded posterior as close to the larger's as the fits are, so the path is
     * short. It depends on the document and the models only, never on a run's state.
     */
    private static final class Auxiliary {
        private final int a;
        private final int dimension;
        private final double[] mode;
        private final double[] precision;
        /** The lower Cholesky factor of P_uu. */
        private final double[] factor;
        /** -(|u| log 2 pi - log det P_uu) / 2, or 0 for the planted mistake. */
        private final double logNormaliser;
        private final double[] scratch;

        Auxiliary(EtaLaplace.Fit larger, int a, boolean normalised) {
            this.a = a;
            this.dimension = larger.mode().length;
            this.mode = larger.mode();
            this.precision = EtaLaplace.inverse(larger.covariance(), dimension);
            int n = dimension - a;
            double[] uu = new double[n * n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    uu[i * n + j] = precision[(a + i) * dimension + a + j];
                }
            }
            this.factor = LogisticNormalPrior.choleskyOrNull(uu, n);
            double logDet = 0;
            for (int i = 0; i < n; i++) {
                logDet += 2 * Math.log(factor[i * n + i]);
            }
            this.logNormaliser = normalised ? -0.5 * (n * Math.log(2 * Math.PI) - logDet) : 0;
            this.scratch = new double[n];
        }

        /**
         * log r(u | a) = log N(u; c(a), P_uu^-1): with g = (P (x - m))_u = P_uu (u - c(a)), the quadratic form
         * (u - c)^T P_uu (u - c) = g^T P_uu^-1 g = |F^-1 g|^2, F the factor of P_uu.
         */
        double logDensity(double[] x) {
            int n = dimension - a;
            double quad = 0;
            for (int i = 0; i < n; i++) {
                double g = 0;
                int row = (a + i) * dimension;
                for (int j = 0; j < dimension; j++) {
                    g += precision[row + j] * (x[j] - mode[j]);
                }
                for (int k = 0; k < i; k++) {
                    g -= factor[i * n + k] * scratch[k];
                }
                scratch[i] = g / factor[i * n + i];
                quad += scratch[i] * scratch[i];
            }
            return logNormaliser - 0.5 * quad;
        }

        /** (a, c(a)): a point of the smaller space with u at r's mean. */
        double[] extend(double[] smaller) {
            int n = dimension - a;
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < a; j++) {
                    b[i] += precision[(a + i) * dimension + j] * (smaller[j] - mode[j]);
                }
            }
            double[] shift = EtaLaplace.solve(factor, b, n);
            double[] x = new double[dimension];
            System.arraycopy(smaller, 0, x, 0, a);
            for (int i = 0; i < n; i++) {
                x[a + i] = mode[a + i] - shift[i];
            }
            return x;
        }

        /**
         * The precision of N(a; m_S, Q_S^-1) r(u | a) over (a, u): [[Q_S + P_au P_uu^-1 P_ua, P_au], [P_ua, P_uu]] (the
         * conditional's quadratic form expanded).
         */
        double[] jointPrecision(double[] smallerPrecision) {
            int n = dimension - a;
            double[] q = new double[dimension * dimension];
            double[][] solved = new double[a][];
            for (int j = 0; j < a; j++) {
                double[] column = new double[n];
                for (int i = 0; i < n; i++) {
                    column[i] = precision[(a + i) * dimension + j];
                }
                solved[j] = EtaLaplace.solve(factor, column, n);
            }
            for (int i = 0; i < a; i++) {
                for (int j = 0; j < a; j++) {
                    double s = smallerPrecision[i * a + j];
                    for (int k = 0; k < n; k++) {
                        s += precision[(a + k) * dimension + i] * solved[j][k];
                    }
                    q[i * dimension + j] = s;
                }
            }
            for (int i = 0; i < dimension; i++) {
                for (int j = 0; j < dimension; j++) {
                    if (i >= a || j >= a) {
                        q[i * dimension + j] = precision[i * dimension + j];
                    }
                }
            }
            return q;
        }
    }

    /** One model's log joint density of w and eta in the shared space, and the Laplace fit that shapes the steps and the start. */
    private static final class Joint implements Side {
        private final LogisticNormalPrior gaussian;
        private final double[] alpha;
        private final double logNormaliser;
        private final boolean jacobian;
        private final DecoderLikelihood likelihood;
        private final EtaLaplace.Fit fit;
        private final double[] scratch;
        private final double[] logTheta;

        private Joint(LogisticNormalPrior gaussian, double[] alpha, boolean jacobian, DecoderLikelihood likelihood, CancelToken cancel) {
            this.gaussian = gaussian;
            this.alpha = alpha;
            this.jacobian = jacobian;
            this.likelihood = likelihood;
            double norm = 0;
            if (alpha != null) {
                double total = 0;
                for (double a : alpha) {
                    norm -= Gamma.logGamma(a);
                    total += a;
                }
                norm += Gamma.logGamma(total);
            }
            this.logNormaliser = norm;
            this.fit = EtaLaplace.fit(likelihood, gaussian, cancel);
            this.scratch = new double[gaussian.dimension()];
            this.logTheta = new double[gaussian.numTopics()];
        }

        /**
         * A logistic-normal model as it is, reduced to K - 1; an LDA with a Gaussian of the Dirichlet's own moments in eta for
         * its fit only (log theta_k - log theta_K of Gamma draws: mean psi(alpha_k) - psi(alpha_K), covariance
         * psi'(alpha_k) delta_kj + psi'(alpha_K)), never for its density.
         */
        static Joint of(DocumentView view, TopicModel model, boolean jacobian, CancelToken cancel) {
            DecoderLikelihood likelihood = DecoderLikelihood.of(view, model);
            if (model.prior() instanceof LogisticNormalPrior ln) {
                return new Joint(ln.withReferenceTopic(), null, jacobian, likelihood, cancel);
            }
            double[] alpha = ((DirichletPrior) model.prior()).alpha();
            int k = alpha.length;
            int d = k - 1;
            double[] mean = new double[d];
            double[] cov = new double[d * d];
            double last = Gamma.trigamma(alpha[d]);
            for (int i = 0; i < d; i++) {
                mean[i] = Gamma.digamma(alpha[i]) - Gamma.digamma(alpha[d]);
                for (int j = 0; j < d; j++) {
                    cov[i * d + j] = last + (i == j ? Gamma.trigamma(alpha[i]) : 0);
                }
            }
            return new Joint(new LogisticNormalPrior(k, mean, cov, false), alpha, jacobian, likelihood, cancel);
        }

        /**
         * log p(eta) + log p(w | theta), theta = softmax(eta, 0) from this model's K - 1 coordinates, the first of the shared
         * space's.
         */
        @Override
        public double logJoint(double[] eta) {
            gaussian.logTheta(eta, logTheta);
            double prior;
            if (alpha == null) {
                prior = gaussian.logDensity(eta, scratch);
            } else {
                prior = logNormaliser;
                for (int k = 0; k < alpha.length; k++) {
                    prior += (jacobian ? alpha[k] : alpha[k] - 1) * logTheta[k];
                }
            }
            return prior + likelihood.log(logTheta);
        }

        @Override
        public double[] mode() {
            return fit.mode();
        }

        @Override
        public double[] precisionFactor() {
            return EtaPath.precisionFactor(fit.covariance(), gaussian.dimension());
        }
    }
}
