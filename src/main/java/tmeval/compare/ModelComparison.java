package tmeval.compare;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/** A per-document estimator of log P(w | A) - log P(w | B). Immutable and reentrant, like {@link tmeval.estimate.Estimator}. */
public interface ModelComparison {
    String method();

    /** Whether the method anneals in a direction (ratio paths), and so is run forward and reverse. */
    boolean directional();

    RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random, CancelToken cancel);

    /** The tokens whose probability the estimate compares in a document of this length: all, or the second half for completion. */
    default int scoredTokens(int length) {
        return length;
    }
}
