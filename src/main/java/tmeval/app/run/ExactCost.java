package tmeval.app.run;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.estimate.ExactEvaluator;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/**
 * What {@code exact} costs: no Gibbs sweeps, so no site-update rate prices it; its work is counted in the states of its
 * dynamic programme, and its speed measured in those.
 */
final class ExactCost {
    private ExactCost() {
    }

    /**
     * Exact's work on a corpus in both models: its dynamic programme visits, token by token, every topic-count vector
     * of the prefix, each with K successors (C(i + K - 1, K - 1) states after i tokens, {@link ExactEvaluator#stateCount});
     * a document above the state limit is refused at once and costs nothing.
     */
    static double work(Corpus corpus, int numTopics, long maxStates) {
        double work = 0;
        for (Document d : corpus.documents()) {
            work += work(d.length(), numTopics, maxStates);
        }
        return work;
    }

    static double work(int length, int numTopics, long maxStates) {
        if (ExactEvaluator.stateCount(length, numTopics) > maxStates) {
            return 0;
        }
        double work = 0;
        for (int i = 1; i <= length; i++) {
            work += ExactEvaluator.stateCount(i, numTopics) * numTopics;
        }
        return 2 * work;
    }

    /** Exact's work units per second on up to 20 documents it evaluates (for at most about half a second), or NaN. */
    static double rate(Corpus corpus, ModelPair pair, long maxStates) {
        ModelComparison exact = ComparisonMethods.get(ComparisonMethods.EXACT).create(RunForm.DEFAULTS.settings());
        // exact enumerates both models' states: a document is timed only where the larger K stays within the limit, or
        // the estimate refuses it and the calibration, and with it the whole cost preview, never ends
        int k = Math.max(pair.a().numTopics(), pair.b().numTopics());
        double work = 0;
        long nanos = 0;
        int measured = 0;
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up, as above
            work = 0;
            measured = 0;
            long start = System.nanoTime();
            for (int d = 0; d < corpus.size() && measured < 20 && System.nanoTime() - start < 500_000_000L; d++) {
                Document doc = corpus.document(d);
                double w = work(doc.length(), k, maxStates);
                if (w > 0) {
                    exact.estimate(doc, pair.a(), pair.b(), Direction.NONE, new SplittableRandom(d), new CancelToken());
                    work += w;
                    measured++;
                }
            }
            nanos = System.nanoTime() - start;
        }
        return work > 0 && nanos > 0 ? work / (nanos / 1e9) : Double.NaN;
    }

}
