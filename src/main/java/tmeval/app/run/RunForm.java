package tmeval.app.run;

import tmeval.run.plan.AdaptiveBudget;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import tmeval.anneal.Schedule;
import tmeval.app.common.Form;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.run.auto.AutoComparison;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run form: the methods and their settings (the same {@link MethodSettings} the command line fills), as the plan
 * Run would run. The settings the form has no control for (direction, gap threshold, particles, ...) are kept from the
 * last plan applied ({@link #apply}) and named ({@link #otherSettingsProperty()}). No job, no cost: those follow it.
 */
public final class RunForm {
    /** The named-methods plan under the form (the Table 1 preset; the form itself opens on auto): the command line's defaults. */
    public static final ComparisonPlan DEFAULTS = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());
    /** The settings ({@link ComparisonPlan#toSettings}) the form has a control for; it keeps the others from the plan last applied. */
    private static final Set<String> CONTROLLED = Set.of(SettingName.METHODS.key(), MethodOption.SAMPLES.setting(),
            MethodOption.TEMPERATURES.setting(), MethodOption.BURN_IN.setting(), MethodOption.SCHEDULE.setting(), Setting.RUNS.name(),
            Setting.SEED.name(), SettingName.REFERENCE.key(), Setting.REFERENCE_PARTICLES.name(), SettingName.ALIGN.key());

    /** The form's own names for the settings of an adaptive budget: its messages never name a command-line flag. */
    static final AdaptiveBudget.Names CONTROLS = new AdaptiveBudget.Names(SettingName.ADAPTIVE.key(),
            "this plan runs one direction (see 'also in this plan'; Reset gives both)", "max temp.", MethodOption.TEMPERATURES.setting());

    private final Workspace inputs;
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
    private final Form form = new Form();
    /** The plan the form edits: its settings without a control (direction, gap threshold, ...) and the methods' order. */
    private final ObjectProperty<ComparisonPlan> base = new SimpleObjectProperty<>(DEFAULTS);
    private final ReadOnlyObjectWrapper<ComparisonJob> formPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper otherSettings = new ReadOnlyStringWrapper("");
    private final List<Runnable> changeListeners = new ArrayList<>();

    public RunForm(Workspace inputs) {
        this.inputs = inputs;
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
        // the pair is prepared for the first selected method that anneals between the models (it needs the same K)
        for (BooleanProperty on : methods.values()) {
            on.addListener((o, a, b) -> inputs.annealingMethodProperty().set(annealingMethod()));
        }
        inputs.annealingMethodProperty().set(annealingMethod());
        formChanged();
    }

    /** Told after every change of a setting (the cost preview follows). */
    public void onChanged(Runnable listener) {
        changeListeners.add(listener);
    }

    /** A setting of the form changed: the cost preview, the plan the form describes and its settings without a control follow. */
    private void formChanged() {
        changeListeners.forEach(Runnable::run);
        ComparisonJob now;
        try {
            now = job();
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

    /**
     * The comparison the form describes: {@link #plan()} with its mode, auto (the plan is then its pilot's), adaptive
     * with {@link #budget()}, or plain.
     *
     * @throws IllegalArgumentException naming a setting that is not valid
     */
    public ComparisonJob job() {
        return auto.get() ? ComparisonJob.auto(plan()) : new ComparisonJob(plan(), budget());
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
        ComparisonPlan b = base.get();
        if (auto.get()) {
            // the pilot takes from the form's settings those auto leaves to the user, whichever methods are ticked
            return AutoComparison.pilotPlan(controlsOn(b));
        }
        return controlsOn(b.withMethods(selectedMethods(b)));
    }

    /** {@code b} with the form's controls but the methods. */
    private ComparisonPlan controlsOn(ComparisonPlan b) {
        return b.withSettings(settingsOn(b)).withRuns(runs.get()).withSeed(seed.get()).withThreads(threads.get())
                .withReference(reference.get()).withReferenceParticles(referenceParticles.get()).withAlign(inputs.alignProperty().get())
                .withIntersectVocabularies(false);
    }

    /**
     * Puts every setting of a plan in the form, the thread count aside (it changes no number): its adaptive budget, or
     * for an {@code auto} plan the settings auto does not choose (seed, alignment, gap threshold) with auto on; the
     * controls take theirs, and the settings without a control are kept and named ({@link #otherSettingsProperty()}), so
     * that Run runs this very plan. The one place the form is set from a plan: a file, a session, the preset.
     *
     * @return what the form cannot hold, each named (empty when it holds all of it)
     */
    public List<String> apply(ComparisonJob made) {
        ComparisonPlan plan = made.plan();
        AdaptiveBudget budget = made.budget();
        List<String> notHeld = new ArrayList<>();
        if (plan.intersectVocabularies()) {
            notHeld.add("vocabulary intersect (compare on the words both models share): the workbench compares models of one vocabulary,"
                    + " so its form runs vocabulary strict");
        }
        if (made.auto() != null) {
            base.set(ComparisonJob.withUsersSettings(DEFAULTS, plan).withThreads(threads.get()).withIntersectVocabularies(false));
            seed.set(plan.seed());
            inputs.alignProperty().set(plan.align());
            adaptive.set(false);
            auto.set(true);
            return notHeld;
        }
        base.set(plan.withThreads(threads.get()).withIntersectVocabularies(false));
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
        apply(new ComparisonJob(paper.withSeed(seed.get()).withThreads(threads.get()).withAlign(inputs.alignProperty().get()), null));
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
    public ReadOnlyObjectProperty<ComparisonJob> formPlanProperty() {
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
        budget.check(plan(), CONTROLS);
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

    /** Whether Run runs {@code auto} (compare's default: a pilot chooses the method and budget) rather than the ticked methods. */
    public BooleanProperty autoProperty() {
        return auto;
    }

    /** Run the ratio paths adaptively ({@code compare --adaptive}). */
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
}
