package tmeval.compare;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.ProbabilitySpaceCheck;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.plan.ComparisonPlan;
import tmeval.sampling.DocumentView;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ratio-AIS between models of different K ({@link TopicSplit}), against the exact evaluator. */
class DifferentKRatioAisTest {
    private static final TopicModel S2 = Fixtures.randomModel("S2", 15, new double[] {0.6, 1.2}, 1.0, 71);
    private static final TopicModel S3 = Fixtures.randomModel("S3", 15, new double[] {0.4, 0.9, 1.3}, 1.0, 72);
    /** K = 3 grown from S2: its two topics moved, and a third farther from S2's first (the split a larger K makes). */
    private static final TopicModel L3 = grown("L3", S2, new int[] {0, 1, 0}, new double[] {0.5, 1.0, 0.4}, 73);
    /** K = 5 grown from S3: its three topics moved, and two more farther from its second and third. */
    private static final TopicModel L5 = grown("L5", S3, new int[] {0, 1, 2, 1, 2}, new double[] {0.3, 0.5, 0.8, 0.4, 0.6}, 74);

    /**
     * Topic k of the result mixes the base model's topic from[k] with a fresh random topic: 80% base for the first
     * topic grown from each, 50% for the others; the given alpha.
     */
    private static TopicModel grown(String name, TopicModel base, int[] from, double[] alpha, long seed) {
        double[] ones = new double[from.length];
        java.util.Arrays.fill(ones, 1.0);
        TopicModel noise = Fixtures.randomModel("noise", base.numWords(), ones, 1.0, seed);
        double[][] topics = new double[from.length][base.numWords()];
        boolean[] grownFrom = new boolean[base.numTopics()];
        for (int k = 0; k < from.length; k++) {
            double share = grownFrom[from[k]] ? 0.5 : 0.8;
            grownFrom[from[k]] = true;
            for (int w = 0; w < base.numWords(); w++) {
                topics[k][w] = share * base.phi(w, from[k]) + (1 - share) * noise.phi(w, k);
            }
        }
        return Fixtures.model(name, topics, alpha);
    }

    /** The two pairs: A smaller (K = 2 against 3) and A larger (K = 5 against 3), so either model may be the one split. */
    private record Pair(String label, TopicModel a, TopicModel b) {
    }

    private static final List<Pair> PAIRS = List.of(new Pair("K2 vs K3", S2, L3), new Pair("K5 vs K3", L5, S3));

    private static double exact(Document d, TopicModel m) {
        return new ExactEvaluator().logProbability(DocumentView.of(d), m, new CancelToken());
    }

    /** Documents of 4 to 8 tokens from either model of a pair. */
    private static List<Document> documents(Pair p, long seed) {
        List<Document> docs = new ArrayList<>(Fixtures.generate(p.a(), 3, 6, seed).documents());
        docs.add(Fixtures.generate(p.b(), 1, 4, seed + 1).document(0));
        docs.add(Fixtures.generate(p.b(), 1, 8, seed + 2).document(0));
        docs.add(Fixtures.generate(p.b(), 1, 6, seed + 3).document(0));
        return docs;
    }

    /**
     * The start is exactly the smaller model: the split model's exact likelihood is the smaller model's on every
     * document (Dirichlet aggregation), and its alphas add up, per topic of the smaller model, to that topic's alpha.
     */
    @Test
    void theSplitModelHasExactlyTheSmallerModelsLikelihood() {
        for (Pair p : List.of(new Pair("S2 into L3", S2, L3), new Pair("S3 into L5", S3, L5))) {
            TopicSplit split = TopicSplit.of(p.a(), p.b());
            assertEquals(p.b().numTopics(), split.model().numTopics());
            double[] shares = new double[p.a().numTopics()];
            int[] matches = new int[p.a().numTopics()];
            for (int l = 0; l < p.b().numTopics(); l++) {
                shares[split.parent()[l]] += split.model().alpha(l);
                matches[split.parent()[l]] += split.matched()[l] ? 1 : 0;
                for (int w = 0; w < p.a().numWords(); w++) {
                    assertEquals(p.a().phi(w, split.parent()[l]), split.model().phi(w, l), 0.0);
                }
            }
            for (int s = 0; s < p.a().numTopics(); s++) {
                assertEquals(p.a().alpha(s), shares[s], 1e-12, p.label() + ": topic " + s + "'s alpha is shared, not copied");
                assertEquals(1, matches[s], p.label() + ": every topic of the smaller model is aligned to exactly one");
            }
            for (Document d : Fixtures.generate(p.b(), 5, 7, 81).documents()) {
                assertEquals(exact(d, p.a()), exact(d, split.model()), 1e-10, p.label() + " " + d.id());
            }
        }
    }

