package tmeval.app.teaching;

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
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Form;
import tmeval.app.teaching.AisWalkthrough.Bin;
import tmeval.app.teaching.RatioWalkthrough.RatioRun;
import tmeval.app.teaching.AisWalkthrough.Run;
import tmeval.app.teaching.AisWalkthrough.Word;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import java.util.List;

/**
 * View-model of the teaching screen: standard AIS (prior to posterior) on one short document whose exact log P(w)
 * can be computed, so that a student can compare. It keeps every sample's running log-weight, the topic assignments
 * of the first sample at every temperature (coloured words in the view), the effective sample size
 * (sum w)^2 / sum w^2 at every temperature and a histogram of the log-weights; a step, play and pause state walks
 * through the temperatures. Beside it, ratio-AIS between models A and B in both directions (forward anneals B to A
 * and is a stochastic lower bound on log P_A(w)/P_B(w), reverse anneals A to B and is an upper one, by Jensen), and an
 * experiment repeating AIS at 10, 100 and 1000 temperatures. All runs go through the executor and can be cancelled;
 * a new run cancels the one still going.
 */
public final class TeachingViewModel {
    /** What one walk computes: AIS under the chosen model and ratio-AIS between A and B, on the same document. */
    private record Walk(Run run, RatioRun ratio) {
    }

    /** Which model AIS runs under. */
    public enum Model {
        A("model A"), B("model B");

        private final String label;

