package tmeval.train;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.compare.TopicAlignment;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GibbsTrainerTest {
    /** Five well-separated topics over 50 words, with a clearly asymmetric alpha. */
    private static final double[] TRUE_ALPHA = {0.05, 0.1, 0.2, 0.4, 0.8};
    private static final TopicModel TRUTH = Fixtures.randomModel("truth", 50, TRUE_ALPHA, 0.05, 2024);
    private static final Corpus CORPUS = Fixtures.generate(TRUTH, 600, 60, 99);

    @Test
    void recoversKnownTopicsAndMovesAlphaTowardTheTruth() {
        TrainerConfig config = new TrainerConfig(5, 300, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 50, 0, 1);
        TopicModel learned = new GibbsTrainer(config).train(CORPUS, "learned", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        TopicAlignment alignment = TopicAlignment.align(TRUTH, learned);
        for (int k = 0; k < 5; k++) {
            // L1 distance lies in [0, 2]; 36,000 tokens pin well-separated topics down to a few hundredths
            assertTrue(alignment.distances()[k] < 0.15, "topic " + k + " L1 distance " + alignment.distances()[k]);
        }
        double[] aligned = learned.permuteTopics(alignment.permutation()).alpha();
        double initialError = 0;
        double learnedError = 0;
        for (int k = 0; k < 5; k++) {
            initialError += Math.abs(1.0 - TRUE_ALPHA[k]);
            learnedError += Math.abs(aligned[k] - TRUE_ALPHA[k]);
        }
        assertTrue(learnedError < 0.25 * initialError, "alpha error " + learnedError + " vs initial " + initialError);
        // the order of the learned alpha follows the true one
        for (int k = 1; k < 5; k++) {
            assertTrue(aligned[k] > aligned[k - 1], "alpha order at " + k + ": " + java.util.Arrays.toString(aligned));
        }
    }

    @Test
    void symmetricModeKeepsAlphaEqualAndLearnsItsConcentration() {
        TrainerConfig config = new TrainerConfig(5, 120, AlphaMode.SYMMETRIC, 50.0, 0.01, 10, 20, 0, 1);
        TopicModel learned = new GibbsTrainer(config).train(CORPUS, "s", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        double[] a = learned.alpha();
        for (double x : a) {
            assertEquals(a[0], x, 0.0);
        }
        assertTrue(learned.alphaSum() < 10, "concentration moves down from 50 toward the truth (1.55): " + learned.alphaSum());
    }

    @Test
    void resumingContinuesFromTheStateAndKeepsItsTopicsInPlace() {
        TrainerConfig asymmetric = new TrainerConfig(5, 200, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 50, 0, 1);
        GibbsTrainer.Result first = new GibbsTrainer(asymmetric).train(CORPUS, "a", (i, m) -> { }, Progress.NONE, new CancelToken());

        // zero further sweeps: the state's own model, bit for bit (same counts, same alpha and beta)
        TrainerConfig none = new TrainerConfig(5, 0, AlphaMode.FIXED, 1.0, 0.5, 10, 0, 0, 1);
        TopicModel same = new GibbsTrainer(none).resume(first.state(), "a", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        assertArrayEquals(first.model().phiMatrix(), same.phiMatrix(), 0.0);
        assertArrayEquals(first.model().alpha(), same.alpha(), 0.0);

        // continuing with a symmetric prior: alpha becomes equal, and every topic keeps its label, moving only by the
        // sampling noise of one Gibbs state (about 0.15 in L1 here; distinct topics of this model are about 1.9 apart)
        TrainerConfig symmetric = new TrainerConfig(5, 100, AlphaMode.SYMMETRIC, 5.0, 0.01, 10, 0, 0, 2);
        TopicModel warm = new GibbsTrainer(symmetric).resume(first.state(), "s", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        for (double x : warm.alpha()) {
            assertEquals(warm.alpha()[0], x, 0.0);
        }
        TopicAlignment alignment = TopicAlignment.align(first.model(), warm);
        for (int k = 0; k < 5; k++) {
            assertEquals(k, alignment.permutation()[k], "topic " + k + " kept its label");
            assertTrue(alignment.distances()[k] < 0.3, "topic " + k + " L1 distance " + alignment.distances()[k]);
        }
        assertThrows(IllegalArgumentException.class, () -> new GibbsTrainer(new TrainerConfig(6, 1, AlphaMode.FIXED, 1.0, 0.01, 10, 0, 0, 1))
                .resume(first.state(), "k", (i, m) -> { }, Progress.NONE, new CancelToken()));
    }

    @Test
    void fixedModeKeepsAlpha() {
        TrainerConfig config = new TrainerConfig(5, 30, AlphaMode.FIXED, 2.5, 0.01, 10, 0, 0, 1);
        TopicModel learned = new GibbsTrainer(config).train(CORPUS, "f", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        assertArrayEquals(new double[] {0.5, 0.5, 0.5, 0.5, 0.5}, learned.alpha(), 0.0);
    }

    @Test
    void sameSeedSameModelBitForBitAndSnapshots() {
        TrainerConfig config = new TrainerConfig(5, 40, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 10, 10, 77);
        List<Integer> seen = new ArrayList<>();
        List<TopicModel> snapshots = new ArrayList<>();
        TopicModel first = new GibbsTrainer(config).train(CORPUS, "m", (i, m) -> {
            seen.add(i);
            snapshots.add(m);
        }, Progress.NONE, new CancelToken()).model();
        TopicModel second = new GibbsTrainer(config).train(CORPUS, "m", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        assertArrayEquals(first.phiMatrix(), second.phiMatrix(), 0.0);
        assertArrayEquals(first.alpha(), second.alpha(), 0.0);
        assertEquals(List.of(10, 20, 30, 40), seen);
        assertArrayEquals(first.phiMatrix(), snapshots.get(3).phiMatrix(), 0.0);
        TopicModel other = new GibbsTrainer(new TrainerConfig(5, 40, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 10, 0, 78))
                .train(CORPUS, "m", (i, m) -> { }, Progress.NONE, new CancelToken()).model();
        assertTrue(!java.util.Arrays.equals(first.phiMatrix(), other.phiMatrix()), "another seed, another chain");
    }

    @Test
    void stopAfterSnapshotEndsTrainingThereWithThatSnapshotsModel() {
        TrainerConfig config = new TrainerConfig(5, 1_000, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 10, 10, 77);
        List<Integer> seen = new ArrayList<>();
        List<TopicModel> snapshots = new ArrayList<>();
        boolean[] stop = {false};
        TopicModel last = new GibbsTrainer(config).stoppingAfterSnapshotWhen(() -> stop[0]).train(CORPUS, "m", (i, m) -> {
            seen.add(i);
            snapshots.add(m);
            stop[0] = i == 20; // asked during the second snapshot
        }, Progress.NONE, new CancelToken()).model();
        assertEquals(List.of(10, 20), seen);
        assertArrayEquals(snapshots.get(1).phiMatrix(), last.phiMatrix(), 0.0);
    }

    @Test
    void cancelStopsTraining() {
        CancelToken cancel = new CancelToken();
        TrainerConfig config = new TrainerConfig(5, 100_000, AlphaMode.FIXED, 5.0, 0.01, 10, 0, 0, 1);
        assertThrows(CancelledException.class, () -> new GibbsTrainer(config).train(CORPUS, "c", (i, m) -> { },
                (done, total, msg) -> {
                    if (done == 3) {
                        cancel.cancel();
                    }
                }, cancel));
    }

    @Test
    void optimizerDigammaIdentityMatchesCommonsMath() {
        int[] histogram = {0, 3, 0, 2, 1};
        double a = 0.37;
        double expected = 0;
        for (int n = 1; n < histogram.length; n++) {
            expected += histogram[n] * (org.apache.commons.math3.special.Gamma.digamma(n + a)
                    - org.apache.commons.math3.special.Gamma.digamma(a));
        }
        assertEquals(expected, AlphaOptimizer.digammaDifferenceSum(histogram, a), 1e-12);
    }

    @Test
    void theLogLikelihoodIsReportedAndRisesAndBetaCanBeOptimised() {
        TrainerConfig config = new TrainerConfig(5, 100, AlphaMode.FIXED, 1.0, 0.01, 10, 20, 0, 3);
        java.util.List<double[]> fixed = new java.util.ArrayList<>();
        new GibbsTrainer(config).logging(10, (i, ll, beta, alphaSum) -> fixed.add(new double[] {i, ll, beta}))
                .train(CORPUS, "fixed", (i, m) -> { }, Progress.NONE, new CancelToken());
        assertEquals(10, fixed.size(), "every 10 iterations, the last included");
        assertTrue(fixed.get(9)[1] > fixed.get(0)[1] + 0.05, "training raises log P(w, z) per token: " + fixed.get(0)[1] + " to " + fixed.get(9)[1]);
        assertTrue(fixed.stream().allMatch(r -> r[2] == 0.01), "beta stays fixed unless asked");
        java.util.List<double[]> optimised = new java.util.ArrayList<>();
        var result = new GibbsTrainer(config).optimizingBeta().logging(10, (i, ll, beta, alphaSum) -> optimised.add(new double[] {i, ll, beta}))
                .train(CORPUS, "optimised", (i, m) -> { }, Progress.NONE, new CancelToken());
        double last = optimised.get(optimised.size() - 1)[2];
        // the truth's topics were drawn from Dirichlet(0.05): the fixed point moves beta from 0.01 towards it
        assertTrue(last > 0.015 && last < 0.2, "optimised beta " + last);
        assertEquals(last, result.state().beta(), 0.0, "the state records the beta it ended with");
        assertTrue(optimised.get(optimised.size() - 1)[1] > fixed.get(fixed.size() - 1)[1],
                "a better beta gives a higher log P(w, z): " + optimised.get(optimised.size() - 1)[1] + " vs " + fixed.get(fixed.size() - 1)[1]);
    }
}
