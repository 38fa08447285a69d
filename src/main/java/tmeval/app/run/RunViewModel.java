package tmeval.app.run;

import tmeval.run.plan.AdaptiveBudget;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import tmeval.anneal.Schedule;
import tmeval.app.common.Form;
import tmeval.app.common.Results;
import tmeval.app.common.RunHistory;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.estimate.MethodSettings;
import tmeval.run.plan.ComparisonPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * View-model of the run screen: the form ({@link RunForm}), the predicted cost ({@link CostPreview}) and the jobs
 * ({@link RunQueue}, each a {@link RunJob}): Run runs what the form shows (typed text is committed first), queued
 * behind a running job; progress, ETA and a cancel that stops every worker within a second.
 */
public final class RunViewModel {
    /** A queued comparison: the form's job captured when Run was pressed (for auto, on its pilot's plan: the pilot chooses when it runs). */
    public record JobSpec(ComparisonJob job, String label) {
        /** A plain comparison of this plan. */
        public JobSpec(ComparisonPlan plan, String label) {
            this(new ComparisonJob(plan, null), label);
        }
    }

    /** The named-methods plan under the form: {@link RunForm#DEFAULTS}. */
    static final ComparisonPlan DEFAULTS = RunForm.DEFAULTS;

    private final Workspace inputs;
    private final RunForm form;
    private final CostPreview cost;
    private final RunQueue jobs;
    private final ClusterCommands cluster;
    private final StringProperty tooBigText = new SimpleStringProperty("");

