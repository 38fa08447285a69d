package tmeval.app.whichk;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import tmeval.app.common.Failures;
import tmeval.app.common.Form;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.ScreenJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.estimate.Methods;
import tmeval.run.AutoEstimation;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.run.CorpusSummary;
import tmeval.run.EstimatePlan;
import tmeval.run.ModelSelection;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * View-model of the "which K?" screen: a list of models (files, the loaded series' snapshots, models A and B) scored
 * against the workspace's held-out corpus by {@link ModelSelection}, the engine of {@code tmeval select}, in a
 * background task. Each model is estimated on the corpus mapped onto its own vocabulary, so models of different
 * vocabularies each get their number (and their unknown words are shown); only pairs that score the same tokens get
 * pairwise decided counts. Rows and chart points arrive as each model finishes.
 */
public final class WhichKViewModel {
    /** A model in the list, and the name the table and chart give it. */
    public record Entry(String label, TopicModel model) {
    }

    /** What the chart's value axis shows. */
    public enum Measure {
        PER_TOKEN("log-likelihood per token (nats)"), PERPLEXITY("perplexity");

        private final String axis;

        Measure(String axis) {
            this.axis = axis;
        }

        public String axis() {
            return axis;
        }

        @Override
        public String toString() {
            return axis;
        }
    }

    /**
     * One model's row of the table, as text (a value that does not exist is "-", never NaN). {@code certified}: "38 of 41"
     * documents; {@code warning}: what makes its numbers untrustworthy, short enough for its column ("166 below floor, 289
     * uncertified": runs below the vb floor, documents not certified), empty when nothing does, and {@code why} the same
     * in full ({@link #warning(int, ModelSelection.Score)}).
     */
    public record Row(int number, String label, int numTopics, int vocabulary, long tokens, String unknown, String logLikelihood,
                      String interval, String perToken, String perplexity, String perplexityInterval, String medianDocumentPerplexity,
                      String refused, String certified, String warning, String why) {
    }

    /** A point of the chart with its 95% interval (low = high = value when there is none). */
    public record Point(double x, String label, double value, double low, double high) {
    }

    /** One row of the pairwise table: the row model's label and, per column model, its decided count ("-", "n/a"). */
    public record PairRow(String label, List<String> cells) {
    }

    static final String NO_CORPUS = "Load a held-out corpus on the Inputs panel first.";
    static final String TOO_FEW = "Add two or more models (files, the series' snapshots, or models A and B), then press Score models.";

    private final Workspace workspace;
    private final TaskExecutor executor;
    private final ObservableList<Entry> models = FXCollections.observableArrayList();
    private final StringProperty method = new SimpleStringProperty(WhichKPlan.defaults().method());
    private final IntegerProperty runs = new SimpleIntegerProperty(ModelSelection.DEFAULT_RUNS);
    private final ObjectProperty<Measure> measure = new SimpleObjectProperty<>(Measure.PER_TOKEN);
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObservableList<Point> points = FXCollections.observableArrayList();
    private final ObservableList<PairRow> pairwise = FXCollections.observableArrayList();
    private final ObservableList<String> pairColumns = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper byK = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<ModelSelection.Result> result = new ReadOnlyObjectWrapper<>();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty(TOO_FEW);
    private final StringProperty warnings = new SimpleStringProperty("");
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final List<ModelSelection.Score> scores = new ArrayList<>();
    private final List<String> scoredLabels = new ArrayList<>();
    private BiConsumer<String, String> errorHandler = (title, text) -> { };
    private final ScreenJob background;
    private final Form form = new Form();
    private final ReadOnlyObjectWrapper<WhichKPlan> shownPlan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<WhichKPlan> formPlan = new ReadOnlyObjectWrapper<>();
    private final PlanCaption<WhichKPlan> caption;

    public WhichKViewModel(Workspace workspace, TaskExecutor executor) {
        this.workspace = workspace;
        this.executor = executor;
        this.background = new ScreenJob(progress, message, running, executor);
        measure.addListener((o, a, b) -> redrawPoints());
        method.addListener((o, a, b) -> formChanged());
        runs.addListener((o, a, b) -> formChanged());
        formChanged();
        caption = new PlanCaption<>("Scores", shownPlan, formPlan, WhichKPlan::describe, WhichKPlan::settingsText);
    }

    private void formChanged() {
        WhichKPlan now;
        try {
            now = plan();
        } catch (IllegalArgumentException e) {
            now = null;
        }
        formPlan.set(now);
    }


    /** The which-K form's typed text, committed before scoring (the view adds its fields). */
    public Form form() {
        return form;
    }

    /** "Scores of: ..." naming the plan of the scores on screen, and how the form differs from it since. */
    public PlanCaption<?> caption() {
        return caption;
    }

    public void setErrorHandler(BiConsumer<String, String> handler) {
        this.errorHandler = handler;
    }

    /** Reads model files in the background and adds those that read; each that does not is reported by name. */
    public Task<List<Entry>> addFiles(List<Path> files) {
        Task<List<Entry>> task = new Task<>() {
            @Override
            protected List<Entry> call() throws InputException {
                List<Entry> read = new ArrayList<>();
                for (int i = 0; i < files.size(); i++) {
                    updateMessage("reading " + files.get(i).getFileName());
                    updateProgress(i, files.size());
                    TopicModel m = ModelLoader.read(ModelLoader.Spec.of(files.get(i)));
                    read.add(new Entry(m.name(), m));
                }
                return read;
            }
        };
        loading.set(true);
        task.setOnSucceeded(e -> {
            loading.set(false);
            models.addAll(task.getValue());
            message.set(models.size() + " models in the list");
        });
        task.setOnFailed(e -> {
            loading.set(false);
            Throwable t = task.getException();
            errorHandler.accept("Cannot add the model", t instanceof InputException ? t.getMessage() : Failures.describe(t));
        });
        task.setOnCancelled(e -> loading.set(false));
        return executor.execute(task);
    }

    /** Adds every snapshot of the loaded model series, named by its training iteration. */
    public void addSeries() {
        ModelSeries s = workspace.seriesProperty().get();
        if (s == null) {
            message.set("no model series is loaded (Inputs panel, Model series)");
            return;
        }
        for (ModelSeries.Snapshot snapshot : s.snapshots()) {
            models.add(new Entry("iteration " + snapshot.iteration(), snapshot.model()));
        }
        message.set(models.size() + " models in the list");
    }

    /** Adds models A and B of the Inputs panel (those loaded). */
    public void addModelsAB() {
        if (workspace.modelAProperty().get() != null) {
            models.add(new Entry("A: " + workspace.modelAProperty().get().name(), workspace.modelAProperty().get()));
        }
        if (workspace.modelBProperty().get() != null) {
            models.add(new Entry("B: " + workspace.modelBProperty().get().name(), workspace.modelBProperty().get()));
        }
        message.set(models.size() + " models in the list");
    }

    public void remove(Entry e) {
        models.remove(e);
    }

    public void clear() {
        models.clear();
    }

    /**
     * The plan the form describes: {@code tmeval select} with the same method, runs and seed (the method's default
     * settings, all cores).
     */
    WhichKPlan plan() {
        WhichKPlan defaults = WhichKPlan.defaults();
        return new WhichKPlan(method.get(), runs.get(), defaults.seed(), defaults.threads());
    }

    /** The methods the screen offers (every one {@code select} takes): auto first, the default. */
    public List<String> methodNames() {
        List<String> names = new ArrayList<>(List.of(AutoEstimation.NAME));
        names.addAll(Methods.names());
        return names;
    }

    /** Scores the listed models on the held-out corpus in the background; rows and points arrive as models finish. */
    public void start() {
        if (running.get()) {
            return;
        }
        Corpus raw = workspace.rawCorpusProperty().get();
        if (raw == null) {
            message.set(NO_CORPUS);
            return;
        }
        if (models.size() < 2) {
            message.set(TOO_FEW);
            return;
        }
        String typed = Form.commit(workspace.form(), form);
        if (typed != null) {
            message.set("cannot score: " + typed);
            return;
        }
        WhichKPlan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return;
        }
        List<Entry> entries = List.copyOf(models);
        shownPlan.set(plan);
        Path corpusPath = workspace.path(Workspace.Slot.CORPUS);
        int minTokens = workspace.minTokensProperty().get();
        scores.clear();
        scoredLabels.clear();
        rows.clear();
        warnings.set("");
        points.clear();
        pairwise.clear();
        pairColumns.clear();
        result.set(null);
        byK.set(entries.stream().mapToInt(e -> e.model().numTopics()).distinct().count() > 1);
        CancelToken token = new CancelToken();
        long start = System.nanoTime();
        Task<ModelSelection.Result> task = new Task<>() {
            @Override
            protected ModelSelection.Result call() throws InputException {
                List<ModelSelection.Candidate> candidates = new ArrayList<>();
                for (Entry e : entries) {
                    Corpus mapped = CorpusLoader.mapOnto(raw, e.model().vocabulary(), corpusPath).withMinimumLength(minTokens);
                    if (mapped.size() == 0) {
                        throw new InputException(String.valueOf(corpusPath), 0, "no document has at least " + minTokens
                                + " tokens in the vocabulary of " + e.label(), null);
                    }
                    candidates.add(new ModelSelection.Candidate(e.model(), mapped));
                }
                List<ModelSelection.Estimation> estimations = new ArrayList<>();
                for (ModelSelection.Candidate c : candidates) {
                    updateMessage("auto: the pilot of model " + (estimations.size() + 1) + " of " + entries.size());
                    estimations.add(plan.auto() ? ModelSelection.Estimation.auto(c, plan.seed(), plan.threads(), token)
                            : ModelSelection.Estimation.of(plan.estimatePlan()));
                }
                long total = candidates.stream().mapToLong(c -> (long) c.corpus().size() * plan.effectiveRuns()).sum();
                // written by the task's thread, read by the workers' progress calls
                java.util.concurrent.atomic.AtomicLong before = new java.util.concurrent.atomic.AtomicLong();
                return ModelSelection.run(estimations, candidates, new ModelSelection.Listener() {
                    @Override
                    public void modelStarted(int index, ModelSelection.Candidate candidate, String method) {
                        updateMessage("model " + (index + 1) + " of " + entries.size() + ": " + entries.get(index).label() + " by " + method);
                    }

                    @Override
                    public void modelDone(int index, ModelSelection.Score score) {
                        before.addAndGet((long) score.corpus().size() * plan.effectiveRuns());
                        TaskExecutor.onFxThread(() -> addScore(entries.get(index).label(), score));
                    }
                }, index -> (done, all, what) -> updateProgress(before.get() + done, total), token);
            }
        };
        task.setOnSucceeded(e -> {
            finish(String.format(Locale.ROOT, "scored %d models in %.1f s", entries.size(), (System.nanoTime() - start) / 1e9));
            showPairwise(task.getValue());
        });
        task.setOnCancelled(e -> finish("cancelled; the models scored before stay"));
        task.setOnFailed(e -> {
            Throwable t = task.getException();
            if (t instanceof CancelledException) {
                finish("cancelled; the models scored before stay");
            } else {
                finish("failed: " + (t instanceof InputException ? t.getMessage() : Failures.describe(t)));
            }
        });
        background.start(task, token);
    }

    private void finish(String text) {
        background.finish(text);
    }

    public void cancel() {
        background.cancel();
    }

    private void addScore(String label, ModelSelection.Score score) {
        scores.add(score);
        scoredLabels.add(label);
        rows.add(row(scores.size(), label, score));
        points.add(point(scores.size() - 1, label, score));
        warnings.set(warnings(scores, shownPlan.get() != null && shownPlan.get().auto()));
    }

    private void redrawPoints() {
        points.clear();
        for (int i = 0; i < scores.size(); i++) {
            points.add(point(i, scoredLabels.get(i), scores.get(i)));
        }
    }

    private Point point(int index, String label, ModelSelection.Score score) {
        CorpusSummary.Totals t = score.totals();
        double x = byK.get() ? score.model().numTopics() : index;
        if (measure.get() == Measure.PERPLEXITY) {
            return t.hasInterval() ? new Point(x, label, t.perplexity(), t.perplexityLow(), t.perplexityHigh())
                    : new Point(x, label, t.perplexity(), t.perplexity(), t.perplexity());
        }
        // per token: the perplexity interval's bounds in nats per token (the interval of the total over the mean tokens)
        return t.hasInterval() ? new Point(x, label, t.perToken(), -Math.log(t.perplexityHigh()), -Math.log(t.perplexityLow()))
                : new Point(x, label, t.perToken(), t.perToken(), t.perToken());
    }

    static Row row(int number, String label, ModelSelection.Score s) {
        CorpusSummary.Totals t = s.totals();
        boolean has = !Double.isNaN(t.logLikelihood());
        boolean interval = has && t.hasInterval();
        String unknown = String.format(Locale.ROOT, "%,d (%.2f%%)", s.unknownWords().tokens(), 100 * s.unknownWords().rate());
        String ll = has ? String.format(Locale.ROOT, "%.1f", t.logLikelihood()) : "-";
        String llInterval = interval ? String.format(Locale.ROOT, "%.0f to %.0f", t.low(), t.high()) : "-";
        String perToken = has ? String.format(Locale.ROOT, "%.4f", t.perToken()) : "-";
        String perplexity = has ? String.format(Locale.ROOT, "%.1f", t.perplexity()) : "-";
        String perplexityInterval = interval ? String.format(Locale.ROOT, "%.1f to %.1f", t.perplexityLow(), t.perplexityHigh()) : "-";
        double median = s.medianDocumentPerplexity();
        String medianText = Double.isNaN(median) ? "-" : String.format(Locale.ROOT, "%.1f", median);
        int[] certified = certified(s);
        List<String> problems = new ArrayList<>();
        if (s.belowFloorRuns() > 0) {
            problems.add(s.belowFloorRuns() + " below floor");
        }
        if (certified[0] < certified[1]) {
            problems.add((certified[1] - certified[0]) + " uncertified");
        }
        return new Row(number, label, s.model().numTopics(), s.model().numWords(), Math.round(t.tokens()), unknown, ll, llInterval, perToken,
                perplexity, perplexityInterval, medianText, Integer.toString(s.summary().refused()), certified[0] + " of " + certified[1],
                problems.isEmpty() ? "" : "\u26a0 " + String.join(", ", problems), warning(number, s));
    }

    /**
     * The warning above the table while any model scored has runs below the vb floor or documents not certified, or "":
     * how many models, and what to do; the warning column says which.
     */
    static String warnings(List<ModelSelection.Score> scores, boolean auto) {
        int belowFloor = 0;
        int runs = 0;
        int uncertified = 0;
        for (ModelSelection.Score s : scores) {
            belowFloor += s.belowFloorRuns() > 0 ? 1 : 0;
            runs += s.belowFloorRuns();
            int[] c = certified(s);
            uncertified += c[0] < c[1] ? 1 : 0;
        }
        List<String> parts = new ArrayList<>();
        if (belowFloor > 0) {
            parts.add(String.format(Locale.ROOT, "%d of %d models have runs below the vb floor (%d in all), which cannot be right and"
                    + " which their intervals do not show", belowFloor, scores.size(), runs));
        }
        if (uncertified > 0) {
            parts.add(String.format(Locale.ROOT, "%d of %d models have documents not certified", uncertified, scores.size()));
        }
        return parts.isEmpty() ? "" : "\u26a0 " + String.join("; ", parts)
                + ". The warning column says which (hover it for why); " + (auto ? "auto doubled those documents' budgets up to "
                + (1 << AutoEstimation.MAX_DOUBLINGS) + " times, so their values are shown uncertified." : "use more samples or temperatures,"
                + " another method, or auto.");
    }

    /** The documents of a score certified, and those with a verdict. */
    private static int[] certified(ModelSelection.Score s) {
        int certified = 0;
        int documents = 0;
        for (String method : s.verdicts().methods()) {
            certified += s.verdicts().certified(method);
            documents += s.verdicts().documents(method);
        }
        return new int[] {certified, documents};
    }

    /**
     * Why a model's numbers cannot all be trusted, in full (the tooltip of its warning), or "": its runs below the vb floor
     * (which cannot be right, and which the interval, made from the runs themselves, does not cover) and why its other
     * documents are not certified, as {@code select} reports them.
     */
    static String warning(int number, ModelSelection.Score s) {
        int[] certified = certified(s);
        if (s.belowFloorRuns() == 0 && certified[0] == certified[1]) {
            return "";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "\u26a0 model %d (K = %d): ", number, s.model().numTopics()));
        if (s.belowFloorRuns() > 0) {
            sb.append(String.format(Locale.ROOT, "%d %s below the vb floor by more than twice their noise, so they cannot be right, and"
                    + " its interval does not show it; ", s.belowFloorRuns(), s.belowFloorRuns() == 1 ? "run lies" : "runs lie"));
        }
        List<String> lines = new ArrayList<>();
        for (String method : s.verdicts().methods()) {
            lines.add(s.verdicts().line(method));
        }
        sb.append(String.join("; ", lines)).append(". Use more samples or temperatures, or another method.");
        return sb.toString();
    }

    private void showPairwise(ModelSelection.Result r) {
        result.set(r);
        pairColumns.clear();
        pairwise.clear();
        for (int j = 0; j < r.scores().size(); j++) {
            pairColumns.add(Integer.toString(j + 1));
        }
        for (int i = 0; i < r.scores().size(); i++) {
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < r.scores().size(); j++) {
                cells.add(i == j ? "-" : r.comparable(i, j) ? Integer.toString(r.decided()[i][j]) : "n/a");
            }
            pairwise.add(new PairRow((i + 1) + ": " + scoredLabels.get(i), cells));
        }
    }

    /** The explanation under the pairwise table. */
    public String pairwiseHelp() {
        return "Documents decided for the row's model against the column's: its mean over runs ahead by more than twice the combined"
                + " run-to-run noise. n/a: the two models have different vocabularies, so they score different tokens.";
    }

    public ObservableList<Entry> models() {
        return models;
    }

    public StringProperty methodProperty() {
        return method;
    }

    /** Whether the form's method is auto, which sets its own runs. */
    public javafx.beans.binding.BooleanBinding autoProperty() {
        return method.isEqualTo(AutoEstimation.NAME);
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public ObjectProperty<Measure> measureProperty() {
        return measure;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ObservableList<Point> points() {
        return points;
    }

    public ObservableList<PairRow> pairwise() {
        return pairwise;
    }

    /** The pairwise table's column headings: the models' numbers. */
    public ObservableList<String> pairColumns() {
        return pairColumns;
    }

    /** Whether the chart's x axis is K (the models differ in K) or the models' names as categories. */
    public ReadOnlyBooleanProperty byKProperty() {
        return byK.getReadOnlyProperty();
    }

    /** The x axis's title. */
    public String xAxis() {
        return byK.get() ? "number of topics K" : "model";
    }

    public ReadOnlyObjectProperty<ModelSelection.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    /** The warning above the table while any model's numbers cannot all be trusted ({@link #warnings}); empty when none. */
    public StringProperty warningsProperty() {
        return warnings;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public Workspace workspace() {
        return workspace;
    }
}
