package tmeval.compare;

import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.DocumentCompletion;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.ProbabilitySpaceCheck;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.plan.ComparisonPlan;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ratio-AIS for document completion ({@link CompletionComparison}) against exact completion values: for each model
 * log P(w2 | w1) = exact(w) - exact(w1), the exact evaluator on the whole document and on its observed first half.
 */
class CompletionComparisonTest {
    private static final TopicModel A = RatioAisTest.NEAR_A;
    private static final TopicModel B = RatioAisTest.NEAR_B;
    private static final int SMALL_BUDGET = 20;
    private static final int RUNS = 4000;

    /** exact log P_A(w2 | w1) - log P_B(w2 | w1). */
    static double exactCompletionRatio(Document d, TopicModel a, TopicModel b) {
        Document w1 = d.prefix(DocumentCompletion.observedLength(d));
        return exact(d, a) - exact(w1, a) - (exact(d, b) - exact(w1, b));
    }

    private static double exact(Document d, TopicModel m) {
        return new ExactEvaluator().logProbability(DocumentView.of(d), m, new CancelToken());
    }

    /**
     * Documents of 6 and 7 tokens (w1 of 3), drawn from both models, on which one run of 20 temperatures is light-tailed
     * (at 8 and 9 tokens one run in 4000 held more than 1% of a document's weight).
     */
    private static List<Document> documents() {
        List<Document> documents = new ArrayList<>(Fixtures.generate(A, 3, 6, 141).documents());
        documents.add(Fixtures.generate(A, 1, 7, 142).document(0));
        documents.add(Fixtures.generate(B, 1, 6, 143).document(0));
        documents.add(Fixtures.generate(B, 1, 7, 144).document(0));
        return documents;
    }

    /**
     * One run of 20 temperatures after 50 burn-in sweeps, pooled chi-square over documents in probability space, both
     * paths and both directions: forward's exp(estimate) has mean P_A(w2 | w1) / P_B(w2 | w1) (a product of two
     * independent unbiased ratios), reverse's exp(-estimate) the inverse. Planted and caught: the observed half
     * annealed in the same direction as the whole document (a quotient of two unbiased estimates), and the observed
     * half taken from the end of the document instead of its start (chi-square in estimators.md).
     */
    @Test
    void bothPathsAreUnbiasedForTheCompletionRatioInBothDirections() {
        List<Document> documents = documents();
        List<ProbabilitySpaceCheck.Pooled> tests = new ArrayList<>();
        for (RatioAis.Path path : RatioAis.Path.values()) {
            CompletionComparison method = new CompletionComparison("completion " + path, new RatioAis(path, SMALL_BUDGET, 1, 50, tmeval.anneal.Schedule.UNIFORM));
            for (Direction direction : new Direction[] {Direction.FORWARD, Direction.REVERSE}) {
                tests.add(pooled(method, path + " " + direction, documents, direction, 200 + 10L * path.ordinal() + direction.ordinal()));
            }
        }
        ProbabilitySpaceCheck.assertAllUnbiased(tests);
    }

    /**
     * The test has power against the construction the derivation rules out: both halves annealed forward, so that the
     * estimate is a quotient of two unbiased estimates, R(w) / R(w1), which is biased (and no bound).
     */
    @Test
    void annealingBothHalvesTheSameWayIsSeenToBeBiased() {
        RatioAis convex = new RatioAis(RatioAis.Path.CONVEX, SMALL_BUDGET, 1, 50, tmeval.anneal.Schedule.UNIFORM);
        ModelComparison sameWay = new ModelComparison() {
            @Override
            public String method() {
                return "both halves forward";
            }

            @Override
            public boolean directional() {
                return true;
            }

            @Override
            public RatioResult estimate(Document d, TopicModel a, TopicModel b, Direction direction, java.util.SplittableRandom random, CancelToken cancel) {
                Document w1 = d.prefix(DocumentCompletion.observedLength(d));
                double whole = convex.estimate(d, a, b, direction, random.split(), cancel).logRatio();
                double observed = convex.estimate(w1, a, b, direction, random.split(), cancel).logRatio();
                return new RatioResult(whole - observed, new double[0], 0, 0);
            }
        };
        ProbabilitySpaceCheck.Pooled p = pooled(sameWay, "both halves forward", documents(), Direction.FORWARD, 210);
        assertTrue(p.largestShare() <= ProbabilitySpaceCheck.MAX_SHARE, "light-tailed enough to mean something: " + p);
        assertTrue(p.rejects(), "the quotient of two unbiased estimates is seen to be biased: " + p);
    }

