package tmeval.app.whichk;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Form;
import tmeval.app.common.PlanCaption;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.whichk.WhichKRows.Measure;
import tmeval.app.whichk.WhichKRows.PairRow;
import tmeval.app.whichk.WhichKRows.Point;
import tmeval.app.whichk.WhichKRows.Row;
import tmeval.app.common.Workspace;
import tmeval.compare.Decided;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.run.select.ModelSelection;
import tmeval.run.local.Throughput;

import tmeval.coherence.CoherenceStudy;
import tmeval.run.output.WhichKRowFormat;
import tmeval.run.select.PerKTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * View-model of the "which K?" screen: a list of models (files, the loaded series' snapshots, models A and B) scored
 * against the workspace's held-out corpus by {@link ModelSelection}, the engine of {@code tmeval select}, in a
 * background task. Each model is estimated on the corpus mapped onto its own vocabulary, so models of different
 * vocabularies each get their number (and their unknown words are shown); only pairs that score the same tokens get
 * pairwise decided counts. Rows and chart points arrive as each model finishes.
 */
public final class WhichKViewModel {
    /** A model in the list, and the name the table and chart give it. */
    /**
     * A model of the list: its file (null for a series' snapshot or model A or B) and the numbers its library printed, as
     * its file records them (formats.md).
     */
    public record Entry(String label, TopicModel model, Path path, tmeval.model.LibraryNumbers library) {
        /** A model with no file of its own (a series' snapshot, model A or B). */
        public Entry(String label, TopicModel model) {
            this(label, model, null, tmeval.model.LibraryNumbers.NONE);
        }
    }

    static final String NO_CORPUS = "Load a held-out corpus on the Inputs panel first.";
    static final String TOO_FEW = "Add two or more models (files, the series' snapshots, or models A and B), then press Score models.";
    static final String SCORING = "Scoring the models: each model's point and row appear as it finishes.";
    static final String PER_K_WAITING = "press Score models: with several models of a K (training seeds), each K's mean appears here";
    static final String PER_K_SCORING = "each K's mean appears here when every model is scored";

    private final Workspace workspace;
    private final ObservableList<Entry> models = FXCollections.observableArrayList();
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
    private final StringProperty empty = new SimpleStringProperty();
    private final StringProperty perKEmpty = new SimpleStringProperty();
    private final List<ModelSelection.Score> scores = new ArrayList<>();
    private final List<String> scoredLabels = new ArrayList<>();
    private final UserMessages messages;
    private final BackgroundJob<List<Entry>> reading;
    private final BackgroundJob<WhichKScoring.Scored> scoring;
    /** Each model's row and points as shown (scored now, or reopened from a session): what a session keeps. */
    private final List<WhichKRowFormat.Model> shown = new ArrayList<>();
    private final ObservableList<WhichKRowFormat.PerK> perK = FXCollections.observableArrayList();
    private final StringProperty perKVerdict = new SimpleStringProperty("");
    /** The coherence's reference corpus; null: the held-out corpus. */
    private final ObjectProperty<Path> reference = new SimpleObjectProperty<>();
    /** The provenance of the per-K table on screen (its export's settings and inputs). */
    private PerKExport.Origin perKOrigin = PerKExport.Origin.NONE;
    private final Form form = new Form();
    private final ReadOnlyObjectWrapper<WhichKPlan> shownPlan = new ReadOnlyObjectWrapper<>();
    /** The held-out corpus, and its minimum length, of the scores on screen. */
    private Corpus scoredCorpus;
    private int scoredMinTokens;
    private final WhichKSettings settings;
    private final PlanCaption<WhichKPlan> caption;

    /** A screen whose cost preview has no measured rates (it gives site updates, and says no time). */
    public WhichKViewModel(Workspace workspace, TaskExecutor executor, UserMessages messages) {
        this(workspace, executor, messages, null);
    }

    /** @param ratesFile where {@code tmeval bench} saved its rates, read in the background for the cost preview; null for none */
    public WhichKViewModel(Workspace workspace, TaskExecutor executor, UserMessages messages, Path ratesFile) {
        this.workspace = workspace;
        this.messages = messages;
        this.reading = new BackgroundJob<>(executor);
        this.scoring = new BackgroundJob<WhichKScoring.Scored>(executor).showIn(progress, message);
        loading.bind(reading.runningProperty());
        running.bind(scoring.runningProperty());
        measure.addListener((o, a, b) -> redrawPoints());
        // what the empty chart and tables say follows the list and the job (not "add two or more" with three added)
        empty.bind(javafx.beans.binding.Bindings.createStringBinding(this::emptyText, models, running, workspace.rawCorpusProperty()));
        perKEmpty.bind(javafx.beans.binding.Bindings.when(running).then(PER_K_SCORING).otherwise(PER_K_WAITING));
        settings = new WhichKSettings(workspace.rawCorpusProperty(), models::size);
        models.addListener((javafx.collections.ListChangeListener<Entry>) c -> settings.update());
        if (ratesFile != null) {
            new BackgroundJob<Throughput.Saved>(executor).of((sink, cancel) -> Throughput.readSaved(ratesFile))
                    .onSuccess(saved -> settings.useRates(saved.damaged() ? Throughput.none() : saved.rates())).start();
        }
        caption = new PlanCaption<>("Scores", shownPlan, settings.planProperty(), WhichKPlan::describe, WhichKPlan::usedSettings,
                WhichKPlan::settingsText);
        // scores are the user's work: another corpus (or minimum length) marks them, never drops them
        caption.markStaleWhen(javafx.beans.binding.Bindings.createStringBinding(() -> shownPlan.get() == null
                        || (workspace.rawCorpusProperty().get() == scoredCorpus && workspace.minTokensProperty().get() == scoredMinTokens) ? ""
                        : "these scores are of the held-out corpus loaded before (" + (scoredCorpus == null ? "none" : scoredCorpus.name())
                        + "), not of the one loaded now: score the models again for it",
                shownPlan, workspace.rawCorpusProperty(), workspace.minTokensProperty()));
        caption.setPutBack(() -> {
            if (shownPlan.get() != null) {
                settings.put(shownPlan.get());
            }
            return List.of();
        }, messages);
    }

    /** The which-K form's typed text, committed before scoring (the view adds its fields). */
    public Form form() {
        return form;
    }

    /** "Scores of: ..." naming the plan of the scores on screen, and how the form differs from it since. */
    public PlanCaption<?> caption() {
        return caption;
    }

    /** Reads model files in the background and adds those that read; each that does not is reported by name. */
    public void addFiles(List<Path> files) {
        add(files.stream().map(WhichKModelFile::of).toList());
    }

    /** Reads a model with its options (alpha file, beta, ...: those estimate takes) in the background and adds it. */
    public void addModel(WhichKModelFile file) {
        add(List.of(file));
    }

    private void add(List<WhichKModelFile> files) {
        reading.of((sink, cancel) -> {
            List<Entry> read = new ArrayList<>();
            for (WhichKModelFile file : files) {
                cancel.check();
                TopicModel m = file.read();
                read.add(new Entry(m.name(), m, file.model(), tmeval.io.LibraryLines.read(file.model())));
            }
            return read;
        }).onSuccess(read -> {
            models.addAll(read);
            message.set(models.size() + " models in the list");
        }).onFailure(f -> messages.error("Cannot add the model", f.message() + (f.error() instanceof InputException
                ? "\n(A MALLET weights or counts file, or a topic-word matrix, needs its options: Add with options...)" : ""))).start();
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

    /** The form: method, budget, runs and seed, the plan they describe and its cost. */
    public WhichKSettings settings() {
        return settings;
    }

    WhichKPlan plan() {
        return settings.plan();
    }

    /** Scores the listed models on the held-out corpus in the background; rows and points arrive as models finish. */
    public void start() {
        if (scoring.isRunning()) {
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
        scoredCorpus = raw;
        scoredMinTokens = workspace.minTokensProperty().get();
        shownPlan.set(plan);
        Path corpusPath = workspace.path(Workspace.Slot.CORPUS);
        int minTokens = workspace.minTokensProperty().get();
        scores.clear();
        scoredLabels.clear();
        shown.clear();
        perK.clear();
        perKVerdict.set("");
        perKOrigin = PerKExport.Origin.NONE;
        rows.clear();
        warnings.set("");
        points.clear();
        pairwise.clear();
        pairColumns.clear();
        result.set(null);
        byK.set(entries.stream().mapToInt(e -> e.model().numTopics()).distinct().count() > 1);
        long start = System.nanoTime();
        Path referencePath = reference.get();
        scoring.of((sink, token) -> WhichKScoring.run(entries, plan, raw, corpusPath, minTokens, referencePath, sink, token,
                        (label, by, score, library) -> sink.publish(() -> addScore(label, by, score, library))))
                .onSuccess(r -> {
                    message.set(String.format(Locale.ROOT, "scored %d models in %.1f s", entries.size(), (System.nanoTime() - start) / 1e9));
                    showPairwise(r.selection());
                    showPerK(r, plan, entries, corpusPath, referencePath);
                })
                .onCancelled(() -> message.set("cancelled; the models scored before stay"))
                .onFailure(f -> message.set("failed: " + f.message()))
                .onEnd(outcome -> {
                    if (outcome != BackgroundJob.Outcome.FINISHED) {
                        progress.set(0); // a stopped job's bar, left part-filled, would read as still under way
                    }
                })
                .start();
    }

    /** What the empty chart and scores table say: what is missing, that scoring runs, or what to press. */
    private String emptyText() {
        if (running.get()) {
            return SCORING;
        }
        if (models.size() < 2) {
            return TOO_FEW;
        }
        return workspace.rawCorpusProperty().get() == null ? NO_CORPUS : "Press Score models to score the " + models.size() + " models.";
    }

    /** A model as the list names it: its label, and its K unless the label already says it ("KOS K=20 ..."). */
    static String listName(Entry e) {
        int k = e.model().numTopics();
        boolean named = java.util.regex.Pattern.compile("\\bK\\s*=\\s*" + k + "\\b").matcher(e.label()).find();
        return named ? e.label() : e.label() + "  (K = " + k + ")";
    }

    /** The per-K table of a finished job, with the provenance its export writes. */
    private void showPerK(WhichKScoring.Scored r, WhichKPlan plan, List<Entry> entries, Path corpusPath, Path referencePath) {
        if (r.perK() == null) {
            perKVerdict.set("per K: n/a: the models have different vocabularies, so their totals are of different tokens");
            return;
        }
        perK.setAll(PerKTable.rows(r.perK()));
        perKOrigin = PerKExport.origin(plan, entries, corpusPath, scoredMinTokens, r.coherence(), referencePath);
        perKVerdict.set(verdictLine(r.perK().verdict(), r.coherence(), referencePath));
    }

    private static String verdictLine(String verdict, CoherenceStudy.Settings c, Path referencePath) {
        return verdict + ". Coherence: " + c.measure().label() + ", window " + c.window().label() + ", top " + c.topN() + " words, on "
                + (referencePath == null ? "the held-out corpus" : referencePath.getFileName()) + ".";
    }

    public void cancel() {
        scoring.cancel();
    }

    private void addScore(String label, String by, ModelSelection.Score score, String library) {
        scores.add(score);
        scoredLabels.add(label);
        Row row = WhichKRows.row(scores.size(), label, by, score, library);
        rows.add(row);
        shown.add(WhichKRows.saved(row, score));
        redrawPoints();
        warnings.set(WhichKRows.warnings(scores, shownPlan.get() != null && shownPlan.get().auto()));
    }

    /** Every scored model's point again (a new model of an equal K moves the others of that K apart). */
    private void redrawPoints() {
        double[] xs = WhichKRows.xs(shown.stream().map(WhichKRowFormat.Model::numTopics).toList(), byK.get());
        List<Point> all = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            all.add(WhichKRows.point(xs[i], shown.get(i), measure.get()));
        }
        points.setAll(all);
    }

    private void showPairwise(ModelSelection.Result r) {
        result.set(r);
        pairColumns.clear();
        pairwise.clear();
        for (int j = 0; j < r.scores().size(); j++) {
            pairColumns.add(Integer.toString(j + 1));
        }
        pairwise.setAll(WhichKRows.pairwise(r, scoredLabels));
    }

    /** The explanation under the pairwise table. */
    public String pairwiseHelp() {
        return "Documents decided for the row's model against the column's: the difference of the two means over runs is "
                + Decided.rule() + " (one run of a random method: not known, never decided)."
                + " n/a: the two models have different vocabularies, so they score different tokens.";
    }

    /** The per-K table: the models grouped by K, each K's mean with its interval over seeds and runs, coherence, diversity. */
    public ObservableList<WhichKRowFormat.PerK> perK() {
        return perK;
    }

    /** The line under the per-K table: which K is decided, and how coherence was judged. */
    public StringProperty perKVerdictProperty() {
        return perKVerdict;
    }

    /** The coherence's reference corpus for the next scoring; null for the held-out corpus. */
    public ObjectProperty<Path> referenceProperty() {
        return reference;
    }

    /** The tokens every model scored (one vocabulary: the same for all), the per-K means' divisor; NaN with none. */
    double scoredTokens() {
        return shown.isEmpty() ? Double.NaN : shown.get(0).tokens();
    }

    /**
     * Writes the per-K table, complete or not at all: the provenance lines of its plan, models, corpus and coherence, then
     * the table, comma-separated for a {@code .csv} file and tab-separated otherwise (as {@code select --per-k}).
     */
    public void exportPerK(Path file) throws IOException {
        PerKExport.write(file, perK, perKOrigin);
    }

    /** What a session keeps of the screen: the models' rows and points, the per-K table, its verdict and its provenance. */
    public Map<String, String> sessionSettings() {
        return WhichKSession.settings(new WhichKSession.Kept(shown, perK, perKVerdict.get(), perKOrigin));
    }

    /**
     * Puts back what a session kept ({@link #sessionSettings}, checked by the session's reader): the rows, points and per-K
     * table as they were; the pairwise counts are not kept (score again for them).
     */
    public void restore(Map<String, String> settings) {
        WhichKSession.Kept kept = WhichKSession.read(settings);
        if (kept == null) {
            return;
        }
        scores.clear();
        scoredLabels.clear();
        pairwise.clear();
        pairColumns.clear();
        result.set(null);
        warnings.set("");
        shown.clear();
        shown.addAll(kept.models());
        rows.setAll(shown.stream().map(WhichKRows::row).toList());
        byK.set(shown.stream().mapToInt(WhichKRowFormat.Model::numTopics).distinct().count() > 1);
        perK.setAll(kept.perK());
        perKVerdict.set(kept.verdict());
        perKOrigin = kept.origin();
        redrawPoints();
        message.set("reopened from the session: " + shown.size() + " models (score them again for the pairwise counts)");
    }

    public ObservableList<Entry> models() {
        return models;
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

    /** What the chart and the scores table say while they are empty. */
    public javafx.beans.value.ObservableStringValue emptyMessageProperty() {
        return empty;
    }

    /** What the per-K table says while it is empty. */
    public javafx.beans.value.ObservableStringValue perKEmptyProperty() {
        return perKEmpty;
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
