package tmeval.app.run;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.RunClock;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;

/**
 * The cost preview's quick measurement on the loaded pair and corpus, before any job has run: site updates per second
 * of one thread's CPU ({@link RunClock}, as every run's time is read), from short ratio-convex runs on the first
 * documents.
 */
final class QuickCalibration {
    private QuickCalibration() {
    }

    /** Site updates per CPU second of a ratio-convex run on these models and the corpus's first 20 documents. */
    static double siteUpdatesPerSecond(ModelPair pair, Corpus corpus, MethodSettings defaults, CancelToken cancel) {
        // short runs are all set-up and a cold JIT (a 30-temperature probe read a tenth of the real rate): warm up,
        // then time runs long enough per document, for at least half a second
        ModelComparison warmUp = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(defaults.withTemperatures(30).withBurnIn(5));
        ModelComparison probe = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(defaults.withTemperatures(300).withBurnIn(30));
        int documents = Math.min(20, corpus.size());
        for (int d = 0; d < documents; d++) {
            warmUp.estimate(corpus.document(d), pair.a(), pair.b(), Direction.FORWARD, new SplittableRandom(d), cancel);
        }
        long updates = 0;
        long start = RunClock.now();
        // half a second of the wall clock, not of this thread's CPU: on a busy machine the preview must not wait longer
        long wallStart = System.nanoTime();
        for (int round = 0; round < 20 && (round == 0 || System.nanoTime() - wallStart < 500_000_000L); round++) {
            for (int d = 0; d < documents; d++) {
                updates += probe.estimate(corpus.document(d), pair.a(), pair.b(), Direction.FORWARD, new SplittableRandom(d), cancel).siteUpdates();
            }
        }
        return updates / ((RunClock.now() - start) / 1e9);
    }
}
