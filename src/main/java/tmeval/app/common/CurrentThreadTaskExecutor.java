package tmeval.app.common;

import tmeval.architecture.AllowedToUseJavaFxConcurrent;

import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/**
 * Runs each task to its end on the calling thread, for view-model tests. JavaFX hands a task's outcome (its value,
 * its state and the success, failure and cancel handlers) to the FX thread with {@code Platform.runLater}, even when
 * the task ran there; called on the FX thread, this executor therefore lets the FX thread deliver what is pending
 * (a nested event loop, as a modal dialog does) until the task has reached its final state. So when
 * {@link #execute} returns, the view-model has seen the outcome, and a test checks the state at once.
 */
@AllowedToUseJavaFxConcurrent
public final class CurrentThreadTaskExecutor implements TaskExecutor {
    /** A task's outcome is one runLater away; more rounds than this mean it never comes. */
    private static final int MAX_ROUNDS = 1000;

    private boolean shutDown;

    @Override
    public <T> Task<T> execute(Task<T> task) {
        if (shutDown) {
            throw new IllegalStateException("the executor is shut down");
        }
        task.run();
        // a cancel(true) during the run interrupted the task's thread, which is ours: the interrupt was for the task
        Thread.interrupted();
        if (Platform.isFxApplicationThread()) {
            for (int round = 0; round < MAX_ROUNDS && !finished(task); round++) {
                Object key = new Object();
                Platform.runLater(() -> Platform.exitNestedEventLoop(key, null));
                Platform.enterNestedEventLoop(key);
            }
            if (!finished(task)) {
                throw new IllegalStateException("the task's outcome was never delivered");
            }
        }
        return task;
    }

    private static boolean finished(Task<?> task) {
        Worker.State s = task.getState();
        return s == Worker.State.SUCCEEDED || s == Worker.State.FAILED || s == Worker.State.CANCELLED;
    }

    @Override
    public void shutdown() {
        shutDown = true;
    }
}
