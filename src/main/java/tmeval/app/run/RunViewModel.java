package tmeval.app.run;

import tmeval.run.plan.Arm;

import tmeval.run.plan.AdaptiveBudget;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.util.Duration;
import tmeval.app.common.Form;
import tmeval.app.common.Results;
import tmeval.app.common.ResultsPlan;
import tmeval.app.common.ArmKey;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ModelPair;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.estimate.MethodOption;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.plan.Setting;
import tmeval.run.auto.AutoComparison;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.Shard;
import tmeval.run.local.Throughput;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * View-model of the run screen: the methods and their settings (the same {@link MethodSettings} the command line
 * fills), the predicted cost, and the comparison job itself, run as a {@link Task} whose results stream into
 * {@link Results} in batches; progress, ETA and a cancel that stops every worker within a second. Starting while
 * a job runs queues the new one. A job runs what the form shows: typed text is committed first ({@link #form()}), and the
 * settings the form has no control for (direction, gap threshold, particles, ...) are kept from the last plan applied
 * ({@link #apply}) and named ({@link #otherSettingsProperty()}). A job whose plan differs from that of the results on
 * screen (other than by its methods) replaces them, after asking when they are not saved; a job cancelled or failed
 * before its end never replaces the results that were on screen before it.
 */
public final class RunViewModel {
    /**
     * A queued comparison: the plan captured when Run was pressed, and its adaptive budget (null: a plain run); for
     * {@code auto}, the plan of its pilot ({@link AutoComparison#pilotPlan}), whose choice is made when the job runs.
     */
    public record JobSpec(ComparisonPlan plan, AdaptiveBudget budget, boolean auto, String label) {
        public JobSpec(ComparisonPlan plan, AdaptiveBudget budget, String label) {
            this(plan, budget, false, label);
        }

        public JobSpec(ComparisonPlan plan, String label) {
            this(plan, null, false, label);
        }

        /** The plan of the results it makes, or null for auto's, known once the pilot has chosen. */
        ResultsPlan made() {
            return auto ? null : new ResultsPlan(plan, budget);
        }
    }

    /**
     * What executes a job, handing each result to {@code asFinished} the moment it is computed (not in corpus order:
     * the views need no file order, and one long document must not hold back the others); tests put a failing one
     * in its place.
     */
    @FunctionalInterface
    interface Runner {
        void run(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel);
    }

    /** What executes an adaptive job, handing over each round's rows of a (document, method) as it ends. */
    @FunctionalInterface
    interface AdaptiveRunner {
        void run(ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair,
                 Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel);
    }

    /** What chooses and runs an auto comparison ({@code compare}'s default): the engine's, or a test's. */
    interface AutoRunner {
        AutoComparison.Choice choose(ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, CancelToken cancel);

        void run(AutoComparison.Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair,
                 Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel);
    }

    /** The engine of {@code compare}'s auto, every round as it ends; the rows in corpus order are not needed here. */
    static final AutoRunner AUTO = new AutoRunner() {
        @Override
        public AutoComparison.Choice choose(ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, CancelToken cancel) {
            return AutoComparison.choose(pilotPlan, corpus, pair, cancel);
        }

        @Override
        public void run(AutoComparison.Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair,
                        Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel) {
            AutoComparison.run(choice, pilotPlan, corpus, pair, Shard.ALL, eachRound, row -> { }, progress, cancel);
        }
    };

    /** The engine of {@code compare --adaptive}, every round as it ends; the rows in corpus order are not needed here. */
    static void runAdaptive(ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair,
                            Consumer<List<AdaptiveComparison.Row>> eachRound, Progress progress, CancelToken cancel) {
        AdaptiveComparison.run(plan, budget, corpus, pair, Shard.ALL, eachRound, row -> { }, progress, cancel);
    }

    /** The engine, results as they finish; nothing needs them in corpus order here. */
    static void runAsFinished(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel) {
        ComparisonRunner.run(job, asFinished, r -> { }, progress, cancel);
    }

    /** The named-methods plan under the form (the Table 1 preset; the form itself opens on auto): the command line's defaults. */
    static final ComparisonPlan DEFAULTS = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());
    /** The settings ({@link ComparisonPlan#toSettings}) the form has a control for; it keeps the others from the plan last applied. */
    private static final java.util.Set<String> CONTROLLED = java.util.Set.of("methods", MethodOption.SAMPLES.setting(),
            MethodOption.TEMPERATURES.setting(), MethodOption.BURN_IN.setting(), MethodOption.SCHEDULE.setting(), Setting.RUNS.name(),
            Setting.SEED.name(), "reference", Setting.REFERENCE_PARTICLES.name(), "align");

    private final Workspace inputs;
    private final Results results;
    private final Runner runner;
    private final AdaptiveRunner adaptiveRunner;
    private final AutoRunner autoRunner;
    private final CostPreview cost;
    private final ClusterCommands cluster;
    private final StringProperty tooBigText = new SimpleStringProperty("");
    private final UserMessages messages;
    private final Map<String, BooleanProperty> methods = new LinkedHashMap<>();
    private final IntegerProperty temperatures = new SimpleIntegerProperty(DEFAULTS.settings().temperatures());
    private final IntegerProperty samples = new SimpleIntegerProperty(DEFAULTS.settings().samples());
    private final IntegerProperty burnIn = new SimpleIntegerProperty(DEFAULTS.settings().burnIn());
    private final ObjectProperty<Schedule> schedule = new SimpleObjectProperty<>(DEFAULTS.settings().schedule());
    private final IntegerProperty runs = new SimpleIntegerProperty(DEFAULTS.runs());
    private final LongProperty seed = new SimpleLongProperty(DEFAULTS.seed());
    private final IntegerProperty threads = new SimpleIntegerProperty(DEFAULTS.threads());
    private final ObjectProperty<ComparisonPlan.Reference> reference = new SimpleObjectProperty<>(DEFAULTS.reference());
    private final IntegerProperty referenceParticles = new SimpleIntegerProperty(DEFAULTS.referenceParticles());
    private final BooleanProperty adaptive = new SimpleBooleanProperty(false);
    /** The form opens on auto, compare's default; ticking a method names the methods instead. */
    private final BooleanProperty auto = new SimpleBooleanProperty(true);
    private final DoubleProperty agreeWithin = new SimpleDoubleProperty(DEFAULTS.defaultBudget().agreeWithin());
    private final IntegerProperty maxTemperatures = new SimpleIntegerProperty(DEFAULTS.defaultBudget().maxTemperatures());
    private final DoubleProperty lastJobSeconds = new SimpleDoubleProperty(Double.NaN);
    private final StringProperty queueText = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("ready");
    private final StringProperty eta = new SimpleStringProperty("");
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final ObservableList<JobSpec> queue = FXCollections.observableArrayList();
    private final ObjectProperty<ComparisonPlan> lastPlan = new SimpleObjectProperty<>();
    private final ObjectProperty<AdaptiveBudget> lastBudget = new SimpleObjectProperty<>();
    /** The running comparison; one at a time, the others wait in {@link #queue}. */
    private final BackgroundJob<Void> jobs;
    private JobSpec currentSpec;
    private Runnable onJobFinished = () -> { };
    private final Form form = new Form();
    /** The plan the form edits: its settings without a control (direction, gap threshold, ...) and the methods' order. */
    private final ObjectProperty<ComparisonPlan> base = new SimpleObjectProperty<>(DEFAULTS);
    private final ReadOnlyObjectWrapper<ResultsPlan> formPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper otherSettings = new ReadOnlyStringWrapper("");
    /** Whether the message line shows why Run could not start on these inputs (it goes when the inputs can run). */
    private boolean showingRefusal;
    private BiPredicate<String, String> confirm = (title, question) -> true;

    /**
     * Asked (title, question) before a job replaces results that are not saved; true goes ahead. The workbench shows a
     * confirmation dialog; without one, jobs go ahead.
     */
    public void setConfirmHandler(BiPredicate<String, String> handler) {
        this.confirm = handler;
    }

    /**
     * @param ratesFile where 'tmeval bench' saved its speed measurements ({@link Throughput#defaultFile()} in the
     *                  workbench; tests point it into a temporary folder)
     */
    public RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages) {
        this(inputs, results, executor, ratesFile, messages, RunViewModel::runAsFinished);
    }

    RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages, Runner runner) {
        this(inputs, results, executor, ratesFile, messages, runner, RunViewModel::runAdaptive);
    }

    RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages, Runner runner,
                 AdaptiveRunner adaptiveRunner) {
        this(inputs, results, executor, ratesFile, messages, runner, adaptiveRunner, AUTO);
    }

    RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, UserMessages messages, Runner runner,
                 AdaptiveRunner adaptiveRunner, AutoRunner autoRunner) {
        this.messages = messages;
        this.runner = runner;
        this.autoRunner = autoRunner;
        this.adaptiveRunner = adaptiveRunner;
        this.inputs = inputs;
        this.results = results;
        this.jobs = new BackgroundJob<Void>(executor).showIn(progress, message);
        this.cost = new CostPreview(inputs, executor, ratesFile, new CostPreview.PlanSource() {
            @Override
            public ComparisonPlan plan() {
                return RunViewModel.this.plan();
            }

            @Override
            public AdaptiveBudget budget() {
                return RunViewModel.this.budget();
            }

            @Override
            public boolean auto() {
                return auto.get();
            }
        }, threads::get, problem -> {
            if (!message.isBound()) { // a job's progress owns the message while it runs
                message.set(problem);
            }
        });
        for (String name : ComparisonMethods.names()) {
            BooleanProperty p = new SimpleBooleanProperty(DEFAULTS.methods().contains(name));
            p.addListener((o, a, b) -> {
                auto.set(false);
                formChanged();
            });
            methods.put(name, p);
        }
        // the cap follows the command line's default (a multiple of n) until the user sets it
        temperatures.addListener((o, a, b) -> {
            if (maxTemperatures.get() == ComparisonPlan.defaultMaxTemperatures(a.intValue())) {
                maxTemperatures.set(ComparisonPlan.defaultMaxTemperatures(b.intValue()));
            }
        });
        for (var p : List.of(temperatures, samples, burnIn, runs, seed, threads, referenceParticles, maxTemperatures, agreeWithin)) {
            p.addListener((o, a, b) -> formChanged());
        }
        for (var p : List.of(reference, schedule, adaptive, auto, base, inputs.alignProperty())) {
            p.addListener((o, a, b) -> formChanged());
        }
        // a refusal to run (no pair, a pair the selected methods cannot compare) goes once the inputs can run
        inputs.pairProperty().addListener((o, a, b) -> refusalMayHaveGone());
        inputs.pairProblemProperty().addListener((o, a, b) -> refusalMayHaveGone());
        inputs.corpusProperty().addListener((o, a, b) -> refusalMayHaveGone());
        // the pair is prepared for the first selected method that anneals between the models (it needs the same K)
        for (BooleanProperty on : methods.values()) {
            on.addListener((o, a, b) -> inputs.annealingMethodProperty().set(annealingMethod()));
        }
        inputs.annealingMethodProperty().set(annealingMethod());
        queue.addListener((javafx.collections.ListChangeListener<JobSpec>) c -> queueText.set(queue.isEmpty() ? ""
                : "queued: " + String.join("; ", queue.stream().map(JobSpec::label).toList())));
        cost.start();
        cluster = new ClusterCommands(inputs, this::plan, this::budget, auto::get, jarPath());
        cost.tooBigProperty().addListener((o, a, b) -> updateTooBig());
        cost.costSecondsProperty().addListener((o, a, b) -> updateTooBig());
        updateTooBig();
        formChanged();
    }

    /** A setting of the form changed: the cost preview, the plan the form describes and its settings without a control follow. */
    private void formChanged() {
        cost.update();
        ResultsPlan now;
        try {
            now = auto.get() ? ResultsPlan.autoForm(plan()) : new ResultsPlan(plan(), budget());
        } catch (IllegalArgumentException e) {
            now = null;
        }
        formPlan.set(now);
        Map<String, String> hidden = new LinkedHashMap<>(base.get().toSettings());
        Map<String, String> defaults = DEFAULTS.toSettings();
        hidden.entrySet().removeIf(e -> e.getValue().equals(defaults.get(e.getKey())) || CONTROLLED.contains(e.getKey()));
        otherSettings.set(hidden.isEmpty() ? "" : "also in this plan: " + String.join(", ", hidden.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList()));
    }

    private void refusalMayHaveGone() {
        if (showingRefusal && !message.isBound()) {
            String problem = refusal();
            message.set(problem == null ? "ready" : problem);
            showingRefusal = problem != null;
        }
    }

    /** Why no job can run on the loaded inputs, or null when one can. */
    private String refusal() {
        if (inputs.pairProperty().get() != null && inputs.corpusProperty().get() != null) {
            return null;
        }
        return inputs.pairProblemProperty().get().isEmpty() ? "load models A and B and a held-out corpus first"
                : "cannot run: " + inputs.pairProblemProperty().get();
    }

    /** Says why nothing started: on the message line, or beside the queue while a running job's progress owns that line. */
    private void say(String text) {
        if (message.isBound()) {
            queueText.set(text);
        } else {
            message.set(text);
        }
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

    public MethodSettings settings() {
        return settingsOn(base.get());
    }

    private MethodSettings settingsOn(ComparisonPlan b) {
        return b.settings().withTemperatures(temperatures.get()).withSamples(samples.get()).withBurnIn(burnIn.get()).withSchedule(schedule.get());
    }

    /**
     * The comparison the form describes, as the command line would build it from the same settings: the form's controls
     * over the settings it has none for ({@link #otherSettingsProperty()}). The workbench compares models of one vocabulary
     * (or of the same words in another order), never on the shared words only.
     *
     * @throws IllegalArgumentException naming the setting that is not valid (no method selected, say)
     */
    public ComparisonPlan plan() {
        if (auto.get()) {
            ComparisonPlan b = base.get();
            return AutoComparison.pilotPlan(seed.get(), threads.get(), inputs.alignProperty().get(), false, b.gapThreshold());
        }
        return planOn(base.get());
    }

    private ComparisonPlan planOn(ComparisonPlan b) {
        return new ComparisonPlan(selectedMethods(b), b.directions(), settingsOn(b), runs.get(), seed.get(), threads.get(),
                reference.get(), referenceParticles.get(), inputs.alignProperty().get(), false, b.gapThreshold());
    }

    /**
     * Puts every setting of a plan in the form, the thread count aside (it changes no number): its adaptive budget, or
     * for an {@code auto} plan the settings auto does not choose (seed, alignment, gap threshold) with auto on; the
     * controls take theirs, and the settings without a control are kept and named ({@link #otherSettingsProperty()}), so
     * that Run runs this very plan. The one place the form is set from a plan: a file, a session, the preset.
     *
     * @return what the form cannot hold, each named (empty when it holds all of it)
     */
    public List<String> apply(ResultsPlan made) {
        ComparisonPlan plan = made.plan();
        AdaptiveBudget budget = made.budget();
        List<String> notHeld = new ArrayList<>();
        if (plan.intersectVocabularies()) {
            notHeld.add("vocabulary intersect (compare on the words both models share): the workbench compares models of one vocabulary,"
                    + " so its form runs vocabulary strict");
        }
        if (made.auto() != null) {
            base.set(new ComparisonPlan(DEFAULTS.methods(), DEFAULTS.directions(), DEFAULTS.settings(), DEFAULTS.runs(), plan.seed(), threads.get(),
                    DEFAULTS.reference(), DEFAULTS.referenceParticles(), plan.align(), false, plan.gapThreshold()));
            seed.set(plan.seed());
            inputs.alignProperty().set(plan.align());
            adaptive.set(false);
            auto.set(true);
            return notHeld;
        }
        base.set(new ComparisonPlan(plan.methods(), plan.directions(), plan.settings(), plan.runs(), plan.seed(), threads.get(), plan.reference(),
                plan.referenceParticles(), plan.align(), false, plan.gapThreshold()));
        methods.forEach((name, on) -> on.set(plan.methods().contains(name)));
        temperatures.set(plan.settings().temperatures());
        samples.set(plan.settings().samples());
        burnIn.set(plan.settings().burnIn());
        schedule.set(plan.settings().schedule());
        runs.set(plan.runs());
        seed.set(plan.seed());
        reference.set(plan.reference());
        referenceParticles.set(plan.referenceParticles());
        inputs.alignProperty().set(plan.align());
        adaptive.set(budget != null);
        if (budget != null) {
            agreeWithin.set(budget.agreeWithin());
            maxTemperatures.set(budget.maxTemperatures());
        }
        auto.set(false);
        return notHeld;
    }

    /**
     * Puts the paper's comparison in the form: Foulds and Smyth's Table 1, the two ratio paths against AIS and left-to-right
     * differenced at equal budget, n = 1000, two runs ({@link ComparisonPlan#defaultSelection()} at the command line's
     * defaults), every other setting at its default; the seed and the alignment the user chose are kept.
     */
    public void presetTable1() {
        ComparisonPlan paper = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());
        apply(new ResultsPlan(new ComparisonPlan(paper.methods(), paper.directions(), paper.settings(), paper.runs(), seed.get(), threads.get(),
                paper.reference(), paper.referenceParticles(), inputs.alignProperty().get(), false, paper.gapThreshold()), null));
    }

    /** The settings without a control back at their defaults (the command line's). */
    public void resetOtherSettings() {
        base.set(DEFAULTS);
    }

    /**
     * "also in this plan: direction forward, gap-threshold 0.25": the settings the form has no control for that differ from
     * their defaults (kept from the last plan applied), or empty.
     */
    public ReadOnlyStringProperty otherSettingsProperty() {
        return otherSettings.getReadOnlyProperty();
    }

    /** The plan Run would run now (with its adaptive budget), or null while a setting of the form is not valid. */
    public ReadOnlyObjectProperty<ResultsPlan> formPlanProperty() {
        return formPlan.getReadOnlyProperty();
    }

    /** The run form's typed text, committed before a job starts (the run panel adds its fields). */
    public Form form() {
        return form;
    }

    /**
     * The adaptive budget the form describes ({@code compare --adaptive --agree-within E --max-temperatures N}), or null
     * when the adaptive option is off.
     *
     * @throws IllegalArgumentException naming the setting that does not fit the plan
     */
    public AdaptiveBudget budget() {
        if (!adaptive.get() || auto.get()) {
            return null;
        }
        AdaptiveBudget budget = new AdaptiveBudget(agreeWithin.get(), maxTemperatures.get());
        budget.check(plan());
        return budget;
    }

    /**
     * Help for a method's check box: its registry description, its bias and its cost in words, the cost at the
     * form's settings for a document of 100 tokens.
     */
    public String methodHelp(String name) {
        ComparisonMethods.Method m = ComparisonMethods.get(name);
        String bias;
        if (name.equals(ComparisonMethods.EXACT)) {
            bias = "No bias and no variance: the exact answer, for documents short enough that their topic-count states fit the limit;"
                    + " longer documents are refused. Cost: grows with the number of states, C(N + K - 1, K - 1), not with the settings.";
        } else {
            String cost = String.format(Locale.ROOT, "Cost: about %,d Gibbs site updates for a 100-token document at the current settings.",
                    m.siteUpdates(settings(), 100, DEFAULTS.directions().count()));
            bias = (m.directional()
                    ? "Anneals between the two models: run forward and reverse, the two directions bracket the true ratio"
                    + " (a stochastic lower and upper bound), so their gap shows how far from converged it is; between models of different K it anneals from or to the"
                    + " smaller one split to the larger's K (the same likelihood)."
                    : "Estimates each model on its own and subtracts: each estimate's bias (an underestimate of log P(w) on average)"
                    + " and noise do not cancel in the difference; works for models of different K.") + " " + cost;
        }
        return name + ": " + m.description() + ".\n" + bias;
    }

    /** The first selected method that anneals between the models, as {@link ComparisonPlan#annealingMethod()} says. */
    private String annealingMethod() {
        return selectedMethods().stream().filter(n -> ComparisonMethods.get(n).directional()).findFirst().orElse(null);
    }

    public List<String> selectedMethods() {
        return selectedMethods(base.get());
    }

    /** The ticked methods, in the order of the plan last applied (a file's order), then in the registry's. */
    private List<String> selectedMethods(ComparisonPlan b) {
        List<String> order = new ArrayList<>(b.methods());
        ComparisonMethods.names().stream().filter(n -> !order.contains(n)).forEach(order::add);
        return order.stream().filter(n -> methods.get(n).get()).toList();
    }

    /**
     * Runs the form's plan now, or queues it behind the running job: the typed text of every field first, then the plan;
     * a field whose text is not a valid value, or an invalid plan, is named and nothing starts.
     */
    public void start() {
        String typed = Form.commit(inputs.form(), form);
        if (typed != null) {
            say("cannot run: " + typed);
            return;
        }
        ComparisonPlan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            say(e.getMessage());
            return;
        }
        AdaptiveBudget budget;
        try {
            budget = budget();
        } catch (IllegalArgumentException e) {
            say("adaptive: " + e.getMessage());
            return;
        }
        JobSpec spec = auto.get() ? new JobSpec(plan, null, true, String.format(Locale.ROOT, "auto (seed %d)", plan.seed()))
                : new JobSpec(plan, budget, String.join(", ", plan.methods()) + String.format(Locale.ROOT, " (n = %d%s, %d runs)",
                plan.settings().temperatures(), budget == null ? "" : " to " + budget.maxTemperatures() + " adaptive", plan.runs()));
        if (!mayReplace(spec)) {
            say("not started: the results on screen are not saved (File > Save session keeps them)");
            return;
        }
        if (running.get()) {
            // the running job's progress owns the message line; the queue shows beside it
            queue.add(spec);
            return;
        }
        launch(spec);
    }

    /**
     * Whether the job may replace the results it will find on screen when it starts: yes when they are of the same plan
     * but for its methods (its rows join them), saved, or the user says so; the results of a running or queued job will
     * not be saved when it starts.
     */
    private boolean mayReplace(JobSpec spec) {
        ResultsPlan made = spec.made();
        JobSpec ahead = !queue.isEmpty() ? queue.get(queue.size() - 1) : running.get() ? currentSpec : null;
        if (ahead != null) {
            ResultsPlan before = ahead.made();
            return before != null && made != null && before.joins(made) || confirm.test("Replace the results of the job before it?", "When " + spec.label()
                    + " starts, its results replace those of " + ahead.label() + ", which will not be saved.\n\nQueue it anyway?");
        }
        ResultsPlan shown = results.planProperty().get();
        if (shown == null || made != null && shown.joins(made) || !results.unsavedProperty().get() || results.all().isEmpty()) {
            return true;
        }
        return confirm.test("Replace the results that are not saved?", "Running " + spec.label() + " replaces " + results.describe()
                + ", which are not saved.\n\nRun it anyway? (File > Save session, Ctrl+S, keeps them.)");
    }

    private void launch(JobSpec spec) {
        ModelPair pair = inputs.pairProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        String refused = refusal();
        if (refused != null) {
            say(refused);
            showingRefusal = true;
            return;
        }
        showingRefusal = false;
        ComparisonRunner.Job job = ComparisonRunner.Job.of(spec.plan(), corpus, pair);
        List<ArmKey> keys = new ArrayList<>();
        for (Arm arm : job.arms()) {
            keys.add(ArmKey.of(arm));
        }
        if (job.reference() != null) {
            keys.add(ArmKey.REFERENCE);
        }
        // the rows join the results of a plan that differs only in its methods; any other plan's results are replaced
        // (auto's always: its plan is known once its pilot has chosen)
        Results.Snapshot before = results.snapshot();
        ResultsPlan made = spec.made();
        ResultsPlan shown = results.planProperty().get();
        if (made != null && shown != null && shown.joins(made)) {
            results.forget(keys);
            results.setPlan(shown.withMethodsOf(made));
        } else {
            results.reset(corpus, made);
        }
        results.partialProperty().set("");
        lastPlan.set(spec.plan());
        lastBudget.set(spec.budget());
        ResultStream stream = new ResultStream(job.arms().size() * job.runs() + (job.reference() == null ? 0 : 1), corpus.size());
        // auto's choice, made on a worker, reaches the results (their plan) and the message line on the FX thread
        AtomicReference<AutoComparison.Choice> chosen = new AtomicReference<>();
        String[] choiceWords = {""};
        Runnable drainAll = () -> {
            AutoComparison.Choice c = chosen.getAndSet(null);
            if (c != null) {
                results.reset(corpus, new ResultsPlan(c.plan(spec.plan()), null, c.provenance()));
                choiceWords[0] = c.inWords();
            }
            stream.drainInto(results);
        };
        long start = System.nanoTime();
        double predicted = cost.costSecondsProperty().get();
        Runnable updateEta = () -> {
            if (currentSpec != spec) {
                return; // a late progress report of a finished or cancelled job must not bring its ETA back
            }
            double p = progress.get();
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (p > 0 && p < 1) {
                eta.set("about " + CostPreview.seconds(elapsed * (1 - p) / p) + " left");
            } else if (p <= 0 && predicted > 0) {
                eta.set("about " + CostPreview.seconds(Math.max(1, predicted - elapsed)) + " left (predicted)");
            }
        };
        // results reach the views in batches, at most ten times a second, never one FX call per document;
        // the ETA follows the clock every second even while no task finishes. A view that redraws slowly must not
        // starve the FX thread (progress, ETA and Cancel live there too): the next batch waits at least three times
        // as long as the last one took to show
        int[] ticks = {0};
        long[] nextDrain = {0};
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(100), e -> {
            long now = System.nanoTime();
            if (now >= nextDrain[0]) {
                drainAll.run();
                long took = System.nanoTime() - now;
                nextDrain[0] = System.nanoTime() + Math.max(0, 3 * took - 100_000_000L);
            }
            if (++ticks[0] % 10 == 0) {
                updateEta.run();
            }
        }));
        drain.setCycleCount(Timeline.INDEFINITE);
        javafx.beans.value.ChangeListener<Number> onProgress = (o, a, b) -> updateEta.run();
        currentSpec = spec;
        drainJob = drainAll;
        running.set(true);
        drain.play();
        progress.addListener(onProgress);
        jobs.of((sink, token) -> {
            if (spec.auto()) {
                sink.message(String.format(Locale.ROOT, "auto: a pilot runs %s on %d documents to choose the method",
                        String.join(", ", spec.plan().methods()), Math.min(AutoEstimation.PILOT_DOCUMENTS, corpus.size())));
                AutoComparison.Choice choice = autoRunner.choose(spec.plan(), corpus, pair, token);
                chosen.set(choice);
                String words = choice.inWords();
                autoRunner.run(choice, spec.plan(), corpus, pair, stream::addRound, (done, total, doc) -> {
                    stream.adaptiveDocumentsDone(done);
                    sink.progress(done, total);
                    sink.message(String.format(Locale.ROOT, "%s: %d of %d documents done, last %s", words, done, total, doc));
                }, token);
            } else if (spec.budget() == null) {
                runner.run(job, stream::add, (done, total, doc) -> {
                    sink.progress(done, total);
                    sink.message(String.format(Locale.ROOT, "%s: %d of %d tasks done, last document %s", spec.label(), done, total, doc));
                }, token);
            } else {
                adaptiveRunner.run(spec.plan(), spec.budget(), corpus, pair, stream::addRound, (done, total, doc) -> {
                    stream.adaptiveDocumentsDone(done);
                    sink.progress(done, total);
                    sink.message(String.format(Locale.ROOT, "%s: %d of %d documents done, last %s", spec.label(), done, total, doc));
                }, token);
            }
            return null;
        }).onSuccess(none -> {
            // each method's rate in this job replaces the saved or calibrated one in the next cost preview, and how
            // many threads it kept busy replaces the assumption of all of them
            long wall = System.nanoTime() - start;
            drainAll.run();
            if (!spec.auto()) { // auto's rounds run at budgets of their own: no rate of the form's plan to learn
                List<ComparisonRunner.Result> mine = results.all().stream().filter(r -> keys.contains(ArmKey.of(r))).toList();
                cost.learnFrom(mine, wall, job.threads(), pair.a().numTopics(), spec.plan().settings().maxExactStates());
            }
            lastJobSeconds.set(wall / 1e9);
            finish(drain, String.format(Locale.ROOT, "finished %s%s in %.1f s", spec.label(), choiceWords[0].isEmpty() ? "" : ": " + choiceWords[0],
                    wall / 1e9), () -> "");
        }).onCancelled(() -> finish(drain, "cancelled " + spec.label(), unfinished(before, stream, corpus, "cancelled")))
                .onFailure(f -> {
                    finish(drain, "failed: " + f.message(), unfinished(before, stream, corpus, "the job failed"));
                    messages.error("The job failed", spec.label() + ": " + f.message());
                })
                .onEnd(outcome -> {
                    progress.removeListener(onProgress);
                    // a queued job runs after one that finished or failed; a cancel drops the queue
                    if (!queue.isEmpty() && outcome != BackgroundJob.Outcome.CANCELLED) {
                        launch(queue.remove(0));
                    }
                })
                .start();
    }

    private Runnable drainJob = () -> { };

    /**
     * What a job that stopped before its end leaves (its results are drained first): on an empty screen its results,
     * marked partial; over the results that were on screen before it started, those results, put back, and the job's
     * rows dropped. Returns what the message line adds.
     */
    private java.util.function.Supplier<String> unfinished(Results.Snapshot before, ResultStream stream, Corpus corpus, String why) {
        return () -> {
            String done = String.format(Locale.ROOT, "after %d of %d documents", stream.documentsDone(), corpus.size());
            if (before.isEmpty()) {
                results.partialProperty().set("partial: " + why + " " + done);
                return "";
            }
            results.restore(before);
            return " " + done + ": its rows were dropped, and " + results.describe() + " are back on screen";
        };
    }

    private void finish(Timeline drain, String finalMessage, java.util.function.Supplier<String> mark) {
        drain.stop();
        drainJob.run();
        drainJob = () -> { };
        currentSpec = null;
        eta.set("");
        message.set(finalMessage + mark.get());
        running.set(false);
        onJobFinished.run();
    }

    /** Stops the running job (every worker within about a second) and drops the queue. */
    public void cancel() {
        queue.clear();
        jobs.cancel();
    }

    public void setOnJobFinished(Runnable r) {
        onJobFinished = r;
    }

    public Map<String, BooleanProperty> methods() {
        return methods;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty samplesProperty() {
        return samples;
    }

    public IntegerProperty burnInProperty() {
        return burnIn;
    }

    public ObjectProperty<Schedule> scheduleProperty() {
        return schedule;
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public LongProperty seedProperty() {
        return seed;
    }

    public IntegerProperty threadsProperty() {
        return threads;
    }

    public ObjectProperty<ComparisonPlan.Reference> referenceProperty() {
        return reference;
    }

    public IntegerProperty referenceParticlesProperty() {
        return referenceParticles;
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

    /** Run the ratio paths adaptively ({@code compare --adaptive}). */
    /** Whether Run runs {@code auto} (compare's default: a pilot chooses the method and budget) rather than the ticked methods. */
    public BooleanProperty autoProperty() {
        return auto;
    }

    public BooleanProperty adaptiveProperty() {
        return adaptive;
    }

    /** Adaptive: the agreement sought between the directions, in nats ({@code --agree-within}). */
    public DoubleProperty agreeWithinProperty() {
        return agreeWithin;
    }

    /** Adaptive: the most temperatures a document gets ({@code --max-temperatures}). */
    public IntegerProperty maxTemperaturesProperty() {
        return maxTemperatures;
    }

    /** The adaptive budget of the last job started, null for a plain one. */
    public ObjectProperty<AdaptiveBudget> lastBudgetProperty() {
        return lastBudget;
    }

    /** Wall-clock seconds of the last job that finished, NaN before one has. */
    public DoubleProperty lastJobSecondsProperty() {
        return lastJobSeconds;
    }

    /** "queued: ..." naming the jobs waiting behind the running one, or empty. */
    public StringProperty queueTextProperty() {
        return queueText;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public StringProperty etaProperty() {
        return eta;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public ObservableList<JobSpec> queue() {
        return queue;
    }

    /** The plan of the last job started: what made the results, for the provenance of their export. */
    public ObjectProperty<ComparisonPlan> lastPlanProperty() {
        return lastPlan;
    }

    /** Permute B's topics to A's before annealing: part of the plan, and of how the pair is prepared. */
    public BooleanProperty alignProperty() {
        return inputs.alignProperty();
    }
}