    /** The topics of the larger model that the smaller one aligns to are the ones it grew from; the others are brought in. */
    @Test
    void theSmallerModelsTopicsAreAlignedToTheOnesTheyGrewInto() {
        TopicSplit split = TopicSplit.of(S3, L5.permuteTopics(new int[] {4, 2, 0, 3, 1}));
        // L5's topics 0, 1, 2 (grown from S3's 0, 1, 2) now sit at 2, 4, 1; 3 and 4 (near S3's 1 and 2) at 3 and 0
        assertEquals(List.of(2, 2, 0, 1, 1), java.util.Arrays.stream(split.parent()).boxed().toList());
        assertEquals(List.of(false, true, true, false, true),
                List.of(split.matched()[0], split.matched()[1], split.matched()[2], split.matched()[3], split.matched()[4]));
        String note = split.describe("A", "B");
        assertTrue(note.contains("A is split to K = 5") && note.contains("its 3 topics aligned to 3 of B's")
                && note.contains("B's topics 1 as a copy of A's 3") && note.contains("4 as a copy of A's 2"), note);
    }

    /**
     * Both paths, both directions, both pairs, at a small budget (one run of 20 temperatures after 50 burn-in sweeps):
     * pooled chi-square over documents in probability space, as {@code RatioAisTest} does for one K. Forward anneals
     * B to A with weight mean P(w|A) / P(w|B); reverse A to B with mean P(w|B) / P(w|A).
     */
    @Test
    void bothPathsAreUnbiasedInProbabilitySpaceBetweenModelsOfDifferentK() {
        List<ProbabilitySpaceCheck.Pooled> tests = new ArrayList<>();
        for (int p = 0; p < PAIRS.size(); p++) {
            Pair pair = PAIRS.get(p);
            List<Document> documents = documents(pair, 90 + 10L * p);
            for (RatioAis.Path path : RatioAis.Path.values()) {
                for (Direction direction : new Direction[] {Direction.FORWARD, Direction.REVERSE}) {
                    RatioAis method = new RatioAis(path, SMALL_BUDGET, 1, 50, Schedule.UNIFORM);
                    List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
                    for (int d = 0; d < documents.size(); d++) {
                        Document doc = documents.get(d);
                        double exact = exact(doc, pair.a()) - exact(doc, pair.b());
                        long seed = 200 + 10L * p + 4L * path.ordinal() + direction.ordinal();
                        long key = d;
                        samples.add(ProbabilitySpaceCheck.sample(doc.id() + " N" + doc.length(), RUNS, r -> {
                            double logRatio = method.estimate(doc, pair.a(), pair.b(), direction, RandomStreams.stream(seed, key, r),
                                    new CancelToken()).logRatio();
                            return direction == Direction.FORWARD ? logRatio - exact : exact - logRatio;
                        }));
                    }
                    tests.add(ProbabilitySpaceCheck.pooledChiSquare(pair.label() + " " + path + " " + direction + ", " + SMALL_BUDGET
                            + " temperatures", samples));
                }
            }
        }
        ProbabilitySpaceCheck.assertAllUnbiased(tests);
    }

