package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ais-eta} is unbiased for P(w) in probability space on every family of logistic-normal model at K = 2 and 3
 * ({@link EtaCases}, exact by quadrature), at a small budget, pooled over documents ({@link ProbabilitySpaceCheck}); its
 * reverse run is unbiased for 1 / P(w) from the true eta; and the check fails on two planted mistakes, each the
 * production estimator assembled from its parts with one part swapped.
 */
class EtaAnnealedImportanceSamplerTest {
    private static final int RUNS = 3000;
    private static final int TEMPERATURES = 10;
    private static final int REVERSE_TEMPERATURES = 200;

    /** One run's log-weight, on a document of a case. */
    @FunctionalInterface
    interface Run {
        double logWeight(EtaCases.Case c, SplittableRandom random);
    }

    private static List<ProbabilitySpaceCheck.Sample> samples(Run run, long seed) {
        return samples(run, seed, 1, RUNS);
    }

    /** Every {@code every}-th case, {@code runs} runs each. */
    private static List<ProbabilitySpaceCheck.Sample> samples(Run run, long seed, int every, int runs) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        List<EtaCases.Case> cases = EtaCases.all();
        for (int d = 0; d < cases.size(); d += every) {
            EtaCases.Case c = cases.get(d);
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name(), runs, r -> run.logWeight(c, RandomStreams.stream(seed, document, r)) - c.exact()));
        }
        return samples;
    }

    @Test
    void aisEtaIsUnbiasedOnEveryFamily() {
        EtaAnnealedImportanceSampler ais = new EtaAnnealedImportanceSampler(TEMPERATURES, 1, Schedule.UNIFORM);
        ProbabilitySpaceCheck.assertUnbiased("ais-eta, " + TEMPERATURES + " temperatures",
                samples((c, random) -> ais.estimate(c.document(), c.model(), random, new CancelToken()).logValue(), 41));
    }

    /**
     * From an exact posterior draw of eta (by rejection from the prior under the hard ceiling of p(w | theta)), the reverse
     * run's weight is unbiased for 1 / P(w): exp(log w + log P(w)) has mean 1, on every shape and documents of 1 and 3 tokens.
     */
    @Test
    void theReverseRunFromAnExactPosteriorDrawIsUnbiasedForTheInverse() {
        // the reverse weights, of 1 / P(w), are heavier-tailed than the forward ones: 10 temperatures left one run 14% of a document's total
        EtaAnnealedImportanceSampler ais = new EtaAnnealedImportanceSampler(REVERSE_TEMPERATURES, 1, Schedule.UNIFORM);
        List<EtaCases.Case> cases = EtaCases.of(new int[] {1, 3});
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < cases.size(); d++) {
            EtaCases.Case c = cases.get(d);
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name() + " reverse", RUNS / 3, r -> {
                SplittableRandom random = RandomStreams.stream(45, document, r);
                return ais.reverse(c.document(), c.model(), posteriorDraw(c, random), random, new CancelToken()) + c.exact();
            }));
        }
        ProbabilitySpaceCheck.assertUnbiased("ais-eta reverse, " + REVERSE_TEMPERATURES + " temperatures", samples);
    }

    /** eta from the prior, accepted with probability p(w | theta) / exp(ceiling): an exact draw of the posterior. */
    private static double[] posteriorDraw(EtaCases.Case c, SplittableRandom random) {
        LogisticNormalPrior prior = (LogisticNormalPrior) c.model().prior();
        DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(c.document()), c.model());
        double ceiling = Ceiling.of(c.document(), c.model());
        EtaImportanceSampler.Density density = EtaImportanceSampler.Density.gaussian(prior.mean(), prior.cholesky());
        double[] eta = new double[prior.dimension()];
        double[] logTheta = new double[c.model().numTopics()];
        while (true) {
            density.draw(random, eta);
            prior.logTheta(eta, logTheta);
            if (Math.log(random.nextDouble()) < likelihood.log(logTheta) - ceiling) {
                return eta;
            }
        }
    }

    /**
     * The start drawn from N(-mu, Sigma), the prior's mean with the wrong sign, the path itself right: the weights are no
     * longer those of an importance sampler for the prior. Caught on a quarter of the cases, 2,500 runs each.
     */
    @Test
    void theStartWithThePriorsMeanOfTheWrongSignIsCaught() {
        ProbabilitySpaceCheck.assertBiased("ais-eta, start from N(-mu, Sigma)", samples(planted(true, false), 43, 4, 2500));
    }

    /**
     * The Metropolis step's target without the prior's density (the likelihood tempered alone), the weights right: the
     * steps no longer leave f_beta invariant. Caught on a quarter of the cases, 1,000 runs each.
     */
    @Test
    void theStepWithoutThePriorIsCaught() {
        ProbabilitySpaceCheck.assertBiased("ais-eta, steps without the prior", samples(planted(false, true), 44, 4, 1000));
    }

    /**
     * A product decoder's steps are screened by a stand-in (delayed acceptance): with a poor one, the expansion of the
     * normaliser at the prior mean's theta instead of the document's mode, every run is still unbiased (the second stage
     * corrects any stand-in), on every product-decoder case.
     */
    @Test
    void delayedAcceptanceIsUnbiasedWhateverItsStandIn() {
        ProbabilitySpaceCheck.assertUnbiased("ais-eta, stand-in at the prior mean", productCases(
                assembled(false, false, true, EtaPath.SecondStage.DELAYED_ACCEPTANCE), 46, RUNS));
    }

    /**
     * The second stage without the stand-in's change (min(1, f*'/f*) min(1, L'^beta / L^beta): each stage plausible alone,
     * together no longer detailed balance with f_beta), with the same poor stand-in: caught on the product cases.
     */
    @Test
    void aSecondStageThatForgetsTheStandInIsCaught() {
        ProbabilitySpaceCheck.assertBiased("ais-eta, second stage without the stand-in's change", productCases(assembled(false, false, true,
                (beta, tilt, newTilt, cheapTilt, newCheapTilt) -> beta * (newTilt - tilt)), 47, 2000));
    }

    private static List<ProbabilitySpaceCheck.Sample> productCases(Run run, long seed, int runs) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        List<EtaCases.Case> cases = EtaCases.all();
        for (int d = 0; d < cases.size(); d++) {
            EtaCases.Case c = cases.get(d);
            if (!c.name().contains("product")) {
                continue;
            }
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name(), runs, r -> run.logWeight(c, RandomStreams.stream(seed, document, r)) - c.exact()));
        }
        return samples;
    }

    /** The production estimator assembled from its parts, with the start's mean negated or the step's prior left out if asked. */
    private static Run planted(boolean negatedStart, boolean stepWithoutPrior) {
        return assembled(negatedStart, stepWithoutPrior, false, EtaPath.SecondStage.DELAYED_ACCEPTANCE);
    }

    /**
     * The estimator from its parts: the start's mean negated, the step's prior left out, the product decoder's stand-in
     * expanded at the prior mean's theta instead of the mode, or another second stage, if asked.
     */
    private static Run assembled(boolean negatedStart, boolean stepWithoutPrior, boolean standInAtPriorMean, EtaPath.SecondStage secondStage) {
        return (c, random) -> {
            TopicModel model = c.model();
            LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
            DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(c.document()), model);
            EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, new CancelToken());
            int d = prior.dimension();
            double[] scratch = new double[d];
            double[] logTheta = new double[model.numTopics()];
            prior.logTheta(standInAtPriorMean ? prior.mean() : fit.mode(), logTheta);
            DecoderLikelihood.Surrogate surrogate = likelihood.surrogateAt(logTheta);
            EtaPath.Densities cheap = surrogate == null ? null : (eta, out) -> {
                out[0] = stepWithoutPrior ? 0 : prior.logDensity(eta, scratch);
                prior.logTheta(eta, logTheta);
                out[1] = surrogate.log(logTheta);
            };
            EtaPath path = new EtaPath((eta, out) -> {
                out[0] = stepWithoutPrior ? 0 : prior.logDensity(eta, scratch);
                prior.logTheta(eta, logTheta);
                out[1] = likelihood.log(logTheta);
            }, cheap, secondStage, EtaPath.precisionFactor(prior.covariance(), d), EtaPath.precisionFactor(fit.covariance(), d), d);
            double[] mu = prior.mean();
            if (negatedStart) {
                for (int i = 0; i < d; i++) {
                    mu[i] = -mu[i];
                }
            }
            double[] eta = new double[d];
            EtaImportanceSampler.Density.gaussian(mu, prior.cholesky()).draw(random, eta);
            return path.run(eta, new AnnealingEngine.Temperatures(Schedule.UNIFORM, TEMPERATURES, false), random, new CancelToken(), null);
        };
    }

    @Test
    void thePartsAreTheEstimator() {
        for (EtaCases.Case c : List.of(EtaCases.all().get(7), EtaCases.all().get(EtaCases.all().size() - 1))) {
            double whole = new EtaAnnealedImportanceSampler(TEMPERATURES, 1, Schedule.UNIFORM)
                    .estimate(c.document(), c.model(), new SplittableRandom(9), new CancelToken()).logValue();
            assertEquals(whole, planted(false, false).logWeight(c, new SplittableRandom(9)), 0, c.name());
        }
    }

    /**
     * The stand-in is exact at its centre and close near it: on a product case of 15 tokens, at the mode and at points a
     * tenth of a unit of eta away, within 1e-12 and 0.05 nats of log p(w | theta); a mixture has none.
     */
    @Test
    void theStandInIsTheLikelihoodAtItsCentreAndCloseNearIt() {
        EtaCases.Case c = EtaCases.all().get(EtaCases.all().size() - 1);
        assertTrue(c.name().contains("product"), c.name());
        LogisticNormalPrior prior = (LogisticNormalPrior) c.model().prior();
        DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(c.document()), c.model());
        double[] mode = EtaLaplace.fit(likelihood, prior, new CancelToken()).mode();
        double[] logTheta = new double[c.model().numTopics()];
        prior.logTheta(mode, logTheta);
        DecoderLikelihood.Surrogate surrogate = likelihood.surrogateAt(logTheta);
        assertEquals(likelihood.log(logTheta), surrogate.log(logTheta), 1e-12);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 20; i++) {
            double[] near = mode.clone();
            for (int j = 0; j < near.length; j++) {
                near[j] += 0.1 * random.nextGaussian();
            }
            prior.logTheta(near, logTheta);
            assertEquals(likelihood.log(logTheta), surrogate.log(logTheta), 0.05);
        }
        EtaCases.Case mixture = EtaCases.all().get(0);
        assertTrue(mixture.name().contains("mixture"), mixture.name());
        assertEquals(null, DecoderLikelihood.of(DocumentView.of(mixture.document()), mixture.model()).surrogateAt(new double[mixture.model().numTopics()]));
    }

    /** More temperatures, less error: at 100 the runs' root mean square error is under a third of that at 4, on a document of 15 tokens. */
    @Test
    void moreTemperaturesGiveLessError() {
        EtaCases.Case c = EtaCases.all().get(EtaCases.all().size() - 1);
        double many = spread(c, 100);
        double few = spread(c, 4);
        assertTrue(many < few / 3, () -> "error " + many + " at 100 temperatures, " + few + " at 4");
    }

    private static double spread(EtaCases.Case c, int temperatures) {
        EtaAnnealedImportanceSampler ais = new EtaAnnealedImportanceSampler(temperatures, 1, Schedule.UNIFORM);
        double sum = 0;
        int runs = 40;
        for (int r = 0; r < runs; r++) {
            double e = ais.estimate(c.document(), c.model(), new SplittableRandom(r), new CancelToken()).logValue() - c.exact();
            sum += e * e;
        }
        return Math.sqrt(sum / runs);
    }

    @Test
    void anLdaIsRefusedInWords() {
        TopicModel lda = Fixtures.randomModel("lda", 10, new double[] {0.5, 0.5}, 0.5, 1);
        Document doc = Fixtures.generate(lda, 1, 5, 2).document(0);
        EstimationException e = assertThrows(EstimationException.class,
                () -> new EtaAnnealedImportanceSampler(10, 1, Schedule.UNIFORM).estimate(doc, lda, new SplittableRandom(1), new CancelToken()));
        assertTrue(e.getMessage().contains("ais-eta anneals eta of a logistic-normal prior; model lda is LDA"), e.getMessage());
    }
}
