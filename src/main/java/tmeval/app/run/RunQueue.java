package tmeval.app.run;

import tmeval.run.plan.AdaptiveBudget;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.run.plan.ComparisonPlan;


/**
 * The comparison jobs: one running ({@link RunJob}), the others queued behind it in the order Run was pressed, and the
 * status they show (progress, message, ETA, the queue). A job that would replace results not saved asks first.
 */
final class RunQueue {
    private final Workspace inputs;
    private final Results results;
    private final RunHistory history;
    private final RunEngines.Engine engine;
    private final UserMessages messages;
    private final CostPreview cost;
    private final DoubleProperty lastJobSeconds = new SimpleDoubleProperty(Double.NaN);
    private final StringProperty queueText = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("ready");
    private final StringProperty eta = new SimpleStringProperty("");
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final ObservableList<RunViewModel.JobSpec> queue = FXCollections.observableArrayList();
    /** The running comparison; one at a time, the others wait in {@link #queue}. */
    private final BackgroundJob<Void> jobs;
    private RunJob current;
    private Runnable onJobFinished = () -> { };
    private final ObjectProperty<ComparisonPlan> lastPlan = new SimpleObjectProperty<>();
    private final ObjectProperty<AdaptiveBudget> lastBudget = new SimpleObjectProperty<>();
    /** Whether the queue is held after a cancel: its jobs wait for Run > Run the queued jobs (or the next job's end). */
    private boolean held;
    /** What Cancel all dropped of the queue, said again once the cancelled job has ended (null: nothing). */
    private String droppedByCancel;
    /** Whether the message line shows why Run could not start on these inputs (it goes when the inputs can run). */
    private boolean showingRefusal;

    RunQueue(Workspace inputs, RunHistory history, TaskExecutor executor, RunEngines.Engine engine, UserMessages messages, CostPreview cost) {
        this.inputs = inputs;
        this.history = history;
        this.results = history.results();
        this.engine = engine;
        this.messages = messages;
        this.cost = cost;
        this.jobs = new BackgroundJob<Void>(executor).showIn(progress, message);
        // a refusal to run (no pair, a pair the selected methods cannot compare) goes once the inputs can run
        inputs.pairProperty().addListener((o, a, b) -> refusalMayHaveGone());
        inputs.pairProblemProperty().addListener((o, a, b) -> refusalMayHaveGone());
        inputs.corpusProperty().addListener((o, a, b) -> refusalMayHaveGone());
        queue.addListener((ListChangeListener<RunViewModel.JobSpec>) c -> showQueue());
        // the line said how the last job finished: once its run is deleted, it says that instead (a run renamed is
        // replaced in the list, removed and added at once, and stays)
        history.runs().addListener((ListChangeListener<RunHistory.Run>) c -> {
            while (c.next()) {
                if (c.wasRemoved() && !c.wasAdded() && !message.isBound()) {
                    message.set("deleted run " + c.getRemoved().get(0).describe());
                }
            }
        });
    }

    /** Runs the job now, or queues it behind the running one; its run joins the history, replacing none. */
    void submit(RunViewModel.JobSpec spec) {
        if (running.get()) {
            // the running job's progress owns the message line; the queue shows beside it
            queue.add(spec);
            return;
        }
        launch(spec);
    }

    private void launch(RunViewModel.JobSpec spec) {
        String refused = refusal();
        if (refused != null) {
            say(refused);
            showingRefusal = true;
            return;
        }
        showingRefusal = false;
        RunJob job = new RunJob(this, spec, inputs.corpusProperty().get(), inputs.pairProperty().get());
        job.prepare();
        lastPlan.set(spec.job().plan());
        lastBudget.set(spec.job().budget());
        current = job;
        running.set(true);
        job.run(jobs, cost.costSecondsProperty().get());
    }

    /** The running job ended with this message (its outcome's callback ran first). */
    void finished(String finalMessage) {
        current = null;
        eta.set("");
        message.set(finalMessage);
        running.set(false);
        onJobFinished.run();
    }