        Model(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Few temperatures and samples on purpose: the spread of the weights is the lesson. */
    private static final int FIRST_TEMPERATURES = 50;
    private static final int FIRST_SAMPLES = 10;
    /** Play goes through a run in about this many ticks. */
    static final int TICKS_PER_RUN = 100;

    private final Workspace inputs;
    private final IntegerProperty temperatures = new SimpleIntegerProperty(FIRST_TEMPERATURES);
    private final IntegerProperty samples = new SimpleIntegerProperty(FIRST_SAMPLES);
    private final IntegerProperty tokens = new SimpleIntegerProperty(0);
    private final LongProperty seed = new SimpleLongProperty(1);
    private final ObjectProperty<Model> which = new SimpleObjectProperty<>(Model.A);
    private final ReadOnlyObjectWrapper<Document> document = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TopicModel> model = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Document> documents = FXCollections.observableArrayList();
    private final ObjectProperty<Run> run = new SimpleObjectProperty<>();
    private final ObjectProperty<RatioRun> ratio = new SimpleObjectProperty<>();
    private final IntegerProperty step = new SimpleIntegerProperty(0);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(
            "Choose a short document; changing temperatures or samples re-runs AIS at once.");
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper ratioText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper typedNote = new ReadOnlyStringWrapper("");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private boolean choosing;
    /** The AIS run and ratio-AIS beside it: a new setting starts them again, cancelling the run still going. */
    private final BackgroundJob<Walk> walk;
    /** The experiment tab: AIS repeated at 10, 100 and 1000 temperatures on the same document. */
    private final ExperimentViewModel experiment;
    private final Form form = new Form();
    /** The distributions tab: the same walk under a toy model of 2 or 3 topics. */
    private final ToyViewModel toy;

    public TeachingViewModel(Workspace inputs, TaskExecutor executor) {
        this.inputs = inputs;
        this.walk = new BackgroundJob<>(executor);
        this.experiment = new ExperimentViewModel(executor);
        this.toy = new ToyViewModel(executor, step);
        busy.bind(walk.runningProperty());
        temperatures.addListener((o, a, b) -> rerun());
        samples.addListener((o, a, b) -> rerun());
        tokens.addListener((o, a, b) -> rerun());
        seed.addListener((o, a, b) -> rerun());
        document.addListener((o, a, b) -> rerun());
        model.addListener((o, a, b) -> rerun());
        which.addListener((o, a, b) -> pickModel());
        inputs.modelAProperty().addListener((o, a, b) -> pickModel());
        inputs.modelBProperty().addListener((o, a, b) -> pickModel());
        // the ratio tab needs both models: B (or the pair's alignment) arriving after the rest runs the walk again
        inputs.pairProperty().addListener((o, a, b) -> rerun());
        inputs.corpusProperty().addListener((o, a, c) -> offer(c));
        run.addListener((o, a, r) -> {
            playing.set(false);
            step.set(r == null ? 0 : r.temperatures());
            describeStep();
        });
        step.addListener((o, a, b) -> describeStep());
        ratio.addListener((o, a, r) -> ratioText.set(RatioWalkthrough.describe(r)));
        pickModel();
        offer(inputs.corpusProperty().get());
    }

    /** The caption and the step's line follow the step; the estimate and its error wait for the last one. */
    private void describeStep() {
        Document whole = document.get();
        Run r = run.get();
        summary.set(AisWalkthrough.describe(r, step.get(), whole == null || r == null ? 0 : whole.length()));
        stepText.set(AisWalkthrough.describeStep(r, step.get()));
    }

    private void pickModel() {
        model.set(which.get() == Model.B ? inputs.modelBProperty().get() : inputs.modelAProperty().get());
    }

    /** The short documents of a new corpus, shortest first; the instructive one is chosen. */
    private void offer(Corpus c) {
        List<Document> shortest = AisWalkthrough.shortDocuments(c);
        documents.setAll(shortest);
        TopicModel a = inputs.modelAProperty().get();
        Document first = AisWalkthrough.instructive(shortest, a == null ? 0 : a.numTopics());
        if (first != null) {
            choose(first);
        }
    }

    /** Runs AIS on a document, on as many of its first tokens as the exact evaluator can take under model A. */
    public void choose(Document d) {
        if (d == null || d == document.get()) {
            return;
        }
        TopicModel a = inputs.modelAProperty().get();
        choosing = true;
        try {
            if (a != null) {
                tokens.set(AisWalkthrough.exactPrefix(d.length(), a.numTopics()));
            }
            document.set(d);
        } finally {
            choosing = false;
        }
        rerun();
    }

    /** Any document: the id of one of the corpus's (of any length), or typed words; what was read is said beside the field. */
    public void useTyped(String text) {
        TypedDocument.Parsed p = TypedDocument.parse(text, inputs.corpusProperty().get());
        typedNote.set(p.note());
        if (p.document() != null) {
            if (!documents.contains(p.document())) {
                documents.add(0, p.document());
            }
            choose(p.document());
        }
    }

    /** What the last typed text was read as. */
    public ReadOnlyStringProperty typedNoteProperty() {
        return typedNote.getReadOnlyProperty();
    }

    /** The document AIS runs on: the chosen one, cut to the first tokens when asked. */
    private Document current() {
        Document whole = document.get();
        if (whole == null) {
            return null;
        }
        return tokens.get() > 0 && tokens.get() < whole.length() ? whole.prefix(tokens.get()) : whole;
    }

    /** Runs again with the next seed: the same settings (what the fields show), other random numbers, to show the variability. */
    public void runAgainWithNewSeed() {
        if (committed()) {
            seed.set(seed.get() + 1);
        }
    }

    /** The fields' typed text, committed (a change re-runs at once); false, with the summary saying why, when one is not valid. */
    private boolean committed() {
        String typed = Form.commit(inputs.form(), form);
        if (typed != null) {
            summary.set("cannot run: " + typed);
        }
        return typed == null;
    }

    /** The teaching form's typed text, committed before a run (the view adds its fields). */
    public Form form() {
        return form;
    }

    private void rerun() {
        TopicModel m = model.get();
        Document doc = current();
        experiment.follow(doc, m, samples.get(), seed.get());
        if (choosing || doc == null || m == null) {
            return;
        }
        int n = temperatures.get();
        int s = samples.get();
        long sd = seed.get();
        ModelPair pair = inputs.pairProperty().get();
        walk.of((sink, cancel) -> new Walk(AisWalkthrough.ais(doc, m, n, s, sd, cancel), RatioWalkthrough.ratio(doc, pair, n, s, sd, cancel)))
                .onSuccess(w -> {
                    run.set(w.run());
                    ratio.set(w.ratio());
                })
                .start();
        toy.rerun(doc, m, n, s, sd);
    }

    /** Cancels the AIS run and the experiment still going, if any. */
    public void cancel() {
        walk.cancel();
        experiment.cancel();
        toy.cancel();
    }

    /** Runs the experiment tab's experiment on the document AIS runs on, with the samples set on the form. */
    public void runExperiment() {
        if (!committed()) {
            return;
        }
        TopicModel m = model.get();
        Document doc = current();
        if (doc != null && m != null) {
            experiment.start(doc, m, samples.get(), seed.get());
        }
    }

    // ---- stepping through the temperatures

    /** One step on (or the end); stops playing. */
    public void stepForward() {
        playing.set(false);
        move(1);
    }

    public void stepBack() {
        playing.set(false);
        move(-1);
    }

    public void toStart() {
        playing.set(false);
        step.set(0);
    }

    public void toEnd() {
        playing.set(false);
        step.set(lastStep());
    }

    /** Play from where the step is (from the start when at the end), or pause. */
    public void togglePlay() {
        if (playing.get()) {
            playing.set(false);
        } else if (run.get() != null) {
            if (step.get() >= lastStep()) {
                step.set(0);
            }
            playing.set(true);
        }
    }

    /** What the view's timer calls: moves on by about a hundredth of the run; pauses at the end. */
    public void tick() {
        if (!playing.get()) {
            return;
        }
        move(Math.max(1, lastStep() / TICKS_PER_RUN));
        if (step.get() >= lastStep()) {
            playing.set(false);
        }
    }

    private void move(int by) {
        step.set(Math.max(0, Math.min(lastStep(), step.get() + by)));
    }

    private int lastStep() {
        Run r = run.get();
        return r == null ? 0 : r.temperatures();
    }

    /** The document's words with the topic the first sample gives them at the current step. */
    public List<Word> words() {
        Corpus c = inputs.corpusProperty().get();
        return AisWalkthrough.words(run.get(), step.get(), c == null ? null : c.vocabulary());
    }

    /** The log-weights at the current step in {@code bins} equal bins (a zero-width range is widened by half a nat each way). */
    public List<Bin> histogram(int bins) {
        Run r = run.get();
        return r == null ? List.of() : AisWalkthrough.histogram(r.logWeightsAt(Math.min(step.get(), r.temperatures())), bins);
    }

    // ---- properties

    /** The distributions tab's view-model. */
    public ToyViewModel toy() {
        return toy;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty samplesProperty() {
        return samples;
    }

    /** Use only the first this many tokens of the document (0: all). */
    public IntegerProperty tokensProperty() {
        return tokens;
    }

    public LongProperty seedProperty() {
        return seed;
    }

    /** Model A or B. */
    public ObjectProperty<Model> whichProperty() {
        return which;
    }

    public ReadOnlyObjectProperty<Document> documentProperty() {
        return document.getReadOnlyProperty();
    }

    /** The documents offered, shortest first. */
    public ObservableList<Document> documents() {
        return documents;
    }

    public ObjectProperty<Run> runProperty() {
        return run;
    }

    public ObjectProperty<RatioRun> ratioProperty() {
        return ratio;
    }

    /** The experiment tab's view-model. */
    public ExperimentViewModel experiment() {
        return experiment;
    }

    /** The temperature shown, 0 (the start, drawn from the prior) to n. */
    public IntegerProperty stepProperty() {
        return step;
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty ratioTextProperty() {
        return ratioText.getReadOnlyProperty();
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

}
