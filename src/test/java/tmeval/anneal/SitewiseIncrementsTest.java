package tmeval.anneal;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;
import tmeval.sampling.TopicState;
import tmeval.sampling.WordSparseDraw;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The convex path's sitewise weight (the ratio of each token's conditional totals, {@link SitewisePath}) as the
 * engine computes it, fused into the sparse draws, against the plain formula: the same run replayed token by token
 * with the same random stream, each ratio summed over all K topics from the models' rows. Any wrong term among the
 * draw's separate sums (count, alpha and floor parts of both models) changes the log-weight far beyond rounding.
 */
class SitewiseIncrementsTest {
    @Test
    void theFusedSitewiseWeightEqualsTheRatioOfConditionalTotals() {
        // different alphas, and floors that differ between the models and between topics (each topic its own number
        // of tokens), so a floor taken from the wrong topic or the wrong model shows; sparse enough for the split
        TopicModel a = Fixtures.countBased("A counts", 60, new double[] {0.1, 0.3, 0.6, 1.0, 0.2}, new int[] {12, 20, 28, 16, 35}, 0.05, 71);
        TopicModel b = Fixtures.countBased("B counts", 60, new double[] {0.5, 0.5, 0.2, 0.1, 0.4}, new int[] {30, 18, 25, 40, 22}, 0.2, 72);
        int checked = 0;
        for (Document d : Fixtures.generate(a, 6, 30, 73).documents()) {
            DocumentView view = DocumentView.of(d);
            assertNotNull(WordSparseDraw.of(view, a, b), "the split applies to " + d.id());
            for (Schedule schedule : new Schedule[] {Schedule.UNIFORM, Schedule.SIGMOID}) {
                int n = 25;
                double[] end = new double[1];
                AnnealingEngine.sample(List.of(new AnnealingEngine.Segment(new ConvexPath(view, a, b), schedule, n)), 5,
                        new TopicState(d.length(), a.numTopics()), RandomStreams.stream(5, checked), new double[a.numTopics()],
                        new CancelToken(), null, end);
                double replayed = replay(view, a, b, schedule, n, 5, RandomStreams.stream(5, checked));
                assertEquals(replayed, end[0], 1e-9 * Math.max(1, Math.abs(replayed)), d.id() + " " + schedule);
                assertTrue(Math.abs(end[0]) > 1e-3, "the models differ, so the weight is not trivially 0: " + end[0]);
                checked++;
            }
        }
        assertEquals(12, checked);
    }

    /** The engine's loop written out: the alpha increment at the state, then per token the dense ratio of totals. */
    private static double replay(DocumentView view, TopicModel to, TopicModel from, Schedule schedule, int n, int burnIn,
                                 SplittableRandom random) {
        int numTopics = to.numTopics();
        ConvexPath path = new ConvexPath(view, to, from);
        double[] rowsTo = view.rows(to);
        double[] rowsFrom = view.rows(from);
        TopicState state = new TopicState(view.length(), numTopics);
        double[] scratch = new double[numTopics];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, schedule, n), burnIn, state, random, scratch);
        double[] alphaPrevious = new double[numTopics];
        double[] alphaNow = new double[numTopics];
        double logWeight = 0;
        for (int j = 1; j <= n; j++) {
            double p = schedule.beta(j - 1, n);
            double q = schedule.beta(j, n);
            for (int k = 0; k < numTopics; k++) {
                alphaPrevious[k] = (1 - p) * from.alpha()[k] + p * to.alpha()[k];
                alphaNow[k] = (1 - q) * from.alpha()[k] + q * to.alpha()[k];
            }
            logWeight += DirichletMultinomial.logRatio(state.counts, alphaPrevious, alphaNow);
            path.setTemperature(q);
            for (int i = 0; i < view.length(); i++) {
                state.remove(i);
                int base = view.slot(i) * numTopics;
                double now = 0;
                double before = 0;
                for (int k = 0; k < numTopics; k++) {
                    double weight = state.counts[k] + alphaNow[k];
                    now += weight * ((1 - q) * rowsFrom[base + k] + q * rowsTo[base + k]);
                    before += weight * ((1 - p) * rowsFrom[base + k] + p * rowsTo[base + k]);
                }
                logWeight += Math.log(now / before);
                state.assign(i, path.draw(i, state, random, scratch));
            }
        }
        return logWeight;
    }

    /**
     * The same for the geometric path: its word table at the previous temperature is kept beside the current one, on
     * its own per-word scale (a uniform schedule advances the table by multiplication and keeps the scale; the sigmoid
     * recomputes it with a new scale at every step), and the count factors h_k are at the new temperature in both.
     */
    @Test
    void theGeometricPathsSitewiseWeightEqualsTheRatioOfConditionalTotals() {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.2, 0.7, 1.5, 0.4}, 0.3, 81);
        TopicModel b = Fixtures.randomModel("B", 30, new double[] {0.9, 0.3, 0.2, 1.1}, 0.3, 82);
        int checked = 0;
        for (Document d : Fixtures.generate(a, 4, 25, 83).documents()) {
            DocumentView view = DocumentView.of(d);
            for (Schedule schedule : new Schedule[] {Schedule.UNIFORM, Schedule.SIGMOID}) {
                int n = 25;
                double[] end = new double[1];
                AnnealingEngine.sample(List.of(new AnnealingEngine.Segment(new GeometricPath(view, a, b), schedule, n)), 5,
                        new TopicState(d.length(), a.numTopics()), RandomStreams.stream(6, checked), new double[a.numTopics()],
                        new CancelToken(), null, end);
                double replayed = replayGeometric(view, a, b, schedule, n, 5, RandomStreams.stream(6, checked));
                assertEquals(replayed, end[0], 1e-9 * Math.max(1, Math.abs(replayed)), d.id() + " " + schedule);
                assertTrue(Math.abs(end[0]) > 1e-3, "the models differ, so the weight is not trivially 0: " + end[0]);
                checked++;
            }
        }
        assertEquals(8, checked);
    }

    /** The geometric path's loop written out, every factor from the models' logs. */
    private static double replayGeometric(DocumentView view, TopicModel to, TopicModel from, Schedule schedule, int n, int burnIn,
                                          SplittableRandom random) {
        int numTopics = to.numTopics();
        GeometricPath path = new GeometricPath(view, to, from);
        double[] logTo = view.logRows(to);
        double[] logFrom = view.logRows(from);
        TopicState state = new TopicState(view.length(), numTopics);
        double[] scratch = new double[numTopics];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, schedule, n), burnIn, state, random, scratch);
        double logWeight = 0;
        for (int j = 1; j <= n; j++) {
            double p = schedule.beta(j - 1, n);
            double q = schedule.beta(j, n);
            logWeight += (q - p) * (DirichletMultinomial.logProbability(state.counts, to.alpha())
                    - DirichletMultinomial.logProbability(state.counts, from.alpha()));
            path.setTemperature(q);
            for (int i = 0; i < view.length(); i++) {
                state.remove(i);
                int base = view.slot(i) * numTopics;
                double now = 0;
                double before = 0;
                for (int k = 0; k < numTopics; k++) {
                    int c = state.counts[k];
                    double h = Math.exp(q * Math.log(c + to.alpha()[k]) + (1 - q) * Math.log(c + from.alpha()[k]));
                    now += h * Math.exp(q * logTo[base + k] + (1 - q) * logFrom[base + k]);
                    before += h * Math.exp(p * logTo[base + k] + (1 - p) * logFrom[base + k]);
                }
                logWeight += Math.log(now / before);
                state.assign(i, path.draw(i, state, random, scratch));
            }
        }
        return logWeight;
    }
}
