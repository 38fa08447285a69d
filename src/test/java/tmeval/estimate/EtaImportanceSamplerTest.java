package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code is-eta} is unbiased for P(w) in probability space on every family of logistic-normal model at K = 2 and 3
 * ({@link EtaCases}, exact by quadrature), at a small budget, pooled over documents ({@link ProbabilitySpaceCheck}); and the
 * same check fails on two planted mistakes, each the production estimator with one part swapped.
 */
class EtaImportanceSamplerTest {
    private static final int RUNS = 3000;
    private static final int SAMPLES = 10;

    /** One estimate of a document: log P-hat(w). */
    @FunctionalInterface
    interface Estimate {
        double logValue(Document document, TopicModel model, SplittableRandom random);
    }

    private static List<ProbabilitySpaceCheck.Sample> samples(Estimate estimate, long seed) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        List<EtaCases.Case> cases = EtaCases.all();
        for (int d = 0; d < cases.size(); d++) {
            EtaCases.Case c = cases.get(d);
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name(), RUNS,
                    r -> estimate.logValue(c.document(), c.model(), RandomStreams.stream(seed, document, r)) - c.exact()));
        }
        return samples;
    }

    /** Chi-square 28.5 on 48 documents (threshold 109.7), the largest share of one run under 1%. */
    @Test
    void isEtaIsUnbiasedOnEveryFamily() {
        EtaImportanceSampler sampler = new EtaImportanceSampler(SAMPLES);
        ProbabilitySpaceCheck.assertUnbiased("is-eta, " + SAMPLES + " samples",
                samples((doc, model, random) -> sampler.estimate(doc, model, random, new CancelToken()).logValue(), 31));
    }

    /**
     * The production estimator reading the prior's mean with the wrong sign, everywhere (its Laplace fit, its prior share
     * and the weights' target), as a sign slip in the prior's arithmetic would: it estimates P(w) under N(-mu, Sigma).
     * Caught: chi-square 30,989,195 against the threshold 109.7 (taking -mu in the target alone makes the weights
     * heavy-tailed instead, which the check also refuses).
     */
    @Test
    void thePriorsMeanWithTheWrongSignIsCaught() {
        EtaImportanceSampler sampler = new EtaImportanceSampler(SAMPLES);
        ProbabilitySpaceCheck.assertBiased("is-eta, the prior's mean as -mu", samples((doc, model, random) -> {
            LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
            double[] mu = prior.mean();
            for (int i = 0; i < mu.length; i++) {
                mu[i] = -mu[i];
            }
            TopicModel negated = new TopicModel(model.name(), model.vocabulary(),
                    new LogisticNormalPrior(model.numTopics(), mu, prior.covariance(), prior.isDiagonal()), model.decoder());
            return sampler.estimate(doc, negated, random, new CancelToken()).logValue();
        }, 32));
    }

    /**
     * The production estimator with the Student-t components' densities missing their det(L)^-1: the mixture density is no
     * longer normalised, and the weights are off wherever the Laplace scale is not of unit volume. Caught: chi-square
     * 2,097,725 against 109.7. (There is no Jacobian to leave out: eta is the variable integrated over and the prior is a
     * density in eta; the normaliser is the term of that kind here.)
     */
    @Test
    void aNormalisingTermLeftOutIsCaught() {
        ProbabilitySpaceCheck.assertBiased("is-eta, Student-t without det(L)^-1", samples(planted(true), 33));
    }

    /** The estimator of {@link EtaImportanceSampler#estimate} assembled from its parts, the Student-t's normaliser wrong if asked. */
    private static Estimate planted(boolean tWithoutDeterminant) {
        EtaImportanceSampler sampler = new EtaImportanceSampler(SAMPLES);
        return (doc, model, random) -> {
            LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
            DecoderLikelihood likelihood = DecoderLikelihood.of(DocumentView.of(doc), model);
            EtaLaplace.Fit fit = EtaLaplace.fit(likelihood, prior, new CancelToken());
            EtaImportanceSampler.Density[] components = sampler.proposal(fit, prior);
            if (tWithoutDeterminant) {
                for (int c = 0; c < components.length; c++) {
                    if (EtaImportanceSampler.DEFAULT.get(c).kind() == EtaImportanceSampler.Kind.LAPLACE_STUDENT_T) {
                        EtaImportanceSampler.Density t = components[c];
                        double[] l = t.cholesky();
                        double nu = EtaImportanceSampler.DEGREES_OF_FREEDOM;
                        int d = l.length == 1 ? 1 : (int) Math.round(Math.sqrt(l.length));
                        double withDeterminant = EtaImportanceSampler.Density.studentT(t.location(), l, nu).logDensity(t.location(), new double[d]);
                        components[c] = new EtaImportanceSampler.Density(t.location(), l, nu,
                                withDeterminant + EtaImportanceSampler.Density.logDeterminant(l, d));
                    }
                }
            }
            double[] w = EtaImportanceSampler.logWeights(SAMPLES, likelihood, prior, EtaImportanceSampler.Density.gaussian(prior.mean(), prior.cholesky()),
                    components, sampler.shares(), random, new CancelToken());
            return LogMath.logMeanExp(w);
        };
    }

    /** The production path and the parts assembled by hand are one estimator: the same stream gives the same value. */
    @Test
    void thePartsAreTheEstimator() {
        EtaCases.Case c = EtaCases.all().get(5);
        double whole = new EtaImportanceSampler(SAMPLES).estimate(c.document(), c.model(), new SplittableRandom(9), new CancelToken()).logValue();
        assertEquals(whole, planted(false).logValue(c.document(), c.model(), new SplittableRandom(9)), 0);
    }

    /** Variances 1e-8 and 1e4, a mean 40 from zero, weights of 50 and a document of 5000 tokens: a finite estimate below the ceiling. */
    @Test
    void extremeParametersGiveAFiniteEstimate() {
        for (boolean product : new boolean[] {false, true}) {
            TopicModel base = tmeval.FamilyFixtures.model("extreme", new tmeval.FamilyFixtures.Shape(3, true, true, product), 40, 1, 4);
            TopicModel model = new TopicModel("extreme", base.vocabulary(), LogisticNormalPrior.diagonal(3, new double[] {40, -40},
                    new double[] {1e4, 1e-8}), product ? scaled((tmeval.model.ProductDecoder) base.decoder(), 30) : base.decoder());
            Document doc = tmeval.FamilyFixtures.generate(model, 1, 5000, 6).document(0);
            EstimateResult r = new EtaImportanceSampler(50).estimate(doc, model, new SplittableRandom(3), new CancelToken());
            assertTrue(Double.isFinite(r.logValue()) && r.logValue() <= Ceiling.of(doc, model), product + ": " + r.logValue());
        }
    }

    private static tmeval.model.ProductDecoder scaled(tmeval.model.ProductDecoder d, double factor) {
        double[] b = d.weights();
        for (int i = 0; i < b.length; i++) {
            b[i] *= factor;
        }
        return new tmeval.model.ProductDecoder(b, d.biases(), d.numTopics());
    }

    @Test
    void anLdaIsRefusedInWords() {
        TopicModel lda = Fixtures.randomModel("lda", 10, new double[] {0.5, 0.5}, 0.5, 1);
        Document doc = Fixtures.generate(lda, 1, 5, 2).document(0);
        EstimationException e = assertThrows(EstimationException.class,
                () -> new EtaImportanceSampler(10).estimate(doc, lda, new SplittableRandom(1), new CancelToken()));
        assertTrue(e.getMessage().contains("is-eta samples eta of a logistic-normal prior; model lda is LDA"), e.getMessage());
    }
}
