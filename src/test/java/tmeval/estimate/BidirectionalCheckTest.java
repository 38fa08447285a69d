package tmeval.estimate;

import org.apache.commons.math3.stat.StatUtils;
import org.junit.jupiter.api.Test;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Categorical;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reverse AIS, started from an exact posterior draw, is unbiased for 1 / P(w) (so minus its log is a stochastic upper
 * bound), tested in probability space against the exact evaluator at 10 temperatures; and on documents drawn from the
 * model the two directions sandwich the exact value in expectation.
 */
class BidirectionalCheckTest {
    private static final int RUNS = 4000;

    /** The exact posterior over z of a short document, by enumerating all K^N assignments, as a cumulative table. */
    private static double[] posterior(Document d, TopicModel model) {
        int k = model.numTopics();
        int n = d.length();
        int size = (int) Math.pow(k, n);
        double[] logJoint = new double[size];
        int[] z = new int[n];
        int[] counts = new int[k];
        double max = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < size; a++) {
            decode(a, k, z);
            java.util.Arrays.fill(counts, 0);
            double lp = 0;
            for (int i = 0; i < n; i++) {
                counts[z[i]]++;
                lp += Math.log(model.phi(d.word(i), z[i]));
            }
            logJoint[a] = lp + DirichletMultinomial.logProbability(counts, model.alpha());
            max = Math.max(max, logJoint[a]);
        }
        double[] weights = new double[size];
        for (int a = 0; a < size; a++) {
            weights[a] = Math.exp(logJoint[a] - max);
        }
        return weights;
    }

    private static void decode(int a, int k, int[] z) {
        for (int i = 0; i < z.length; i++) {
            z[i] = a % k;
            a /= k;
        }
    }

    /**
     * Models without zero entries (with them, reverse AIS misses the mass the tempered targets put where phi is 0: see
     * {@link #withZeroEntriesTheReverseEstimateStaysAnUpperBound}); 200 temperatures, since reverse weights at 10 or 30 are
     * too heavy-tailed to test. Planted and caught: the descending schedule ignored (the chain then starts at the
     * posterior but anneals upwards: chi-square infinite), a start drawn from the prior instead of the posterior (169).
     */
    @Test
    void reverseAisFromAnExactPosteriorDrawIsUnbiasedForTheInverse() {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        List<ExactCases.Case> cases = ExactCases.shortCases().stream().filter(c -> !c.name().contains("zeros")).toList();
        assertEquals(4, cases.size());
        for (int c = 0; c < cases.size(); c++) {
            ExactCases.Case ec = cases.get(c);
            double[] weights = posterior(ec.document(), ec.model());
            double total = 0;
            for (double w : weights) {
                total += w;
            }
            double sum = total;
            long document = c;
            samples.add(ProbabilitySpaceCheck.sample(ec.name(), RUNS, r -> {
                SplittableRandom random = RandomStreams.stream(31, document, r);
                int[] z = new int[ec.document().length()];
                decode(Categorical.draw(weights, weights.length, sum, random), ec.model().numTopics(), z);
                return BidirectionalCheck.reverseLogWeight(ec.document(), z, ec.model(), 200, Schedule.UNIFORM, random,
                        new CancelToken()) + ec.exact();
            }));
        }
        ProbabilitySpaceCheck.assertUnbiased("reverse ais from the exact posterior, 200 temperatures", samples);
    }

    /**
     * Where phi has exact zeros, the tempered targets (which anneal a zero entry as ((1 - tau) m)^tau, so that forward
     * samples from the prior are not dead) put mass on assignments the posterior cannot take; the reverse chain,
     * started in the posterior, underestimates 1 / P(w) by that mass, so minus its log stays a stochastic upper
     * bound, only a looser one. Checked: the mean weight is below 1 beyond its noise on the K = 3 model with zeros.
     */
    @Test
    void withZeroEntriesTheReverseEstimateStaysAnUpperBound() {
        ExactCases.Case ec = ExactCases.shortCases().get(2); // K3 N5 zeros
        double[] weights = posterior(ec.document(), ec.model());
        double sum = java.util.Arrays.stream(weights).sum();
        ProbabilitySpaceCheck.Sample s = ProbabilitySpaceCheck.sample(ec.name(), RUNS, r -> {
            SplittableRandom random = RandomStreams.stream(32, r);
            int[] z = new int[ec.document().length()];
            decode(Categorical.draw(weights, weights.length, sum, random), ec.model().numTopics(), z);
            return BidirectionalCheck.reverseLogWeight(ec.document(), z, ec.model(), 10, Schedule.UNIFORM, random, new CancelToken()) + ec.exact();
        });
        assertTrue(s.mean() + 4 * s.standardError() < 1, "the reverse weight is conservative where phi has zeros: " + s);
    }

    /**
     * Documents drawn from the model: the forward estimate's mean is below log P(w) and the reverse one's above it
     * (Jensen on two unbiased estimates), and both close in on it as the temperatures grow.
     */
    @Test
    void onSimulatedDocumentsTheTwoDirectionsSandwichTheExactValue() {
        ExactCases.Case ec = ExactCases.all().get(3); // K = 4, N = 20
        TopicModel model = ec.model();
        BidirectionalCheck check = new BidirectionalCheck(model);
        ExactEvaluator exact = new ExactEvaluator(ExactEvaluator.DEFAULT_MAX_STATES);
        double[] meanWidth = new double[2];
        int[] temperatures = {5, 200};
        int documents = 20;
        int runs = 40;
        for (int d = 0; d < documents; d++) {
            BidirectionalCheck.Simulated s = check.simulate("sim" + d, 20, RandomStreams.stream(41, d));
            double truth = exact.estimate(s.document(), model, RandomStreams.stream(0), new CancelToken()).logValue();
            for (int t = 0; t < temperatures.length; t++) {
                double[] lower = new double[runs];
                double[] upper = new double[runs];
                for (int r = 0; r < runs; r++) {
                    BidirectionalCheck.Sandwich w = check.sandwich(s, temperatures[t], Schedule.UNIFORM, RandomStreams.stream(43, d, r, t), new CancelToken());
                    lower[r] = w.lower();
                    upper[r] = w.upper();
                }
                // E[log of an unbiased estimate] <= the log of its mean: each mean may exceed its bound only by its noise
                double lowerMean = StatUtils.mean(lower);
                double upperMean = StatUtils.mean(upper);
                double lowerNoise = 4 * Math.sqrt(StatUtils.variance(lower) / runs) + 1e-9;
                double upperNoise = 4 * Math.sqrt(StatUtils.variance(upper) / runs) + 1e-9;
                assertTrue(lowerMean <= truth + lowerNoise && upperMean >= truth - upperNoise, "document " + d + " at "
                        + temperatures[t] + " temperatures: " + lowerMean + " (+-" + lowerNoise + ") <= " + truth + " <= "
                        + upperMean + " (+-" + upperNoise + ")");
                meanWidth[t] += (upperMean - lowerMean) / documents;
            }
        }
        assertTrue(meanWidth[1] < meanWidth[0] / 4, "the sandwich closes as the temperatures grow: " + meanWidth[0] + " then " + meanWidth[1]);
        assertTrue(meanWidth[1] >= 0, "the mean width is never negative in expectation: " + meanWidth[1]);
    }

    @Test
    void simulatedDocumentsUseOnlyWordsTheirTopicCanEmit() {
        ExactCases.Case ec = ExactCases.all().get(2); // K = 3 with zero entries
        BidirectionalCheck check = new BidirectionalCheck(ec.model());
        for (int d = 0; d < 200; d++) {
            BidirectionalCheck.Simulated s = check.simulate("d", 30, RandomStreams.stream(5, d));
            for (int i = 0; i < 30; i++) {
                assertTrue(ec.model().phi(s.document().word(i), s.topics()[i]) > 0, "token " + i + " of document " + d);
            }
        }
        assertEquals(30, check.simulate("d", 30, RandomStreams.stream(6)).document().length());
    }
}
