package tmeval.run.plan;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Worker pools for jobs: named daemon threads, always shut down (and interrupted) when the job ends. */
public final class Workers {
    private Workers() {
    }

    /** The default thread count of every job: all cores (output is the same for any count). */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    public static ExecutorService pool(int threads, String name) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return Executors.newFixedThreadPool(threads, factory);
    }

    /** Interrupts whatever still runs and waits (up to a second) for the workers to end. */
    public static void stop(ExecutorService pool) {
        pool.shutdownNow();
        try {
            pool.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
