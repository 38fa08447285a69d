package tmeval.cli;

/** A mistake in the command line itself (exit code 2). */
public final class UsageException extends Exception {
    public UsageException(String message) {
        super(message);
    }
}
