package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A 5,000-token document, phi entries down to 1e-300 and alpha from 1e-3 to 1e3 give finite answers for every method. */
class NumericalExtremesTest {
    private static TopicModel extremeModel(double[] alpha) {
        TopicModel m = Fixtures.randomModel("extreme", 50, alpha, 0.1, 5);
        double[] phi = m.phiMatrix();
        int numTopics = alpha.length;
        for (int w = 0; w < 10; w++) {
            for (int k = 0; k < numTopics; k++) {
                if ((w + k) % 2 == 0) {
                    phi[w * numTopics + k] = 1e-300;
                }
            }
        }
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % numTopics];
        }
        return new TopicModel("extreme", m.vocabulary(), phi, alpha);
    }

    @Test
    void everyMethodIsFiniteOnALongDocumentWithExtremeParameters() {
        for (double[] alpha : List.of(new double[] {1e-3, 1e-3, 1e-3, 1e-3}, new double[] {1e3, 1e3, 1e3, 1e3}, new double[] {1e-3, 1, 1e3, 0.1})) {
            TopicModel model = extremeModel(alpha);
            Document doc = Fixtures.generate(model, 1, 5000, 6).document(0);
            int[] words = doc.tokens();
            for (int i = 0; i < 100; i++) {
                words[i] = i % 10; // make sure the 1e-300 entries are used
            }
            Document longDoc = new Document("long", words);
            for (Methods.Method method : Methods.all()) {
                if (!Methods.supports(method.name(), model)) {
                    continue; // is-eta: another family's (EtaImportanceSamplerTest)
                }
                MethodSettings s = method.defaults().withSamples(20).withTemperatures(20).withBurnIn(5).withParticles(1)
                        .withChainLength(5).withIterations(3).withSchedule(Schedule.UNIFORM);
                try {
                    EstimateResult r = method.create(s).estimate(longDoc, model, RandomStreams.stream(1, 2), new CancelToken());
                    assertTrue(Double.isFinite(r.logValue()), method.name() + " alpha " + alpha[0] + ": " + r.logValue());
                    assertTrue(r.siteUpdates() > 0 || method.name().equals("exact"), method.name());
                } catch (EstimationException refusal) {
                    assertTrue(method.name().equals("exact"), method.name() + " refused: " + refusal.getMessage());
                }
            }
        }
    }
}
