package tmeval.run.exec;

import tmeval.estimate.EstimateResult;

/**
 * The outcome of one (document, run) task: a result, or the estimator's refusal in words. Refusals are reported,
 * never written as NaN or infinity.
 *
 * @param documentIndex position of the document in the corpus
 * @param documentId the document's id
 * @param length the document's length N
 * @param run the run number, from 1
 * @param result the estimate, or null when refused
 * @param refusal why there is no estimate, or null
 * @param status {@link Status#OK}, {@link Status#ZERO_WEIGHT} or {@link Status#REFUSED} (below-floor is decided when a
 *               document's runs are all in, by {@link tmeval.run.output.EstimateTable})
 * @param floor the variational lower bound on the document's log-likelihood, computed with its first run (NaN for the
 *              other runs, for document completion, for {@code vb} itself, and for a model with a product decoder)
 * @param method the method that produced it: the plan's, or for {@code auto} the choice or the fallback that certified
 *               the document ({@link tmeval.run.auto.AutoEstimation#run}), so that its row is written and judged under that method
 */
public record Outcome(int documentIndex, String documentId, int length, int run, EstimateResult result, String refusal,
                      Status status, double floor, String method) implements java.io.Serializable {
    public boolean refused() {
        return result == null;
    }
}
