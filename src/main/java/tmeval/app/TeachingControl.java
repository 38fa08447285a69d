package tmeval.app;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;
import tmeval.anneal.Schedule;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

/**
 * View-model of the teaching view: standard AIS (prior to posterior) on one short document, every sample's running
 * log-weight against the inverse temperature, the final weights, their effective sample size
 * (sum w)^2 / sum w^2, and the exact answer where the dynamic programme can give it. Any change of document, model,
 * temperatures or samples re-runs it at once (cancelling a run still going).
 */
public final class TeachingControl {
    /** One AIS run on one document. */
    public record Run(Document document, String modelName, int temperatures, int samples, List<List<double[]>> traces,
                      double[] finalLogWeights, double estimate, double effectiveSampleSize, Double exact) {
    }

    private final Background background;
    private final IntegerProperty temperatures = new SimpleIntegerProperty(50);
    private final IntegerProperty samples = new SimpleIntegerProperty(10);
    private final IntegerProperty tokens = new SimpleIntegerProperty(0);
    private final ObjectProperty<Document> document = new SimpleObjectProperty<>();
    private final ObjectProperty<TopicModel> model = new SimpleObjectProperty<>();
    private final ObjectProperty<Run> run = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private CancelToken token;

    public TeachingControl(Background background) {
        this.background = background;
        temperatures.addListener((o, a, b) -> rerun());
        samples.addListener((o, a, b) -> rerun());
        tokens.addListener((o, a, b) -> rerun());
        document.addListener((o, a, b) -> rerun());
        model.addListener((o, a, b) -> rerun());
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

    static final long EXACT_STATES = 2_000_000;

    private void rerun() {
        Document whole = document.get();
        TopicModel m = model.get();
        if (whole == null || m == null) {
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
                List<List<double[]>> traces = new ArrayList<>();
                for (int i = 0; i < s; i++) {
                    List<double[]> t = new ArrayList<>();
                    t.add(new double[] {0, 0});
                    traces.add(t);
                }
                EstimateResult r = AnnealedImportanceSampler.standard(n, s, Schedule.UNIFORM).estimate(doc, m,
                        RandomStreams.stream(1, n, s), mine, (sample, j, beta, logWeight) -> traces.get(sample).add(new double[] {beta, logWeight}));
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
                Double exactValue = exact.canEvaluate(doc.length(), m.numTopics()) ? exact.logProbability(DocumentView.of(doc), m, mine) : null;
                return new Run(doc, m.name(), n, s, traces, w, r.logValue(), sum * sum / squares, exactValue);
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
        background.start(task);
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

    public ObjectProperty<Document> documentProperty() {
        return document;
    }

    public ObjectProperty<TopicModel> modelProperty() {
        return model;
    }

    public ObjectProperty<Run> runProperty() {
        return run;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }
}
