package tmeval.estimate;

/**
 * An estimator's refusal for one document, with the reason in words (for example {@code exact} beyond its state
 * limit, or document completion of a one-token document). Never a silent approximation.
 */
public final class EstimationException extends RuntimeException {
    public EstimationException(String message) {
        super(message);
    }
}
