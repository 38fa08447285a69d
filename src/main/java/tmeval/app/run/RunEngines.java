package tmeval.app.run;

import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.run.exec.JobEngine;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.Shard;
import tmeval.run.services.Comparisons;

/** What runs a job of the run screen: the engine's one entry of a comparison on this machine, or a test's in its place. */
final class RunEngines {
    private RunEngines() {
    }

    /**
     * What runs a comparison, whatever its mode, telling the listener of it ({@link Comparisons}: plain results as they
     * finish, not in corpus order, since the views need no file order and one long document must not hold back the
     * others; each round as it ends); tests put a failing or a cancelling one in its place.
     */
    @FunctionalInterface
    interface Engine {
        void run(ComparisonJob job, Corpus corpus, ModelPair pair, Comparisons.Listener listener, CancelToken cancel);
    }

    /** The engine, on this machine's threads, every document. */
    static final Engine LOCAL = (job, corpus, pair, listener, cancel) -> Comparisons.run(job, corpus, pair, Shard.ALL, JobEngine.LOCAL, listener,
            cancel);
}
