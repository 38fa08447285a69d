package tmeval.train;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Corpus;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerturbationTest {
    private static final Corpus CORPUS = Fixtures.generate(Fixtures.randomModel("t", 40, new double[] {0.2, 0.3, 0.5, 1}, 0.1, 3), 200, 50, 4);
    private static final TrainingState STATE = new GibbsTrainer(new TrainerConfig(4, 30, AlphaMode.FIXED, 2, 0.01, 10, 0, 0, 1))
            .train(CORPUS, "m", (i, m) -> { }, Progress.NONE, new CancelToken()).state();

    @Test
    void reassignsTheRequestedFractionUniformly() {
        TrainingState perturbed = Perturbation.perturb(STATE, 0.05, 9);
        int changed = 0;
        int total = 0;
        for (int d = 0; d < STATE.numDocuments(); d++) {
            int[] a = STATE.topics(d);
            int[] b = perturbed.topics(d);
            total += a.length;
            for (int i = 0; i < a.length; i++) {
                changed += a[i] != b[i] ? 1 : 0;
            }
        }
        int drawn = (int) Math.round(0.05 * total);
        // each of the `drawn` tokens keeps its topic with probability 1/K = 1/4: changed ~ Binomial(drawn, 3/4)
        double mean = drawn * 0.75;
        double sd = Math.sqrt(drawn * 0.75 * 0.25);
        assertTrue(changed <= drawn);
        assertTrue(Math.abs(changed - mean) < 5 * sd, "changed " + changed + ", expected about " + mean);
        assertTrue(!STATE.toModel("a").equals(perturbed.toModel("a")));
    }

    @Test
    void zeroFractionIsTheSameModelAndSeedsRepeat() {
        assertArrayEquals(STATE.toModel("a").phiMatrix(), Perturbation.perturb(STATE, 0, 1).toModel("a").phiMatrix(), 0.0);
        assertEquals(Perturbation.perturb(STATE, 0.1, 5).toModel("p"), Perturbation.perturb(STATE, 0.1, 5).toModel("p"));
    }
}
