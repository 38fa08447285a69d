package tmeval.curve;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.estimate.ExactEvaluator;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Iteration-AIS starts from an exact prior draw and never restarts, so the whole run is one valid AIS chain and its
 * estimate after every snapshot is unbiased in probability space for that snapshot's likelihood (Eq. 8).
 */
class IterationAisTest {
    /**
     * Three snapshots that drift as a training run's do (each a 60/40 mix of the one before and fresh topics), with
     * alphas changing as hyper-parameter optimisation would change them.
     */
    private static final TopicModel[] SERIES = drift();

    private static TopicModel[] drift() {
        double[][] alphas = {{0.5, 0.5, 0.5}, {0.3, 0.6, 0.9}, {0.1, 0.5, 1.5}};
        TopicModel[] series = new TopicModel[3];
        series[0] = Fixtures.randomModel("t1", 20, alphas[0], 1.0, 1);
        for (int t = 1; t < 3; t++) {
            double[] fresh = Fixtures.randomModel("fresh", 20, alphas[t], 0.2, t + 1).phiMatrix();
            double[] phi = series[t - 1].phiMatrix();
            for (int i = 0; i < phi.length; i++) {
                phi[i] = 0.6 * phi[i] + 0.4 * fresh[i];
            }
            series[t] = new TopicModel("t" + (t + 1), series[0].vocabulary(), phi, alphas[t]);
        }
        return series;
    }

    @Test
    void unbiasedAtEverySnapshot() {
        Document doc = Fixtures.generate(SERIES[2], 1, 10, 4).document(0);
        double[] exact = new double[SERIES.length];
        for (int t = 0; t < SERIES.length; t++) {
            exact[t] = new ExactEvaluator().logProbability(DocumentView.of(doc), SERIES[t], new CancelToken());
        }
        IterationAis method = new IterationAis(100, 100, 2, Schedule.UNIFORM);
        int runs = 500;
        double[] sum = new double[SERIES.length];
        double[] squares = new double[SERIES.length];
        for (int r = 0; r < runs; r++) {
            IterationAis.DocumentRun run = method.start(doc, 3, RandomStreams.stream(5, r));
            for (int t = 0; t < SERIES.length; t++) {
                double ratio = Math.exp(run.advance(SERIES[t], new CancelToken()).logLikelihood() - exact[t]);
                sum[t] += ratio;
                squares[t] += ratio * ratio;
            }
        }
        for (int t = 0; t < SERIES.length; t++) {
            double mean = sum[t] / runs;
            double se = Math.sqrt((squares[t] / runs - mean * mean) / (runs - 1));
            String msg = String.format(Locale.ROOT, "snapshot %d: mean ratio %.4f +- %.4f (exact log P %.4f)", t + 1, mean, se, exact[t]);
            assertTrue(se < 0.05, "precise enough to test: " + msg);
            assertTrue(Math.abs(mean - 1) < 4 * se, msg);
        }
    }

    @Test
    void converges() {
        Document doc = Fixtures.generate(SERIES[2], 1, 10, 6).document(0);
        double exactLast = new ExactEvaluator().logProbability(DocumentView.of(doc), SERIES[2], new CancelToken());
        double cheap = rmsError(new IterationAis(3, 0, 1, Schedule.UNIFORM), doc, exactLast);
        double rich = rmsError(new IterationAis(5000, 1000, 1, Schedule.UNIFORM), doc, exactLast);
        assertTrue(rich < 0.5 * cheap && rich < 0.15, "rms log error at the last snapshot: n=3 " + cheap + ", n=5000 " + rich);
    }

    private static double rmsError(IterationAis method, Document doc, double exactLast) {
        double squares = 0;
        int runs = 100;
        for (int r = 0; r < runs; r++) {
            IterationAis.DocumentRun run = method.start(doc, 3, RandomStreams.stream(7, r));
            double last = 0;
            for (TopicModel m : SERIES) {
                last = run.advance(m, new CancelToken()).logLikelihood();
            }
            squares += (last - exactLast) * (last - exactLast);
        }
        return Math.sqrt(squares / runs);
    }
}
