package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ratio-eta} (ratio-AIS over eta between models of any families, {@link EtaRatio}) against exact log ratios at K = 2
 * and 3 (the dynamic programme on an LDA, quadrature over eta on a logistic-normal model): each direction's weight is
 * unbiased in probability for its ratio at a small budget (pooled chi-square over pairs and documents); the two
 * directions bracket the log ratio in expectation; the LDA's Dirichlet without the Jacobian of its map to eta is caught.
 */
class EtaRatioTest {
    private static final int RUNS = 1500;
    private static final int TEMPERATURES = 100;
    private static final int BURN_IN = 30;

    /** A: the first model, B: the second, a document, and the exact log P(w | A) - log P(w | B). */
    private record Case(String name, TopicModel a, TopicModel b, Document document, double exactRatio) {
    }

    private static double exact(TopicModel model, Document doc) {
        return FamilyFixtures.exactLogProbability(model, doc);
    }

    /** LDA against ProdLDA-, CTM- and STM-shaped models, and a ProdLDA against a CTM, at K = 2 and 3; documents of 3 and 6 tokens. */
    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        long seed = 70;
        for (int k : new int[] {2, 3}) {
            // alphas of 1.5 and more: below 1 the Dirichlet's tails in eta (density e^(alpha_k eta_k) as theta_k -> 0) are
            // far heavier than a Gaussian's, and annealing into them left weights of one run 19% of a document's total
            double[] alpha = k == 2 ? new double[] {1.5, 2.5} : new double[] {1.5, 2.0, 3.0};
            TopicModel lda = Fixtures.randomModel("lda", 12, alpha, 0.5, seed++);
            TopicModel prod = FamilyFixtures.model("prodlda", new FamilyFixtures.Shape(k, false, true, true), 12, 1.0, seed++);
            TopicModel ctm = FamilyFixtures.model("ctm", new FamilyFixtures.Shape(k, true, false, false), 12, 1.0, seed++);
            TopicModel stm = FamilyFixtures.model("stm", new FamilyFixtures.Shape(k, false, false, false), 12, 1.0, seed++);
            for (TopicModel[] pair : new TopicModel[][] {{lda, prod}, {ctm, lda}, {lda, stm}, {prod, ctm}}) {
                for (int length : new int[] {3, 6}) {
                    Document doc = Fixtures.generate(lda, 1, length, seed++).document(0);
                    cases.add(new Case("K" + k + " " + pair[0].name() + " vs " + pair[1].name() + " N" + length, pair[0], pair[1], doc,
                            exact(pair[0], doc) - exact(pair[1], doc)));
                }
            }
        }
        return cases;
    }

    private static List<ProbabilitySpaceCheck.Sample> samples(List<Case> cases, boolean forward, EtaRatio.Mistake mistake, long seed, int runs) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < cases.size(); d++) {
            Case c = cases.get(d);
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name() + (forward ? " forward" : " reverse"), runs, r -> {
                SplittableRandom random = RandomStreams.stream(seed, document, r);
                double w = EtaRatio.logWeights(c.document(), forward ? c.a() : c.b(), forward ? c.b() : c.a(), TEMPERATURES, 1, BURN_IN,
                        Schedule.UNIFORM, random, new CancelToken(), mistake).logWeights()[0];
                return forward ? w - c.exactRatio() : w + c.exactRatio();
            }));
        }
        return samples;
    }

    @Test
    void bothDirectionsAreUnbiasedForTheirRatios() {
        List<Case> cases = cases();
        ProbabilitySpaceCheck.assertAllUnbiased(List.of(
                ProbabilitySpaceCheck.pooledChiSquare("ratio-eta forward", samples(cases, true, EtaRatio.Mistake.NONE, 71, RUNS)),
                ProbabilitySpaceCheck.pooledChiSquare("ratio-eta reverse", samples(cases, false, EtaRatio.Mistake.NONE, 72, RUNS))));
    }

    /** The LDA's density in eta without the Jacobian prod_k theta_k (the Dirichlet's density on the simplex taken as one in eta). */
    @Test
    void theDirichletWithoutItsJacobianIsCaught() {
        List<Case> withLda = cases().stream().filter(c -> (c.a().isLda() || c.b().isLda()) && c.document().length() == 3).toList();
        ProbabilitySpaceCheck.Pooled pooled = ProbabilitySpaceCheck.pooledChiSquare("ratio-eta forward, no Jacobian",
                samples(withLda, true, EtaRatio.Mistake.NO_JACOBIAN, 73, 300));
        assertTrue(pooled.rejects(), pooled.toString());
    }

    /**
     * At 2 temperatures on documents of 16 tokens (300 runs a direction), the forward mean is below the exact log ratio and
     * the reverse mean above it, each by more than three standard errors, through the registry's comparison.
     */
    @Test
    void theDirectionsBracketTheLogRatioInExpectation() {
        ModelComparison ratio = ComparisonMethods.get(ComparisonMethods.RATIO_ETA).create(
                tmeval.run.plan.ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(2).withBurnIn(BURN_IN));
        TopicModel lda = Fixtures.randomModel("lda", 12, new double[] {0.3, 0.6, 1.2}, 0.5, 90);
        TopicModel prod = FamilyFixtures.model("prodlda", new FamilyFixtures.Shape(3, false, true, true), 12, 1.0, 91);
        for (int d = 0; d < 2; d++) {
            Document doc = Fixtures.generate(lda, 1, 16, 92 + d).document(0);
            double exactRatio = exact(lda, doc) - exact(prod, doc);
            double[] forward = new double[300];
            double[] reverse = new double[300];
            for (int r = 0; r < forward.length; r++) {
                forward[r] = ratio.estimate(doc, lda, prod, Direction.FORWARD, RandomStreams.stream(93, d, r), new CancelToken()).logRatio();
                reverse[r] = ratio.estimate(doc, lda, prod, Direction.REVERSE, RandomStreams.stream(94, d, r), new CancelToken()).logRatio();
            }
            double f = mean(forward);
            double v = mean(reverse);
            assertTrue(f + 3 * standardError(forward) < exactRatio && v - 3 * standardError(reverse) > exactRatio,
                    "forward " + f + " +- " + standardError(forward) + ", exact " + exactRatio + ", reverse " + v + " +- " + standardError(reverse));
        }
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    static double standardError(double[] x) {
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1) / x.length);
    }

    /** Models of different K are compared (DifferentKEtaRatioTest); a model of one topic has no eta to anneal over and is refused in words. */
    @Test
    void modelsOfDifferentKAreComparedAndAModelOfOneTopicIsRefusedInWords() {
        TopicModel lda = Fixtures.randomModel("lda", 12, new double[] {0.4, 0.9}, 0.5, 1);
        TopicModel prod = FamilyFixtures.model("prodlda", new FamilyFixtures.Shape(3, false, true, true), 12, 1.0, 2);
        TopicModel one = Fixtures.randomModel("one", 12, new double[] {0.4}, 0.5, 3);
        assertTrue(ComparisonMethods.supports(ComparisonMethods.RATIO_ETA, lda, prod));
        assertTrue(ComparisonMethods.supports(ComparisonMethods.RATIO_ETA, lda, lda));
        assertFalse(ComparisonMethods.supports(ComparisonMethods.RATIO_ETA, one, prod));
        String refusal = ComparisonMethods.refusal(ComparisonMethods.RATIO_ETA, one, prod);
        assertTrue(refusal.startsWith("ratio-eta compares two models of K at least 2"), refusal);
        assertEquals(List.of(ComparisonMethods.IS_ETA_DIFF, ComparisonMethods.RATIO_ETA, ComparisonMethods.EXACT), ComparisonMethods.supporting(lda, prod));
    }
}
