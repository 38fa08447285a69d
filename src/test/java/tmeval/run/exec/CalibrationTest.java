package tmeval.run.exec;

import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrationTest {
    private static final TopicModel MODEL = Fixtures.randomModel("K4", 30, new double[] {0.1, 0.3, 0.6, 1.0}, 0.2, 5);
    private static final int[] LENGTHS = {12, 30, 8, 20, 25, 16, 40, 10, 18, 22, 14, 35};
    private static final List<Integer> BUDGETS = List.of(5, 50, 500);

    private static Calibration.Result ais(int threads) {
        return Calibration.widths(MODEL, LENGTHS, BUDGETS, 7, threads, new CancelToken());
    }

    /**
     * Forward AIS below, reverse AIS from the true assignments above: every width finite, their mean over documents
     * not below 0 beyond its noise at any budget (E[upper] >= log P(w) >= E[lower]), and falling at least threefold
     * from each budget to the next. Planted and caught: the reverse run started from uniformly drawn assignments instead
     * of the true ones (no upper bound: the mean width at 5 temperatures came out at -3.2, and rose to 3.9 at 50).
     */
    @Test
    void widthsAreFiniteNotNegativeInMeanAndFallWithTheBudget() {
        Calibration.Result r = ais(2);
        assertEquals(LENGTHS.length * BUDGETS.size(), r.rows().size());
        double previous = Double.POSITIVE_INFINITY;
        for (int budget : BUDGETS) {
            double[] widths = r.rows().stream().filter(row -> row.budget() == budget).mapToDouble(Calibration.Row::width).toArray();
            assertEquals(LENGTHS.length, widths.length);
            assertTrue(Arrays.stream(widths).allMatch(Double::isFinite), Arrays.toString(widths));
            double mean = StatUtils.mean(widths);
            double noise = 3 * Math.sqrt(StatUtils.variance(widths) / widths.length);
            assertTrue(mean + noise >= 0, "budget " + budget + ": mean width " + mean + " +- " + noise);
            assertTrue(mean < previous / 3, "budget " + budget + ": mean width " + mean + " after " + previous);
            previous = mean;
            Calibration.Summary s = r.summaries().stream().filter(x -> x.budget() == budget).findFirst().orElseThrow();
            assertEquals(mean, s.meanWidth(), 1e-9);
            assertEquals(StatUtils.max(widths), s.maxWidth(), 0.0);
            assertEquals(LENGTHS.length, s.documents());
            assertEquals(0, s.refused());
        }
    }

    @Test
    void theRowsAreTheSameForAnyThreadCount() {
        List<Calibration.Row> one = ais(1).rows();
        List<Calibration.Row> two = ais(2).rows();
        assertEquals(one.size(), two.size());
        for (int i = 0; i < one.size(); i++) {
            assertEquals(one.get(i).documentId(), two.get(i).documentId());
            assertEquals(one.get(i).budget(), two.get(i).budget());
            assertEquals(one.get(i).lower(), two.get(i).lower(), 0.0);
            assertEquals(one.get(i).upper(), two.get(i).upper(), 0.0);
        }
    }

    /** The smallest budget whose mean width per document is at most W; none when no budget reaches it. */
    @Test
    void theSmallestBudgetUnderAWidth() {
        Calibration.Result r = ais(2);
        double[] means = BUDGETS.stream().mapToDouble(b -> r.summaries().stream().filter(s -> s.budget() == b).findFirst().orElseThrow().meanWidth())
                .toArray();
        assertEquals(OptionalInt.of(5), r.smallestBudget(means[0] + 1), "every budget is under a wide enough W: the smallest");
        assertEquals(OptionalInt.of(50), r.smallestBudget(means[1]), "at most W, not below");
        assertEquals(OptionalInt.of(50), r.smallestBudget((means[0] + means[1]) / 2));
        assertEquals(OptionalInt.of(500), r.smallestBudget((means[1] + means[2]) / 2));
        assertEquals(OptionalInt.empty(), r.smallestBudget(Math.min(means[2], 0) - 1), "no budget is that close");
        assertEquals(OptionalInt.empty(), r.smallestBudget(Methods.LEE_IS, 1e9), "a method not calibrated has no answer");
    }

    /**
     * Another lower bound (lee-is at 5, 50 and 500 samples) against reverse AIS at the largest budget: its widths are
     * finite and not negative in mean; a method whose log-estimate is no lower bound (lr with R > 1, hm, vb) is refused.
     */
    @Test
    void otherLowerBoundsAreSandwichedAgainstTheLargestReverseRun() {
        Calibration.Result r = Calibration.widths(MODEL, LENGTHS, List.of(Methods.AIS, Methods.LEE_IS), BUDGETS, 7, 2, row -> { },
                Progress.NONE, new CancelToken());
        List<Calibration.Row> lee = r.rows().stream().filter(row -> row.method().equals(Methods.LEE_IS)).toList();
        assertEquals(LENGTHS.length * BUDGETS.size(), lee.size());
        for (Calibration.Row row : lee) {
            assertEquals(500, row.upperTemperatures());
            Calibration.Row reverse = r.rows().stream().filter(x -> x.method().equals(Methods.AIS) && x.budget() == 500
                    && x.document() == row.document()).findFirst().orElseThrow();
            assertEquals(reverse.upper(), row.upper(), 0.0, "one reverse run at the largest budget per document, shared");
            assertTrue(Double.isFinite(row.width()));
        }
        Calibration.Summary s = r.summaries().stream().filter(x -> x.method().equals(Methods.LEE_IS) && x.budget() == 500).findFirst().orElseThrow();
        assertTrue(s.meanWidth() > -0.1, "not below 0 beyond noise: " + s);
        for (String m : List.of(Methods.LR, Methods.HM, Methods.VB, Methods.COMPLETION_AIS)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Calibration.checkMethods(List.of(m)));
            assertTrue(e.getMessage().contains(m) && e.getMessage().contains(Methods.LEE_IS), e.getMessage());
        }
    }

    @Test
    void lengthsAreASeededSampleOfTheCorpus() {
        List<tmeval.model.Document> docs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            docs.add(new tmeval.model.Document("d" + i, new int[10 + i]));
        }
        Corpus corpus = new Corpus("c", MODEL.vocabulary(), docs, 0, 0);
        int[] all = Calibration.sampleLengths(corpus, 5, 3);
        int[] sorted = all.clone();
        Arrays.sort(sorted);
        assertArrayEquals(new int[] {10, 11, 12, 13, 14}, sorted, "as many as the corpus has: each document once");
        assertArrayEquals(all, Calibration.sampleLengths(corpus, 5, 3), "seeded");
        int[] more = Calibration.sampleLengths(corpus, 12, 3);
        assertArrayEquals(all, Arrays.copyOf(more, 5), "the first five are the sample without replacement");
        assertTrue(Arrays.stream(more).allMatch(n -> n >= 10 && n <= 14));
        assertThrows(IllegalArgumentException.class, () -> Calibration.sampleLengths(corpus, 0, 3));
    }
}
