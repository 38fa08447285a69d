package tmeval.progress;

/** Thrown out of a job that noticed it was cancelled; carries no partial result. */
public final class CancelledException extends RuntimeException {
    public CancelledException() {
        super("cancelled");
    }
}
