package tmeval.estimate;

import cc.mallet.topics.ParallelTopicModel;
import cc.mallet.types.Alphabet;
import cc.mallet.types.FeatureSequence;
import cc.mallet.types.Instance;
import cc.mallet.types.InstanceList;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tmeval.io.MalletStateFormat;
import tmeval.model.TrainingState;

import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * MALLET's LL/token (what train-topics prints), recomputed from the state file MALLET wrote: equal to MALLET 2.0.8's own
 * {@code ParallelTopicModel.modelLogLikelihood()} of that state within 1e-9 relative, at K = 10, 20 and 50, with alpha
 * and beta optimised (asymmetric alpha, beta other than the start).
 */
class MalletLogLikelihoodTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {10, 20, 50})
    void theStatesJointLogLikelihoodIsMalletsOwn(int numTopics) throws Exception {
        java.util.logging.Logger.getLogger("cc.mallet").setLevel(java.util.logging.Level.OFF);
        SplittableRandom random = new SplittableRandom(numTopics);
        Alphabet alphabet = new Alphabet();
        int words = 120;
        for (int w = 0; w < words; w++) {
            alphabet.lookupIndex("w" + w, true);
        }
        InstanceList list = new InstanceList(alphabet, null);
        for (int d = 0; d < 80; d++) {
            int group = random.nextInt(6);
            int[] tokens = new int[10 + random.nextInt(40)];
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = random.nextInt(3) == 0 ? random.nextInt(words) : group * 20 + random.nextInt(20);
            }
            list.add(new Instance(new FeatureSequence(alphabet, tokens), null, "d" + d, null));
        }
        // every word in some document: MALLET's V (its alphabet) is then the state's
        int[] all = new int[words];
        for (int w = 0; w < words; w++) {
            all[w] = w;
        }
        list.add(new Instance(new FeatureSequence(alphabet, all), null, "all", null));
        ParallelTopicModel mallet = new ParallelTopicModel(numTopics, 1.0, 0.01);
        mallet.setNumThreads(1);
        mallet.setNumIterations(60);
        mallet.setOptimizeInterval(10);
        mallet.setBurninPeriod(20);
        mallet.setTopicDisplay(0, 0);
        mallet.setRandomSeed(numTopics);
        mallet.addInstances(list);
        mallet.estimate();
        Path state = dir.resolve("state.gz");
        mallet.printState(state.toFile());
        TrainingState read = MalletStateFormat.read(state);
        double expected = mallet.modelLogLikelihood();
        assertEquals(expected, MalletLogLikelihood.of(read), 1e-9 * Math.abs(expected));
        assertEquals(expected / mallet.totalTokens, MalletLogLikelihood.perToken(read), 1e-9 * Math.abs(expected / mallet.totalTokens));
    }
}
