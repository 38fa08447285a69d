package tmeval.app.common;

import tmeval.architecture.AllowedToUseJavaFxConcurrent;

import javafx.concurrent.Task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workbench's executor: JavaFX {@link Task}s on daemon threads, never on the FX thread, so the window never
 * freezes. One instance per workbench; shut down with the window.
 */
@AllowedToUseJavaFxConcurrent
public final class BackgroundTaskExecutor implements TaskExecutor {
    private final ExecutorService executor;

    public BackgroundTaskExecutor() {
        AtomicInteger count = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "tmeval-gui-task-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public <T> Task<T> execute(Task<T> task) {
        executor.execute(task);
        return task;
    }

    @Override
    public void shutdown() {
        executor.shutdownNow();
    }
}
