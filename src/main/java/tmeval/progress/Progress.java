package tmeval.progress;

/** Receives progress of a long job; called from worker threads, so implementations must be thread-safe. */
@FunctionalInterface
public interface Progress {
    Progress NONE = (done, total, message) -> { };

    /** {@code done} of {@code total} units finished; {@code message} says what was just done (may be null). */
    void update(long done, long total, String message);
}
