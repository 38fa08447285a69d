package tmeval.app;

import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import tmeval.compare.ModelPair;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.SampleData;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.prefs.Preferences;

/**
 * View-model of the inputs: models A and B, the held-out corpus, a model series. Files are read in background
 * tasks; a bad file is reported through the error handler and leaves the previous state as it was.
 */
public final class Inputs {
    /** Which input a file is meant for. */
    public enum Slot {
        MODEL_A("model A"), MODEL_B("model B"), CORPUS("held-out corpus"), SERIES("model series");

        private final String label;

        Slot(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final int MAX_RECENT = 10;

    private final Background background;
    private final ObjectProperty<TopicModel> modelA = new SimpleObjectProperty<>();
    private final ObjectProperty<TopicModel> modelB = new SimpleObjectProperty<>();
    private final ObjectProperty<Corpus> rawCorpus = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<Corpus> corpus = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<ModelSeries> series = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<ModelPair> pair = new ReadOnlyObjectWrapper<>();
    private final StringProperty pairProblem = new SimpleStringProperty("");
    private final ObjectProperty<Path> pathA = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> pathB = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> pathCorpus = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> pathSeries = new SimpleObjectProperty<>();
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty align = new SimpleBooleanProperty(true);
    private final IntegerProperty minTokens = new SimpleIntegerProperty(1);
    private final ObservableList<String> recentFiles = FXCollections.observableArrayList();
    private BiConsumer<String, String> errorHandler = (title, message) -> { };
    private java.util.function.Function<Path, ModelLoader.Spec> matrixCompanions = path -> null;
    private final Set<Task<?>> activeTasks = new LinkedHashSet<>();

    public Inputs(Background background) {
        this.background = background;
        modelA.addListener((o, a, b) -> refresh());
        modelB.addListener((o, a, b) -> refresh());
        rawCorpus.addListener((o, a, b) -> refresh());
        align.addListener((o, a, b) -> refresh());
        minTokens.addListener((o, a, b) -> refresh());
        loadRecent();
    }

    /** Receives (title, message) when a file cannot be used; the workbench shows it in a dialog. */
    public void setErrorHandler(BiConsumer<String, String> handler) {
        this.errorHandler = handler;
    }

    /**
     * Asked, on the FX thread, for the alpha file (and vocabulary) of a topic-word matrix that has none; returns the
     * full spec, or null when the user gives up. The workbench shows file choosers.
     */
    public void setMatrixCompanions(java.util.function.Function<Path, ModelLoader.Spec> chooser) {
        this.matrixCompanions = chooser;
    }

    /** Reads a file into a slot in the background; on failure the slot keeps what it had. */
    public Task<?> load(Slot slot, Path path) {
        return load(slot, path, () -> { });
    }

    /**
     * As {@link #load(Slot, Path)}; {@code whenDone} runs on the FX thread once the slot holds the new value, or once
     * the load failed or was cancelled (a task's running flag turns false before its success handler has run).
     */
    public Task<?> load(Slot slot, Path path, Runnable whenDone) {
        return load(slot, path, ModelLoader.Spec.of(path), whenDone);
    }

    /**
     * Stops every file being read (a gzip bomb or a FIFO opened by mistake): the slots keep what they had. A read
     * blocked where Java cannot interrupt it (opening a FIFO nobody writes to) is abandoned on its daemon thread.
     */
    public void cancelLoads() {
        List.copyOf(activeTasks).forEach(Task::cancel);
    }

    private Task<?> load(Slot slot, Path path, ModelLoader.Spec modelSpec, Runnable whenDone) {
        Task<Object> task = new Task<>() {
            @Override
            protected Object call() throws Exception {
                updateMessage("reading " + path.getFileName());
                return switch (slot) {
                    case MODEL_A, MODEL_B -> ModelLoader.read(modelSpec);
                    case CORPUS -> CorpusLoader.read(CorpusLoader.Spec.of(path));
                    case SERIES -> ModelLoader.readSeries(path, false);
                };
            }
        };
        startLoad(task);
        status.set("reading " + path.getFileName() + " as " + slot.label() + "...");
        task.setOnCancelled(e -> {
            finishLoad(task);
            status.set("stopped reading " + path.getFileName() + "; " + slot.label() + " unchanged");
            whenDone.run();
        });
        task.setOnSucceeded(e -> {
            finishLoad(task);
            switch (slot) {
                case MODEL_A -> {
                    pathA.set(path);
                    modelA.set((TopicModel) task.getValue());
                }
                case MODEL_B -> {
                    pathB.set(path);
                    modelB.set((TopicModel) task.getValue());
                }
                case CORPUS -> {
                    pathCorpus.set(path);
                    rawCorpus.set((Corpus) task.getValue());
                }
                case SERIES -> {
                    pathSeries.set(path);
                    series.set((ModelSeries) task.getValue());
                }
            }
            remember(path);
            status.set("loaded " + path.getFileName() + " as " + slot.label());
            whenDone.run();
        });
        task.setOnFailed(e -> {
            finishLoad(task);
            Throwable t = task.getException();
            if ((slot == Slot.MODEL_A || slot == Slot.MODEL_B) && modelSpec.alphaFile() == null && t instanceof InputException ie
                    && ie.reason().contains("needs an alpha file")) {
                // a gensim / scikit-learn / tomotopy matrix: ask for its alpha (and vocabulary), then read again
                ModelLoader.Spec full = matrixCompanions.apply(path);
                if (full != null) {
                    load(slot, path, full, whenDone);
                    return;
                }
            }
            String message = t instanceof InputException ? t.getMessage() : path + ": " + Failures.describe(t);
            status.set("could not load " + path.getFileName() + "; " + slot.label() + " unchanged");
            errorHandler.accept("Cannot load " + slot.label(), message);
            whenDone.run();
        });
        return background.start(task);
    }

    /** The bundled sample data: models A (asymmetric) and B (5% perturbed), the held-out corpus and the series. */
    public void loadSampleData(Path dir) {
        load(Slot.MODEL_A, dir.resolve(SampleData.MODEL_A));
        load(Slot.MODEL_B, dir.resolve(SampleData.MODEL_B));
        load(Slot.CORPUS, dir.resolve(SampleData.HELDOUT));
        if (Files.isDirectory(dir.resolve(SampleData.SERIES))) {
            load(Slot.SERIES, dir.resolve(SampleData.SERIES));
        }
    }

    private void startLoad(Task<?> task) {
        activeTasks.add(task);
        loading.set(true);
    }

    private void finishLoad(Task<?> task) {
        activeTasks.remove(task);
        loading.set(!activeTasks.isEmpty());
    }

    /** Re-derives the corpus (mapped onto A's vocabulary) and the prepared pair whenever an input changes. */
    private void refresh() {
        TopicModel a = modelA.get();
        Corpus raw = rawCorpus.get();
        if (a != null && raw != null) {
            try {
                Corpus kept = CorpusLoader.mapOnto(raw, a.vocabulary(), pathCorpus.get()).withMinimumLength(minTokens.get());
                if (kept.size() == 0) {
                    corpus.set(null);
                    status.set("no document of the corpus has at least " + minTokens.get() + " tokens");
                } else {
                    corpus.set(kept);
                }
            } catch (InputException e) {
                corpus.set(null);
                errorHandler.accept("Corpus does not fit model A", e.getMessage());
            }
        } else {
            corpus.set(null);
        }
        TopicModel b = modelB.get();
        if (a != null && b != null) {
            try {
                pair.set(ModelPair.prepare(a, b, align.get(), false));
                pairProblem.set("");
            } catch (IllegalArgumentException e) {
                pair.set(null);
                pairProblem.set(e.getMessage());
                errorHandler.accept("Models A and B cannot be compared", e.getMessage());
            }
        } else {
            pair.set(null);
            pairProblem.set("");
        }
    }

    private void remember(Path path) {
        String s = path.toAbsolutePath().normalize().toString();
        recentFiles.remove(s);
        recentFiles.add(0, s);
        while (recentFiles.size() > MAX_RECENT) {
            recentFiles.remove(recentFiles.size() - 1);
        }
        try {
            Preferences p = Preferences.userNodeForPackage(Inputs.class);
            p.put("recent", String.join("\n", recentFiles));
        } catch (SecurityException | IllegalStateException ignored) {
            // recent files are a convenience; a machine without a writable preference store just does without
        }
    }

    private void loadRecent() {
        try {
            String saved = Preferences.userNodeForPackage(Inputs.class).get("recent", "");
            for (String s : saved.split("\n")) {
                if (!s.isBlank()) {
                    recentFiles.add(s);
                }
            }
        } catch (SecurityException | IllegalStateException ignored) {
            // as above
        }
    }

    /** A one-paragraph summary of a model for the side panel. */
    public static String describe(TopicModel m) {
        if (m == null) {
            return "not loaded";
        }
        double[] alpha = m.alpha();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double x : alpha) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return String.format(Locale.ROOT, "%s%nK = %d, V = %,d%nalpha sum %.4g, %s (%.3g to %.3g)", m.name(), m.numTopics(), m.numWords(),
                m.alphaSum(), min == max ? "symmetric" : "asymmetric", min, max);
    }

