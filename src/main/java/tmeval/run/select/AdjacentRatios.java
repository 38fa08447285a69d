package tmeval.run.select;

import tmeval.run.exec.JobEngine;
import tmeval.run.plan.Shard;
import tmeval.run.plan.ComparisonPlan;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.Decided;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * "Which K?" by ratio-AIS ({@code select --pairs}): the models of a selection in a chain sorted by K, each against the
 * next one up, by a ratio path in both directions, beside the difference of the two models' single-model scores. The
 * forward estimate of log P(w | larger K) - log P(w | smaller K) is a stochastic lower bound and the reverse one an
 * upper bound (Foulds and Smyth Section 3.1), for models of different K too (the smaller one split to the larger's K,
 * {@link tmeval.compare.TopicSplit}; or, by ratio-eta, of any families, padded to the larger's eta,
 * {@link tmeval.compare.EtaTopicOrder}); the differenced estimates have no such bracket, and each carries the bias of its
 * own estimate. Each document keeps its random streams (seed, position, run, method and direction), as in
 * {@code compare}.
 */
public final class AdjacentRatios {
    private AdjacentRatios() {
    }

    /**
     * One adjacent pair of the chain. Sums are over the documents every estimate covers ({@code documents}); each
     * document counts the mean of its runs, and each error is the standard error of the sum from the spread of the
     * runs (0 with one run).
     *
     * @param larger the index (in the selection) of the model with the larger K (or the later one of equal K): "A"
     * @param smaller the index of the other: "B"
     * @param unavailable why the pair was not compared (models of different vocabularies score different tokens), or null
     * @param forward sum of the forward estimates, nats: a stochastic lower bound on the log-ratio
     * @param reverse sum of the reverse estimates: a stochastic upper bound
     * @param differenced sum of the differences of the two single-model estimates
     * @param forLarger documents whose own bracket (the means of their runs) lies above 0 by more than its noise ({@link Decided}):
     *                  decided for the larger K
     * @param forSmaller documents whose bracket lies below 0 by more than its noise
     * @param withoutEstimate documents left out: a run of some estimate refused, or gave no finite value, in every run
     * @param siteUpdates Gibbs site updates of the pair's runs (both directions)
     * @param singleModelSiteUpdates site updates of the two models' single-model runs
     * @param notes how the pair was prepared (alignment, the split of the smaller model)
     */
    public record Pair(int larger, int smaller, String method, String unavailable, int documents, double forward, double forwardError,
                       double reverse, double reverseError, double differenced, double differencedError, int forLarger,
                       int forSmaller, int undecided, int withoutEstimate, long siteUpdates, long singleModelSiteUpdates,
                       List<String> notes) {
        /** What the corpus bracket says by the one rule ({@link Decided}): above 0, below 0, or neither by more than its noise. */
        public String verdict() {
            return switch (Decided.of(forward, reverse, Decided.combined(forwardError, reverseError))) {
                case FOR_A -> "the larger K predicts better (the bracket is above 0 by more than its noise)";
                case FOR_B -> "the smaller K predicts better (the bracket is below 0 by more than its noise)";
                case UNDECIDED -> "undecided (the bracket, widened by 1.96 standard errors, contains 0)";
            };
        }

        /** Whether the differenced estimate's interval meets the bracket [forward - 2 s.e., reverse + 2 s.e.]. */
        public boolean differencedMeetsBracket() {
            return differenced + 2 * differencedError >= forward - 2 * forwardError
                    && differenced - 2 * differencedError <= reverse + 2 * reverseError;
        }
    }

    /**
     * Compares each adjacent pair of the chain.
     *
     * @param plan the ratio path (its one method), run in both directions, with its settings, runs, seed and threads
     * @param result the selection's single-model scores, each with its corpus mapped onto its own vocabulary
     * @param progress the progress of each pair's run, by its label
     */
    public static List<Pair> run(ComparisonPlan plan, ModelSelection.Result result, Function<String, Progress> progress, CancelToken cancel) {
        return run(JobEngine.LOCAL, plan, result, progress, cancel);
    }

    /** As {@link #run(ComparisonPlan, ModelSelection.Result, Function, CancelToken)}, each pair's documents on an engine (a cluster's executors). */
    public static List<Pair> run(JobEngine engine, ComparisonPlan plan, ModelSelection.Result result, Function<String, Progress> progress,
                                 CancelToken cancel) {
        String method = plan.methods().get(0);
        if (plan.methods().size() != 1 || !ComparisonMethods.get(method).directional() || plan.directions() != ComparisonPlan.Directions.BOTH) {
            throw new IllegalArgumentException("the pairs of a selection take one ratio path, run in both directions");
        }
        List<ModelSelection.Score> scores = result.scores();
        List<Pair> pairs = new ArrayList<>();
        int[] chain = chain(scores);
        for (int c = 0; c + 1 < chain.length; c++) {
            ModelSelection.Score b = scores.get(chain[c]);
            ModelSelection.Score a = scores.get(chain[c + 1]);
            long singleModel = a.siteUpdates() + b.siteUpdates();
            if (!ModelSelection.sameTokens(a, b)) {
                pairs.add(new Pair(a.index(), b.index(), method, "the two models have different vocabularies, so they score different tokens",
                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, singleModel, List.of()));
                continue;
            }
            pairs.add(compare(engine, plan, a, b, progress.apply(label(a) + " against " + label(b)), cancel));
        }
        return pairs;
    }

