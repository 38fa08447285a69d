package tmeval.progress;

/** A flag that a long job polls between units of work (a document, an iteration) to stop promptly when asked. */
public final class CancelToken {
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled || Thread.currentThread().isInterrupted();
    }

    /** @throws CancelledException if the job was cancelled */
    public void check() {
        if (isCancelled()) {
            throw new CancelledException();
        }
    }
}
