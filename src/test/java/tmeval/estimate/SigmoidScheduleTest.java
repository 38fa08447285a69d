package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.anneal.Schedule;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SigmoidScheduleTest {
    @Test
    void runsFromZeroToOneDenserAtTheEnds() {
        Schedule s = Schedule.SIGMOID;
        assertEquals(0.0, s.beta(0, 100), 0);
        assertEquals(1.0, s.beta(100, 100), 0);
        assertEquals(0.5, s.beta(50, 100), 1e-12);
        double firstStep = s.beta(1, 100) - s.beta(0, 100);
        double middleStep = s.beta(51, 100) - s.beta(50, 100);
        assertTrue(firstStep < middleStep / 3, "dense near the ends: " + firstStep + " vs " + middleStep);
        for (int j = 1; j <= 100; j++) {
            assertTrue(s.beta(j, 100) > s.beta(j - 1, 100));
        }
    }

    /** AIS stays unbiased in probability space whatever the schedule: the mean weight over many small runs is P(w). */
    @Test
    void aisWithTheSigmoidScheduleIsUnbiased() {
        for (ExactCases.Case c : ExactCases.all().subList(0, 3)) {
            Estimator ais = AnnealedImportanceSampler.standard(10, 1, Schedule.SIGMOID);
            int runs = 4000;
            double sum = 0;
            double squares = 0;
            for (int r = 0; r < runs; r++) {
                double w = Math.exp(ais.estimate(c.document(), c.model(), RandomStreams.stream(7, r, 1, 3), new CancelToken()).logValue() - c.exact());
                sum += w;
                squares += w * w;
            }
            double mean = sum / runs;
            double se = Math.sqrt((squares / runs - mean * mean) / runs);
            assertTrue(Math.abs(mean - 1) < 5 * se, c + ": mean weight " + mean + " (s.e. " + se + ")");
        }
    }
}
