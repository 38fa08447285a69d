package tmeval.app.curves;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 39: the Train dialog let Start be pressed with no training corpus; Start is off, and the dialog says why, until both are chosen. */
class TrainRequestTest {
    @Test
    void startWaitsForTheTrainingCorpusAndTheFolderAndSaysWhichIsMissing() {
        assertEquals("To start, choose the training corpus and a new or empty folder for the snapshots.", TrainRequest.missing("", " "));
        assertTrue(TrainRequest.missing(null, "/tmp/series").startsWith("To start, choose the training corpus"));
        assertEquals("To start, choose a new or empty folder for the snapshots.", TrainRequest.missing("train.tokens", ""));
        assertNull(TrainRequest.missing("train.tokens", "/tmp/series"));
    }
}
