package tmeval.app;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.concurrent.Task;
import tmeval.anneal.Schedule;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioAis;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.LeftToRight;
import tmeval.model.Document;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

/**
 * View-model of the document view: for the selected document, each word's contribution under A and B (the
 * left-to-right decomposition log P(w_n | w_&lt;n), 20 particles), the exact log-likelihoods where the document is
 * short enough, and the running AIS log-weight of ratio-AIS (convex path) in both directions across temperatures.
 */
public final class DocumentInspector {
    /** The analysis of one document. */
    public record Analysis(int documentIndex, Document document, String[] words, double[] logPA, double[] logPB,
                           Double exactA, Double exactB, List<double[]> forwardTrace, List<double[]> reverseTrace,
                           double forwardEstimate, double reverseEstimate) {
    }

    static final int PARTICLES = 20;

    private final Inputs inputs;
    private final RunControl run;
    private final Background background;
    private final ObjectProperty<Analysis> analysis = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private CancelToken token;

    public DocumentInspector(Inputs inputs, RunControl run, Background background) {
        this.inputs = inputs;
        this.run = run;
        this.background = background;
    }

    public void inspect(int documentIndex) {
        ModelPair pair = inputs.pairProperty().get();
        var corpus = inputs.corpusProperty().get();
        if (pair == null || corpus == null || documentIndex < 0 || documentIndex >= corpus.size()) {
            return;
        }
        if (token != null) {
            token.cancel();
        }
        CancelToken mine = new CancelToken();
        token = mine;
        Document doc = corpus.document(documentIndex);
        int temperatures = Math.min(run.temperaturesProperty().get(), 5000);
        int burnIn = run.burnInProperty().get();
        Task<Analysis> task = new Task<>() {
            @Override
            protected Analysis call() {
                LeftToRight lr = LeftToRight.standard(PARTICLES, true);
                EstimateResult a = lr.estimate(doc, pair.a(), RandomStreams.stream(1, documentIndex, 1), mine);
                EstimateResult b = lr.estimate(doc, pair.b(), RandomStreams.stream(1, documentIndex, 2), mine);
                ExactEvaluator exact = new ExactEvaluator(200_000);
                Double exactA = null;
                Double exactB = null;
                if (exact.canEvaluate(doc.length(), pair.a().numTopics())) {
                    exactA = exact.logProbability(DocumentView.of(doc), pair.a(), mine);
                    exactB = exact.logProbability(DocumentView.of(doc), pair.b(), mine);
                }
                RatioAis convex = new RatioAis(RatioAis.Path.CONVEX, temperatures, 1, burnIn, Schedule.UNIFORM);
                List<double[]> forward = new ArrayList<>();
                List<double[]> reverse = new ArrayList<>();
                double f = convex.estimate(doc, pair.a(), pair.b(), Direction.FORWARD, RandomStreams.stream(1, documentIndex, 3), mine,
                        (segment, j, beta, logWeight) -> forward.add(new double[] {beta, logWeight})).logRatio();
                double r = convex.estimate(doc, pair.a(), pair.b(), Direction.REVERSE, RandomStreams.stream(1, documentIndex, 4), mine,
                        (segment, j, beta, logWeight) -> reverse.add(new double[] {beta, -logWeight})).logRatio();
                String[] words = new String[doc.length()];
                for (int i = 0; i < words.length; i++) {
                    words[i] = pair.a().vocabulary().word(doc.word(i));
                }
                return new Analysis(documentIndex, doc, words, a.logWeights(), b.logWeights(), exactA, exactB, forward, reverse, f, r);
            }
        };
        busy.set(true);
        task.setOnSucceeded(e -> {
            if (token == mine) {
                analysis.set(task.getValue());
                busy.set(false);
            }
        });
        task.setOnFailed(e -> {
            if (token == mine) {
                busy.set(false);
            }
        });
        task.setOnCancelled(e -> busy.set(false));
        background.start(task);
    }

    public ObjectProperty<Analysis> analysisProperty() {
        return analysis;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }
}
