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
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import tmeval.anneal.Schedule;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * View-model of the teaching screen: standard AIS (prior to posterior) on one short document, every sample's running
 * log-weight against the inverse temperature, the final weights, their effective sample size
 * (sum w)^2 / sum w^2, and the exact answer where the dynamic programme can give it. Offers the corpus's short
 * documents, starts on the shortest with as many tokens as the exact evaluator can take, and re-runs at once on any
 * change of document, model, temperatures or samples (cancelling a run still going).
 */
public final class TeachingViewModel {
    /** One AIS run on one document. */
    public record Run(Document document, String modelName, int temperatures, int samples, List<List<double[]>> traces,
                      double[] finalLogWeights, double estimate, double effectiveSampleSize, Double exact) {
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

    /** Documents longer than this are not offered (the point is to see every sample). */
    static final int MAX_DOCUMENT_LENGTH = 40;
    /** At most this many documents in the list. */
    static final int MAX_DOCUMENTS = 200;
    static final long EXACT_STATES = 2_000_000;
    /** Few temperatures and samples on purpose: the spread of the weights is the lesson. */
    private static final int FIRST_TEMPERATURES = 50;
    private static final int FIRST_SAMPLES = 10;

    private final Workspace inputs;
    private final TaskExecutor executor;
    private final IntegerProperty temperatures = new SimpleIntegerProperty(FIRST_TEMPERATURES);
    private final IntegerProperty samples = new SimpleIntegerProperty(FIRST_SAMPLES);
    private final IntegerProperty tokens = new SimpleIntegerProperty(0);
    private final ObjectProperty<Model> which = new SimpleObjectProperty<>(Model.A);
    private final ReadOnlyObjectWrapper<Document> document = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TopicModel> model = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Document> documents = FXCollections.observableArrayList();
    private final ObjectProperty<Run> run = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(
            "Choose a short document; changing temperatures or samples re-runs AIS at once.");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private boolean choosing;
    private CancelToken token;

    public TeachingViewModel(Workspace inputs, TaskExecutor executor) {
        this.inputs = inputs;
        this.executor = executor;
        temperatures.addListener((o, a, b) -> rerun());
        samples.addListener((o, a, b) -> rerun());
        tokens.addListener((o, a, b) -> rerun());
        document.addListener((o, a, b) -> rerun());
        model.addListener((o, a, b) -> rerun());
        which.addListener((o, a, b) -> pickModel());
        inputs.modelAProperty().addListener((o, a, b) -> pickModel());
        inputs.modelBProperty().addListener((o, a, b) -> pickModel());
        inputs.corpusProperty().addListener((o, a, c) -> offer(c));
        run.addListener((o, a, r) -> summary.set(describe(r)));
        pickModel();
        offer(inputs.corpusProperty().get());
    }

    private void pickModel() {
        model.set(which.get() == Model.B ? inputs.modelBProperty().get() : inputs.modelAProperty().get());
    }

    /** The short documents of a new corpus, shortest first; the first is chosen. */
    private void offer(Corpus c) {
        List<Document> shortest = shortDocuments(c);
        documents.setAll(shortest);
        if (!shortest.isEmpty()) {
            choose(shortest.get(0));
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
                tokens.set(exactPrefix(d.length(), a.numTopics()));
            }
            document.set(d);
        } finally {
            choosing = false;
        }
        rerun();
    }

    /** The corpus's documents of at most {@value #MAX_DOCUMENT_LENGTH} tokens (all if none is), shortest first. */
    static List<Document> shortDocuments(Corpus c) {
        List<Document> out = new ArrayList<>();
        if (c != null) {
            for (Document d : c.documents()) {
                if (d.length() <= MAX_DOCUMENT_LENGTH) {
                    out.add(d);
                }
            }
            if (out.isEmpty()) {
                out.addAll(c.documents());
            }
            out.sort(Comparator.comparingInt(Document::length));
            if (out.size() > MAX_DOCUMENTS) {
                out = new ArrayList<>(out.subList(0, MAX_DOCUMENTS));
            }
        }
        return out;
    }

    /** The longest prefix of a document whose exact likelihood the evaluator can give under K topics (at least 1). */
    public static int exactPrefix(int length, int numTopics) {
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        int m = length;
        while (m > 1 && !exact.canEvaluate(m, numTopics)) {
            m--;
        }
        return m;
    }

    private void rerun() {
        Document whole = document.get();
        TopicModel m = model.get();
        if (choosing || whole == null || m == null) {
            return;
        }
        // the first tokens only, when asked: a short prefix has an exact answer to draw
        Document doc = tokens.get() > 0 && tokens.get() < whole.length() ? whole.prefix(tokens.get()) : whole;
        if (token != null) {
            token.cancel();
        }
        CancelToken mine = new CancelToken();
        token = mine;
        int n = temperatures.get();
        int s = samples.get();
        Task<Run> task = new Task<>() {
            @Override
            protected Run call() {
                return ais(doc, m, n, s, mine);
            }
        };
        busy.set(true);
        task.setOnSucceeded(e -> {
            if (token == mine) {
                run.set(task.getValue());
                busy.set(false);
            }
        });
        task.setOnFailed(e -> {
            if (token == mine) {
                busy.set(false);
            }
        });
        executor.execute(task);
    }

    private static Run ais(Document doc, TopicModel m, int n, int s, CancelToken cancel) {
        List<List<double[]>> traces = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            List<double[]> t = new ArrayList<>();
            t.add(new double[] {0, 0});
            traces.add(t);
        }
        EstimateResult r = AnnealedImportanceSampler.standard(n, s, Schedule.UNIFORM).estimate(doc, m,
                RandomStreams.stream(1, n, s), cancel, (sample, j, beta, logWeight) -> traces.get(sample).add(new double[] {beta, logWeight}));
        double[] w = r.logWeights();
        double max = Double.NEGATIVE_INFINITY;
        for (double x : w) {
            max = Math.max(max, x);
        }
        double sum = 0;
        double squares = 0;
        for (double x : w) {
            double e = Math.exp(x - max);
            sum += e;
            squares += e * e;
        }
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        Double exactValue = exact.canEvaluate(doc.length(), m.numTopics()) ? exact.logProbability(DocumentView.of(doc), m, cancel) : null;
        return new Run(doc, m.name(), n, s, traces, w, r.logValue(), sum * sum / squares, exactValue);
    }

    private static String describe(Run r) {
        if (r == null) {
            return "";
        }
        return String.format(Locale.ROOT,
                "Document %s (first N = %d tokens) under %s, %d temperatures, %d samples: AIS estimate log P(w) = %.4f%s. Effective sample size %.2f of %d"
                        + " (the share of the weight the samples really carry). Each line starts at 0 (the prior) and adds (beta_j - beta_j-1) log P(w | z)"
                        + " at every temperature; too few temperatures leave the samples far apart and the estimate low.",
                r.document().id(), r.document().length(), r.modelName(), r.temperatures(), r.samples(), r.estimate(),
                r.exact() == null ? " (exact answer out of reach for this document)"
                        : String.format(Locale.ROOT, ", exact %.4f (error %+.4f)", r.exact(), r.estimate() - r.exact()),
                r.effectiveSampleSize(), r.samples());
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

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public BooleanProperty busyProperty() {
        return busy;
    }
}
