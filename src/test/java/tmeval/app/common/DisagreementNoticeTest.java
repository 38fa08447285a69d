package tmeval.app.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The banner above the views of the results says when two methods' corpus intervals exclude each other, and only then. */
@ExtendWith(FxThread.class)
class DisagreementNoticeTest {
    private final Corpus corpus = AppFixtures.corpus();

    /**
     * ratio-convex both ways on every document, forward 0.5 and reverse 0.52 nats (plus the document's 0 to 0.02); lr-diff
     * at {@code baseline} plus the same, its runs at +0.02 and +0.04 (a mean of baseline + 0.03).
     */
    private List<ComparisonRunner.Result> results(double baseline) {
        List<ComparisonRunner.Result> all = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            double noise = 0.01 * (d % 3);
            for (int run = 1; run <= 2; run++) {
                all.add(KnownVerdicts.result(corpus, d, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, run, 0.5 + noise));
                all.add(KnownVerdicts.result(corpus, d, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, run, 0.52 + noise));
                all.add(KnownVerdicts.result(corpus, d, ComparisonMethods.LR_DIFF, Direction.NONE, run, baseline + noise + 0.02 * run));
            }
        }
        return all;
    }

    @Test
    void intervalsThatExcludeEachOtherAreSaidAsTheyStreamInAndGoWithNewResults() {
        Results results = new Results();
        DisagreementNotice notice = new DisagreementNotice(results);
        results.reset(corpus);
        assertEquals("", notice.sentencesProperty().get());
        List<ComparisonRunner.Result> all = results(-0.5);
        results.addAll(all.subList(0, all.size() / 2));
        results.addAll(all.subList(all.size() / 2, all.size()));
        String sentences = notice.sentencesProperty().get();
        assertTrue(sentences.startsWith("\u26a0 ratio-convex and lr-diff disagree: corpus perplexity ratio "), sentences);
        assertTrue(sentences.contains("A predicts better) by ratio-convex") && sentences.contains("B predicts better) by lr-diff"), sentences);
        assertTrue(sentences.endsWith("the intervals exclude each other. ratio-convex: 12 of 12 documents certified, lr-diff: 12 of 12."), sentences);
        assertEquals(1, sentences.lines().count());
        String summary = notice.summaryProperty().get();
        assertTrue(summary.startsWith("\u26a0 Methods disagree on the corpus perplexity ratio: ratio-convex "), summary);
        assertTrue(summary.endsWith("95% intervals that exclude each other: ratio-convex and lr-diff. Documents certified: ratio-convex 12 of 12,"
                + " lr-diff 12 of 12."), summary);

        results.reset(corpus);
        assertEquals("", notice.sentencesProperty().get(), "new inputs: no results, nothing to say");
        results.addAll(results(0.48));
        assertEquals("", notice.sentencesProperty().get(), "overlapping intervals say nothing");
        assertEquals("", notice.summaryProperty().get());
    }
}
