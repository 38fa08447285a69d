package tmeval.run.select;

import tmeval.run.auto.AutoEstimation;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.exec.JobEngine;
import tmeval.run.exec.Outcome;
import tmeval.run.output.CorpusSummary;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.plan.Shard;
import tmeval.run.plan.Workers;

import tmeval.compare.ComparisonTable;
import tmeval.compare.Decided;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.UnknownWords;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.certify.VerdictCounts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * "Which K?": several models (K = 10, 20, 50, 100 from one corpus, or one per library) against one held-out corpus,
 * the engine of {@code tmeval select} and of the workbench's which-K screen. Each model is estimated by the same plan
 * on the corpus mapped onto its own vocabulary; each document's random stream depends on its position, not on the
 * model, so the models are compared on common random numbers. For every pair of models that score the same tokens,
 * the documents decided for each by the one rule ({@link Decided}): the difference of the two means over runs, widened by
 * 1.96 times its standard error (the two means' combined), must exclude 0.
 */
public final class ModelSelection {
    /** The method {@code select} and the screen start from. */
    public static final String DEFAULT_METHOD = Methods.AIS;
    /** Two runs: the pairwise decisions and the interval over runs need them. */
    public static final int DEFAULT_RUNS = 2;

    private ModelSelection() {
    }

    /** The plan {@code select} runs with no option, and the screen opens on. */
    public static EstimatePlan defaultPlan() {
        return new EstimatePlan(DEFAULT_METHOD, Methods.get(DEFAULT_METHOD).defaults(), DEFAULT_RUNS, EstimatePlan.DEFAULT_SEED,
                Workers.defaultThreads());
    }

    /** One model to score, with the held-out corpus mapped onto its vocabulary. */
    public record Candidate(TopicModel model, Corpus corpus) {
    }

    /**
     * How one model's documents are estimated: by a fixed plan, or by {@code auto}'s choice for that model (then
     * {@code plan} is the choice's plan: the chosen method at its starting budget).
     */
    public record Estimation(EstimatePlan plan, AutoEstimation.Choice auto) {
        public static Estimation of(EstimatePlan plan) {
            return new Estimation(plan, null);
        }

        /** Auto's choice for one model, made by its pilot on the model's corpus. */
        public static Estimation auto(Candidate c, long seed, int threads, CancelToken cancel) {
            return auto(c, seed, threads, Progress.NONE, cancel);
        }

        /** As {@link #auto(Candidate, long, int, CancelToken)}, telling {@code progress} of the pilot's work. */
        public static Estimation auto(Candidate c, long seed, int threads, Progress progress, CancelToken cancel) {
            AutoEstimation.Choice choice = AutoEstimation.choose(c.corpus(), c.model(), seed, threads, progress, cancel);
            return new Estimation(choice.plan(seed, threads), choice);
        }

        /** The shard's documents of one model, on the engine (each document on the streams of its position in the model's corpus). */
        void run(JobEngine engine, Candidate c, Shard shard, java.util.function.Consumer<Outcome> inOrder, Progress progress, CancelToken cancel) {
            if (auto == null) {
                engine.estimate(plan, c.corpus(), c.model(), shard, inOrder, progress, cancel);
            } else {
                AutoEstimation.run(engine, auto, c.corpus(), c.model(), plan.seed(), plan.threads(), shard, inOrder, progress, cancel);
            }
        }
    }

    /** What the caller sees as the job goes (on the calling thread, outcomes in document order). */
    public interface Listener {
        default void modelStarted(int index, Candidate candidate) {
        }

        /** A model's estimation starts, by this method (auto's choice, or the plan's). */
        default void modelStarted(int index, Candidate candidate, String method) {
            modelStarted(index, candidate);
        }

        default void outcome(int index, Outcome outcome) {
        }

        default void modelDone(int index, Score score) {
        }
    }

    /**
     * One model's result.
     *
     * @param summary the corpus totals (the report {@code estimate --summary} prints, and their numbers)
     * @param documentLogLikelihood per document (corpus order), the mean of its runs that gave an estimate, NaN when none did
     * @param documentPerplexity per document, exp(-mean log-likelihood / N), NaN when no run gave an estimate
     * @param siteUpdates the Gibbs site updates its runs did
     * @param verdicts the documents' verdicts ({@link DocumentVerdict}, as {@code select} writes them), counted by reason
     * @param belowFloorRuns the runs more than twice their noise below their document's vb floor
     * @param method the estimator its documents were scored by (auto's choice for it, or the plan's)
     */
    public record Score(int index, TopicModel model, Corpus corpus, CorpusSummary summary, CorpusSummary.Totals totals,
                        double[][] runs, double[] documentLogLikelihood, double[] documentPerplexity, long siteUpdates,
                        VerdictCounts verdicts, int belowFloorRuns, String method) {
        public String name() {
            return model.name();
        }

        public UnknownWords unknownWords() {
            return corpus.unknownWords();
        }

        /** The median per-document perplexity over the documents with an estimate (NaN when none has one). */
        public double medianDocumentPerplexity() {
            double[] finite = java.util.Arrays.stream(documentPerplexity).filter(Double::isFinite).sorted().toArray();
            if (finite.length == 0) {
                return Double.NaN;
            }
            int m = finite.length / 2;
            return finite.length % 2 == 1 ? finite[m] : (finite[m - 1] + finite[m]) / 2;
        }
    }

    /**
     * Every model's score and, for each ordered pair (i, j), the documents decided for i against j; -1 where the two
     * models do not score the same tokens (different vocabularies), so their documents cannot be set side by side.
     */
    public record Result(List<Score> scores, int[][] decided) {
        public boolean comparable(int i, int j) {
            return decided[i][j] >= 0;
        }

        /** The pairwise table {@code select} prints. */
        public String pairwiseText() {
            StringBuilder sb = new StringBuilder("documents decided for the row's model against the column's (the difference of the"
                    + " means over runs " + Decided.rule() + "):\n");
            sb.append(String.format(Locale.ROOT, "%-24s", ""));
            for (int j = 0; j < scores.size(); j++) {
                sb.append(String.format(Locale.ROOT, " %10s", "model " + (j + 1)));
            }
            sb.append('\n');
            for (int i = 0; i < scores.size(); i++) {
                sb.append(String.format(Locale.ROOT, "%-24s", "model " + (i + 1) + " (K = " + scores.get(i).model().numTopics() + ")"));
                for (int j = 0; j < scores.size(); j++) {
                    sb.append(String.format(Locale.ROOT, " %10s", i == j ? "-" : comparable(i, j) ? Integer.toString(decided[i][j]) : "n/a"));
                }
                sb.append('\n');
            }
            return sb.toString();
        }
    }

    /**
     * Scores each candidate in turn.
     *
     * @param progress the progress of each model's run, by its index
     * @throws tmeval.progress.CancelledException if cancelled
     */
    public static Result run(EstimatePlan plan, List<Candidate> candidates, Listener listener, IntFunction<Progress> progress,
                             CancelToken cancel) {
        return run(candidates.stream().map(c -> Estimation.of(plan)).toList(), candidates, listener, progress, cancel);
    }

    /**
     * Scores each candidate in turn, each by its own estimation (one per candidate, in their order).
     *
     * @throws tmeval.progress.CancelledException if cancelled
     */
    public static Result run(List<Estimation> estimations, List<Candidate> candidates, Listener listener, IntFunction<Progress> progress,
                             CancelToken cancel) {
        return run(JobEngine.LOCAL, Shard.ALL, estimations, candidates, listener, progress, cancel);
    }

    /**
     * As {@link #run(List, List, Listener, IntFunction, CancelToken)}, on an engine (a cluster's executors) and for one
     * shard of every model's documents: a document outside the shard has no estimate (NaN), so the scores and the
     * pairwise counts are over the shard's documents only, and {@code merge} recomputes them over all.
     */
    public static Result run(JobEngine engine, Shard shard, List<Estimation> estimations, List<Candidate> candidates, Listener listener,
                             IntFunction<Progress> progress, CancelToken cancel) {
        List<Score> scores = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            EstimatePlan plan = estimations.get(i).plan();
            listener.modelStarted(i, c, plan.method());
            Corpus corpus = c.corpus();
            double[][] values = new double[corpus.size()][plan.runs()];
            for (double[] runs : values) {
                // a document outside the shard has no estimate
                Arrays.fill(runs, Double.NaN);
            }
            // the tokens an estimate covers (fewer than the document's for document completion)
            int[] evaluated = new int[corpus.size()];
            CorpusSummary summary = new CorpusSummary(plan.runs());
            long[] siteUpdates = {0};
            Verdicts verdicts = new Verdicts();
            int index = i;
            estimations.get(i).run(engine, c, shard, outcome -> {
                        summary.add(outcome);
                        verdicts.add(outcome);
                        values[outcome.documentIndex()][outcome.run() - 1] = outcome.refused() ? Double.NaN : outcome.result().logValue();
                        if (!outcome.refused()) {
                            evaluated[outcome.documentIndex()] = outcome.result().evaluatedTokens();
                            siteUpdates[0] += outcome.result().siteUpdates();
                        }
                        listener.outcome(index, outcome);
                    }, progress.apply(i), cancel);
            double[] means = new double[corpus.size()];
            double[] perplexities = new double[corpus.size()];
            for (int d = 0; d < corpus.size(); d++) {
                means[d] = meanAndVarianceOfMean(values[d])[0];
                perplexities[d] = evaluated[d] == 0 ? Double.NaN : Math.exp(-means[d] / evaluated[d]);
            }
            verdicts.flush();
            Score score = new Score(i, c.model(), corpus, summary, summary.totals(), values, means, perplexities, siteUpdates[0],
                    verdicts.counts, verdicts.belowFloorRuns, plan.method());
            scores.add(score);
            listener.modelDone(i, score);
        }
        int n = scores.size();
        int[][] decided = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                decided[i][j] = i == j ? 0 : sameTokens(scores.get(i), scores.get(j)) ? decided(scores.get(i), scores.get(j)) : -1;
            }
        }
        return new Result(List.copyOf(scores), decided);
    }

    /** A model's documents judged as their runs come in (in document order, a document's runs together). */
    private static final class Verdicts {
        private final List<Outcome> document = new ArrayList<>();
        private final VerdictCounts counts = new VerdictCounts();
        private int belowFloorRuns;

        void add(Outcome o) {
            if (!document.isEmpty() && document.get(0).documentIndex() != o.documentIndex()) {
                flush();
            }
            document.add(o);
        }

        void flush() {
            if (!document.isEmpty()) {
                // by the method that produced the runs: auto's fallback, where one certified the document
                String method = document.get(0).method();
                DocumentVerdict judged = DocumentVerdict.of(method, document);
                counts.add(method, judged.verdict());
                belowFloorRuns += judged.belowFloor();
                document.clear();
            }
        }
    }

    /** Two models score the same tokens when their vocabularies hold the same words (so the mapped corpora agree). */
    static boolean sameTokens(Score a, Score b) {
        if (a.corpus().size() != b.corpus().size()
                || !new HashSet<>(a.model().vocabulary().words()).equals(new HashSet<>(b.model().vocabulary().words()))) {
            return false;
        }
        for (int d = 0; d < a.corpus().size(); d++) {
            Document x = a.corpus().document(d);
            Document y = b.corpus().document(d);
            if (!x.id().equals(y.id()) || x.length() != y.length()) {
                return false;
            }
        }
        return true;
    }

    /** The documents decided for a against b ({@link Decided}): the difference of their means clears 0 by 1.96 standard errors. */
    static int decided(Score a, Score b) {
        int wins = 0;
        for (int d = 0; d < a.runs().length; d++) {
            double[] ma = meanAndVarianceOfMean(a.runs()[d]);
            double[] mb = meanAndVarianceOfMean(b.runs()[d]);
            double difference = ma[0] - mb[0];
            double noise = Decided.combined(noise(a, d), noise(b, d));
            wins += Decided.of(difference, difference, noise) == ComparisonTable.Verdict.FOR_A ? 1 : 0;
        }
        return wins;
    }

    /** The standard error of a document's mean: 0 for a method that draws no random numbers, unknown (NaN) from one run of one that does. */
    private static double noise(Score s, int document) {
        return Methods.deterministic(s.method()) ? 0 : standardErrorOfMean(s.runs()[document]);
    }

    /** The standard error of the mean of the runs that gave an estimate; NaN (not known) with fewer than two of them. */
    static double standardErrorOfMean(double[] runs) {
        return Arrays.stream(runs).filter(v -> !Double.isNaN(v)).count() < 2 ? Double.NaN : Math.sqrt(meanAndVarianceOfMean(runs)[1]);
    }

    /** The mean of the runs that gave an estimate (NaN when none did) and the variance of that mean (0 with one run). */
    static double[] meanAndVarianceOfMean(double[] runs) {
        double sum = 0;
        int n = 0;
        for (double v : runs) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        if (n == 0) {
            return new double[] {Double.NaN, 0};
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : runs) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
            }
        }
        return new double[] {mean, n < 2 ? 0 : squares / (n - 1) / n};
    }
}
