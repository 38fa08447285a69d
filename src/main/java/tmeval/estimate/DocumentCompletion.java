package tmeval.estimate;

import tmeval.model.Document;

/**
 * Document completion (Wallach et al. Section 5): the first half w1 of a document is observed and the estimate is
 * of log P(w2 | w1, Phi, alpha), the second half given the first.
 */
public final class DocumentCompletion {
    private DocumentCompletion() {
    }

    /** The length of the observed first half, floor(N / 2); refuses documents too short to split. */
    public static int observedLength(Document document) {
        if (document.length() < 2) {
            throw new EstimationException("document completion needs at least 2 tokens; document " + document.id()
                    + " has " + document.length());
        }
        return document.length() / 2;
    }

    /** The length of the scored second half of a document of this length: the tokens an estimate's row counts. */
    public static int scoredLength(int length) {
        return length - length / 2;
    }
}
