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
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each ratio path's sitewise weight (the ratio of each token's conditional totals, {@link SitewisePath}) as the engine
 * computes it, fused into the paths' draws, against the plain formula: the same run replayed token by token with the
 * same random stream, each ratio summed over all K topics from the models' own numbers. Any wrong term among the
 * draws' separate sums (count, alpha and floor parts of both models; the geometric path's kept table and its scale)
 * changes the log-weight far beyond rounding.
 */
class SitewiseIncrementsTest {
    private static final int TEMPERATURES = 25;
    private static final int BURN_IN = 5;

    /** What the replay needs of a path: the path itself, and its weights written from the models. */
    private interface Formula {
        AnnealingPath path(DocumentView view);

        /** The increment no token owns, at the state: log f_q(z) - log f_p(z) for the alpha (prior) part. */
        double shared(int[] counts, double p, double q);

        /** The unnormalised conditional of topic k for a word's row {@code base}, with the prior part at q and the word's factor at t. */
        double weight(int base, int k, int count, double q, double t);
    }

    @Test
    void theConvexPathsFusedWeightEqualsTheRatioOfConditionalTotals() {
        // different alphas, and floors that differ between the models and between topics (each topic its own number
        // of tokens), so a floor taken from the wrong topic or the wrong model shows; sparse enough for the split
        TopicModel a = Fixtures.countBased("A counts", 60, new double[] {0.1, 0.3, 0.6, 1.0, 0.2}, new int[] {12, 20, 28, 16, 35}, 0.05, 71);
        TopicModel b = Fixtures.countBased("B counts", 60, new double[] {0.5, 0.5, 0.2, 0.1, 0.4}, new int[] {30, 18, 25, 40, 22}, 0.2, 72);
        List<Document> documents = Fixtures.generate(a, 6, 30, 73).documents();
        documents.forEach(d -> assertNotNull(WordSparseDraw.of(DocumentView.of(d), a, b), "the split applies to " + d.id()));
        assertEngineReplays(documents, 5, view -> new Formula() {
            private final double[] rowsTo = view.rows(a);
            private final double[] rowsFrom = view.rows(b);

            @Override
            public AnnealingPath path(DocumentView v) {
                return new ConvexPath(v, a, b);
            }

            @Override
            public double shared(int[] counts, double p, double q) {
                return DirichletMultinomial.logRatio(counts, alpha(p), alpha(q));
            }

            @Override
            public double weight(int base, int k, int count, double q, double t) {
                return (count + alpha(q)[k]) * ((1 - t) * rowsFrom[base + k] + t * rowsTo[base + k]);
            }

            private double[] alpha(double beta) {
                double[] alpha = new double[a.numTopics()];
                for (int k = 0; k < alpha.length; k++) {
                    alpha[k] = (1 - beta) * b.alpha()[k] + beta * a.alpha()[k];
                }
                return alpha;
            }
        });
    }

    /**
     * The same for the geometric path: its word table at the previous temperature is kept beside the current one, on
     * its own per-word scale (a uniform schedule advances the table by multiplication and keeps the scale; the sigmoid
     * recomputes it with a new scale at every step), and the count factors h_k are at the new temperature in both.
     */
    @Test
    void theGeometricPathsWeightEqualsTheRatioOfConditionalTotals() {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.2, 0.7, 1.5, 0.4}, 0.3, 81);
        TopicModel b = Fixtures.randomModel("B", 30, new double[] {0.9, 0.3, 0.2, 1.1}, 0.3, 82);
        assertEngineReplays(Fixtures.generate(a, 4, 25, 83).documents(), 6, view -> new Formula() {
            private final double[] logTo = view.logRows(a);
            private final double[] logFrom = view.logRows(b);

            @Override
            public AnnealingPath path(DocumentView v) {
                return new GeometricPath(v, a, b);
            }

            @Override
            public double shared(int[] counts, double p, double q) {
                return (q - p) * (DirichletMultinomial.logProbability(counts, a.alpha()) - DirichletMultinomial.logProbability(counts, b.alpha()));
            }

            @Override
            public double weight(int base, int k, int count, double q, double t) {
                double h = Math.exp(q * Math.log(count + a.alpha()[k]) + (1 - q) * Math.log(count + b.alpha()[k]));
                return h * Math.exp(t * logTo[base + k] + (1 - t) * logFrom[base + k]);
            }
        });
    }

    /** On every document and on the uniform and sigmoid schedules, the engine's log-weight equals the replay's. */
    private static void assertEngineReplays(List<Document> documents, long seed, Function<DocumentView, Formula> formulas) {
        int checked = 0;
        for (Document d : documents) {
            DocumentView view = DocumentView.of(d);
            Formula formula = formulas.apply(view);
            for (Schedule schedule : new Schedule[] {Schedule.UNIFORM, Schedule.SIGMOID}) {
                int numTopics = formula.path(view).numTopics();
                double[] end = new double[1];
                AnnealingEngine.sample(List.of(new AnnealingEngine.Segment(formula.path(view), schedule, TEMPERATURES)), BURN_IN,
                        new TopicState(d.length(), numTopics), RandomStreams.stream(seed, checked), new double[numTopics],
                        new CancelToken(), null, end);
                double replayed = replay(view, formula, schedule, RandomStreams.stream(seed, checked));
                assertEquals(replayed, end[0], 1e-9 * Math.max(1, Math.abs(replayed)), d.id() + " " + schedule);
                assertTrue(Math.abs(end[0]) > 1e-3, "the models differ, so the weight is not trivially 0: " + end[0]);
                checked++;
            }
        }
        assertEquals(2 * documents.size(), checked);
    }

    /** The engine's loop written out: the shared increment at the state, then per token the plain ratio of totals. */
    private static double replay(DocumentView view, Formula formula, Schedule schedule, SplittableRandom random) {
        AnnealingPath path = formula.path(view);
        int numTopics = path.numTopics();
        TopicState state = new TopicState(view.length(), numTopics);
        double[] scratch = new double[numTopics];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, schedule, TEMPERATURES), BURN_IN, state, random, scratch);
        double logWeight = 0;
        for (int j = 1; j <= TEMPERATURES; j++) {
            double p = schedule.beta(j - 1, TEMPERATURES);
            double q = schedule.beta(j, TEMPERATURES);
            logWeight += formula.shared(state.counts, p, q);
            path.setTemperature(q);
            for (int i = 0; i < view.length(); i++) {
                state.remove(i);
                int base = view.slot(i) * numTopics;
                double now = 0;
                double before = 0;
                for (int k = 0; k < numTopics; k++) {
                    now += formula.weight(base, k, state.counts[k], q, q);
                    before += formula.weight(base, k, state.counts[k], q, p);
                }
                logWeight += Math.log(now / before);
                state.assign(i, path.draw(i, state, random, scratch));
            }
        }
        return logWeight;
    }
}
