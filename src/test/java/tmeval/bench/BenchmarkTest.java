package tmeval.bench;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;
import tmeval.sampling.WordSparseDraw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

class BenchmarkTest {
    /**
     * Padding adds unused words at each topic's floor, as training on the larger vocabulary would: the topics still
     * sum to 1, the floors stay the smallest entries, and a document's words keep their non-zero topics, so the
     * padded timing measures the same draws.
     */
    @Test
    void paddingKeepsTheTopicsFloorsAndADocumentsSparsity() {
        TopicModel model = Fixtures.countBased("m", 40, new double[] {0.1, 0.2, 0.3, 0.4}, 12, 0.1, 3);
        TopicModel padded = Benchmark.padVocabulary(model, 400);
        assertEquals(400, padded.numWords());
        double[] sums = TopicModel.columnSums(padded.phiMatrix(), 4);
        double[] floors = padded.topicFloors();
        for (int k = 0; k < 4; k++) {
            assertEquals(1.0, sums[k], 1e-12);
            assertEquals(floors[k], padded.phi(399, k), 0.0);
        }
        Document doc = Fixtures.generate(model, 1, 30, 5).document(0);
        WordSparseDraw before = WordSparseDraw.of(DocumentView.of(doc), model);
        WordSparseDraw after = WordSparseDraw.of(DocumentView.of(doc), padded);
        assertNotNull(before);
        assertNotNull(after);
        DocumentView view = DocumentView.of(doc);
        for (int s = 0; s < view.numLocalWords(); s++) {
            assertEquals(before.nonZeroTopics(s), after.nonZeroTopics(s), "slot " + s);
        }
    }
}
