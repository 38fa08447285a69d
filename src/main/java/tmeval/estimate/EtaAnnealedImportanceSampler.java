package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * {@code ais-eta}: annealed importance sampling over eta for a model with a logistic-normal prior (either decoder, the
 * topics summed out), the second family beside {@code is-eta}. Each of S runs draws eta exactly from the prior
 * N(mu, Sigma) and anneals along f_beta(eta) = N(eta; mu, Sigma) p(w | softmax(eta))^beta through n temperatures
 * ({@link EtaPath}: one Metropolis step per temperature, its random walk shaped between the prior's precision and the
 * document's Laplace approximation); the mean of the weights is unbiased for P(w) in probability space (Neal 2001). No
 * Jacobian enters: the path's every target is a density in eta. {@link #reverse} runs the same temperatures down from an
 * exact posterior draw (the true eta of a document simulated from the model): unbiased for 1 / P(w), the upper side of
 * {@code calibrate}'s sandwich. Cost: the Laplace fit plus S n evaluations of p(w | theta) (each the distinct words x K,
 * the vocabulary x K for the product decoder, whose steps are screened first by a K x K stand-in, so that only about one
 * in four pays it: {@link EtaPath}'s delayed acceptance).
 */
public final class EtaAnnealedImportanceSampler implements Estimator {
    private final int temperatures;
    private final int samples;
    private final Schedule schedule;

    public EtaAnnealedImportanceSampler(int temperatures, int samples, Schedule schedule) {
        if (temperatures < 1 || samples < 1) {
            throw new IllegalArgumentException(Methods.AIS_ETA + " needs at least one temperature and one sample");
        }
        this.temperatures = temperatures;
        this.samples = samples;
        this.schedule = schedule;
    }

    @Override
    public String method() {
        return Methods.AIS_ETA;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        Setup setup = Setup.of(document, model, method(), cancel);
        EtaImportanceSampler.Density prior = EtaImportanceSampler.Density.gaussian(setup.prior.mean(), setup.prior.cholesky());
        double[] eta = new double[setup.prior.dimension()];
        double[] logWeights = new double[samples];
        AnnealingEngine.Temperatures ascending = new AnnealingEngine.Temperatures(schedule, temperatures, false);
        for (int s = 0; s < samples; s++) {
            prior.draw(random, eta);
            logWeights[s] = setup.path.run(eta, ascending, random, cancel, null);
        }
        return EstimateResult.since(start, LogMath.logMeanExp(logWeights), logWeights, setup.cost(),
                document.length());
    }

    /**
     * One reverse run from {@code trueEta}, an exact draw of the document's posterior over eta (the eta a simulated
     * document was drawn with): its log-weight, whose exponential is unbiased for 1 / P(w), so minus it is a stochastic
     * upper bound on log P(w) (Grosse, Ghahramani and Adams 2015).
     */
    public double reverse(Document document, TopicModel model, double[] trueEta, SplittableRandom random, CancelToken cancel) {
        Setup setup = Setup.of(document, model, method(), cancel);
        return setup.path.run(trueEta, new AnnealingEngine.Temperatures(schedule, temperatures, true), random, cancel, null);
    }

    /** The document's path from the prior to its posterior over eta. */
    private record Setup(LogisticNormalPrior prior, DecoderLikelihood likelihood, EtaLaplace.Fit fit, EtaPath path, long cheapCost) {
        static Setup of(Document document, TopicModel model, String method, CancelToken cancel) {
            LogisticNormalPrior prior = EtaImportanceSampler.logisticNormal(model, method);
            DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(document), model);
            EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, cancel);
            int d = prior.dimension();
            double[] scratch = new double[d];
            double[] logTheta = new double[model.numTopics()];
            prior.logTheta(fit.mode(), logTheta);
            // a product decoder's normaliser costs the vocabulary x K an evaluation: steps are screened by its expansion
            // at the Laplace mode first (EtaPath's delayed acceptance), a mixture's likelihood is cheap as it stands
            DecoderLikelihood.Surrogate surrogate = likelihood.surrogateAt(logTheta);
            EtaPath.Densities cheap = surrogate == null ? null : (eta, out) -> {
                out[0] = prior.logDensity(eta, scratch);
                prior.logTheta(eta, logTheta);
                out[1] = surrogate.log(logTheta);
            };
            EtaPath path = new EtaPath((eta, out) -> {
                out[0] = prior.logDensity(eta, scratch);
                prior.logTheta(eta, logTheta);
                out[1] = likelihood.log(logTheta);
            }, cheap, EtaPath.SecondStage.DELAYED_ACCEPTANCE, EtaPath.precisionFactor(prior.covariance(), d),
                    EtaPath.precisionFactor(fit.covariance(), d), d);
            return new Setup(prior, likelihood, fit, path, surrogate == null ? 0 : surrogate.evaluationCost());
        }

        /** The work done so far: the Laplace fit, the path's evaluations of the likelihood and of its stand-in. */
        long cost() {
            return (long) fit.evaluations() * likelihood.evaluationCost() * prior.numTopics()
                    + path.evaluations() * likelihood.evaluationCost() + path.cheapEvaluations() * cheapCost;
        }
    }
}
