package tmeval.app.inputs;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanExpression;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.compare.ModelPair;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.SampleData;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.model.UnknownWords;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * View-model of the inputs screen: reads models A and B, the held-out corpus and a model series into the
 * {@link Workspace} in background tasks; a bad file is reported through the error handler and leaves the slot as it
 * was. Keeps the recent-files list and the summaries the cards show.
 */
public final class InputsViewModel {
    private static final int MAX_RECENT = 10;

    private final Workspace workspace;
    private final RecentFiles recentStore;
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final ObservableList<String> recentFiles = FXCollections.observableArrayList();
    private final Map<Slot, ObservableList<String>> recentBySlot = new EnumMap<>(Slot.class);
    /** One read per slot: a new file for a slot cancels the read still going into it. */
    private final Map<Slot, BackgroundJob<Object>> reading = new EnumMap<>(Slot.class);
    private final StringProperty unknownWords = new SimpleStringProperty("");
    private final StringProperty unknownWordsWarning = new SimpleStringProperty("");
    private final UserMessages messages;
    private Function<Path, ModelLoader.Spec> matrixCompanions = path -> null;
    private Predicate<String> mayClearResults = action -> true;

    /** @param messages told when a file cannot be used; the workbench shows a dialog */
    public InputsViewModel(Workspace workspace, TaskExecutor executor, RecentFiles recentStore, UserMessages messages) {
        this.workspace = workspace;
        this.recentStore = recentStore;
        this.messages = messages;
        BooleanExpression any = new SimpleBooleanProperty(false);
        for (Slot slot : Slot.values()) {
            recentBySlot.put(slot, FXCollections.observableArrayList());
            reading.put(slot, new BackgroundJob<>(executor));
            any = any.or(reading.get(slot).runningProperty());
        }
        loading.bind(any);
        workspace.rawCorpusProperty().addListener((o, a, b) -> describeUnknownWords());
        workspace.modelAProperty().addListener((o, a, b) -> describeUnknownWords());
        workspace.modelBProperty().addListener((o, a, b) -> describeUnknownWords());
        for (String entry : recentStore.load()) {
            int tab = entry.indexOf('\t');
            String path = tab < 0 ? entry : entry.substring(tab + 1);
            if (!recentFiles.contains(path)) {
                recentFiles.add(path);
            }
            for (Slot slot : Slot.values()) {
                // a list saved before the lists were kept per slot offers its files in every slot
                if ((tab < 0 || entry.substring(0, tab).equals(slot.role())) && !recentBySlot.get(slot).contains(path)) {
                    recentBySlot.get(slot).add(path);
                }
            }
        }
    }

    /**
     * Asked, on the FX thread, for the alpha file (and vocabulary) of a topic-word matrix that has none; returns the
     * full spec, or null when the user gives up. The workbench shows file choosers.
     */
    public void setMatrixCompanions(Function<Path, ModelLoader.Spec> chooser) {
        this.matrixCompanions = chooser;
    }

    /**
     * Asked, with what is about to happen ("Loading a.tsv as model A"), before a new model or corpus clears the results:
     * false leaves everything as it is. The workbench asks the user when the results are not saved.
     */
    public void setResultsGuard(Predicate<String> mayClearResults) {
        this.mayClearResults = mayClearResults;
    }

    /**
     * Reads a file into a slot in the background (the user's choice: a new model or corpus clears the results, so
     * {@link #setResultsGuard the guard} is asked first); on failure the slot keeps what it had.
     *
     */
    public void load(Slot slot, Path path) {
        if (slot != Slot.SERIES && !mayClearResults.test("Loading " + path.getFileName() + " as " + slot.label())) {
            workspace.statusProperty().set(path.getFileName() + " not loaded; " + slot.label() + " and the results unchanged");
            return;
        }
        load(slot, path, () -> { });
    }

    /**
     * Reads a file into a slot without asking (a session or results file being opened, whose caller has asked);
     * {@code whenDone} runs on the FX thread once the slot holds the new value, or once the load failed or was cancelled
     * (a task's running flag turns false before its success handler has run). Loading a slot again before its file is
     * read cancels that read: the latest file wins, and the earlier one's {@code whenDone} does not run.
     */
    public void load(Slot slot, Path path, Runnable whenDone) {
        load(slot, path, ModelLoader.Spec.of(path), whenDone);
    }

    /**
     * Stops every file being read (a gzip bomb or a FIFO opened by mistake): the slots keep what they had. A read
     * blocked where Java cannot interrupt it (opening a FIFO nobody writes to) is abandoned on its daemon thread.
     */
    public void cancelLoads() {
        reading.values().forEach(BackgroundJob::cancel);
    }

