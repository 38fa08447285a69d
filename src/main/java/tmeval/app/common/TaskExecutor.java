package tmeval.app.common;

import tmeval.architecture.AllowedToUseJavaFxConcurrent;

import javafx.application.Platform;
import javafx.concurrent.Task;

/**
 * Where view-models start their long jobs. The workbench runs them on daemon threads
 * ({@link BackgroundTaskExecutor}); view-model tests run them at once on the calling thread
 * ({@link CurrentThreadTaskExecutor}), so what a finished, failed or cancelled job does to the state is checked
 * without waiting.
 */
@AllowedToUseJavaFxConcurrent
public interface TaskExecutor {
    /** Starts the task and returns it. */
    <T> Task<T> execute(Task<T> task);

    /** Stops what is running; later tasks are refused. */
    void shutdown();

    /**
     * Runs on the FX thread: at once when called there (a task run by {@link CurrentThreadTaskExecutor} on the FX
     * thread), otherwise later. For work a task hands to the view-model before it ends (a snapshot's curve points).
     */
    static void onFxThread(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }
}