    /**
     * Why the smaller model is split rather than padded: padded with topics of alpha 0 (here the smallest double) and
     * the larger model's phi, its start is the smaller model too, but the first step from it gives those topics a
     * positive alpha, so f_1 puts mass on states f_0 never draws and the weight f_1(z) / f_0(z) misses that mass:
     * biased low from the smaller model, on the convex path as on the geometric one (estimators.md).
     */
    @Test
    void paddingWithTopicsOfAlphaZeroInsteadIsBiased() {
        TopicSplit split = TopicSplit.of(S2, L3);
        int k = L3.numTopics();
        double[] phi = new double[S2.numWords() * k];
        double[] alpha = new double[k];
        for (int l = 0; l < k; l++) {
            alpha[l] = split.matched()[l] ? S2.alpha(split.parent()[l]) : Double.MIN_VALUE;
            for (int w = 0; w < S2.numWords(); w++) {
                phi[w * k + l] = split.matched()[l] ? S2.phi(w, split.parent()[l]) : L3.phi(w, l);
            }
        }
        TopicModel padded = new TopicModel("S2 padded", S2.vocabulary(), phi, alpha);
        List<Document> documents = documents(PAIRS.get(0), 90);
        RatioAis method = new RatioAis(RatioAis.Path.CONVEX, SMALL_BUDGET, 1, 50, Schedule.UNIFORM);
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < documents.size(); d++) {
            Document doc = documents.get(d);
            double exact = exact(doc, S2) - exact(doc, L3);
            long key = d;
            // reverse: from the padded model (A) to L3 (B)
            samples.add(ProbabilitySpaceCheck.sample(doc.id() + " N" + doc.length(), RUNS, r -> exact - method.estimate(doc, padded, L3,
                    Direction.REVERSE, RandomStreams.stream(230, key, r), new CancelToken()).logRatio()));
        }
        ProbabilitySpaceCheck.assertBiased("padded with alpha 0, convex, from the smaller model", samples);
    }

    private static final int SMALL_BUDGET = 20;
    private static final int RUNS = 4000;

    /**
     * Bracketing in expectation: at a budget too small to converge (2 temperatures, documents of 16 tokens) between
     * unrelated models (their topics drawn apart), the mean forward log-ratio lies below the exact one and the mean
     * reverse above it, each by more than three standard errors (Jensen: each direction's log-estimate is biased down
     * for its own ratio, and reverse is negated).
     */
    @Test
    void forwardAndReverseBracketTheExactLogRatioInExpectation() {
        TopicModel r2 = Fixtures.randomModel("R2", 15, new double[] {0.5, 1.0}, 0.5, 91);
        TopicModel r3 = Fixtures.randomModel("R3", 15, new double[] {0.3, 0.6, 0.9}, 0.5, 92);
        TopicModel r5 = Fixtures.randomModel("R5", 15, new double[] {0.2, 0.4, 0.6, 0.3, 0.5}, 0.5, 93);
        for (Pair pair : List.of(new Pair("R2 vs R3", r2, r3), new Pair("R5 vs R3", r5, r3))) {
            for (Document doc : Fixtures.generate(pair.b(), 2, 16, 95).documents()) {
                double exact = exact(doc, pair.a()) - exact(doc, pair.b());
                for (RatioAis.Path path : RatioAis.Path.values()) {
                    RatioAis method = new RatioAis(path, 2, 1, 30, Schedule.UNIFORM);
                    double[] forward = meanAndError(method, doc, pair, Direction.FORWARD, 500);
                    double[] reverse = meanAndError(method, doc, pair, Direction.REVERSE, 500);
                    String msg = String.format(Locale.ROOT, "%s %s %s: forward %.4f +- %.4f, exact %.4f, reverse %.4f +- %.4f",
                            pair.label(), path, doc.id(), forward[0], forward[1], exact, reverse[0], reverse[1]);
                    System.out.println(msg);
                    assertTrue(forward[0] + 3 * forward[1] < exact, msg);
                    assertTrue(reverse[0] - 3 * reverse[1] > exact, msg);
                }
            }
        }
    }

    private static double[] meanAndError(RatioAis method, Document doc, Pair pair, Direction direction, int runs) {
        org.apache.commons.math3.stat.descriptive.SummaryStatistics s = new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (int r = 0; r < runs; r++) {
            s.addValue(method.estimate(doc, pair.a(), pair.b(), direction, RandomStreams.stream(97, direction.ordinal(), r),
                    new CancelToken()).logRatio());
        }
        return new double[] {s.getMean(), s.getStandardDeviation() / Math.sqrt(runs)};
    }

    /** The registry's cost, which prices the method, is what a run between models of different K reports doing. */
    @Test
    void theRegisteredCostIsWhatARunBetweenModelsOfDifferentKDoes() {
        MethodSettings settings = ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(30).withBurnIn(7).withSamples(2);
        Document doc = Fixtures.generate(L5, 1, 9, 99).document(0);
        for (ComparisonMethods.Method m : List.of(ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX),
                ComparisonMethods.get(ComparisonMethods.RATIO_GEOMETRIC))) {
            for (Direction direction : new Direction[] {Direction.FORWARD, Direction.REVERSE}) {
                long done = m.create(settings).estimate(doc, L5, S3, direction, RandomStreams.stream(1), new CancelToken()).siteUpdates();
                assertEquals(m.siteUpdates(settings, doc.length(), 1), done, m.name() + " " + direction);
            }
        }
    }

    /**
     * A model against its own split (the same P(w) with more topics): split again to the split's K it is that split
     * (the alignment finds each copy at distance 0 and the alphas share back), so every run gives 0 up to rounding.
     */
    @Test
    void aModelAgainstItsOwnSplitIsEven() {
        TopicModel split = TopicSplit.of(S3, L5).model();
        Document doc = Fixtures.generate(S3, 1, 10, 98).document(0);
        for (RatioAis.Path path : RatioAis.Path.values()) {
            for (Direction direction : new Direction[] {Direction.FORWARD, Direction.REVERSE}) {
                double r = new RatioAis(path, 50, 2, 5, Schedule.UNIFORM).estimate(doc, S3, split, direction, RandomStreams.stream(1),
                        new CancelToken()).logRatio();
                assertEquals(0.0, r, 1e-9, path + " " + direction);
            }
        }
    }
}
