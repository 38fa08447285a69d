package tmeval.app;

import javafx.concurrent.Task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where view-models start their long jobs: JavaFX {@link Task}s on daemon threads, never on the FX thread, so the
 * window never freezes. One instance per workbench; closed with the window.
 */
public final class Background {
    private final ExecutorService executor;

    public Background() {
        AtomicInteger count = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tmeval-gui-task-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public <T> Task<T> start(Task<T> task) {
        executor.execute(task);
        return task;
    }

    public void shutdown() {
        executor.shutdownNow();
    }
}
