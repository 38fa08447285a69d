package tmeval.estimate;

import cc.mallet.topics.MarginalProbEstimator;
import cc.mallet.topics.ParallelTopicModel;
import cc.mallet.types.Alphabet;
import cc.mallet.types.FeatureSequence;
import cc.mallet.types.Instance;
import cc.mallet.types.InstanceList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tmeval.cli.Cli;
import tmeval.io.MalletStateFormat;
import tmeval.model.TrainingState;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MALLET's own numbers from its files: LL/token (what train-topics prints), recomputed from the state MALLET wrote,
 * equal to MALLET 2.0.8's {@code ParallelTopicModel.modelLogLikelihood()} within 1e-9 relative at K = 10, 20 and 50 with
 * alpha and beta optimised; and evaluate-topics (its left-to-right evaluator, without re-sampling by default) on held-out
 * documents, equal to tmeval's {@code lr --no-resampling} on the state's model within their Monte Carlo noise.
 */
class MalletLogLikelihoodTest {
    private static final int WORDS = 120;

    @TempDir
    Path dir;

    /** Documents mostly of one of six groups of 20 words, seeded. */
    private static InstanceList documents(Alphabet alphabet, int count, SplittableRandom random, String prefix) {
        InstanceList list = new InstanceList(alphabet, null);
        for (int d = 0; d < count; d++) {
            int group = random.nextInt(6);
            int[] tokens = new int[10 + random.nextInt(40)];
            for (int i = 0; i < tokens.length; i++) {
                tokens[i] = random.nextInt(3) == 0 ? random.nextInt(WORDS) : group * 20 + random.nextInt(20);
            }
            list.add(new Instance(new FeatureSequence(alphabet, tokens), null, prefix + d, null));
        }
        return list;
    }

    /** MALLET trained with alpha and beta optimised, every word in some document (MALLET's V, its alphabet, is then the state's). */
    private static ParallelTopicModel train(Alphabet alphabet, int numTopics) throws Exception {
        java.util.logging.Logger.getLogger("cc.mallet").setLevel(java.util.logging.Level.OFF);
        for (int w = 0; w < WORDS; w++) {
            alphabet.lookupIndex("w" + w, true);
        }
        InstanceList list = documents(alphabet, 80, new SplittableRandom(numTopics), "d");
        int[] all = new int[WORDS];
        for (int w = 0; w < WORDS; w++) {
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
        return mallet;
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 20, 50})
    void theStatesJointLogLikelihoodIsMalletsOwn(int numTopics) throws Exception {
        ParallelTopicModel mallet = train(new Alphabet(), numTopics);
        Path state = dir.resolve("state.gz");
        mallet.printState(state.toFile());
        TrainingState read = MalletStateFormat.read(state);
        double expected = mallet.modelLogLikelihood();
        assertEquals(expected, MalletLogLikelihood.of(read), 1e-9 * Math.abs(expected));
        assertEquals(expected / mallet.totalTokens, MalletLogLikelihood.perToken(read), 1e-9 * Math.abs(expected / mallet.totalTokens));
    }

    /** evaluate-topics' default and tmeval's lr --no-resampling: one estimator, the same model, agreeing within 4 standard errors. */
    @Test
    void evaluateTopicsAgreesWithLeftToRightWithoutResamplingWithinTheNoise() throws Exception {
        Alphabet alphabet = new Alphabet();
        ParallelTopicModel mallet = train(alphabet, 10);
        Path state = dir.resolve("state.gz");
        mallet.printState(state.toFile());
        InstanceList heldout = documents(alphabet, 15, new SplittableRandom(99), "h");
        StringBuilder lines = new StringBuilder();
        for (Instance instance : heldout) {
            FeatureSequence tokens = (FeatureSequence) instance.getData();
            lines.append(instance.getName()).append('\t');
            for (int i = 0; i < tokens.getLength(); i++) {
                lines.append(i == 0 ? "" : " ").append(alphabet.lookupObject(tokens.getIndexAtPosition(i)));
            }
            lines.append('\n');
        }
        Path corpus = dir.resolve("heldout.tsv");
        Files.writeString(corpus, lines);
        int runs = 20;
        MarginalProbEstimator evaluator = mallet.getProbEstimator();
        evaluator.setRandomSeed(5);
        double[] totals = new double[runs];
        for (int r = 0; r < runs; r++) {
            totals[r] = evaluator.evaluateLeftToRight(heldout, 10, false, null);
        }
        double malletMean = java.util.Arrays.stream(totals).average().orElseThrow();
        double malletVariance = java.util.Arrays.stream(totals).map(t -> (t - malletMean) * (t - malletMean)).sum() / (runs - 1);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Cli().run(new String[] {"estimate", "--model", state.toString(), "--corpus", corpus.toString(), "--method", "lr",
                "--particles", "10", "--no-resampling", "--runs", Integer.toString(runs), "--threads", "1", "--no-timing", "--summary",
                "--out", dir.resolve("lr.tsv").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        Matcher m = Pattern.compile("corpus log-likelihood (\\S+) \\+- (\\S+),").matcher(text);
        assertTrue(m.find(), text);
        double mean = Double.parseDouble(m.group(1));
        // the printed half-width is Student's t (19 degrees of freedom, 2.093) times the mean's standard error
        double standardError = Double.parseDouble(m.group(2)) / 2.093;
        double combined = Math.sqrt(malletVariance / runs + standardError * standardError);
        assertTrue(Math.abs(mean - malletMean) < 4 * combined, "MALLET " + malletMean + ", tmeval " + mean + ", combined standard error "
                + combined + "\n" + text);
    }
}
