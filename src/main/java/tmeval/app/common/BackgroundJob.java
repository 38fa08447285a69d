package tmeval.app.common;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.StringProperty;
import javafx.concurrent.Task;
import tmeval.architecture.AllowedToUseJavaFxConcurrent;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;

import java.util.function.Consumer;

/**
 * One slot of work off the FX thread: each place in the workbench that runs work in the background holds one. The
 * work is given a {@link Sink} for its progress and partial results and a {@link CancelToken}; what it ends in reaches
 * the FX thread as one {@link Outcome} with its callback: success with the value, failure with the error and a message
 * for the user, or cancelled (the partial results, if any, were published through the sink as they came). The latest
 * start wins: starting again cancels the job before it, whose late callbacks and publications are then ignored, so a
 * stale job can never overwrite what a newer one shows.
 *
 * <p>The jobs run through a {@link TaskExecutor}: on daemon threads in the workbench, at once in view-model tests.
 */
@AllowedToUseJavaFxConcurrent
public final class BackgroundJob<T> {
    /** How a job ended: the value that decides what comes next (a queued job runs after FINISHED or FAILED only). */
    public enum Outcome { FINISHED, CANCELLED, FAILED }

    /** The work, run off the FX thread; throw {@link CancelledException} (or return) when the token is cancelled. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Sink sink, CancelToken cancel) throws Exception;
    }

    /** What the work reports while it runs; callable from any thread. */
    public interface Sink {
        /** {@code done} of {@code total} units. */
        void progress(long done, long total);

        /** What the job is doing, for the screen's message line. */
        void message(String text);

        /** Runs on the FX thread, unless the job has ended or been superseded by then: partial results as they arrive. */
        void publish(Runnable onFxThread);
    }

    /** A failure as the user is told of it: {@link Failures#describe}. */
    public record Failure(Throwable error) {
        public String message() {
            return Failures.describe(error);
        }
    }

    private final TaskExecutor executor;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private DoubleProperty shownProgress;
    private StringProperty shownMessage;
    private Attempt current;

    public BackgroundJob(TaskExecutor executor) {
        this.executor = executor;
    }

    /**
     * While a job runs, these follow its progress and message (they are the screen's: set freely when none runs);
     * {@code message} may be null.
     */
    public BackgroundJob<T> showIn(DoubleProperty progress, StringProperty message) {
        this.shownProgress = progress;
        this.shownMessage = message;
        return this;
    }

    /** Whether a job of this slot is running (from its start until its outcome's callbacks have run). */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public boolean isRunning() {
        return running.get();
    }

    /** A job of this work, started by {@link Start#start()} once its callbacks are set. */
    public Start of(Work<T> work) {
        return new Start(work);
    }

    /** Cancels the running job, if any: its cancelled callback runs (at once when called on the FX thread). */
    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    /** The callbacks of one job, all run on the FX thread; then {@link #start()}. */
    public final class Start {
        private final Work<T> work;
        private Consumer<T> onSuccess = value -> { };
        private Consumer<Failure> onFailure = failure -> { };
        private Runnable onCancelled = () -> { };
        private Consumer<Outcome> onEnd = outcome -> { };

        private Start(Work<T> work) {
            this.work = work;
        }

        public Start onSuccess(Consumer<T> callback) {
            this.onSuccess = callback;
            return this;
        }

        public Start onFailure(Consumer<Failure> callback) {
            this.onFailure = callback;
            return this;
        }

        public Start onCancelled(Runnable callback) {
            this.onCancelled = callback;
            return this;
        }

        /** Runs after the outcome's own callback, whatever the outcome. */
        public Start onEnd(Consumer<Outcome> callback) {
            this.onEnd = callback;
            return this;
        }

        /** Starts the job, cancelling (and silencing) the one before it. */
        public void start() {
            Attempt before = current;
            Attempt mine = new Attempt(this);
            current = mine;
            if (before != null) {
                before.cancel();
            }
            running.set(true);
            if (shownProgress != null) {
                shownProgress.bind(mine.task.progressProperty());
            }
            if (shownMessage != null) {
                shownMessage.bind(mine.task.messageProperty());
            }
            try {
                executor.execute(mine.task);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // the executor is shut down (the window is closing): the slot is left as if never started
                current = null;
                if (shownProgress != null) {
                    shownProgress.unbind();
                }
                if (shownMessage != null) {
                    shownMessage.unbind();
                }
                running.set(false);
                throw e;
            }
        }
    }

    /** One start of the slot: its token, its task, and whether it is still the one whose callbacks count. */
    private final class Attempt {
        private final CancelToken token = new CancelToken();
        private final Task<T> task;
        private final Start callbacks;

        Attempt(Start callbacks) {
            this.callbacks = callbacks;
            this.task = new Task<>() {
                @Override
                protected T call() throws Exception {
                    return callbacks.work.run(sink(), token);
                }

                private Sink sink() {
                    return new Sink() {
                        @Override
                        public void progress(long done, long total) {
                            updateProgress(done, total);
                        }

                        @Override
                        public void message(String text) {
                            updateMessage(text);
                        }

                        @Override
                        public void publish(Runnable onFxThread) {
                            TaskExecutor.onFxThread(() -> {
                                if (current == Attempt.this) {
                                    onFxThread.run();
                                }
                            });
                        }
                    };
                }
            };
            task.setOnSucceeded(e -> end(Outcome.FINISHED));
            task.setOnCancelled(e -> end(Outcome.CANCELLED));
            task.setOnFailed(e -> end(task.getException() instanceof CancelledException ? Outcome.CANCELLED : Outcome.FAILED));
        }

        void cancel() {
            token.cancel();
            task.cancel(true);
        }

        /** On the FX thread: the outcome's callbacks, unless a later start has taken the slot. */
        private void end(Outcome outcome) {
            if (current != this) {
                return;
            }
            current = null;
            if (shownProgress != null) {
                shownProgress.unbind();
            }
            if (shownMessage != null) {
                shownMessage.unbind();
            }
            switch (outcome) {
                case FINISHED -> callbacks.onSuccess.accept(task.getValue());
                case CANCELLED -> callbacks.onCancelled.run();
                case FAILED -> callbacks.onFailure.accept(new Failure(task.getException()));
            }
            // after the outcome's callback (a screen's final message is in place when it stops running), unless that
            // callback started the slot again
            if (current == null) {
                running.set(false);
            }
            callbacks.onEnd.accept(outcome);
        }
    }
}
