package tmeval.app.common;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.architecture.UsesNoSceneGraph;
import tmeval.compare.ModelPair;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.model.Corpus;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Setting;
import tmeval.run.output.Provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What every screen works on: models A and B, the held-out corpus and the model series as loaded (the inputs
 * screen fills them), and what follows from them: the corpus mapped onto A's vocabulary and cut to the minimum
 * length, and the prepared (optionally aligned) pair. Lives on the FX thread.
 */
@UsesNoSceneGraph
public final class Workspace {
    /** Which input a file is meant for. */
    public enum Slot {
        MODEL_A("model A", "model-a"), MODEL_B("model B", "model-b"), CORPUS("held-out corpus", "corpus"), SERIES("model series", "series");

        private final String label;
        private final String role;

        Slot(String label, String role) {
            this.label = label;
            this.role = role;
        }

        public String label() {
            return label;
        }

        /** The role the provenance lines give the file. */
        public String role() {
            return role;
        }
    }

    private final ObjectProperty<TopicModel> modelA = new SimpleObjectProperty<>();
    private final ObjectProperty<TopicModel> modelB = new SimpleObjectProperty<>();
    private final ObjectProperty<Corpus> rawCorpus = new SimpleObjectProperty<>();
    private final ObjectProperty<ModelSeries> series = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<Corpus> corpus = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ModelPair> pair = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper pairProblem = new ReadOnlyStringWrapper("");
    /** Asked before a change of the inputs' settings clears the results (align, minimum length); false keeps the setting. */
    private Predicate<String> mayClearResults = action -> true;
    private final BooleanProperty align = new SimpleBooleanProperty(ComparisonPlan.DEFAULT_ALIGN) {
        @Override
        public void set(boolean v) {
            if (v == get() || mayClearResults.test(v ? "Aligning B's topics to A's" : "Leaving B's topics unaligned")) {
                super.set(v);
            }
        }
    };
    private final StringProperty annealingMethod = new SimpleStringProperty(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()).annealingMethod());
    private final IntegerProperty minTokens = new SimpleIntegerProperty(Setting.DEFAULT_MIN_TOKENS) {
        @Override
        public void set(int v) {
            if (v == get() || mayClearResults.test("Keeping only documents of at least " + v + " tokens")) {
                super.set(v);
            }
        }
    };
    private final StringProperty status = new SimpleStringProperty("");
    private final Map<Slot, Path> paths = new EnumMap<>(Slot.class);
    private final Form form = new Form();
    /** What the corpus was last derived from. */
    private TopicModel derivedFromA;
    private Corpus derivedFromRaw;
    private int derivedMinTokens;
    private TopicModel preparedA;
    private TopicModel preparedB;
    private boolean preparedAlign;
    public Workspace() {
        modelA.addListener((o, a, b) -> refresh());
        modelB.addListener((o, a, b) -> refresh());
        rawCorpus.addListener((o, a, b) -> refresh());
        align.addListener((o, a, b) -> refresh());
        annealingMethod.addListener((o, a, b) -> refresh());
        minTokens.addListener((o, a, b) -> refresh());
    }

    /**
     * Asked, with what is about to happen, before the alignment or the minimum document length changes (either clears
     * the results): false keeps the setting as it is. The workbench asks the user when the results are not saved.
     */
    public void setResultsGuard(Predicate<String> guard) {
        this.mayClearResults = guard;
    }

    /**
     * The inputs' own fields (the minimum document length): every job reads the corpus they cut, so every screen commits
     * them with its own before a job starts.
     */
    public Form form() {
        return form;
    }

    /**
     * Puts a corpus read from a file in its slot only if it fits model A (some word in its vocabulary, some document
     * long enough); otherwise the slot, the corpus every job runs on and so the results keep what they had.
     *
     * @return why the corpus was refused, or null when it is in place
     */
    public String putCorpus(Path path, Corpus value) {
        TopicModel a = modelA.get();
        if (a != null) {
            try {
                if (CorpusLoader.mapOnto(value, a.vocabulary(), path).withMinimumLength(minTokens.get()).size() == 0) {
                    return "no document of " + path.getFileName() + " has at least " + minTokens.get() + " tokens in model A's vocabulary";
                }
            } catch (InputException e) {
                return e.getMessage();
            }
        }
        put(Slot.CORPUS, path, value);
        return null;
    }

    /** Puts a value read from a file into its slot (the path first, so that listeners of the value see it). */
    public void put(Slot slot, Path path, Object value) {
        paths.put(slot, path);
        switch (slot) {
            case MODEL_A -> modelA.set((TopicModel) value);
            case MODEL_B -> modelB.set((TopicModel) value);
            case CORPUS -> rawCorpus.set((Corpus) value);
            case SERIES -> series.set((ModelSeries) value);
        }
    }

    /**
     * Re-derives the corpus (mapped onto A's vocabulary) and the prepared pair whenever an input changes; the corpus only
     * when model A, the corpus read or the minimum length changed (a new corpus voids the results: the alignment or the
     * method selection must not).
     */
    private void refresh() {
        TopicModel a = modelA.get();
        Corpus raw = rawCorpus.get();
        if (a != derivedFromA || raw != derivedFromRaw || minTokens.get() != derivedMinTokens) {
            derivedFromA = a;
            derivedFromRaw = raw;
            derivedMinTokens = minTokens.get();
            deriveCorpus(a, raw);
        }
        TopicModel b = modelB.get();
        if (a != null && b != null) {
            try {
                ModelPair prepared = ModelPair.prepare(a, b, align.get(), false, annealingMethod.get());
                // the same models prepared the same way: keep the pair (and so the results) when only the selection moved
                if (pair.get() == null || preparedA != a || preparedB != b || preparedAlign != align.get()) {
                    preparedA = a;
                    preparedB = b;
                    preparedAlign = align.get();
                    pair.set(prepared);
                }
                pairProblem.set("");
            } catch (IllegalArgumentException e) {
                // an in-between state (one model swapped for one over other words): shown in the pair summary and on Run,
                // never as a dialog
                pair.set(null);
                pairProblem.set(forWorkbench(e.getMessage()));
            }
        } else {
            pair.set(null);
            pairProblem.set("");
        }
    }

    /** The corpus every job runs on: the one read, mapped onto A's vocabulary, documents shorter than the minimum left out. */
    private void deriveCorpus(TopicModel a, Corpus raw) {
        if (a != null && raw != null) {
            try {
                Corpus kept = CorpusLoader.mapOnto(raw, a.vocabulary(), paths.get(Slot.CORPUS)).withMinimumLength(minTokens.get());
                if (kept.size() == 0) {
                    corpus.set(null);
                    status.set("no document of the corpus has at least " + minTokens.get() + " tokens");
                } else {
                    corpus.set(kept);
                }
            } catch (InputException e) {
                // model A swapped for one the corpus does not fit: said in the status line, not in a dialog, as the
                // user may be about to load the matching corpus
                corpus.set(null);
                status.set("the corpus does not fit model A: " + e.getMessage());
            }
        } else {
            corpus.set(null);
        }
    }

    /** The engine's words for the command line, in the words of this window's controls. */
    static String forWorkbench(String message) {
        return message.replace("or compare them on the shared words (--vocabulary intersect), whose topics lose mass",
                "or load models trained on the same words (the command line's compare --vocabulary intersect compares them on the shared"
                        + " words, whose topics lose mass)");
    }

    /** The file a slot was filled from, or null. */
    public Path path(Slot slot) {
        return paths.get(slot);
    }

    /** The files of a comparison for its provenance lines: model A, model B, the corpus (those loaded). */
    public List<Provenance.Input> comparisonInputs() {
        List<Provenance.Input> out = new ArrayList<>();
        for (Slot s : List.of(Slot.MODEL_A, Slot.MODEL_B, Slot.CORPUS)) {
            if (paths.get(s) != null) {
                out.add(new Provenance.Input(s.role(), paths.get(s)));
            }
        }
        return out;
    }

    public ObjectProperty<TopicModel> modelAProperty() {
        return modelA;
    }

    public ObjectProperty<TopicModel> modelBProperty() {
        return modelB;
    }

    /** The corpus every job runs on: mapped onto A's vocabulary, documents shorter than the minimum left out. */
    public ReadOnlyObjectProperty<Corpus> corpusProperty() {
        return corpus.getReadOnlyProperty();
    }

    /**
     * The held-out corpus as read, over its own words: the screens that score it under other models (the which-K
     * screen, the corpus card's unknown words per model) map it onto each model's vocabulary themselves.
     */
    public ReadOnlyObjectProperty<Corpus> rawCorpusProperty() {
        return rawCorpus;
    }

    public ObjectProperty<ModelSeries> seriesProperty() {
        return series;
    }

    public ReadOnlyObjectProperty<ModelPair> pairProperty() {
        return pair.getReadOnlyProperty();
    }

    /** Why A and B cannot be compared, or empty. */
    public ReadOnlyStringProperty pairProblemProperty() {
        return pairProblem.getReadOnlyProperty();
    }

    /**
     * The first selected method that anneals between the models (it needs the same K), or null: the run screen sets
     * it from its selection and the pair is prepared again.
     */
    public StringProperty annealingMethodProperty() {
        return annealingMethod;
    }

    /** Permute B's topics to A's before annealing (the run screen's check box; the pair follows it). */
    public BooleanProperty alignProperty() {
        return align;
    }

    /** Only documents of at least this many tokens take part (Foulds and Smyth's corpora are full papers). */
    public IntegerProperty minTokensProperty() {
        return minTokens;
    }

    /** One line on what the inputs are doing, for the status bar. */
    public StringProperty statusProperty() {
        return status;
    }
}
