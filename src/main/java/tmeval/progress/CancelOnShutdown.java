package tmeval.progress;

import java.util.function.IntSupplier;

/**
 * Ctrl-C (SIGINT) and SIGTERM cancel the running command and let the JVM exit at once: the hook cancels the command's
 * token and removes the command's temporary files itself (from then on the command makes no new one and moves none
 * into place, so nothing it writes appears after the signal), instead of waiting for the command to reach its own
 * clean-up, which a command busy where it does not poll its token (drawing a report's figures, opening a FIFO nobody
 * writes to) reaches late or never. A move into place already under way when the signal comes is finished first, so a
 * file is either the old one or the complete new one. One place for the local command line and the Spark driver.
 */
public final class CancelOnShutdown {
    private CancelOnShutdown() {
    }

    /**
     * Runs the command with the hook installed; returns its exit code.
     *
     * @param stopWriting stops the command's writing and removes its temporary files (returns how many there were)
     */
    public static int run(CancelToken cancel, IntSupplier stopWriting, IntSupplier command) {
        Thread hook = new Thread(() -> {
            cancel.cancel();
            stopWriting.getAsInt();
        }, "tmeval-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return command.getAsInt();
    }
}
