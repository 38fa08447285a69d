package tmeval.run.covariates;

import tmeval.run.certify.Verdict;

/**
 * One document's log ratio by one method, per scored token, with its Monte Carlo variance (covariates.md).
 *
 * @param documentId the document's id
 * @param tokens the tokens the log ratio is over (the rows' {@code N})
 * @param value y_d: the mean over runs (a ratio path: the midpoint of its two directions' means) over {@code tokens};
 *              NaN when a run has no value
 * @param variance v_d: its Monte Carlo variance, per token squared; NaN when the runs cannot tell it (one run)
 * @param verdict the document's verdict by the method, the {@code certified} column's
 */
public record DocumentRatio(String documentId, int tokens, double value, double variance, Verdict verdict) {
    /** Whether it can enter an analysis: a finite value and a known variance. */
    public boolean usable() {
        return Double.isFinite(value) && Double.isFinite(variance);
    }

    public boolean certified() {
        return verdict.certified();
    }
}
