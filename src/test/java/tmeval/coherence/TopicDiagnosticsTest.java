package tmeval.coherence;

import org.junit.jupiter.api.Test;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MALLET's diagnostics by hand. Counts n_wk of three words in two topics: x (3, 0), y (1, 1), z (0, 3); so n_1 = n_2 = 4,
 * N = 8, the corpus distribution 3/8, 2/8, 3/8. Topic 1 is p = (3/4, 1/4, 0): eff_num_words 1 / (9/16 + 1/16) = 1.6,
 * corpus_dist 3/4 log((3/4) / (3/8)) + 1/4 log((1/4) / (2/8)) = 3/4 log 2; topic 2 the mirror image. With beta 1, phi is
 * (4, 2, 1) / 7 and (1, 2, 4) / 7; topic 1's top two words x and y have exclusivity 4/5 and 2/4, mean 0.65.
 */
class TopicDiagnosticsTest {
    private static final Vocabulary V = Vocabulary.of(List.of("x", "y", "z"));
    private static final int[] COUNTS = {3, 0, 1, 1, 0, 3};

    private static TopicModel model() {
        return TrainingState.modelFromCounts("m", V, COUNTS, new double[] {0.5, 0.5}, 1.0);
    }

    @Test
    void fromTheAssignmentsTheyAreMalletsCountFormulas() {
        List<TopicDiagnostics.Topic> d = TopicDiagnostics.fromCounts(model(), COUNTS, 2);
        for (TopicDiagnostics.Topic t : d) {
            assertEquals(4, t.tokens(), 0);
            assertEquals(1.6, t.effectiveWords(), 1e-12);
            assertEquals(0.75 * Math.log(2), t.corpusDistance(), 1e-12);
            assertEquals(0.65, t.exclusivity(), 1e-12);
        }
    }

    @Test
    void withoutAssignmentsPhiAndTheExpectedTokensStandInForTheCounts() {
        TopicModel m = model();
        double[] tokens = {2, 6};
        List<TopicDiagnostics.Topic> d = TopicDiagnostics.fromExpectedTokens(m, tokens, 2);
        double[] p1 = {4 / 7.0, 2 / 7.0, 1 / 7.0};
        double[] p2 = {1 / 7.0, 2 / 7.0, 4 / 7.0};
        double divergence = 0;
        for (int w = 0; w < 3; w++) {
            double q = (2 * p1[w] + 6 * p2[w]) / 8;
            divergence += p1[w] * Math.log(p1[w] / q);
        }
        assertEquals(2, d.get(0).tokens(), 1e-12);
        assertEquals(6, d.get(1).tokens(), 1e-12);
        assertEquals(1 / (16 / 49.0 + 4 / 49.0 + 1 / 49.0), d.get(0).effectiveWords(), 1e-12);
        assertEquals(divergence, d.get(0).corpusDistance(), 1e-12);
        assertEquals(0.65, d.get(0).exclusivity(), 1e-12);
    }

    @Test
    void theExpectedTokensShareOutEveryTokenOfTheCorpus() {
        // two topics on disjoint words: each document's tokens belong to the topic of its words
        double[] phi = {0.5, 0, 0.5, 0, 0, 1};
        TopicModel m = new TopicModel("m", V, phi, new double[] {0.1, 0.1});
        Corpus c = new Corpus("c", V, List.of(new Document("1", new int[] {0, 1, 0}), new Document("2", new int[] {2, 2}),
                new Document("3", new int[] {0, 2})), 0, 0);
        double[] tokens = tmeval.run.exec.ExpectedTopicTokens.of(m, c, 2, tmeval.progress.Progress.NONE, new CancelToken());
        assertEquals(4, tokens[0], 1e-6);
        assertEquals(3, tokens[1], 1e-6);
        assertEquals(7, tokens[0] + tokens[1], 1e-9);
    }

    @Test
    void aTopicWithoutTokensHasNoEffectiveWordsOrDistance() {
        int[] counts = {3, 0, 1, 0, 0, 0};
        List<TopicDiagnostics.Topic> d = TopicDiagnostics.fromCounts(model(), counts, 2);
        assertEquals(0, d.get(1).tokens(), 0);
        assertTrue(Double.isNaN(d.get(1).effectiveWords()));
        assertTrue(Double.isNaN(d.get(1).corpusDistance()));
    }
}
