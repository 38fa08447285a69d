package tmeval.bench;

import cc.mallet.topics.MarginalProbEstimator;
import cc.mallet.types.InstanceList;
import cc.mallet.util.Randoms;
import tmeval.estimate.LeftToRight;
import tmeval.io.CorpusLoader;
import tmeval.io.MalletStateFormat;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.model.TrainingState;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Left-to-right throughput against MALLET 2.0.8's MarginalProbEstimator, in the same JVM, on the same model and
 * documents, at equal particles, both with re-sampling of earlier tokens (Algorithm 3). MALLET is fed type-topic
 * counts built from the model's training state (written by 'tmeval train' beside the model).
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.LeftToRightVersusMallet
 *      -Dexec.args="MODEL.tsv.gz HELDOUT DOCUMENTS PARTICLES REPETITIONS"
 */
public final class LeftToRightVersusMallet {
    private LeftToRightVersusMallet() {
    }

    public static void main(String[] args) throws Exception {
        Path modelFile = Path.of(args[0]);
        Path heldout = Path.of(args[1]);
        int documents = Integer.parseInt(args[2]);
        int particles = Integer.parseInt(args[3]);
        int repetitions = Integer.parseInt(args[4]);
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);

        TopicModel model = NativeModelFormat.read(modelFile);
        TrainingState state = MalletStateFormat.read(modelFile.resolveSibling(modelFile.getFileName() + ".state.gz"))
                .onVocabulary(model.vocabulary());
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(heldout), model.vocabulary()), documents);
        MarginalProbEstimator mallet = malletEstimator(state);
        InstanceList instances = TrainerVersusMallet.toMallet(corpus);
        long siteUpdates = 0;
        for (var d : corpus.documents()) {
            long n = d.length();
            siteUpdates += particles * (n * (n - 1) / 2 + n);
        }
        LeftToRight ours = LeftToRight.standard(particles, true);
        PrintStream silent = new PrintStream(OutputStream.nullOutputStream());
        double[] oursSeconds = new double[repetitions];
        double[] malletSeconds = new double[repetitions];
        for (int r = -1; r < repetitions; r++) { // r = -1: warm-up of both
            long start = System.nanoTime();
            double total = 0;
            for (int d = 0; d < corpus.size(); d++) {
                total += ours.estimate(corpus.document(d), model, RandomStreams.stream(r + 2, d), new CancelToken()).logValue();
            }
            double o = (System.nanoTime() - start) / 1e9;
            mallet.setRandom(new Randoms(r + 2));
            start = System.nanoTime();
            double malletTotal = mallet.evaluateLeftToRight(instances, particles, true, silent);
            double m = (System.nanoTime() - start) / 1e9;
            if (r >= 0) {
                oursSeconds[r] = o;
                malletSeconds[r] = m;
                System.out.printf(Locale.ROOT, "repetition %d: tmeval %.3f s (log-likelihood %.1f), MALLET %.3f s (%.1f)%n", r + 1, o, total, m, malletTotal);
            }
        }
        double o = TrainerVersusMallet.median(oursSeconds);
        double m = TrainerVersusMallet.median(malletSeconds);
        System.out.printf(Locale.ROOT, "%d documents, K = %d, R = %d with re-sampling, %d site updates per run; median tmeval %.2f ms/document"
                        + " (%.3g site updates/s), MALLET %.2f ms/document (%.3g site updates/s); tmeval/MALLET throughput %.2fx%n",
                corpus.size(), model.numTopics(), particles, siteUpdates, o * 1000 / corpus.size(), siteUpdates / o,
                m * 1000 / corpus.size(), siteUpdates / m, m / o);
    }

    /** MALLET's estimator from counts: its packed type-topic arrays ((count << topicBits) | topic, by count descending). */
    static MarginalProbEstimator malletEstimator(TrainingState state) {
        int numTopics = state.numTopics();
        int topicMask;
        int topicBits;
        if (Integer.bitCount(numTopics) == 1) {
            topicMask = numTopics - 1;
            topicBits = Integer.bitCount(topicMask);
        } else {
            topicMask = Integer.highestOneBit(numTopics) * 2 - 1;
            topicBits = Integer.bitCount(topicMask);
        }
        int[] counts = state.wordTopicCounts();
        int numWords = state.vocabulary().size();
        int[][] typeTopicCounts = new int[numWords][];
        int[] tokensPerTopic = new int[numTopics];
        for (int w = 0; w < numWords; w++) {
            Integer[] topics = new Integer[numTopics];
            int nonzero = 0;
            for (int k = 0; k < numTopics; k++) {
                tokensPerTopic[k] += counts[w * numTopics + k];
                if (counts[w * numTopics + k] > 0) {
                    topics[nonzero++] = k;
                }
            }
            Integer[] present = Arrays.copyOf(topics, nonzero);
            int word = w;
            Arrays.sort(present, (x, y) -> Integer.compare(counts[word * numTopics + y], counts[word * numTopics + x]));
            typeTopicCounts[w] = new int[Math.max(1, nonzero)];
            for (int j = 0; j < nonzero; j++) {
                typeTopicCounts[w][j] = (counts[w * numTopics + present[j]] << topicBits) + present[j];
            }
        }
        double[] alpha = state.alpha();
        double alphaSum = Arrays.stream(alpha).sum();
        if (topicMask < 0) {
            throw new IllegalStateException("K too large for MALLET's packing");
        }
        return new MarginalProbEstimator(numTopics, alpha, alphaSum, state.beta(), typeTopicCounts, tokensPerTopic);
    }
}
