package tmeval.progress;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Ctrl-C (SIGINT) and SIGTERM cancel the running command and wait for it to clean up (temporary output files removed,
 * workers stopped). A job polls its token at least every 100 ms, so a second is enough, and a thread stuck where Java
 * cannot interrupt it (opening a FIFO nobody writes to) does not hold the exit longer; a .part file left then is removed
 * the next time its target is written. One place for the local command line and the Spark driver.
 */
public final class CancelOnShutdown {
    private CancelOnShutdown() {
    }

    /** Runs the command with the hook installed; returns its exit code. */
    public static int run(CancelToken cancel, IntSupplier command) {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            cancel.cancel();
            try {
                finished.await(1, TimeUnit.SECONDS);
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
