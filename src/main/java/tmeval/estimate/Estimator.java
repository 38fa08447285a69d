package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/**
 * A single-model held-out likelihood estimator. Implementations are immutable and reentrant: all scratch state
 * belongs to one call, so one instance serves every worker thread.
 */
public interface Estimator {
    /** The method name as the command line and the output files spell it ({@code ais}, {@code lr}, ...; the registry is {@link Methods}). */
    String method();

    /**
     * @throws EstimationException when the method refuses this document (the reason is in the message)
     * @throws IllegalArgumentException when the document has probability zero under the model
     */
    EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel);
}
