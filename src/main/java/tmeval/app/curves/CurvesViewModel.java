package tmeval.app.curves;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Form;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.run.plan.CurvePlan;
import tmeval.run.exec.CurveFloor;
import tmeval.run.exec.CurveRunner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * View-model of the iteration curves (Foulds and Smyth Figure 2): fills a {@link CurvePlan} from the form (starting
 * from the command line's defaults), runs iteration-AIS and the baselines over the loaded model series in a
 * background task and hands each snapshot's points to the view as soon as the snapshot is done, each tagged with
 * the series (method, run) it belongs to. The typed text of its fields is committed before a run ({@link #form()}); the
 * curves on screen name the plan that drew them ({@link #caption()}), and a run over curves not saved asks first.
 */
public final class CurvesViewModel {
    private static final CurvePlan DEFAULTS = CurvePlan.defaults();
    /** The variance chart's value axis, with its unit: a variance of log-likelihoods in nats is in nats squared. */
    public static final String VARIANCE_AXIS = "mean per-document variance across runs (nats\u00b2)";
    public static final String LIKELIHOOD_AXIS = "held-out corpus log-likelihood (nats)";
    static final String NO_SERIES = "No model series loaded: load a folder of snapshots on the Inputs screen, then press Run curves.";
    static final String READY = "Series loaded: press Run curves to draw a point per snapshot.";
    static final String RUNNING = "Running the curves: each snapshot's points appear here as soon as it is done.";

    private final Workspace inputs;
    private final Map<String, BooleanProperty> methods = new LinkedHashMap<>();
    private final IntegerProperty temperatures = new SimpleIntegerProperty(DEFAULTS.settings().temperatures());
    private final IntegerProperty runs = new SimpleIntegerProperty(DEFAULTS.runs());
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty(NO_SERIES);
    private final StringProperty empty = new SimpleStringProperty(NO_SERIES);
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final List<Consumer<List<CurvePoint>>> likelihoodListeners = new ArrayList<>();
    private final List<Consumer<List<CurvePoint>>> varianceListeners = new ArrayList<>();
    private final List<Consumer<List<CurveInterval>>> intervalListeners = new ArrayList<>();
    private final List<Runnable> resetListeners = new ArrayList<>();
    private int likelihoodPoints;
    private final List<CurveRunner.Point> received = new ArrayList<>();
    private final BackgroundJob<Void> background;
    private final Form form = new Form();
    private final ReadOnlyObjectWrapper<CurvePlan> shownPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<CurvePlan> formPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper unsaved = new ReadOnlyBooleanWrapper(false);
    private final PlanCaption<CurvePlan> caption;
    /** The series and corpus of the curves on screen (empty: those loaded when they were restored from a session). */
    private List<Object> shownInputs = List.of();
    private BiPredicate<String, String> confirm = (title, question) -> true;
    /** The folder of the curves on screen when they were watched live (empty: the loaded series'). */
    private final StringProperty watched = new SimpleStringProperty("");
    private final LiveCurveViewModel live;

    public CurvesViewModel(Workspace inputs, TaskExecutor executor) {
        this.inputs = inputs;
        this.background = new BackgroundJob<Void>(executor).showIn(progress, message);
        running.bind(background.runningProperty());
        for (String m : CurvePlan.CURVE_METHODS) {
            BooleanProperty on = new SimpleBooleanProperty(DEFAULTS.methods().contains(m));
            on.addListener((o, a, b) -> formChanged());
            methods.put(m, on);
        }
        temperatures.addListener((o, a, b) -> formChanged());
        runs.addListener((o, a, b) -> formChanged());
        formChanged();
        caption = new PlanCaption<>("Curves", shownPlan, formPlan, CurvesViewModel::describe, CurvePlan::usedSettings, CurvePlan::toSettings);
        caption.setPutBack(this::putShownPlanInForm, UserMessages.NONE);
        // curves are the user's work (a session keeps them): another series or corpus marks them, never drops them
        caption.markStaleWhen(javafx.beans.binding.Bindings.createStringBinding(() -> shownPlan.get() == null || shownInputs.isEmpty()
                        || shownInputs.equals(java.util.Arrays.asList(inputs.seriesProperty().get(), inputs.corpusProperty().get())) ? ""
                        : "these curves are of the series and corpus loaded before, not of those loaded now: run the curves again for them",
                shownPlan, inputs.seriesProperty(), inputs.corpusProperty()));
        inputs.seriesProperty().addListener((o, a, b) -> describeEmpty());
        inputs.corpusProperty().addListener((o, a, b) -> describeEmpty());
        // while the curves run, the empty chart says so (not "press Run curves")
        running.addListener((o, a, b) -> empty.set(emptyText()));
        describeEmpty();
        live = new LiveCurveViewModel(this);
    }

    /** The curve watched live as it grows: Run > Train and Watch a series folder, their verdict, step and Stop training. */
    public LiveCurveViewModel live() {
        return live;
    }

    private void formChanged() {
        CurvePlan now;
        try {
            now = plan();
        } catch (IllegalArgumentException e) {
            now = null;
        }
        formPlan.set(now);
    }

    /** The methods, then "n = 1000, 2 runs, seed 1". */
    static String describe(CurvePlan p) {
        return String.format(Locale.ROOT, "%s, n = %d, %d run%s, seed %d", String.join(", ", p.methods()), p.settings().temperatures(), p.runs(),
                p.runs() == 1 ? "" : "s", p.seed());
    }

    /** Puts the plan of the curves on screen in the form: its methods, temperatures and runs (the form holds no other). */
    private List<String> putShownPlanInForm() {
        CurvePlan p = shownPlan.get();
        if (p != null) {
            methods.forEach((m, on) -> on.set(p.methods().contains(m)));
            temperatures.set(p.settings().temperatures());
            runs.set(p.runs());
        }
        return List.of();
    }

    /** Asked (title, question) before a run replaces curves that are not saved; true goes ahead. */
    public void setConfirmHandler(BiPredicate<String, String> handler) {
        this.confirm = handler;
    }

    /** The curves form's typed text, committed before a run (the view adds its fields). */
    public Form form() {
        return form;
    }

    /** "Curves of: ..." naming the plan of the curves on screen, and how the form differs from it since. */
    public PlanCaption<CurvePlan> caption() {
        return caption;
    }

    /** The plan that drew the curves on screen, null when there are none (or they came from an older session). */
    public javafx.beans.property.ReadOnlyObjectProperty<CurvePlan> shownPlanProperty() {
        return shownPlan.getReadOnlyProperty();
    }

    /** The folder of the curves on screen when they are or were watched live, empty otherwise (the footer names it). */
    public javafx.beans.value.ObservableStringValue watchedProperty() {
        return watched;
    }

    /** Whether a run has drawn points since the curves were last saved in a session or opened from one. */
    public ReadOnlyBooleanProperty unsavedProperty() {
        return unsaved.getReadOnlyProperty();
    }

    public void markSaved() {
        unsaved.set(false);
    }

    /** What an empty chart says: which input is missing, or that Run curves is the next press. */
    private String emptyText() {
        String refused = refusal(inputs.seriesProperty().get(), inputs.corpusProperty().get());
        if (running.get() && !watched.get().isEmpty()) {
            return "Watching " + watched.get() + ": each snapshot's points appear here as it lands.";
        }
        return running.get() ? RUNNING : inputs.seriesProperty().get() == null ? NO_SERIES : refused != null ? refused : READY;
    }

    private void describeEmpty() {
        String text = emptyText();
        empty.set(text);
        if (!running.get() && likelihoodPoints == 0 && !message.isBound()) {
            message.set(text);
        }
    }

    /**
     * Why a loaded series cannot be run on the loaded corpus, and what to do; null when it can. The corpus is read onto
     * model A's vocabulary (its word ids are A's), so a series over other words would score the wrong words.
     */
    static String refusal(ModelSeries series, Corpus corpus) {
        if (series == null || corpus == null || series.vocabulary().equals(corpus.vocabulary())) {
            return null;
        }
        return "Cannot run curves: the series' vocabulary (" + series.vocabulary().size() + " words) differs from model A's ("
                + corpus.vocabulary().size() + " words), onto which the held-out corpus was read. Load a series trained on model A's"
                + " vocabulary, or open one of the series' snapshots as model A and reload the corpus.";
    }

    /** The text an empty chart shows in place of its lines. */
    public StringProperty emptyMessageProperty() {
        return empty;
    }

    /** Receives each snapshot's corpus log-likelihoods, one point per (method, run). */
    public void onLikelihood(Consumer<List<CurvePoint>> listener) {
        likelihoodListeners.add(listener);
    }

    /** Receives each snapshot's per-document variance across runs, one point per method. */
    public void onVariance(Consumer<List<CurvePoint>> listener) {
        varianceListeners.add(listener);
    }

    /** Receives each snapshot's 95% intervals over runs, one per method (none with a single run). */
    public void onInterval(Consumer<List<CurveInterval>> listener) {
        intervalListeners.add(listener);
    }

    public void onReset(Runnable listener) {
        resetListeners.add(listener);
    }

    /**
     * The curve the form describes, as {@code tmeval curve} would build it from the same settings (the first
     * snapshot reached with as many extra temperatures as each later one).
     *
     * @throws IllegalArgumentException naming the setting that is not valid (no method selected, say)
     */
    public CurvePlan plan() {
        List<String> selected = new ArrayList<>();
        methods.forEach((m, on) -> {
            if (on.get()) {
                selected.add(m);
            }
        });
        return planOf(selected, temperatures.get(), runs.get());
    }

    /** The plan of the curve form with these methods, temperatures and runs (its other settings are the command line's defaults). */
    public static CurvePlan planOf(List<String> methods, int temperatures, int runs) {
        return new CurvePlan(methods, DEFAULTS.settings().withTemperatures(temperatures), temperatures, runs, DEFAULTS.seed(), DEFAULTS.threads(),
                DEFAULTS.allowUneven());
    }

    public void start() {
        if (running.get()) {
            return;
        }
        String typed = Form.commit(inputs.form(), form);
        if (typed != null) {
            message.set("cannot run: " + typed);
            return;
        }
        ModelSeries series = inputs.seriesProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (series == null || corpus == null) {
            message.set("load a model series and a held-out corpus first");
            return;
        }
        String refused = refusal(series, corpus);
        if (refused != null) {
            message.set(refused);
            return;
        }
        CurvePlan plan = formPlanOrSay();
        if (plan == null) {
            return;
        }
        if (!mayReplace("Running the curves again", "Run anyway? (File > Save session, Ctrl+S, keeps them.)")) {
            return;
        }
        CurveRunner.Job job = CurveRunner.Job.of(plan, corpus, series);
        show(plan, java.util.Arrays.asList(series, corpus), "");
        long start = System.nanoTime();
        int[] snapshots = {0}; // counted on the worker, in the order the snapshots finish
        background.of((sink, token) -> {
            CurveRunner.run(job, new CurveRunner.Listener() {
                @Override
                public void row(CurveRunner.Row row) {
                    // the curve view draws corpus points; per-document rows go to exports
                }

                @Override
                public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                    sink.publish(() -> add(points));
                    sink.message(String.format(Locale.ROOT, "snapshot %d of %d (iteration %d) done", ++snapshots[0], series.size(), iteration));
                }
            }, (done, total, what) -> sink.progress(done, total), token);
            return null;
        }).onSuccess(none -> message.set(String.format(Locale.ROOT, "finished %d snapshots in %.1f s", series.size(), (System.nanoTime() - start) / 1e9)
                        + floorWarning()))
                .onCancelled(() -> message.set(cancelled(series.size()) + floorWarning()))
                .onFailure(f -> message.set("failed: " + f.message()))
                .onEnd(this::emptyStoppedBar)
                .start();
    }

    /** Asks before new curves replace ones not saved; false (said in the message line) when the user keeps them. */
    boolean mayReplace(String what, String goAhead) {
        if (unsaved.get() && !received.isEmpty() && !confirm.test("Replace the curves that are not saved?", what + " replaces the curves of "
                + describe(shownPlan.get()) + " (" + received.size() + " points), which are not saved.\n\n" + goAhead)) {
            message.set("not started: the curves on screen are not saved (File > Save session keeps them)");
            return false;
        }
        return true;
    }

    /**
     * Clears the curves on screen for new ones of this plan.
     *
     * @param of      the series and corpus they are of, compared with those loaded (empty: not compared)
     * @param watched the folder watched live, empty for the loaded series
     */
    void show(CurvePlan plan, List<Object> of, String watched) {
        likelihoodPoints = 0;
        received.clear();
        shownInputs = of;
        this.watched.set(watched);
        shownPlan.set(plan);
        resetListeners.forEach(Runnable::run);
    }

    /** The curves' background job: one at a time, the loaded series' or a live one. */
    BackgroundJob<Void> job() {
        return background;
    }

    /** How many snapshots the curves on screen have points of. */
    long snapshotsDrawn() {
        return received.stream().mapToInt(CurveRunner.Point::iteration).distinct().count();
    }

    /** A job stopped or failed part-way leaves its bar part-filled, which reads as still under way: emptied. */
    void emptyStoppedBar(BackgroundJob.Outcome outcome) {
        if (outcome != BackgroundJob.Outcome.FINISHED) {
            progress.set(0);
        }
    }

    /** The form's plan, or null with the reason in the message line. */
    CurvePlan formPlanOrSay() {
        try {
            return plan();
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return null;
        }
    }

    /** The points on screen known to be wrong, said beside them ({@link CurveFloor#summary}). */
    String floorWarning() {
        return CurveFloor.summary(received);
    }

    /** "cancelled after 3 of 20 snapshots; their points are kept": what the stopped run leaves on screen. */
    private String cancelled(int total) {
        long kept = received.stream().mapToInt(CurveRunner.Point::iteration).distinct().count();
        return String.format(Locale.ROOT, "Cancelled after %d of %d snapshots; %s", kept, total,
                kept == 0 ? "no point was drawn" : "their points are kept (File > Save session saves them)");
    }

    /** The corpus points received since the last start (or restored), for a saved session. */
    public List<CurveRunner.Point> points() {
        return List.copyOf(received);
    }

    /** Shows points saved earlier (a reopened session) in place of the current curves, with no plan known for them. */
    public void restore(List<CurveRunner.Point> points) {
        restore(points, null);
    }

    /** Shows points saved earlier (a reopened session) in place of the current curves, drawn by this plan (null: not known). */
    public void restore(List<CurveRunner.Point> points, CurvePlan plan) {
        show(points.isEmpty() ? null : plan, List.of(), ""); // a session's inputs may still be loading: not compared
        if (!points.isEmpty()) {
            add(points);
            String warning = floorWarning();
            if (!warning.isEmpty()) {
                message.set("curves of a saved session" + warning);
            }
        }
        unsaved.set(false);
    }

    void add(List<CurveRunner.Point> points) {
        unsaved.set(true);
        received.addAll(points);
        List<CurvePoint> likelihood = new ArrayList<>();
        List<CurvePoint> variance = new ArrayList<>();
        for (CurveRunner.Point p : points) {
            if (Methods.deterministic(p.method()) && p.run() > 1) {
                continue; // the same line again: drawn once
            }
            likelihood.add(new CurvePoint(new CurveSeries(p.method(), p.run()), p.iteration(), p.logLikelihood()));
            if (p.run() == 1 && p.perDocumentVariance() != null) {
                variance.add(new CurvePoint(new CurveSeries(p.method(), 0), p.iteration(), p.perDocumentVariance().doubleValue()));
            }
        }
        List<CurveInterval> intervals = new ArrayList<>();
        for (CurveRunner.Interval i : CurveRunner.intervals(points)) {
            if (Methods.deterministic(i.method())) {
                continue; // no spread to draw
            }
            intervals.add(new CurveInterval(i.method(), i.iteration(), i.interval().mean(), i.interval().low(), i.interval().high()));
        }
        likelihoodPoints += likelihood.size();
        likelihoodListeners.forEach(l -> l.accept(likelihood));
        varianceListeners.forEach(l -> l.accept(variance));
        intervalListeners.forEach(l -> l.accept(intervals));
    }

    public void cancel() {
        background.cancel();
    }

    /** Log-likelihood points received since the last start. */
    public int pointCount() {
        return likelihoodPoints;
    }

    public Map<String, BooleanProperty> methods() {
        return methods;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    /** The series loaded, in one line, for the footer. */
    public String seriesSummary() {
        if (!watched.get().isEmpty()) {
            return "series: watched in " + watched.get() + " (the curves above; the series loaded is not drawn)";
        }
        ModelSeries s = inputs.seriesProperty().get();
        return "series: " + (s == null ? "not loaded" : String.format(Locale.ROOT, "%s %d snapshots, iterations %d to %d, K = %d", s.name(),
                s.size(), s.get(0).iteration(), s.get(s.size() - 1).iteration(), s.numTopics()));
    }

    public Workspace inputs() {
        return inputs;
    }
}
