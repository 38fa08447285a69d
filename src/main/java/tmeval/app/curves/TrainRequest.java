package tmeval.app.curves;

import tmeval.train.TrainerConfig;

import java.nio.file.Path;

/**
 * A training run to watch (Run > Train): the training corpus, the folder its snapshots go to, and the trainer's
 * settings as {@code train --topics K --iterations I --snapshot-every N --seed S} sets them (the rest its defaults).
 */
public record TrainRequest(Path corpus, Path seriesDir, int topics, int iterations, int snapshotEvery, long seed) {
    public TrainRequest {
        if (snapshotEvery < 1) {
            throw new IllegalArgumentException("a watched training run needs snapshots: snapshot every 1 sweep or more");
        }
        config(topics, iterations, snapshotEvery, seed); // the trainer's own checks, before any work
    }

    /** How many snapshots the run writes when it is not stopped: one every {@code snapshotEvery} sweeps. */
    public int snapshots() {
        return iterations / snapshotEvery;
    }

    /** The iteration of the last snapshot: once it lands, training has ended. */
    public int lastSnapshot() {
        return snapshots() * snapshotEvery;
    }

    /**
     * Why the Train dialog cannot start with these fields (its Start button is off and says so), or null when it can
     * (issue 39: Start was on with no training corpus).
     */
    public static String missing(String corpus, String seriesDir) {
        boolean noCorpus = corpus == null || corpus.isBlank();
        boolean noFolder = seriesDir == null || seriesDir.isBlank();
        if (noCorpus && noFolder) {
            return "To start, choose the training corpus and a new or empty folder for the snapshots.";
        }
        if (noCorpus) {
            return "To start, choose the training corpus (the file train reads: tokens, one document a line).";
        }
        return noFolder ? "To start, choose a new or empty folder for the snapshots." : null;
    }

    public TrainerConfig config() {
        return config(topics, iterations, snapshotEvery, seed);
    }

    private static TrainerConfig config(int topics, int iterations, int snapshotEvery, long seed) {
        TrainerConfig d = TrainerConfig.defaults(topics, iterations, seed);
        return new TrainerConfig(topics, iterations, d.alphaMode(), d.alphaSum(), d.beta(), d.optimizeInterval(), d.optimizeBurnIn(),
                snapshotEvery, seed);
    }
}
