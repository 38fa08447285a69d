package tmeval.run.select;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several training seeds per K, simulated: each model's held-out log-likelihood is its K's true mean, plus its seed's luck
 * (spread TAU nats), plus Monte Carlo noise (MC nats, known to the estimator). K = 20 is best, K = 30 a little behind.
 */
class SeedsPerKTest {
    private static final int[] KS = {10, 20, 30};
    private static final double TAU = 80;
    private static final double MC = 3;
    private static final int SEEDS = 4;
    private static final int REPLICATES = 400;

    /** One replicate: the models of every K, seed by seed (seed 0 of each K first in its K). */
    private static List<SeedsPerK.Model> simulate(double[] trueMeans, SplittableRandom r) {
        List<SeedsPerK.Model> models = new ArrayList<>();
        for (int j = 0; j < KS.length; j++) {
            for (int s = 0; s < SEEDS; s++) {
                double y = trueMeans[j] + TAU * r.nextGaussian() + MC * r.nextGaussian();
                models.add(new SeedsPerK.Model(KS[j], y, MC * MC, new double[] {0.1 * j, 0.1 * j + 0.05}, 0.5 + 0.1 * j));
            }
        }
        return models;
    }

    /**
     * What one seed per K decides (as a single model per K is judged by its Monte Carlo interval): the K whose value clears
     * every other K's by 1.96 standard errors of the difference, else 0.
     */
    private static int oneSeedDecides(List<SeedsPerK.Model> models) {
        List<SeedsPerK.Model> first = models.stream().filter(m -> models.indexOf(m) % SEEDS == 0).toList();
        SeedsPerK.Model best = first.stream().max(java.util.Comparator.comparingDouble(SeedsPerK.Model::logLikelihood)).orElseThrow();
        for (SeedsPerK.Model m : first) {
            if (m != best && best.logLikelihood() - m.logLikelihood() <= 1.96 * Math.sqrt(best.monteCarloVariance() + m.monteCarloVariance())) {
                return 0;
            }
        }
        return best.k();
    }

    @Test
    void oneSeedAlonePicksTheWrongKOftenTheMeanOverSeedsAlmostNever() {
        SplittableRandom r = new SplittableRandom(38);
        double[] truth = {-100_200, -100_000, -100_060};
        int oneSeedWrong = 0;
        int perKWrong = 0;
        int perKWrongWhereOneSeedWrong = 0;
        for (int i = 0; i < REPLICATES; i++) {
            List<SeedsPerK.Model> models = simulate(truth, r);
            int one = oneSeedDecides(models);
            int perK = SeedsPerK.of(models, 1).decidedK();
            boolean oneWrong = one != 0 && one != 20;
            oneSeedWrong += oneWrong ? 1 : 0;
            perKWrong += perK != 0 && perK != 20 ? 1 : 0;
            perKWrongWhereOneSeedWrong += oneWrong && perK != 0 && perK != 20 ? 1 : 0;
        }
        // a seed's luck (80 nats) swamps K = 30's deficit (60 nats), and its Monte Carlo noise (3 nats) is no guard
        assertTrue(oneSeedWrong > 0.2 * REPLICATES, "one seed decided a wrong K in " + oneSeedWrong + " of " + REPLICATES);
        // the per-K rule's interval holds the seeds' spread: a wrong K at most at the test's level (it must clear two K's)
        assertTrue(perKWrong <= 0.05 * REPLICATES, "the per-K rule decided a wrong K in " + perKWrong + " of " + REPLICATES);
        assertTrue(perKWrongWhereOneSeedWrong <= 0.05 * oneSeedWrong, perKWrongWhereOneSeedWrong + " of " + oneSeedWrong);
    }

    @Test
    void aClearDifferenceIsDecided() {
        SplittableRandom r = new SplittableRandom(7);
        double[] truth = {-100_800, -100_000, -100_500};
        int right = 0;
        for (int i = 0; i < REPLICATES; i++) {
            right += SeedsPerK.of(simulate(truth, r), 1).decidedK() == 20 ? 1 : 0;
        }
        assertTrue(right >= 0.9 * REPLICATES, "decided K = 20 in " + right + " of " + REPLICATES);
    }

    @Test
    void theRowsGiveEachKsSeedsMeanCoherenceAndDiversity() {
        SeedsPerK.Result result = SeedsPerK.of(simulate(new double[] {-100_800, -100_000, -100_500}, new SplittableRandom(1)), 1);
        assertEquals(3, result.rows().size());
        SeedsPerK.Row k20 = result.rows().get(1);
        assertEquals(20, k20.k());
        assertEquals(SEEDS, k20.seeds());
        assertTrue(k20.likelihood().low() < k20.likelihood().value() && k20.likelihood().value() < k20.likelihood().high());
        // every topic of its four models: 0.1 and 0.15 each, mean 0.125
        assertEquals(2 * SEEDS, k20.coherenceTopics());
        assertEquals(0.125, k20.coherence().value(), 1e-12);
        assertTrue(k20.coherence().low() >= 0.1 && k20.coherence().high() <= 0.15 && k20.coherence().known());
        assertEquals(0.6, k20.diversity().value(), 1e-12);
        assertEquals(9, result.degreesOfFreedom());
        assertEquals("best", k20.decided());
        assertEquals("below K = 20", result.rows().get(0).decided());
    }

    @Test
    void oneModelPerKDecidesNothing() {
        List<SeedsPerK.Model> models = List.of(new SeedsPerK.Model(10, -1000, 1, new double[] {0.1}, 0.9),
                new SeedsPerK.Model(20, -900, 1, new double[] {0.2}, 0.8));
        SeedsPerK.Result result = SeedsPerK.of(models, 1);
        assertEquals(0, result.decidedK());
        assertEquals("-", result.rows().get(1).decided());
        assertTrue(result.verdict().contains("one model per K"));
        // its Monte Carlo interval alone, as a single model's
        assertEquals(-900 - 1.96, result.rows().get(1).likelihood().low(), 1e-9);
        assertTrue(!result.rows().get(1).diversity().known());
    }

    /**
     * Models of two families at one K (two seeds each) are two rows, not four seeds of one K: which family and which K. The
     * logistic-normal models' K = 2 clears the LDAs' and is decided, named with its family.
     */
    @Test
    void modelsOfSeveralFamiliesAreGroupedByFamilyAndK() {
        String ln = "logistic-normal (D = K, diagonal covariance) prior, product decoder";
        List<SeedsPerK.Model> models = List.of(new SeedsPerK.Model(2, -1000, 1, new double[] {0.1}, 0.9),
                new SeedsPerK.Model(2, -1002, 1, new double[] {0.1}, 0.9),
                new SeedsPerK.Model(2, -900, 1, new double[] {0.2}, 0.8, ln),
                new SeedsPerK.Model(2, -901, 1, new double[] {0.2}, 0.8, ln));
        SeedsPerK.Result result = SeedsPerK.of(models, 1);
        assertEquals(2, result.rows().size());
        assertEquals(List.of("LDA", ln), result.rows().stream().map(SeedsPerK.Row::family).toList());
        assertEquals(List.of(2, 2), result.rows().stream().map(SeedsPerK.Row::seeds).toList());
        assertEquals("below K = 2 (" + ln + ")", result.rows().get(0).decided());
        assertEquals("best", result.rows().get(1).decided());
        assertEquals(ln, result.decidedFamily());
        assertTrue(result.verdict().startsWith("K = 2 (" + ln + ") decided"), result.verdict());
        String printed = PerKTable.report(result, "npmi");
        assertTrue(printed.contains("best  (" + ln + ")"), printed);
    }
}
