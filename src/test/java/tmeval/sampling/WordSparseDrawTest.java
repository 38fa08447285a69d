package tmeval.sampling;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WordSparseDrawTest {
    private static final int K = 6;
    private static final int V = 60;

    /** phi from sparse counts: each topic saw 15 tokens, so most words sit at their topic's floor. */
    private static TopicModel countModel() {
        return countModel(new double[] {0.05, 0.1, 0.2, 0.4, 0.8, 1.6}, 15, 5);
    }

    private static TopicModel countModel(double[] alpha, int wordsPerTopic, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] counts = new int[V * K];
        for (int k = 0; k < K; k++) {
            for (int t = 0; t < wordsPerTopic; t++) {
                counts[random.nextInt(V) * K + k] += 1 + random.nextInt(3);
            }
        }
        return TrainingState.modelFromCounts("counts", Fixtures.vocabulary(V), counts, alpha, 0.01);
    }

    /**
     * For tokens of every kind of word, the draw's frequencies over 200,000 draws match the exact conditional
     * (n_k + alpha_k) phi(w, k) / total within 4.5 standard errors of a multinomial frequency.
     */
    @Test
    void theDrawFollowsTheExactConditional() {
        TopicModel model = countModel();
        Document doc = Fixtures.generate(model, 1, 40, 3).document(0);
        WordSparseDraw split = WordSparseDraw.of(DocumentView.of(doc), model);
        assertNotNull(split, "a count-based model takes the split");
        assertDrawsFollowTheConditional(split, doc, model, model, 1.0, 9, 0, 7, 19, 33);
    }

    /** The convex path's split between two count-based models with different alphas, at b = 0.37, likewise. */
    @Test
    void theConvexPathDrawFollowsItsExactConditional() {
        TopicModel to = countModel();
        double[] otherAlpha = {1.0, 0.7, 0.5, 0.3, 0.2, 0.1};
        TopicModel from = countModel(otherAlpha, 8, 12);
        Document doc = Fixtures.generate(to, 1, 40, 3).document(0);
        WordSparseDraw split = WordSparseDraw.of(DocumentView.of(doc), to, from);
        assertNotNull(split, "count-based models take the split");
        split.setTemperature(0.37);
        assertDrawsFollowTheConditional(split, doc, to, from, 0.37, 10, 1, 12, 25, 39);
    }

    /**
     * From a random state, for each given token: 200,000 draws against (n_k + alpha_b,k) phi_b(w, k), with
     * phi_b = (1 - b) phi_from + b phi_to and alpha_b likewise (one model: from = to, b = 1).
     */
    private static void assertDrawsFollowTheConditional(WordSparseDraw split, Document doc, TopicModel to, TopicModel from, double b,
                                                        long seed, int... tokens) {
        DocumentView view = DocumentView.of(doc);
        TopicState state = new TopicState(doc.length(), K);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < doc.length(); i++) {
            state.assign(i, random.nextInt(K));
        }
        split.resync(state);
        double[] scratch = new double[K];
        int draws = 200_000;
        for (int token : tokens) {
            state.remove(token);
            int w = doc.word(token);
            double[] p = new double[K];
            double total = 0;
            for (int k = 0; k < K; k++) {
                double alpha = (1 - b) * from.alpha(k) + b * to.alpha(k);
                p[k] = (state.counts[k] + alpha) * ((1 - b) * from.phi(w, k) + b * to.phi(w, k));
                total += p[k];
            }
            int[] seen = new int[K];
            for (int d = 0; d < draws; d++) {
                seen[split.draw(view.slot(token), state, random, scratch)]++;
            }
            for (int k = 0; k < K; k++) {
                double expected = p[k] / total;
                double se = Math.sqrt(expected * (1 - expected) / draws);
                assertEquals(expected, seen[k] / (double) draws, 4.5 * se + 1e-12, "token " + token + ", topic " + k);
            }
            state.assign(token, state.topics[token]);
        }
    }

    @Test
    void theTrackedCountFloorStaysExactAcrossManyMoves() {
        TopicModel model = countModel();
        Document doc = Fixtures.generate(model, 1, 50, 4).document(0);
        DocumentView view = DocumentView.of(doc);
        WordSparseDraw split = WordSparseDraw.of(view, model);
        TopicState state = new TopicState(doc.length(), K);
        SplittableRandom random = new SplittableRandom(2);
        state.drawFromPrior(model.alpha(), random, new double[K]);
        split.resync(state);
        double[] floor = model.topicFloors();
        for (int move = 0; move < 100_000; move++) {
            int i = random.nextInt(doc.length());
            state.remove(i);
            state.assign(i, random.nextInt(K));
        }
        double exact = 0;
        for (int k = 0; k < K; k++) {
            exact += state.counts[k] * floor[k];
        }
        assertEquals(exact, state.trackedMass(), 1e-12 * exact);
    }

    @Test
    void denseModelsKeepThePresentTopicDraw() {
        TopicModel dense = Fixtures.randomModel("dense", 30, new double[] {0.2, 0.3, 0.5}, 0.5, 1);
        Document doc = Fixtures.generate(dense, 1, 20, 2).document(0);
        assertNull(WordSparseDraw.of(DocumentView.of(doc), dense), "no word is at its topic's floor: the split would not pay");
        assertTrue(countModel().topicFloors()[0] > 0);
    }
}
