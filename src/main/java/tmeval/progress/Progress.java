package tmeval.progress;

/** Receives progress of a long job; called from worker threads, so implementations must be thread-safe. */
@FunctionalInterface
public interface Progress {
    Progress NONE = (done, total, message) -> { };

    /** {@code done} of {@code total} units finished; {@code message} says what was just done (may be null). */
    void update(long done, long total, String message);

    /**
     * This progress with a running count after each message ("document 12, 9 certified so far"): the count a job keeps
     * of its finished units that met its rule, read as each unit is reported.
     */
    static Progress counting(Progress progress, java.util.concurrent.atomic.AtomicInteger met, String metWord) {
        return (done, total, message) -> progress.update(done, total,
                (message == null || message.isEmpty() ? "" : message + ", ") + met.get() + " " + metWord + " so far");
    }
}
