package tmeval.progress;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Ctrl-C (SIGINT) and SIGTERM cancel the running command and wait for it to clean up (temporary output files moved
 * into place or removed), but only while there is something to clean up: the hook asks how many temporary files the
 * command still holds (and from then on it makes no new one) and lets the JVM exit as soon as none is left, the
 * command has finished, or a second has passed. A job polls its token at least every 100 ms, so a second is enough for
 * one that is writing; a command that holds no temporary file (reading its inputs, or stuck where Java cannot interrupt
 * it, opening or reading a FIFO nobody writes to) loses nothing by stopping at once. A .part file left by a command
 * that overran the second is removed the next time its target is written. One place for the local command line and
 * the Spark driver.
 */
public final class CancelOnShutdown {
    /** The longest the exit waits for a command's clean-up. */
    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private CancelOnShutdown() {
    }

    /**
     * Runs the command with the hook installed; returns its exit code.
     *
     * @param temporaryFiles how many temporary files the command still holds; once called, it makes no new one
     */
    public static int run(CancelToken cancel, IntSupplier temporaryFiles, IntSupplier command) {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            cancel.cancel();
            long deadline = System.nanoTime() + GRACE_NANOS;
            try {
                while (temporaryFiles.getAsInt() > 0 && System.nanoTime() < deadline && !finished.await(5, TimeUnit.MILLISECONDS)) {
                    // the command is moving its files into place or removing them
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tmeval-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return command.getAsInt();
        } finally {
            // also when the command dies of an Error, so that a signal's hook is not left waiting
            finished.countDown();
        }
    }
}
