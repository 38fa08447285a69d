package tmeval.io;

import cc.mallet.topics.ParallelTopicModel;
import cc.mallet.types.Alphabet;
import cc.mallet.types.FeatureSequence;
import cc.mallet.types.Instance;
import cc.mallet.types.InstanceList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * MALLET itself trained on a tiny corpus whose alphabet holds a word no training document uses ({@link #UNUSED}), as
 * held-out text imported with {@code --use-pipe-from} leaves it, and the files a MALLET user has: its state, topic-word
 * weights, word-topic counts, topic keys and an alpha file of its exact values. Built under a test's temporary folder.
 */
public final class MalletFixture {
    /** The alphabet's word that only held-out text uses. */
    public static final String UNUSED = "never-seen";
    /** MALLET logs every run to the console; the tests read its files, not its log (held here: a logger is weakly kept). */
    private static final java.util.logging.Logger MALLET_LOG = java.util.logging.Logger.getLogger("cc.mallet");
    private static final String[] WORDS = {"apple", "banana", "cherry", "date", "elder", "fig", UNUSED};

    /** The files, and MALLET's own model. */
    public record Files(ParallelTopicModel mallet, Path state, Path weights, Path counts, Path keys, Path alpha) {
    }

    private MalletFixture() {
    }

    /** MALLET 2.0.8 on four documents, K = 3, alpha 0.9 / K each, beta 0.05, 20 iterations, seed 3, one thread. */
    public static ParallelTopicModel train() throws IOException {
        MALLET_LOG.setLevel(java.util.logging.Level.OFF);
        Alphabet alphabet = new Alphabet();
        for (String w : WORDS) {
            alphabet.lookupIndex(w, true);
        }
        int[][] docs = {{0, 1, 0, 2, 1}, {3, 4, 5, 3, 4}, {0, 2, 5, 1, 0, 0}, {4, 3, 5, 5}};
        InstanceList list = new InstanceList(alphabet, null);
        for (int d = 0; d < docs.length; d++) {
            list.add(new Instance(new FeatureSequence(alphabet, docs[d]), null, "d" + d, null));
        }
        ParallelTopicModel model = new ParallelTopicModel(3, 0.9, 0.05);
        model.setNumThreads(1);
        model.setNumIterations(20);
        model.setTopicDisplay(0, 0);
        model.setRandomSeed(3);
        model.addInstances(list);
        model.estimate();
        return model;
    }

    /** Trains and writes every file into {@code dir}. */
    public static Files write(Path dir) throws Exception {
        ParallelTopicModel mallet = train();
        Path weights = dir.resolve("weights.txt");
        Path counts = dir.resolve("counts.txt");
        Path keys = dir.resolve("keys.txt");
        Path state = dir.resolve("state.gz");
        mallet.printTopicWordWeights(weights.toFile());
        mallet.printTypeTopicCounts(counts.toFile());
        mallet.printTopWords(keys.toFile(), 5, false);
        mallet.printState(state.toFile());
        Path alpha = dir.resolve("alpha.txt");
        StringBuilder a = new StringBuilder();
        for (double x : mallet.alpha) {
            a.append(x).append('\n');
        }
        java.nio.file.Files.writeString(alpha, a);
        return new Files(mallet, state, weights, counts, keys, alpha);
    }

    /** A topic-word matrix over the fixture's seven words (a header of words, then one row per topic) and its alpha file. */
    public record Matrix(Path topics, Path alpha) {
    }

    /** Writes {@link Matrix}'s two files into {@code dir}: a model of another format over the same words. */
    public static Matrix writeMatrix(Path dir) throws java.io.IOException {
        Path topics = dir.resolve("topics.csv");
        java.nio.file.Files.writeString(topics, String.join(",", WORDS) + "\n"
                + "0.3,0.25,0.2,0.05,0.05,0.05,0.1\n0.05,0.05,0.05,0.3,0.25,0.2,0.1\n");
        Path alpha = dir.resolve("matrix-alpha.txt");
        java.nio.file.Files.writeString(alpha, "0.4 0.6\n");
        return new Matrix(topics, alpha);
    }
}
