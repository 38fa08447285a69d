package tmeval.coherence;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bootstrap over topics: seeded, within the values' range, and exact where there is no spread. */
class TopicBootstrapTest {
    @Test
    void theIntervalIsSeededAndLiesAroundTheMean() {
        double[] values = {0.1, 0.4, -0.2, 0.3, 0.05, 0.2, -0.1, 0.35};
        TopicBootstrap.Interval a = TopicBootstrap.of(values, 1);
        assertEquals(a, TopicBootstrap.of(values, 1), "the same seed, the same interval");
        assertNotEquals(a, TopicBootstrap.of(values, 2));
        double mean = 1.1 / 8;
        assertTrue(a.low() < mean && mean < a.high(), a.toString());
        assertTrue(a.low() >= -0.2 && a.high() <= 0.4, a.toString());
        // the mean of 8 values resampled: its standard error is sd / sqrt(8); the 95% interval spans about 4 of them
        double sd = 0;
        for (double v : values) {
            sd += (v - mean) * (v - mean);
        }
        sd = Math.sqrt(sd / 8);
        assertEquals(2 * 1.96 * sd / Math.sqrt(8), a.high() - a.low(), 0.25 * (2 * 1.96 * sd / Math.sqrt(8)));
    }

    @Test
    void noSpreadNoWidthAndOneTopicNoInterval() {
        assertEquals(new TopicBootstrap.Interval(0.25, 0.25), TopicBootstrap.of(new double[] {0.25, 0.25, 0.25}, 1));
        assertTrue(Double.isNaN(TopicBootstrap.of(new double[] {0.25}, 1).low()));
    }
}