    /** The selection's indices sorted by K, ties in the order given. */
    static int[] chain(List<ModelSelection.Score> scores) {
        return IntStream.range(0, scores.size()).boxed()
                .sorted(Comparator.comparingInt((Integer i) -> scores.get(i).model().numTopics()).thenComparingInt(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    private static Pair compare(JobEngine engine, ComparisonPlan plan, ModelSelection.Score a, ModelSelection.Score b, Progress progress, CancelToken cancel) {
        String method = plan.methods().get(0);
        ModelPair pair = ModelPair.prepare(a.model(), b.model(), plan.align(), false, method);
        int documents = a.corpus().size();
        // [direction][document][run], NaN where a run gave no estimate
        double[][][] values = new double[2][documents][plan.runs()];
        for (double[][] direction : values) {
            for (double[] runs : direction) {
                java.util.Arrays.fill(runs, Double.NaN);
            }
        }
        long[] siteUpdates = {0};
        engine.compare(plan, a.corpus(), pair, Shard.ALL, r -> {
            if (!r.refused()) {
                values[r.direction() == Direction.FORWARD ? 0 : 1][r.documentIndex()][r.run() - 1] = r.result().logRatio();
                siteUpdates[0] += r.result().siteUpdates();
            }
        }, progress, cancel);
        int used = 0;
        int withoutEstimate = 0;
        int forLarger = 0;
        int forSmaller = 0;
        double[] sum = new double[3];      // forward, reverse, differenced
        double[] variance = new double[3];
        for (int d = 0; d < documents; d++) {
            double[] forward = ModelSelection.meanAndVarianceOfMean(values[0][d]);
            double[] reverse = ModelSelection.meanAndVarianceOfMean(values[1][d]);
            double[] ofA = ModelSelection.meanAndVarianceOfMean(a.runs()[d]);
            double[] ofB = ModelSelection.meanAndVarianceOfMean(b.runs()[d]);
            if (Double.isNaN(forward[0]) || Double.isNaN(reverse[0]) || Double.isNaN(ofA[0]) || Double.isNaN(ofB[0])) {
                withoutEstimate++;
                continue;
            }
            used++;
            sum[0] += forward[0];
            variance[0] += forward[1];
            sum[1] += reverse[0];
            variance[1] += reverse[1];
            sum[2] += ofA[0] - ofB[0];
            variance[2] += ofA[1] + ofB[1];
            // each end a mean over runs: its noise the standard error of that mean, unknown from a single run
            double noise = Decided.combined(ModelSelection.standardErrorOfMean(values[0][d]), ModelSelection.standardErrorOfMean(values[1][d]));
            ComparisonTable.Verdict verdict = Decided.of(forward[0], reverse[0], noise);
            forLarger += verdict == ComparisonTable.Verdict.FOR_A ? 1 : 0;
            forSmaller += verdict == ComparisonTable.Verdict.FOR_B ? 1 : 0;
        }
        return new Pair(a.index(), b.index(), method, null, used, sum[0], Math.sqrt(variance[0]), sum[1], Math.sqrt(variance[1]), sum[2],
                Math.sqrt(variance[2]), forLarger, forSmaller, used - forLarger - forSmaller, withoutEstimate, siteUpdates[0],
                a.siteUpdates() + b.siteUpdates(), pair.notes());
    }

    /** The model's place and K, and its family where it is not an LDA: "which family and which K". */
    private static String label(ModelSelection.Score s) {
        return "model " + (s.index() + 1) + " (K = " + s.model().numTopics() + (s.model().isLda() ? "" : ", " + s.model().family()) + ")";
    }

    /** The pairs as {@code select} prints them, the single-model method named. */
    public static String text(List<Pair> pairs, ModelSelection.Result result, String singleModelMethod) {
        if (pairs.isEmpty()) {
            return "";
        }
        List<ModelSelection.Score> scores = result.scores();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "adjacent models in K by %s in both directions: log P(w | larger K)"
                + " - log P(w | smaller K) over the corpus, forward a stochastic lower bound and reverse an upper one (the truth lies"
                + " between, in expectation), beside %s on each model differenced (no such bracket); +- two standard errors over runs:%n",
                pairs.get(0).method(), singleModelMethod));
        for (Pair p : pairs) {
            sb.append(label(scores.get(p.larger()))).append(" against ").append(label(scores.get(p.smaller())));
            if (p.unavailable() != null) {
                sb.append(": n/a, ").append(p.unavailable()).append('\n');
                continue;
            }
            sb.append(String.format(Locale.ROOT, ", %d documents%s:%n", p.documents(),
                    p.withoutEstimate() == 0 ? "" : " (" + p.withoutEstimate() + " left out: some estimate gave no value in any run)"));
            for (String note : p.notes()) {
                sb.append("  ").append(note).append('\n');
            }
            sb.append(String.format(Locale.ROOT, "  %s: forward %.3f +- %.3f, reverse %.3f +- %.3f nats: %s%n", p.method(), p.forward(),
                    2 * p.forwardError(), p.reverse(), 2 * p.reverseError(), p.verdict()));
            sb.append(String.format(Locale.ROOT, "  documents decided by their own bracket (" + Decided.rule() + "): %d for the larger K, %d for the smaller, %d undecided%n",
                    p.forLarger(), p.forSmaller(), p.undecided()));
            sb.append(String.format(Locale.ROOT, "  %s differenced: %.3f +- %.3f nats, %s%n", singleModelMethod, p.differenced(),
                    2 * p.differencedError(), p.differencedMeetsBracket() ? "consistent with the bracket"
                            : "OUTSIDE the bracket: it disagrees with the ratio path (each single-model estimate is biased low at a small"
                            + " budget, and their difference is biased either way; the bracket holds in expectation)"));
            sb.append(String.format(Locale.ROOT, "  site updates: %d for the pair (both directions), %d for the two single-model runs%n",
                    p.siteUpdates(), p.singleModelSiteUpdates()));
        }
        return sb.toString();
    }
}
