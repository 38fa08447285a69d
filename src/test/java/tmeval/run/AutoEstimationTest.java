package tmeval.run;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AutoEstimationTest {
    private static final TopicModel MODEL = Fixtures.randomModel("A", 30, new double[] {0.1, 0.2, 0.3, 0.4}, 0.1, 7);

    @Test
    void calibrationRaisesTooFewTemperaturesAndKeepsEnough() {
        StringBuilder report = new StringBuilder();
        // one temperature is a sandwich many nats wide on 30-token documents: calibration doubles it to its limit
        assertEquals(4, AutoEstimation.calibratedTemperatures(MODEL, new int[] {30, 30, 30, 30}, 1, 1, 2, report, new CancelToken()));
        assertTrue(report.toString().contains("temperatures [1, 2, 4]"), report.toString());
        // 2,000 temperatures on 5-token documents close the sandwich within 0.1 nats: kept
        assertEquals(2000, AutoEstimation.calibratedTemperatures(MODEL, new int[] {5, 5, 5, 5}, 2000, 1, 2, new StringBuilder(), new CancelToken()));
    }
}
