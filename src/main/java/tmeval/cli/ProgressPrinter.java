package tmeval.cli;

import tmeval.progress.Progress;

import java.io.PrintStream;
import java.util.Locale;

/** Progress on standard error, at most about once a second, so logs stay short. */
final class ProgressPrinter {
    private ProgressPrinter() {
    }

    static Progress to(PrintStream err, String label) {
        long start = System.nanoTime();
        long[] last = {start};
        return (done, total, message) -> {
            long now = System.nanoTime();
            synchronized (last) {
                if (now - last[0] < 1_000_000_000L && done < total) {
                    return;
                }
                last[0] = now;
            }
            double elapsed = (now - start) / 1e9;
            double eta = done > 0 ? elapsed * (total - done) / done : Double.NaN;
            err.printf(Locale.ROOT, "%s: %d/%d (%.0f%%), %.1f s elapsed%s%n", label, done, total, 100.0 * done / Math.max(1, total),
                    elapsed, done > 0 && done < total ? String.format(Locale.ROOT, ", about %.0f s left", eta) : "");
        };
    }
}
