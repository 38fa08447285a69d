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

    /** The production estimator assembled from its parts, with the start's mean negated or the step's prior left out if asked. */
    private static Run planted(boolean negatedStart, boolean stepWithoutPrior) {
        return (c, random) -> {
            TopicModel model = c.model();
            LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
            DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(c.document()), model);
            EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, new CancelToken());
            int d = prior.dimension();
            double[] scratch = new double[d];
            double[] logTheta = new double[model.numTopics()];
            EtaPath path = new EtaPath((eta, out) -> {
                out[0] = stepWithoutPrior ? 0 : prior.logDensity(eta, scratch);
                prior.logTheta(eta, logTheta);
                out[1] = likelihood.log(logTheta);
            }, EtaPath.precisionFactor(prior.covariance(), d), EtaPath.precisionFactor(fit.covariance(), d), d);
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
        EtaCases.Case c = EtaCases.all().get(7);
        double whole = new EtaAnnealedImportanceSampler(TEMPERATURES, 1, Schedule.UNIFORM)
                .estimate(c.document(), c.model(), new SplittableRandom(9), new CancelToken()).logValue();
        assertEquals(whole, planted(false, false).logWeight(c, new SplittableRandom(9)), 0);
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
