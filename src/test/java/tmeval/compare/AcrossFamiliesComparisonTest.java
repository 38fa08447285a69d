package tmeval.compare;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.Fixtures;
import tmeval.estimate.EtaQuadrature;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.ProbabilitySpaceCheck;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code is-eta-diff} compares an LDA with a logistic-normal model (issue 37, item 3): each model's estimate is unbiased for
 * its own P(w) in probability space (is-vb on the LDA, is-eta on the other), against the exact answers (the dynamic
 * programme, quadrature over eta), and the difference's mean is the exact log ratio within its noise.
 */
class AcrossFamiliesComparisonTest {
    /** An LDA of K = 2 and logistic-normal models of K = 2 and 3 (product and mixture), over the same 12 words. */
    private static final TopicModel LDA = Fixtures.randomModel("lda", 12, new double[] {0.4, 0.9}, 0.5, 41);
    private static final List<TopicModel> OTHERS = List.of(
            FamilyFixtures.model("prodlda", new FamilyFixtures.Shape(3, false, true, true), 12, 1.0, 42),
            FamilyFixtures.model("ctm", new FamilyFixtures.Shape(2, true, false, false), 12, 1.0, 43),
            FamilyFixtures.model("stm", new FamilyFixtures.Shape(3, true, false, false), 12, 1.0, 44));

    private record Case(String name, TopicModel b, Document document, double exactA, double exactB) {
        double exactRatio() {
            return exactA - exactB;
        }
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        long seed = 50;
        for (TopicModel other : OTHERS) {
            for (int length : new int[] {3, 8}) {
                Document doc = Fixtures.generate(LDA, 1, length, seed++).document(0);
                DocumentView view = DocumentView.of(doc);
                cases.add(new Case("lda vs " + other.name() + " N" + length, other, doc,
                        new ExactEvaluator().logProbability(view, LDA, new CancelToken()), EtaQuadrature.logProbability(view, other, new CancelToken())));
            }
        }
        return cases;
    }

    @Test
    void eachSideIsUnbiasedAndTheDifferenceIsTheExactLogRatio() {
        ModelComparison isEtaDiff = ComparisonMethods.get(ComparisonMethods.IS_ETA_DIFF).create(
                tmeval.run.plan.ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(10));
        List<ProbabilitySpaceCheck.Sample> a = new ArrayList<>();
        List<ProbabilitySpaceCheck.Sample> b = new ArrayList<>();
        List<Case> cases = cases();
        int runs = 3000;
        for (int d = 0; d < cases.size(); d++) {
            Case c = cases.get(d);
            RatioResult[] results = new RatioResult[runs];
            for (int r = 0; r < runs; r++) {
                results[r] = isEtaDiff.estimate(c.document(), LDA, c.b(), Direction.NONE, RandomStreams.stream(61, d, r), new CancelToken());
                assertEquals(results[r].logA() - results[r].logB(), results[r].logRatio(), 1e-12);
            }
            a.add(ProbabilitySpaceCheck.sample(c.name() + ", A", runs, r -> results[r].logA() - c.exactA()));
            b.add(ProbabilitySpaceCheck.sample(c.name() + ", B", runs, r -> results[r].logB() - c.exactB()));
            double mean = 0;
            double squares = 0;
            for (RatioResult r : results) {
                mean += r.logRatio() / runs;
            }
            for (RatioResult r : results) {
                squares += (r.logRatio() - mean) * (r.logRatio() - mean);
            }
            double standardError = Math.sqrt(squares / (runs - 1) / runs);
            // log of an unbiased mean is low by about its variance / 2 (10 samples): well within 0.02 nats here
            assertEquals(c.exactRatio(), mean, 5 * standardError + 0.02, c.name());
        }
        ProbabilitySpaceCheck.assertAllUnbiased(List.of(ProbabilitySpaceCheck.pooledChiSquare("is-eta-diff, LDA side (is-vb)", a),
                ProbabilitySpaceCheck.pooledChiSquare("is-eta-diff, other side (is-eta)", b)));
    }

    /** compare's exact across families: the dynamic programme on the LDA, quadrature on the other, differenced. */
    @Test
    void exactComparesAcrossFamiliesAtKTwoAndThree() {
        ModelComparison exact = ComparisonMethods.get(ComparisonMethods.EXACT).create(tmeval.run.plan.ComparisonPlan.DEFAULT_METHOD_SETTINGS);
        for (Case c : cases()) {
            RatioResult r = exact.estimate(c.document(), LDA, c.b(), Direction.NONE, RandomStreams.stream(1), new CancelToken());
            assertEquals(c.exactRatio(), r.logRatio(), 1e-12, c.name());
        }
    }

    @Test
    void onlyIsEtaDiffAndExactCompareAcrossFamiliesAndThePairIsNotAligned() {
        TopicModel other = OTHERS.get(0);
        assertEquals(List.of(ComparisonMethods.IS_ETA_DIFF, ComparisonMethods.RATIO_ETA, ComparisonMethods.EXACT), ComparisonMethods.supporting(LDA, other));
        assertTrue(ComparisonMethods.supports(ComparisonMethods.RATIO_CONVEX, LDA, LDA));
        assertTrue(ComparisonMethods.refusal(ComparisonMethods.RATIO_CONVEX, LDA, other).contains("ratio-convex compares two LDAs"),
                ComparisonMethods.refusal(ComparisonMethods.RATIO_CONVEX, LDA, other));
        assertNull(ComparisonMethods.refusal(ComparisonMethods.IS_ETA_DIFF, other, LDA));
        ModelPair pair = ModelPair.prepare(LDA, other, true, false, ComparisonMethods.RATIO_CONVEX);
        assertFalse(pair.aligned());
        assertTrue(pair.notes().get(0).contains("B is logistic-normal"), pair.notes().toString());
        TopicModel fewerWords = FamilyFixtures.model("v11", new FamilyFixtures.Shape(2, true, true, false), 11, 1.0, 45);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModelPair.prepare(LDA, fewerWords, true, true, null));
        assertTrue(e.getMessage().contains("one vocabulary in one order"), e.getMessage());
    }
}