    private static ProbabilitySpaceCheck.Pooled pooled(ModelComparison method, String label, List<Document> documents, Direction direction, long seed) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < documents.size(); d++) {
            Document doc = documents.get(d);
            double exact = exactCompletionRatio(doc, A, B);
            long key = d;
            samples.add(ProbabilitySpaceCheck.sample("document " + d + " N" + doc.length(), RUNS, r -> {
                double logRatio = method.estimate(doc, A, B, direction, RandomStreams.stream(seed, key, r), new CancelToken()).logRatio();
                return direction == Direction.FORWARD ? logRatio - exact : exact - logRatio;
            }));
        }
        return ProbabilitySpaceCheck.pooledChiSquare("completion ratio " + label + ", " + SMALL_BUDGET + " temperatures", samples);
    }

    /**
     * Bracketing in expectation and consistency: at 5 temperatures the forward mean lies below the exact completion
     * ratio and the reverse mean above it, each beyond its noise on these documents (Jensen on an unbiased estimate);
     * at 500 the bracket still holds within the noise, and it closes in: its width and each side's root-mean-square
     * error less than half of what they were.
     */
    @Test
    void forwardAndReverseBracketTheExactCompletionAndCloseInAsTheBudgetGrows() {
        TopicModel a = Fixtures.randomModel("A", 20, new double[] {0.1, 0.5, 2.0}, 0.3, 1);
        TopicModel b = Fixtures.randomModel("B", 20, new double[] {1.0, 0.3, 0.2}, 0.3, 2);
        int runs = 300;
        for (RatioAis.Path path : RatioAis.Path.values()) {
            for (Document d : Fixtures.generate(a, 2, 12, 151).documents()) {
                double exact = exactCompletionRatio(d, a, b);
                double[][] rms = new double[2][2];
                double[] width = new double[2];
                for (int t = 0; t < 2; t++) {
                    int temperatures = t == 0 ? 5 : 500;
                    CompletionComparison method = new CompletionComparison("c", new RatioAis(path, temperatures, 1, 30, tmeval.anneal.Schedule.UNIFORM));
                    double[][] values = new double[2][runs];
                    for (int r = 0; r < runs; r++) {
                        values[0][r] = method.estimate(d, a, b, Direction.FORWARD, RandomStreams.stream(160, t, r), new CancelToken()).logRatio();
                        values[1][r] = method.estimate(d, a, b, Direction.REVERSE, RandomStreams.stream(161, t, r), new CancelToken()).logRatio();
                    }
                    double forward = StatUtils.mean(values[0]);
                    double reverse = StatUtils.mean(values[1]);
                    double forwardNoise = 4 * Math.sqrt(StatUtils.variance(values[0]) / runs);
                    double reverseNoise = 4 * Math.sqrt(StatUtils.variance(values[1]) / runs);
                    String msg = String.format(Locale.ROOT, "%s %s at %d temperatures: forward %.4f (+-%.4f), exact %.4f, reverse %.4f (+-%.4f)",
                            path, d.id(), temperatures, forward, forwardNoise, exact, reverse, reverseNoise);
                    if (t == 0) {
                        assertTrue(forward + forwardNoise < exact && exact < reverse - reverseNoise, "a strict bracket at a small budget: " + msg);
                    } else {
                        assertTrue(forward <= exact + forwardNoise && reverse >= exact - reverseNoise, msg);
                    }
                    width[t] = reverse - forward;
                    for (int side = 0; side < 2; side++) {
                        double s = 0;
                        for (double v : values[side]) {
                            s += (v - exact) * (v - exact);
                        }
                        rms[t][side] = Math.sqrt(s / runs);
                    }
                }
                assertTrue(width[1] < 0.5 * width[0], path + " " + d.id() + ": the bracket closes in, " + width[0] + " nats wide at 5 temperatures, "
                        + width[1] + " at 500");
                for (int side = 0; side < 2; side++) {
                    assertTrue(rms[1][side] < 0.5 * rms[0][side], path + " " + d.id() + (side == 0 ? " forward" : " reverse")
                            + ": rms error " + rms[0][side] + " at 5 temperatures, " + rms[1][side] + " at 500");
                }
            }
        }
    }

    @Test
    void exactCompletionIsTheDifferenceOfTheExactValuesAndIdenticalModelsGiveZero() {
        Document d = Fixtures.generate(A, 1, 9, 170).document(0);
        ModelComparison exact = ComparisonMethods.get(ComparisonMethods.COMPLETION_EXACT).create(ComparisonPlan.DEFAULT_METHOD_SETTINGS);
        assertEquals(exactCompletionRatio(d, A, B), exact.estimate(d, A, B, Direction.NONE, RandomStreams.stream(1), new CancelToken()).logRatio(), 1e-12);
        assertEquals(5, exact.scoredTokens(9), "the second half of 9 tokens");
        assertEquals(tmeval.estimate.Methods.Guarantee.EXACT, ComparisonMethods.guarantee(ComparisonMethods.COMPLETION_EXACT),
                "certified as exact, even from one run");
        for (String name : List.of(ComparisonMethods.COMPLETION_RATIO_CONVEX, ComparisonMethods.COMPLETION_RATIO_GEOMETRIC)) {
            ModelComparison ratio = ComparisonMethods.get(name).create(ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(20).withBurnIn(5));
            for (Direction direction : new Direction[] {Direction.FORWARD, Direction.REVERSE}) {
                assertEquals(0.0, ratio.estimate(d, A, A, direction, RandomStreams.stream(2), new CancelToken()).logRatio(), 1e-12, name);
            }
        }
        Document one = Fixtures.generate(A, 1, 1, 171).document(0);
        assertThrows(tmeval.estimate.EstimationException.class,
                () -> exact.estimate(one, A, B, Direction.NONE, RandomStreams.stream(1), new CancelToken()), "a one-token document cannot be split");
    }

    @Test
    void completionAndWholeDocumentMethodsAreNotMixedInOnePlan() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.COMPLETION_RATIO_CONVEX)));
        assertTrue(e.getMessage().contains(ComparisonMethods.COMPLETION_RATIO_CONVEX) && e.getMessage().contains("separate"), e.getMessage());
        ComparisonPlan plan = ComparisonPlan.defaults(List.of(ComparisonMethods.COMPLETION_RATIO_CONVEX, ComparisonMethods.COMPLETION_EXACT));
        assertTrue(plan.completion());
        assertEquals(6, plan.scoredTokens(11));
        assertEquals(11, ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX)).scoredTokens(11));
    }
}
