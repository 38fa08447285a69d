package tmeval.estimate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The clock a run's time is read from (the {@code millis} column, the rates that price jobs): the CPU time of the thread
 * that runs it, where the JVM measures it (HotSpot on Linux, macOS and Windows does), wall time otherwise. A run's wall
 * time counts whatever else the machine did meanwhile: in a freshly opened workbench, its rendering and other jobs made
 * auto's pilot read twice its own time, and the cost preview said 29 s for a 14.8 s job.
 */
public final class RunClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();

    private RunClock() {
    }

    /** Nanoseconds on this thread's clock: only differences on one thread mean anything. */
    public static long now() {
        return CPU ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
