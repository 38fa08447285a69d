package tmeval.app.common;

import javafx.concurrent.Task;

/**
 * Runs each task to its end on the calling thread. Called on the FX thread, a task's state changes and its
 * success, failure and cancel handlers run before {@link #execute} returns (JavaFX delivers them directly there,
 * and with {@code Platform.runLater} anywhere else): view-model tests use it on the FX thread and check the state
 * right after the call.
 */
public final class CurrentThreadTaskExecutor implements TaskExecutor {
    private boolean shutDown;

    @Override
    public <T> Task<T> execute(Task<T> task) {
        if (shutDown) {
            throw new IllegalStateException("the executor is shut down");
        }
        task.run();
        return task;
    }

    @Override
    public void shutdown() {
        shutDown = true;
    }
}
