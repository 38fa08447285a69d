package tmeval.compare;

import tmeval.estimate.RunClock;
import tmeval.estimate.DocumentCompletion;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/**
 * A whole-document comparison turned into one of document completion (Wallach et al. Section 5):
 * log P_A(w2 | w1) - log P_B(w2 | w1) = [log P_A(w) - log P_B(w)] - [log P_A(w1) - log P_B(w1)], the first estimated on
 * the whole document w, the second on its observed first half w1 ({@link DocumentCompletion}), independently.
 * <p>
 * For a ratio path the two runs anneal in opposite directions. Forward: B to A on w, whose weight is unbiased for
 * P_A(w) / P_B(w), times A to B on w1, unbiased for P_B(w1) / P_A(w1); the product of two independent unbiased
 * estimates is unbiased for their product, P_A(w2 | w1) / P_B(w2 | w1), so forward is unbiased in probability and its
 * log a stochastic lower bound, as for a whole document. Reverse is the mirror image, unbiased for the inverse, so
 * minus its log is a stochastic upper bound. Running both halves in the same direction would divide two unbiased
 * estimates, which is neither unbiased nor a bound. Why two runs and not one (estimators.md, "Ratio-AIS for document
 * completion"): one chain's weight telescopes to the ratio of its two ends' normalisers, and the completion ratio is
 * a ratio of four.
 */
public final class CompletionComparison implements ModelComparison {
    private final String method;
    private final ModelComparison whole;

    /** @param whole the comparison of whole documents, run on w and on w1 */
    public CompletionComparison(String method, ModelComparison whole) {
        this.method = method;
        this.whole = whole;
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public boolean directional() {
        return whole.directional();
    }

    @Override
    public int scoredTokens(int length) {
        return DocumentCompletion.scoredLength(length);
    }

    @Override
    public RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        Document observed = document.prefix(DocumentCompletion.observedLength(document));
        SplittableRandom forWhole = random.split();
        SplittableRandom forObserved = random.split();
        RatioResult all = whole.estimate(document, a, b, direction, forWhole, cancel);
        RatioResult first = whole.estimate(observed, a, b, opposite(direction), forObserved, cancel);
        return new RatioResult(all.logRatio() - first.logRatio(), new double[0], all.siteUpdates() + first.siteUpdates(),
                RunClock.now() - start);
    }

    private static Direction opposite(Direction d) {
        return switch (d) {
            case FORWARD -> Direction.REVERSE;
            case REVERSE -> Direction.FORWARD;
            case NONE -> Direction.NONE;
        };
    }
}
