package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The trace hook reports each sample's topic assignments at the start and after every temperature. */
class AisTraceTest {
    @Test
    void theTraceSeesTheTopicsAtEveryTemperatureAndTheEstimateIsUnchanged() {
        TopicModel model = Fixtures.randomModel("m", 30, new double[] {0.3, 0.2, 0.1}, 0.2, 5);
        Document doc = Fixtures.generate(model, 1, 7, 6).documents().get(0);
        AnnealedImportanceSampler ais = AnnealedImportanceSampler.standard(12, 3, Schedule.UNIFORM);
        List<int[]> seen = new ArrayList<>();
        List<Integer> temperatures = new ArrayList<>();
        int[] steps = {0};
        EstimateResult traced = ais.estimate(doc, model, RandomStreams.stream(4, 12, 3), new CancelToken(),
                new AnnealedImportanceSampler.SampleTrace() {
                    @Override
                    public void step(int sample, int temperature, double beta, double logWeight) {
                        steps[0]++;
                    }

                    @Override
                    public void topics(int sample, int temperature, int[] topics) {
                        if (sample == 1) {
                            seen.add(topics.clone());
                            temperatures.add(temperature);
                        }
                    }
                });
        assertEquals(3 * 12, steps[0]);
        assertEquals(13, seen.size(), "the start and 12 temperatures");
        for (int j = 0; j <= 12; j++) {
            assertEquals(j, temperatures.get(j));
            assertEquals(doc.length(), seen.get(j).length);
            for (int k : seen.get(j)) {
                assertTrue(k >= 0 && k < 3);
            }
        }
        EstimateResult plain = ais.estimate(doc, model, RandomStreams.stream(4, 12, 3), new CancelToken());
        assertEquals(plain.logValue(), traced.logValue(), 0.0, "watching does not change the run");
    }
}