    public static String describe(Corpus c) {
        if (c == null) {
            return "not loaded";
        }
        return String.format(Locale.ROOT, "%s%n%,d documents, %,d tokens%n%,d out-of-vocabulary tokens dropped, %d empty documents skipped",
                c.name(), c.size(), c.tokenCount(), c.droppedTokens(), c.droppedDocuments());
    }

    public static String describe(ModelSeries s) {
        if (s == null) {
            return "not loaded";
        }
        return String.format(Locale.ROOT, "%s%n%d snapshots, iterations %d to %d, K = %d", s.name(), s.size(), s.get(0).iteration(),
                s.get(s.size() - 1).iteration(), s.numTopics());
    }

    public String describePair() {
        ModelPair p = pair.get();
        if (p == null) {
            return pairProblem.get().isEmpty() ? "" : pairProblem.get();
        }
        return String.format(Locale.ROOT, "topic alignment (L1): %.4f as given, %.4f aligned%s", p.alignment().identityTotal(),
                p.alignment().total(), p.aligned() ? " (applied)" : "");
    }

    public ObjectProperty<TopicModel> modelAProperty() {
        return modelA;
    }

    public ObjectProperty<TopicModel> modelBProperty() {
        return modelB;
    }

    public ReadOnlyObjectProperty<Corpus> corpusProperty() {
        return corpus.getReadOnlyProperty();
    }

    public ObjectProperty<ModelSeries> seriesProperty() {
        return series;
    }

    public ReadOnlyObjectProperty<ModelPair> pairProperty() {
        return pair.getReadOnlyProperty();
    }

    public StringProperty pairProblemProperty() {
        return pairProblem;
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /** Only documents of at least this many tokens take part (Foulds and Smyth's corpora are full papers). */
    public IntegerProperty minTokensProperty() {
        return minTokens;
    }

    public BooleanProperty alignProperty() {
        return align;
    }

    public ObservableList<String> recentFiles() {
        return recentFiles;
    }

    public Path path(Slot slot) {
        return switch (slot) {
            case MODEL_A -> pathA.get();
            case MODEL_B -> pathB.get();
            case CORPUS -> pathCorpus.get();
            case SERIES -> pathSeries.get();
        };
    }

    /** Runs on the FX thread (for callers on other threads). */
    static void fx(Runnable r) {
        if (Platform.isFxApplicationThread()) {
            r.run();
        } else {
            Platform.runLater(r);
        }
    }
}
