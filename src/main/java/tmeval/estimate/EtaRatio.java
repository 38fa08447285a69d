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
 * Ratio-AIS between two models of one K whatever their families, over a latent space they share: eta in R^(K-1), theta =
 * softmax(eta, 0) (topic K the reference). Each model is its joint density of w and eta there: a logistic-normal prior
 * reduced exactly to K - 1 dimensions ({@link LogisticNormalPrior#withReferenceTopic}); an LDA's Dirichlet mapped from
 * the simplex to eta with the map's Jacobian, det(d theta_{1..K-1} / d eta) = prod_{k=1..K} theta_k, so that
 * log Dir(theta; alpha) + sum_k log theta_k = log Gamma(alpha_0) - sum_k log Gamma(alpha_k) + sum_k alpha_k log theta_k;
 * times p(w | theta) of the model's decoder, topics summed out. The path is geometric between the two joint densities
 * ({@link EtaPath}); the start is {@code burnIn} Metropolis steps under the first model's posterior from its mode, and
 * each run's weight is unbiased for P(w | to) / P(w | from) as far as the burn-in reaches that posterior (as for the
 * ratio paths over z). Forward (B to A) is a stochastic lower bound of log P(w | A) / P(w | B), reverse (A to B, negated)
 * an upper one. Topic k of one model is annealed into topic k of the other; any order is right, an alignment only lowers
 * the variance.
 */
public final class EtaRatio {
    private EtaRatio() {
    }

    /** The runs' log-weights, each an estimate of log P(w | to) - log P(w | from), and their cost in multiply-adds. */
    public record Result(double[] logWeights, long cost) {
    }

    /** Whether the two models share a latent space here: one K, at least 2, each an LDA or with a logistic-normal prior. */
    public static boolean supports(TopicModel a, TopicModel b) {
        return a.numTopics() == b.numTopics() && a.numTopics() >= 2 && inEta(a) && inEta(b);
    }

    private static boolean inEta(TopicModel model) {
        return model.isLda() || model.prior() instanceof LogisticNormalPrior;
    }

    public static Result logWeights(Document document, TopicModel to, TopicModel from, int temperatures, int samples, int burnIn,
                                    Schedule schedule, SplittableRandom random, CancelToken cancel) {
        return logWeights(document, to, from, temperatures, samples, burnIn, schedule, random, cancel, true);
    }

    /** With the Dirichlet's Jacobian left out if asked (a planted mistake's seam for the tests). */
    static Result logWeights(Document document, TopicModel to, TopicModel from, int temperatures, int samples, int burnIn,
                             Schedule schedule, SplittableRandom random, CancelToken cancel, boolean jacobian) {
        if (!supports(to, from)) {
            throw new IllegalArgumentException("ratio-AIS over eta needs two models of one K of at least 2, each an LDA or with a"
                    + " logistic-normal prior; " + to.name() + " is " + to.family() + " (K = " + to.numTopics() + "), " + from.name()
                    + " is " + from.family() + " (K = " + from.numTopics() + ")");
        }
        DocumentView view = DocumentView.of(document);
        Joint target = Joint.of(view, to, jacobian, cancel);
        Joint start = Joint.of(view, from, jacobian, cancel);
        int d = to.numTopics() - 1;
        double[] logTheta = new double[to.numTopics()];
        EtaPath path = new EtaPath((eta, out) -> {
            target.gaussian.logTheta(eta, logTheta);
            double base = start.logJoint(eta, logTheta);
            out[0] = base;
            out[1] = target.logJoint(eta, logTheta) - base;
        }, EtaPath.precisionFactor(start.fit.covariance(), d), EtaPath.precisionFactor(target.fit.covariance(), d), d);
        AnnealingEngine.Temperatures ascending = new AnnealingEngine.Temperatures(schedule, temperatures, false);
        double[] logWeights = new double[samples];
        for (int s = 0; s < samples; s++) {
            logWeights[s] = path.run(start.fit.mode(), burnIn, ascending, random, cancel, null);
        }
        long perEvaluation = target.likelihood.evaluationCost() + start.likelihood.evaluationCost();
        long fits = (long) (target.fit.evaluations() + start.fit.evaluations()) * perEvaluation * to.numTopics();
        return new Result(logWeights, fits + (long) samples * (burnIn + temperatures + 1) * perEvaluation);
    }

    /** One model's log joint density of w and eta in the shared space, and the Laplace fit that shapes the steps and the start. */
    private static final class Joint {
        private final LogisticNormalPrior gaussian;
        private final double[] alpha;
        private final double logNormaliser;
        private final boolean jacobian;
        private final DecoderLikelihood likelihood;
        private final EtaLaplace.Fit fit;
        private final double[] scratch;

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

        /** log p(eta) + log p(w | theta), theta = softmax(eta, 0) given by its logs. */
        double logJoint(double[] eta, double[] logTheta) {
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
    }
}
