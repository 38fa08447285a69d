package tmeval.bench;

import cc.mallet.topics.ParallelTopicModel;
import cc.mallet.types.Alphabet;
import cc.mallet.types.FeatureSequence;
import cc.mallet.types.Instance;
import cc.mallet.types.InstanceList;
import tmeval.io.CorpusLoader;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.train.AlphaMode;
import tmeval.train.GibbsTrainer;
import tmeval.train.TrainerConfig;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Trainer speed against MALLET 2.0.8's ParallelTopicModel with one thread, same corpus, K, iterations, alpha sum,
 * beta and optimisation schedule, alternating in one JVM; prints the medians and their ratio.
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.TrainerVersusMallet
 *      -Dexec.args="CORPUS K ITERATIONS REPETITIONS"
 */
public final class TrainerVersusMallet {
    private TrainerVersusMallet() {
    }

    public static void main(String[] args) throws Exception {
        Path corpusPath = Path.of(args.length > 0 ? args[0] : "sample-data/kos-train.tokens.gz");
        int numTopics = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        int repetitions = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);

        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(corpusPath));
        InstanceList instances = toMallet(corpus);
        System.out.printf(Locale.ROOT, "corpus %s: %d documents, %d tokens; K = %d, %d iterations, alpha sum 5, beta 0.01,"
                + " asymmetric alpha optimised every 10 after 50; one thread each%n",
                corpusPath, corpus.size(), corpus.tokenCount(), numTopics, iterations);
        double[] ours = new double[repetitions];
        double[] mallet = new double[repetitions];
        // warm-up of both, then alternate so that machine noise hits both alike
        timeOurs(corpus, numTopics, Math.min(iterations, 50), 0);
        timeMallet(instances, numTopics, Math.min(iterations, 50), 0);
        for (int r = 0; r < repetitions; r++) {
            ours[r] = timeOurs(corpus, numTopics, iterations, r + 1);
            mallet[r] = timeMallet(instances, numTopics, iterations, r + 1);
            System.out.printf(Locale.ROOT, "repetition %d: tmeval %.2f s, MALLET %.2f s%n", r + 1, ours[r], mallet[r]);
        }
        double o = median(ours);
        double m = median(mallet);
        double tokens = corpus.tokenCount() * (double) iterations;
        System.out.printf(Locale.ROOT, "median: tmeval %.2f s (%.3g token updates/s), MALLET %.2f s (%.3g token updates/s); tmeval is %.2fx MALLET's speed%n",
                o, tokens / o, m, tokens / m, m / o);
    }

    static InstanceList toMallet(Corpus corpus) {
        Alphabet alphabet = new Alphabet();
        for (int w = 0; w < corpus.vocabulary().size(); w++) {
            alphabet.lookupIndex(corpus.vocabulary().word(w), true);
        }
        InstanceList list = new InstanceList(alphabet, null);
        for (Document d : corpus.documents()) {
            list.add(new Instance(new FeatureSequence(alphabet, d.tokens()), null, d.id(), null));
        }
        return list;
    }

    private static double timeOurs(Corpus corpus, int numTopics, int iterations, int seed) {
        TrainerConfig config = new TrainerConfig(numTopics, iterations, AlphaMode.ASYMMETRIC, 5.0, 0.01, 10, 50, 0, seed);
        long start = System.nanoTime();
        new GibbsTrainer(config).train(corpus, "bench", (i, m) -> { }, Progress.NONE, new CancelToken());
        return (System.nanoTime() - start) / 1e9;
    }

    private static double timeMallet(InstanceList instances, int numTopics, int iterations, int seed) throws Exception {
        ParallelTopicModel model = malletModel(numTopics, iterations, seed);
        long start = System.nanoTime();
        model.addInstances(instances);
        model.estimate();
        return (System.nanoTime() - start) / 1e9;
    }

    /** MALLET at tmeval's defaults: alpha sum 5, beta 0.01, both optimised every 10 iterations after 50, one thread. */
    static ParallelTopicModel malletModel(int numTopics, int iterations, int seed) {
        ParallelTopicModel model = new ParallelTopicModel(numTopics, 5.0, 0.01);
        model.setNumThreads(1);
        model.setNumIterations(iterations);
        model.setOptimizeInterval(10);
        model.setBurninPeriod(50);
        model.setTopicDisplay(0, 0);
        model.setRandomSeed(seed);
        return model;
    }

    static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
    }
}
