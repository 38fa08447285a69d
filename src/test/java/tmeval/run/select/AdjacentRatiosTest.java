package tmeval.run.select;

import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.EstimatePlan;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.Methods;
import tmeval.io.CorpusLoader;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.DocumentView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdjacentRatiosTest {
    private static final TopicModel K3 = Fixtures.randomModel("K3 truth", 30, new double[] {0.2, 0.3, 0.5}, 0.3, 1);
    private static final TopicModel K2 = Fixtures.randomModel("K2", 30, new double[] {0.5, 0.5}, 0.3, 7);
    private static final TopicModel K4 = Fixtures.randomModel("K4", 30, new double[] {0.2, 0.2, 0.3, 0.3}, 0.3, 8);
    private static final TopicModel K5_WIDER = Fixtures.randomModel("K5 wider", 35, new double[] {0.4, 0.4, 0.4, 0.4, 0.4}, 0.3, 9);

    private static ModelSelection.Result select(EstimatePlan plan, Corpus corpus, TopicModel... models) throws Exception {
        List<ModelSelection.Candidate> candidates = new ArrayList<>();
        for (TopicModel m : models) {
            candidates.add(new ModelSelection.Candidate(m, CorpusLoader.mapOnto(corpus, m.vocabulary(), null)));
        }
        return ModelSelection.run(plan, candidates, new ModelSelection.Listener() { }, i -> Progress.NONE, new CancelToken());
    }

    private static ComparisonPlan pairs(String method, int temperatures) {
        return ComparisonPlan.defaults(List.of(method)).withDirections(ComparisonPlan.Directions.BOTH)
                .withSettings(ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(temperatures).withBurnIn(30)).withRuns(2).withSeed(5)
                .withThreads(2).withReference(ComparisonPlan.Reference.NONE).withAlign(true).withIntersectVocabularies(false);
    }

    private static double exactSum(Corpus corpus, TopicModel a, TopicModel b) {
        double sum = 0;
        for (var d : corpus.documents()) {
            sum += new ExactEvaluator().logProbability(DocumentView.of(d), a, new CancelToken())
                    - new ExactEvaluator().logProbability(DocumentView.of(d), b, new CancelToken());
        }
        return sum;
    }

    /**
     * Models given out of order (K = 4, 2, 3) are chained by K: 3 against 2, 4 against 3, each by ratio-AIS in both
     * directions; the single-model method here is exact, so the differenced column is the truth, which the bracket
     * holds (forward below, reverse above, within noise); the pair's cost is the registry's for every document.
     */
    @Test
    void eachModelIsComparedWithTheNextOneUpInKAndTheBracketHoldsTheExactDifference() throws Exception {
        Corpus corpus = Fixtures.generate(K3, 10, 6, 3);
        ModelSelection.Result result = select(new EstimatePlan(Methods.EXACT, Methods.get(Methods.EXACT).defaults(), 2, 1, 2), corpus, K4, K2, K3);
        ComparisonPlan plan = pairs(ComparisonMethods.RATIO_CONVEX, 50);
        List<AdjacentRatios.Pair> pairs = AdjacentRatios.run(plan, result, label -> Progress.NONE, new CancelToken());
        assertEquals(2, pairs.size());
        int[][] expected = {{2, 1}, {0, 2}}; // K3 (index 2) against K2 (index 1), K4 (index 0) against K3
        long cost = 0;
        for (var d : corpus.documents()) {
            cost += ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).siteUpdates(plan.settings(), d.length(), 2) * plan.runs();
        }
        for (int p = 0; p < 2; p++) {
            AdjacentRatios.Pair pair = pairs.get(p);
            assertEquals(expected[p][0], pair.larger());
            assertEquals(expected[p][1], pair.smaller());
            assertNull(pair.unavailable());
            assertEquals(10, pair.documents());
            assertEquals(0, pair.withoutEstimate());
            TopicModel larger = result.scores().get(pair.larger()).model();
            TopicModel smaller = result.scores().get(pair.smaller()).model();
            double exact = exactSum(corpus, larger, smaller);
            String msg = String.format(Locale.ROOT, "%s against %s: forward %.4f +- %.4f, exact %.4f, reverse %.4f +- %.4f", larger.name(),
                    smaller.name(), pair.forward(), pair.forwardError(), exact, pair.reverse(), pair.reverseError());
            System.out.println(msg);
            assertEquals(exact, pair.differenced(), 1e-9, "exact on each model, differenced");
            assertEquals(0.0, pair.differencedError(), 1e-12);
            assertTrue(pair.forwardError() > 0 && pair.reverseError() > 0, msg);
            assertTrue(pair.forward() - 3 * pair.forwardError() < exact && exact < pair.reverse() + 3 * pair.reverseError(), msg);
            assertTrue(pair.differencedMeetsBracket(), msg);
            assertEquals(10, pair.forLarger() + pair.forSmaller() + pair.undecided());
            assertEquals(cost, pair.siteUpdates(), "the registry's cost, both directions and both runs of every document");
            assertTrue(pair.notes().get(0).contains("is split to K = " + larger.numTopics()), pair.notes().toString());
        }
        String text = AdjacentRatios.text(pairs, result, Methods.EXACT);
        assertTrue(text.contains("model 3 (K = 3) against model 2 (K = 2), 10 documents") && text.contains("model 1 (K = 4) against model 3 (K = 3)")
                && text.contains("exact differenced") && text.contains("documents decided by their own bracket"), text);
    }

    /** A model over other words scores other tokens: its pair in the chain is said to be n/a, with why, and not run. */
    @Test
    void aPairOverDifferentVocabulariesIsNotComparedAndSaysWhy() throws Exception {
        Corpus corpus = Fixtures.generate(K3, 4, 5, 4);
        ModelSelection.Result result = select(new EstimatePlan(Methods.EXACT, Methods.get(Methods.EXACT).defaults(), 1, 1, 1), corpus, K5_WIDER, K3);
        List<AdjacentRatios.Pair> pairs = AdjacentRatios.run(pairs(ComparisonMethods.RATIO_GEOMETRIC, 10), result, label -> Progress.NONE,
                new CancelToken());
        assertEquals(1, pairs.size());
        assertEquals(0, pairs.get(0).larger());
        assertTrue(pairs.get(0).unavailable().contains("different vocabularies"));
        assertEquals(0, pairs.get(0).siteUpdates());
        String text = AdjacentRatios.text(pairs, result, Methods.EXACT);
        assertTrue(text.contains("model 1 (K = 5) against model 2 (K = 3): n/a, the two models have different vocabularies"), text);
    }
}
