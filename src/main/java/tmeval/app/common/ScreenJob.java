package tmeval.app.common;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import tmeval.progress.CancelToken;

/**
 * The background job of a screen that runs its own (the curves, which K?): while it runs the screen's progress and
 * message follow the task and its running flag is set; {@link #finish} leaves a final message; {@link #cancel} stops
 * the workers (through the token) and the task.
 */
public final class ScreenJob {
    private final DoubleProperty progress;
    private final StringProperty message;
    private final BooleanProperty running;
    private final TaskExecutor executor;
    private CancelToken token;
    private Task<?> task;

    public ScreenJob(DoubleProperty progress, StringProperty message, BooleanProperty running, TaskExecutor executor) {
        this.progress = progress;
        this.message = message;
        this.running = running;
        this.executor = executor;
    }

    /** Starts the task (its handlers already set, each ending in {@link #finish}), cancelled through this token. */
    public void start(Task<?> job, CancelToken cancel) {
        progress.bind(job.progressProperty());
        message.bind(job.messageProperty());
        token = cancel;
        task = job;
        running.set(true);
        executor.execute(job);
    }

    public void finish(String text) {
        progress.unbind();
        message.unbind();
        message.set(text);
        task = null;
        running.set(false);
    }

    public void cancel() {
        if (token != null) {
            token.cancel();
        }
        if (task != null) {
            task.cancel(true);
        }
    }
}
