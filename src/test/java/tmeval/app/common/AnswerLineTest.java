package tmeval.app.common;

import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.model.Corpus;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.exec.ComparisonRunner;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The answer line follows the results as they stream in, and says "partial" while a job runs and after a cancel. */
@ExtendWith(FxThread.class)
class AnswerLineTest {
    private final Corpus corpus = AppFixtures.corpus();

    @Test
    void theAnswerIsLiveAndPartialWhileRunningOrAfterACancel() {
        Results results = new Results();
        SimpleBooleanProperty running = new SimpleBooleanProperty(false);
        AnswerLine answer = new AnswerLine(results, running);
        results.reset(corpus);
        assertEquals("", answer.textProperty().get(), "no results, no answer");
        running.set(true);
        assertEquals("Partial answer: none yet, the first documents are running.", answer.textProperty().get());
        List<ComparisonRunner.Result> all = KnownVerdicts.results(corpus);
        results.addAll(all.subList(0, all.size() / 2));
        String half = answer.textProperty().get();
        assertEquals(ComparisonAnswer.line(results.rows(), results.verdicts().counts(), results.checks(), null, true), half);
        assertTrue(half.startsWith("Partial answer: A predicts better by "), half);
        results.addAll(all.subList(all.size() / 2, all.size()));
        assertTrue(!answer.textProperty().get().equals(half), "each batch updates the line");
        running.set(false);
        String done = answer.textProperty().get();
        assertEquals(ComparisonAnswer.line(results.rows(), results.verdicts().counts(), results.checks(), null, false), done);
        assertTrue(done.contains(" by ratio-convex; " + KnownVerdicts.CONVEX_CERTIFIED + " of 12 documents certified; "), done);
        results.partialProperty().set("partial: cancelled after 6 of 12 documents");
        assertTrue(answer.textProperty().get().startsWith("Partial answer: "), answer.textProperty().get());
        results.reset(corpus);
        assertEquals("", answer.textProperty().get(), "new inputs: no answer");
    }
}
