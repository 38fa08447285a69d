package tmeval.app.teaching;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.teaching.AisWalkthrough.Experiment;
import tmeval.model.Document;
import tmeval.model.TopicModel;

import java.util.Arrays;
import java.util.List;

import static tmeval.app.teaching.AisWalkthrough.EXPERIMENT_RUNS;
import static tmeval.app.teaching.AisWalkthrough.EXPERIMENT_TEMPERATURES;

/**
 * View-model of the teaching screen's experiment tab: AIS repeated {@value AisWalkthrough#EXPERIMENT_RUNS} times at each
 * of 10, 100 and 1000 temperatures on the screen's document, with the two-sided check beside it, as a background job
 * with progress and cancel; its text says what it found (or that it was cancelled).
 */
public final class ExperimentViewModel {
    private final ReadOnlyObjectWrapper<Experiment> experiment = new ReadOnlyObjectWrapper<>();
    private static final String INVITATION = "Repeat AIS " + EXPERIMENT_RUNS + " times at 10, 100 and 1000 temperatures to see the"
            + " spread shrink around the exact value.";
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(INVITATION);
    /** The document, model, samples and seed of the experiment shown or running; null when there is none. */
    private List<Object> inputs;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final BackgroundJob<Experiment> job;

    ExperimentViewModel(TaskExecutor executor) {
        this.job = new BackgroundJob<Experiment>(executor).showIn(progress, null);
        running.bind(job.runningProperty());
        experiment.addListener((o, a, e) -> text.set(AisWalkthrough.describe(e)));
    }

    /** Runs the experiment on this document and model with these samples per run, a new seed per run from {@code seed}; not while one runs. */
    void start(Document doc, TopicModel m, int samples, long seed) {
        if (job.isRunning()) {
            return;
        }
        text.set("Running AIS " + EXPERIMENT_RUNS + " times at each of 10, 100 and 1000 temperatures...");
        inputs = Arrays.asList(doc, m, samples, seed);
        job.of((sink, cancel) -> AisWalkthrough.experiment(doc, m, EXPERIMENT_TEMPERATURES, EXPERIMENT_RUNS, samples, seed, cancel, sink::progress))
                .onSuccess(experiment::set)
                .onCancelled(() -> {
                    if (inputs != null) {
                        text.set("Experiment cancelled.");
                    }
                })
                .onFailure(f -> text.set("Experiment cancelled."))
                .start();
    }

    /**
     * The screen's document, model, samples and seed now: an experiment (shown or running) of others is cleared, its runs
     * and exact line being another document's (issue 39: a typed document kept the previous one's 20 runs and exact line).
     */
    void follow(Document doc, TopicModel m, int samples, long seed) {
        if (inputs != null && !inputs.equals(Arrays.asList(doc, m, samples, seed))) {
            inputs = null;
            job.cancel();
            experiment.set(null);
            text.set(INVITATION);
        }
    }

    void cancel() {
        job.cancel();
    }

    public ReadOnlyObjectProperty<Experiment> experimentProperty() {
        return experiment.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }
}