    private void load(Slot slot, Path path, ModelLoader.Spec modelSpec, Runnable whenDone) {
        workspace.statusProperty().set("reading " + path.getFileName() + " as " + slot.label() + "...");
        reading.get(slot).of((sink, cancel) -> switch (slot) {
            case MODEL_A, MODEL_B -> ModelLoader.read(modelSpec);
            case CORPUS -> CorpusLoader.read(CorpusLoader.Spec.of(path));
            case SERIES -> ModelLoader.readSeries(path, false);
        }).onCancelled(() -> {
            workspace.statusProperty().set("stopped reading " + path.getFileName() + "; " + slot.label() + " unchanged");
            whenDone.run();
        }).onSuccess(value -> {
            if (slot == Slot.CORPUS) {
                // a corpus that does not fit model A is refused here, so the previous corpus and its results stay
                String refused = workspace.putCorpus(path, (Corpus) value);
                if (refused != null) {
                    forget(slot, path);
                    workspace.statusProperty().set("could not load " + path.getFileName() + "; " + slot.label() + " unchanged");
                    messages.error("Cannot load " + slot.label(), refused);
                    whenDone.run();
                    return;
                }
            } else {
                workspace.put(slot, path, value);
            }
            remember(slot, path);
            workspace.statusProperty().set("loaded " + path.getFileName() + " as " + slot.label());
            whenDone.run();
        }).onFailure(f -> {
            Throwable t = f.error();
            if ((slot == Slot.MODEL_A || slot == Slot.MODEL_B) && modelSpec.alphaFile() == null && t instanceof InputException ie
                    && ie.reason().contains("needs an alpha file")) {
                // a gensim / scikit-learn / tomotopy matrix: ask for its alpha (and vocabulary), then read again
                ModelLoader.Spec full = matrixCompanions.apply(path);
                if (full != null) {
                    load(slot, path, full, whenDone);
                    return;
                }
            }
            String message = t instanceof InputException ? t.getMessage() : path + ": " + f.message();
            forget(slot, path);
            workspace.statusProperty().set("could not load " + path.getFileName() + "; " + slot.label() + " unchanged");
            messages.error("Cannot load " + slot.label(), message);
            whenDone.run();
        }).start();
    }

    /** The bundled sample data: models A (asymmetric) and B (5% perturbed), the held-out corpus and the series. */
    public void loadSampleData(Path dir) {
        if (!mayClearResults.test("Reloading the sample data")) {
            workspace.statusProperty().set("sample data not reloaded; the inputs and the results unchanged");
            return;
        }
        Runnable nothing = () -> { };
        load(Slot.MODEL_A, dir.resolve(SampleData.MODEL_A), nothing);
        load(Slot.MODEL_B, dir.resolve(SampleData.MODEL_B), nothing);
        load(Slot.CORPUS, dir.resolve(SampleData.HELDOUT), nothing);
        if (Files.isDirectory(dir.resolve(SampleData.SERIES))) {
            load(Slot.SERIES, dir.resolve(SampleData.SERIES), nothing);
        }
    }

    private void remember(Slot slot, Path path) {
        String s = path.toAbsolutePath().normalize().toString();
        for (ObservableList<String> list : List.of(recentFiles, recentBySlot.get(slot))) {
            list.remove(s);
            list.add(0, s);
            while (list.size() > MAX_RECENT) {
                list.remove(list.size() - 1);
            }
        }
        save();
    }

    /** A file that failed to load leaves the slot's recent list (and the overall one when no slot offers it any more). */
    private void forget(Slot slot, Path path) {
        String s = path.toAbsolutePath().normalize().toString();
        recentBySlot.get(slot).remove(s);
        if (recentBySlot.values().stream().noneMatch(l -> l.contains(s))) {
            recentFiles.remove(s);
        }
        save();
    }

    private void save() {
        List<String> entries = new ArrayList<>();
        recentBySlot.forEach((slot, list) -> list.forEach(p -> entries.add(slot.role() + "\t" + p)));
        recentStore.save(entries);
    }

