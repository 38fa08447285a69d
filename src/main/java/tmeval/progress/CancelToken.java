package tmeval.progress;

/** A flag that a long job polls between units of work (a document, an iteration) to stop promptly when asked. */
public final class CancelToken {
    private volatile boolean cancelled;

    /**
     * How often an inner loop (a temperature, a sample, a sweep of a chain) polls: every 64th step, so that a cancel
     * lands within a fraction of a second without a volatile read per step.
     */
    public static final int CHECK_INTERVAL = 64;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled || Thread.currentThread().isInterrupted();
    }

    /** Checks at every {@link #CHECK_INTERVAL}-th step of a loop (steps 0, 64, 128, ...). */
    public void checkEvery(long step) {
        if ((step & (CHECK_INTERVAL - 1)) == 0) {
            check();
        }
    }

    /** @throws CancelledException if the job was cancelled */
    public void check() {
        if (isCancelled()) {
            throw new CancelledException();
        }
    }
}
