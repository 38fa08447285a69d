package tmeval.bench;

import cc.mallet.topics.ParallelTopicModel;
import tmeval.io.CorpusLoader;
import tmeval.io.ModelLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Trains a model the way a MALLET user does ({@code mallet train-topics --num-topics K --optimize-interval 10}, MALLET
 * 2.0.8's defaults otherwise: alpha sum 5, beta 0.01, burn-in 200 before optimising alpha and beta, 1000 iterations),
 * through its Java API on one thread, and writes its state {@code OUT.state.gz}. The model is then read from that state by
 * the documented route ({@code ModelLoader}, formats.md "MALLET state file") and written as {@code OUT} in tmeval's
 * format, so that the benches that give MALLET the state beside the model ({@code OUT.state.gz}) can run on it.
 * Run: java -cp target/test-classes:target/classes:CP tmeval.bench.MalletTrain TRAIN_CORPUS K OUT.tsv.gz [ITERATIONS] [SEED]
 */
public final class MalletTrain {
    private MalletTrain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: TRAIN_CORPUS K OUT.tsv.gz [ITERATIONS] [SEED]");
            System.exit(2);
        }
        int numTopics = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        int iterations = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        int seed = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.OFF);

        Corpus corpus = CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[0])));
        ParallelTopicModel mallet = new ParallelTopicModel(numTopics, 5.0, 0.01);
        mallet.setNumThreads(1);
        mallet.setNumIterations(iterations);
        mallet.setOptimizeInterval(10);
        mallet.setBurninPeriod(200);
        mallet.setTopicDisplay(0, 0);
        mallet.setRandomSeed(seed);
        mallet.addInstances(TrainerVersusMallet.toMallet(corpus));
        long start = System.nanoTime();
        mallet.estimate();
        double seconds = (System.nanoTime() - start) / 1e9;
        Path state = out.resolveSibling(out.getFileName() + ".state.gz");
        mallet.printState(state.toFile());

        TopicModel model = ModelLoader.read(ModelLoader.Spec.of(state));
        NativeModelFormat.write(model, "# MALLET 2.0.8 train-topics --num-topics " + numTopics + " --optimize-interval 10 --num-iterations "
                + iterations + " --random-seed " + seed + " on " + args[0] + "\n", out);
        System.out.printf(Locale.ROOT, "%d documents, %d tokens, K = %d, %d iterations in %.1f s; alpha sum %.4f (%s...), beta %.5f;"
                        + " state %s, model %s (V = %d)%n", corpus.size(), corpus.tokenCount(), numTopics, iterations, seconds,
                Arrays.stream(mallet.alpha).sum(), Arrays.toString(Arrays.copyOf(mallet.alpha, 3)), mallet.beta, state, out,
                model.vocabulary().size());
    }
}