    /** A one-paragraph summary of a model for its card. */
    static String describe(TopicModel m) {
        if (m == null) {
            return "not loaded";
        }
        if (!m.isLda()) {
            // another family has no alpha: its card says its prior and decoder
            return String.format(Locale.ROOT, "%s%nK = %d, V = %,d%n%s", m.name(), m.numTopics(), m.numWords(), m.family());
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

    static String describe(Corpus c) {
        if (c == null) {
            return "not loaded";
        }
        return String.format(Locale.ROOT, "%s%n%,d documents, %,d tokens%n%,d out-of-vocabulary tokens dropped, %d empty documents skipped",
                c.name(), c.size(), c.tokenCount(), c.droppedTokens(), c.droppedDocuments());
    }

    static String describe(ModelSeries s) {
        if (s == null) {
            return "not loaded";
        }
        return String.format(Locale.ROOT, "%s%n%d snapshots, iterations %d to %d, K = %d", s.name(), s.size(), s.get(0).iteration(),
                s.get(s.size() - 1).iteration(), s.numTopics());
    }

    /**
     * The held-out tokens each loaded model's vocabulary lacks, in the command line's words ({@link UnknownWords#report}):
     * count and rate, the most frequent unknown words; the warning above 2% goes to its own line, shown in red.
     */
    private void describeUnknownWords() {
        Corpus raw = workspace.rawCorpusProperty().get();
        StringBuilder text = new StringBuilder();
        StringBuilder warning = new StringBuilder();
        if (raw != null) {
            for (Slot slot : List.of(Slot.MODEL_A, Slot.MODEL_B)) {
                TopicModel m = (slot == Slot.MODEL_A ? workspace.modelAProperty() : workspace.modelBProperty()).get();
                if (m == null) {
                    continue;
                }
                String who = slot == Slot.MODEL_A ? "model A" : "model B";
                UnknownWords u;
                try {
                    TopicModel other = (slot == Slot.MODEL_A ? workspace.modelBProperty() : workspace.modelAProperty()).get();
                    u = CorpusLoader.mapOnto(raw, m.vocabulary(), workspace.path(Slot.CORPUS),
                            other == null ? List.of() : List.of(other.vocabulary())).unknownWords();
                } catch (InputException e) {
                    text.append(text.length() == 0 ? "" : "\n").append(who).append(": ").append(e.reason());
                    continue;
                }
                for (String line : u.report()) {
                    if (!line.equals(u.warning())) {
                        text.append(text.length() == 0 ? "" : "\n").append(who).append(", ").append(line);
                    }
                }
                if (u.warns()) {
                    warning.append(warning.length() == 0 ? "" : "\n").append(who).append(": ").append(u.warning());
                }
            }
        }
        unknownWords.set(text.toString());
        unknownWordsWarning.set(warning.toString());
    }

    /** The corpus card's lines on unknown words, per loaded model (empty without a corpus or a model). */
    public StringProperty unknownWordsProperty() {
        return unknownWords;
    }

    /** The warning of each model whose unknown tokens are more than 2% of the corpus (empty when none's are). */
    public StringProperty unknownWordsWarningProperty() {
        return unknownWordsWarning;
    }

    private String describePair() {
        ModelPair p = workspace.pairProperty().get();
        if (p == null) {
            return workspace.pairProblemProperty().get();
        }
        if (p.alignment() == null && !(p.a().isLda() && p.b().isLda())) {
            return p.notes().get(0);
        }
        if (p.alignment() == null) {
            // models of different K: the ratio paths align inside the split (compare prints it), whatever is selected
            return String.format(Locale.ROOT, "models of different K (A %d, B %d): the ratio paths anneal between the larger and the smaller"
                    + " split to its K (the same likelihood); the other methods evaluate each on its own", p.a().numTopics(), p.b().numTopics());
        }
        return String.format(Locale.ROOT, "topic alignment (L1): %.4f as given, %.4f aligned%s", p.alignment().identityTotal(),
                p.alignment().total(), p.aligned() ? " (applied)" : "");
    }

    /** The summary of a slot's content, following it. */
    public StringBinding summary(Slot slot) {
        return switch (slot) {
            case MODEL_A -> Bindings.createStringBinding(() -> describe(workspace.modelAProperty().get()), workspace.modelAProperty());
            case MODEL_B -> Bindings.createStringBinding(() -> describe(workspace.modelBProperty().get()), workspace.modelBProperty());
            case CORPUS -> Bindings.createStringBinding(() -> describe(workspace.corpusProperty().get()), workspace.corpusProperty());
            case SERIES -> Bindings.createStringBinding(() -> describe(workspace.seriesProperty().get()), workspace.seriesProperty());
        };
    }

    public StringBinding pairSummary() {
        return Bindings.createStringBinding(this::describePair, workspace.pairProperty(), workspace.pairProblemProperty());
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public StringProperty statusProperty() {
        return workspace.statusProperty();
    }

    public IntegerProperty minTokensProperty() {
        return workspace.minTokensProperty();
    }

    /** The inputs' fields, committed before any job starts ({@link Workspace#form()}). */
    public tmeval.app.common.Form form() {
        return workspace.form();
    }

    /** Recently loaded files of every slot, most recent first. */
    public ObservableList<String> recentFiles() {
        return recentFiles;
    }

    /** Files recently loaded into this slot, most recent first; a file that failed to load is dropped. */
    public ObservableList<String> recentFiles(Slot slot) {
        return recentBySlot.get(slot);
    }
}
