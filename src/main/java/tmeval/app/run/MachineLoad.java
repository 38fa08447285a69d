package tmeval.app.run;

import java.lang.management.ManagementFactory;
import java.util.function.DoubleSupplier;

/**
 * How much slower than its rates assume a job runs on a busy machine: each runnable thread gets cores / (other
 * runnable threads + ours) of a core, at most one; the rates were measured at some load by some threads (a bench's: an
 * idle machine, one thread). The load is the operating system's one-minute average; tests set their own.
 */
final class MachineLoad {
    private DoubleSupplier load = () -> ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    private double whenMeasured = 0;
    private int threadsWhenMeasured = 1;

    void set(DoubleSupplier load) {
        this.load = load;
    }

    /** The load now (negative or NaN: unknown). */
    double now() {
        return load.getAsDouble();
    }

    /** The rates in use were measured at this load (before the measuring threads counted) by this many threads. */
    void ratesMeasuredAt(double otherThreads, int threads) {
        whenMeasured = Math.max(0, otherThreads);
        threadsWhenMeasured = threads;
    }

    /** The rates in use are a bench's: an idle machine, one thread. */
    void ratesOfAFreeMachine() {
        ratesMeasuredAt(0, 1);
    }

    /** The slowdown of a job of {@code jobThreads} at the load now against the rates' own; 1 when the load is unknown. */
    double factor(int jobThreads) {
        double now = now();
        if (!(now >= 0)) {
            return 1;
        }
        return slowdown(now, jobThreads) / slowdown(whenMeasured, threadsWhenMeasured);
    }

    private static double slowdown(double otherThreads, int threads) {
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, (otherThreads + Math.min(threads, cores)) / cores);
    }
}