    /**
     * @param ratesFile where 'tmeval bench' saved its speed measurements ({@link tmeval.run.local.Throughput#defaultFile()} in the
     *                  workbench; tests point it into a temporary folder)
     */
    public RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages) {
        this(inputs, results, executor, ratesFile, messages, RunEngines.LOCAL);
    }

    /** With an engine of a test's in place of the engine's. */
    RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages, RunEngines.Engine engine) {
        this(inputs, new RunHistory(results), executor, ratesFile, messages, engine);
    }

    /** The workbench's: each job a new run of {@code history}. */
    public RunViewModel(Workspace inputs, RunHistory history, TaskExecutor executor, Path ratesFile, UserMessages messages) {
        this(inputs, history, executor, ratesFile, messages, RunEngines.LOCAL);
    }

    private RunViewModel(Workspace inputs, RunHistory history, TaskExecutor executor, Path ratesFile, UserMessages messages,
                         RunEngines.Engine engine) {
        this.inputs = inputs;
        this.form = new RunForm(inputs);
        RunQueue[] queue = new RunQueue[1];
        this.cost = new CostPreview(inputs, executor, ratesFile, form::job, form.threadsProperty()::get, problem -> queue[0].sayIfIdle(problem));
        this.jobs = new RunQueue(inputs, history, executor, engine, messages, cost);
        queue[0] = jobs;
        form.onChanged(cost::update);
        cost.start();
        cost.update();
        cluster = new ClusterCommands(inputs, form::job, jarPath());
        cost.tooBigProperty().addListener((o, a, b) -> updateTooBig());
        cost.costSecondsProperty().addListener((o, a, b) -> updateTooBig());
        updateTooBig();
    }

    /**
     * Runs the form's plan now, or queues it behind the running job: the typed text of every field first, then the plan;
     * a field whose text is not a valid value, or an invalid plan, is named and nothing starts.
     */
    public void start() {
        String typed = Form.commit(inputs.form(), form.form());
        if (typed != null) {
            jobs.say("cannot run: " + typed);
            return;
        }
        ComparisonPlan plan;
        try {
            plan = form.plan();
        } catch (IllegalArgumentException e) {
            jobs.say(e.getMessage());
            return;
        }
        AdaptiveBudget budget;
        try {
            budget = form.budget();
        } catch (IllegalArgumentException e) {
            jobs.say("cannot run: " + e.getMessage());
            return;
        }
        ComparisonJob job = form.job();
        jobs.submit(new JobSpec(job, job.isAuto() ? String.format(Locale.ROOT, "auto (seed %d)", plan.seed())
                : String.join(", ", plan.methods()) + String.format(Locale.ROOT, " (n = %d%s, %d runs)", plan.settings().temperatures(),
                budget == null ? "" : " to " + budget.maxTemperatures() + " adaptive", plan.runs())));
    }

    /** Stops the running job (every worker within about a second) and drops the queue. */
    /** Stops the running job; queued jobs are kept, held, and the message line says so. */
    public void cancel() {
        jobs.cancel();
    }

    /** Stops the running job and drops the queued ones, saying which. */
    public void cancelAll() {
        jobs.cancelAll();
    }

    /** Starts the queued jobs a cancel held. */
    public void runQueue() {
        jobs.runQueue();
    }

    /** Drops the queued jobs, saying which. */
    public void dropQueue() {
        jobs.dropQueue();
    }

    private void updateTooBig() {
        tooBigText.set(cost.tooBigProperty().get() ? ClusterCommands.warning(cost.costSecondsProperty().get()) : "");
    }

    /** The jar this workbench runs from, as the commands should name it (its usual place when run from classes). */
    private static String jarPath() {
        try {
            Path p = Path.of(RunViewModel.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p.toString().endsWith(".jar") ? p.toString() : "target/tmeval.jar";
        } catch (Exception e) {
            return "target/tmeval.jar";
        }
    }

    /** The commands that run the form's job beyond this machine, prepared for its predicted time (shards of about half an hour here). */
    public ClusterCommands clusterCommands() {
        cluster.suggest(cost.costSecondsProperty().get());
        return cluster;
    }

    /** "Too big for this machine: about 28 h predicted here ..." when the preview passes an hour, or empty. */
    public ReadOnlyStringProperty tooBigTextProperty() {
        return tooBigText;
    }

    /** The cost preview (tests set the machine's load on it). */
    CostPreview cost() {
        return cost;
    }

    /** The run form: every setting of the plan Run runs. */
    public RunForm runForm() {
        return form;
    }

    public ReadOnlyStringProperty costProperty() {
        return cost.costProperty();
    }

    /** The cost preview's seconds for the form's job on the loaded inputs, NaN while some rate is unknown. */
    public ReadOnlyDoubleProperty costSecondsProperty() {
        return cost.costSecondsProperty();
    }

    /** Whether the form's job is predicted to take more than an hour here ({@link CostPreview#TOO_BIG_SECONDS}). */
    public ReadOnlyBooleanProperty tooBigProperty() {
        return cost.tooBigProperty();
    }

    public void setOnJobFinished(Runnable r) {
        jobs.setOnJobFinished(r);
    }

    /** The adaptive budget of the last job started, null for a plain one. */
    public ObjectProperty<AdaptiveBudget> lastBudgetProperty() {
        return jobs.lastBudgetProperty();
    }

    /** The plan of the last job started: what made the results, for the provenance of their export. */
    public ObjectProperty<ComparisonPlan> lastPlanProperty() {
        return jobs.lastPlanProperty();
    }

    /** Wall-clock seconds of the last job that finished, NaN before one has. */
    public DoubleProperty lastJobSecondsProperty() {
        return jobs.lastJobSecondsProperty();
    }

    /** "queued: ..." naming the jobs waiting behind the running one, or empty. */
    public StringProperty queueTextProperty() {
        return jobs.queueTextProperty();
    }

    public DoubleProperty progressProperty() {
        return jobs.progressProperty();
    }

    public StringProperty messageProperty() {
        return jobs.messageProperty();
    }

    public StringProperty etaProperty() {
        return jobs.etaProperty();
    }

    public BooleanProperty runningProperty() {
        return jobs.runningProperty();
    }

    public ObservableList<JobSpec> queue() {
        return jobs.queue();
    }

    /** Every run, the one on screen and the one beside it. */
    public RunHistory history() {
        return jobs.history();
    }

    // the form's settings, as the views and the sessions reach them (RunForm holds them)

    public Form form() {
        return form.form();
    }

    public ComparisonPlan plan() {
        return form.plan();
    }

    public AdaptiveBudget budget() {
        return form.budget();
    }

    public List<String> apply(ComparisonJob made) {
        return form.apply(made);
    }

    public void presetTable1() {
        form.presetTable1();
    }

    public void resetOtherSettings() {
        form.resetOtherSettings();
    }

    public ReadOnlyStringProperty otherSettingsProperty() {
        return form.otherSettingsProperty();
    }

    public ReadOnlyObjectProperty<ComparisonJob> formPlanProperty() {
        return form.formPlanProperty();
    }

    public MethodSettings settings() {
        return form.settings();
    }

    public String methodHelp(String name) {
        return form.methodHelp(name);
    }

    public List<String> selectedMethods() {
        return form.selectedMethods();
    }

    public Map<String, BooleanProperty> methods() {
        return form.methods();
    }

    public IntegerProperty temperaturesProperty() {
        return form.temperaturesProperty();
    }

    public IntegerProperty samplesProperty() {
        return form.samplesProperty();
    }

    public IntegerProperty burnInProperty() {
        return form.burnInProperty();
    }

    public ObjectProperty<Schedule> scheduleProperty() {
        return form.scheduleProperty();
    }

    public IntegerProperty runsProperty() {
        return form.runsProperty();
    }

    public LongProperty seedProperty() {
        return form.seedProperty();
    }

    public IntegerProperty threadsProperty() {
        return form.threadsProperty();
    }

    public ObjectProperty<ComparisonPlan.Reference> referenceProperty() {
        return form.referenceProperty();
    }

    public IntegerProperty referenceParticlesProperty() {
        return form.referenceParticlesProperty();
    }

    public BooleanProperty autoProperty() {
        return form.autoProperty();
    }

    public BooleanProperty adaptiveProperty() {
        return form.adaptiveProperty();
    }

    public DoubleProperty agreeWithinProperty() {
        return form.agreeWithinProperty();
    }

    public IntegerProperty maxTemperaturesProperty() {
        return form.maxTemperaturesProperty();
    }

    /** Permute B's topics to A's before annealing: part of the plan, and of how the pair is prepared. */
    public BooleanProperty alignProperty() {
        return inputs.alignProperty();
    }
}