    /**
     * After its outcome: a queued job runs after one that finished or failed; after a cancel the bar is emptied and the
     * queue is kept, held (not started), and the message line says so and how to start or drop it, or that none was
     * queued (issue 39: a cancel dropped it without a word).
     */
    void ended(BackgroundJob.Outcome outcome) {
        if (outcome == BackgroundJob.Outcome.CANCELLED) {
            progress.set(0); // a cancelled job's bar does not stay part-filled as if it were still going (issue 39)
        }
        if (queue.isEmpty()) {
            held = false;
            if (outcome == BackgroundJob.Outcome.CANCELLED) {
                say(message.get() + "; " + (droppedByCancel != null ? droppedByCancel : "no job was queued"));
            }
            droppedByCancel = null;
        } else if (outcome == BackgroundJob.Outcome.CANCELLED) {
            held = true;
            showQueue();
            say(message.get() + "; " + jobs(queue.size()) + " kept, not started (Run > Run the queued jobs starts "
                    + (queue.size() == 1 ? "it" : "them") + ", Run > Drop the queued jobs drops " + (queue.size() == 1 ? "it" : "them") + ")");
        } else {
            held = false;
            launch(queue.remove(0));
        }
    }

    /** "the queued job" or "the 3 queued jobs". */
    private static String jobs(int n) {
        return n == 1 ? "the queued job" : "the " + n + " queued jobs";
    }

    /** Stops the running job (every worker within about a second); the queue is kept, held ({@link #ended}). */
    void cancel() {
        jobs.cancel();
    }

    /** Stops the running job and drops the queue, saying which jobs were dropped. */
    void cancelAll() {
        droppedByCancel = dropQueue();
        jobs.cancel();
    }

    /** Starts the first of the jobs a cancel held, unless a job runs (the queue then follows it as usual). */
    void runQueue() {
        held = false;
        showQueue();
        if (!running.get() && !queue.isEmpty()) {
            launch(queue.remove(0));
        }
    }

    /** Drops the queued jobs, saying which; returns what it said (null: none was queued). */
    String dropQueue() {
        if (queue.isEmpty()) {
            return null;
        }
        String dropped = String.join("; ", queue.stream().map(RunViewModel.JobSpec::label).toList());
        int n = queue.size();
        held = false;
        queue.clear();
        String text = "dropped " + jobs(n) + ": " + dropped;
        if (message.isBound()) {
            queueText.set(text);
        } else {
            message.set(message.get().equals("ready") ? text : message.get() + "; " + text);
        }
        return text;
    }

    /** The queue beside the buttons: its jobs, and whether a cancel holds them. */
    private void showQueue() {
        queueText.set(queue.isEmpty() ? "" : (held ? "queued, held after a cancel: " : "queued: ")
                + String.join("; ", queue.stream().map(RunViewModel.JobSpec::label).toList()));
    }

    /** Whether jobs are queued and held after a cancel. */
    boolean held() {
        return held;
    }

    private void refusalMayHaveGone() {
        if (showingRefusal && !message.isBound()) {
            String problem = refusal();
            message.set(problem == null ? "ready" : problem);
            showingRefusal = problem != null;
        }
    }

    /** Why no job can run on the loaded inputs, or null when one can. */
    String refusal() {
        if (inputs.pairProperty().get() != null && inputs.corpusProperty().get() != null) {
            return null;
        }
        return inputs.pairProblemProperty().get().isEmpty() ? "load models A and B and a held-out corpus first"
                : "cannot run: " + inputs.pairProblemProperty().get();
    }

    /** Says why nothing started: on the message line, or beside the queue while a running job's progress owns that line. */
    void say(String text) {
        if (message.isBound()) {
            queueText.set(text);
        } else {
            message.set(text);
        }
    }

    /** A problem of the cost preview, on the message line unless a job's progress owns it. */
    void sayIfIdle(String text) {
        if (!message.isBound()) {
            message.set(text);
        }
    }

    RunJob current() {
        return current;
    }

    RunHistory history() {
        return history;
    }

    Results results() {
        return results;
    }

    RunEngines.Engine engine() {
        return engine;
    }

    UserMessages messages() {
        return messages;
    }

    CostPreview cost() {
        return cost;
    }

    void setOnJobFinished(Runnable r) {
        onJobFinished = r;
    }

    ObjectProperty<ComparisonPlan> lastPlanProperty() {
        return lastPlan;
    }

    ObjectProperty<AdaptiveBudget> lastBudgetProperty() {
        return lastBudget;
    }

    DoubleProperty lastJobSecondsProperty() {
        return lastJobSeconds;
    }

    StringProperty queueTextProperty() {
        return queueText;
    }

    DoubleProperty progressProperty() {
        return progress;
    }

    StringProperty messageProperty() {
        return message;
    }

    StringProperty etaProperty() {
        return eta;
    }

    BooleanProperty runningProperty() {
        return running;
    }

    ObservableList<RunViewModel.JobSpec> queue() {
        return queue;
    }
}
