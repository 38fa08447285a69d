package tmeval.cli;

import tmeval.progress.Progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Progress on standard error: at most about once a second while work finishes, and at least every
 * {@value #HEARTBEAT_SECONDS} seconds while it does not (one document of auto can take longer than that, and a
 * silent terminal looks hung), until the work is done or the printer is closed.
 */
final class ProgressPrinter implements Progress, AutoCloseable {
    static final int HEARTBEAT_SECONDS = 10;

    private static final ScheduledExecutorService HEARTBEATS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "tmeval-progress");
        t.setDaemon(true);
        return t;
    });

    private final PrintStream err;
    private final String label;
    private final long start = System.nanoTime();
    private final long heartbeatNanos;
    private final ScheduledFuture<?> heartbeat;
    private long lastPrinted = start;
    private long done;
    private long total = -1;
    private String message;

    private ProgressPrinter(PrintStream err, String label, long heartbeatNanos) {
        this.err = err;
        this.label = label;
        this.heartbeatNanos = heartbeatNanos;
        this.heartbeat = HEARTBEATS.scheduleAtFixedRate(this::beat, heartbeatNanos, heartbeatNanos, TimeUnit.NANOSECONDS);
    }

    static ProgressPrinter to(PrintStream err, String label) {
        return new ProgressPrinter(err, label, TimeUnit.SECONDS.toNanos(HEARTBEAT_SECONDS));
    }

    /** For tests: a printer whose silence is broken after {@code heartbeatMillis}. */
    static ProgressPrinter to(PrintStream err, String label, long heartbeatMillis) {
        return new ProgressPrinter(err, label, TimeUnit.MILLISECONDS.toNanos(heartbeatMillis));
    }

    @Override
    public void update(long done, long total, String message) {
        long now = System.nanoTime();
        synchronized (this) {
            this.done = done;
            this.total = total;
            this.message = message;
            if (now - lastPrinted < 1_000_000_000L && done < total) {
                return;
            }
            print(now);
        }
        if (done >= total) {
            close();
        }
    }

    private synchronized void beat() {
        long now = System.nanoTime();
        // a beat speaks only after a silence of nearly its period: lines printed as work finished count
        if (now - lastPrinted >= heartbeatNanos - heartbeatNanos / 10) {
            print(now);
        }
    }

    private void print(long now) {
        lastPrinted = now;
        double elapsed = (now - start) / 1e9;
        StringBuilder line = new StringBuilder(label).append(": ");
        if (total < 0) {
            line.append("starting");
        } else {
            line.append(String.format(Locale.ROOT, "%d/%d (%.0f%%)", done, total, 100.0 * done / Math.max(1, total)));
        }
        if (message != null && !message.isEmpty()) {
            line.append(", ").append(message);
        }
        line.append(String.format(Locale.ROOT, ", %.1f s elapsed", elapsed));
        if (done > 0 && done < total) {
            line.append(String.format(Locale.ROOT, ", about %.0f s left", elapsed * (total - done) / done));
        }
        err.println(line);
    }

    @Override
    public void close() {
        heartbeat.cancel(false);
    }
}
