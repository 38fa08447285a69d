package tmeval.run.cost;

import tmeval.run.local.Throughput;
import tmeval.run.plan.ComparisonPlan;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CostModelTest {
    private static final TopicModel MODEL = Fixtures.randomModel("m", 30, new double[]{0.2, 0.3, 0.5}, 0.1, 5);
    private static final Corpus CORPUS = Fixtures.generate(MODEL, 4, 20, 9);

    @Test
    void siteUpdatesFollowTheCostFormulasPerMethod() {
        MethodSettings s = ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(100).withBurnIn(10).withSamples(1);
        ComparisonPlan plan = ComparisonPlan.defaults(List.of("ratio-convex", "ais-diff", "lr-diff", "exact")).withDirections(ComparisonPlan.Directions.BOTH)
                .withSettings(s).withRuns(2).withSeed(1).withThreads(1).withReference(ComparisonPlan.Reference.LR).withReferenceParticles(5)
                .withAlign(true).withIntersectVocabularies(false).withGapThreshold(1);
        Map<String, Long> u = CostModel.siteUpdatesByMethod(CORPUS, plan);
        long tokens = CORPUS.tokenCount(); // 4 documents of 20 tokens
        assertEquals(2L * (10 + 100) * tokens * 2, u.get("ratio-convex"));   // both directions, two runs
        assertEquals(2L * 100 * tokens * 2, u.get("ais-diff"));
        long p = Math.round(2.0 * 100 / 21);                                 // particles for the budget, N = 20
        assertEquals(4 * 2 * p * 20 * 21 / 2 * 2, u.get("lr-diff"));
        assertEquals(0L, u.get("exact"));
        assertEquals(4L * 5 * 20 * 21, u.get(CostModel.REFERENCE));
    }

    @Test
    void eachMethodIsPricedAtItsOwnRateAndTheRestAtTheFallback() {
        Map<String, Long> u = Map.of("ratio-convex", 4_000_000L, "lr-diff", 1_000_000L, "exact", 0L);
        Throughput rates = new Throughput(Map.of("ratio-convex", 2e6, "lr", 1e6), 3, "test");
        assertEquals((2.0 + 1.0) / 2, CostModel.seconds(u, rates, Double.NaN, 2), 1e-12);
        assertTrue(CostModel.allMeasured(u, rates));
        Throughput partial = new Throughput(Map.of("ratio-convex", 2e6), 3, "test");
        assertFalse(CostModel.allMeasured(u, partial));
        assertEquals(2.0 + 0.5, CostModel.seconds(u, partial, 2e6, 1), 1e-12);
        assertTrue(Double.isNaN(CostModel.seconds(u, partial, Double.NaN, 1)));
    }
}
