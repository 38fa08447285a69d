package tmeval.run.auto;

import tmeval.run.certify.DocumentVerdict;
import tmeval.run.certify.FamilyCheck;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EtaAnnealedImportanceSampler;
import tmeval.anneal.Schedule;
import tmeval.run.exec.Calibration;
import tmeval.run.exec.DocumentWork;
import tmeval.run.exec.JobEngine;
import tmeval.run.exec.EstimationRunner;
import tmeval.run.exec.MethodStreams;
import tmeval.run.exec.OrderedParallel;
import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;
import tmeval.run.plan.AutoPilot;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Shard;

import tmeval.estimate.Estimator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.estimate.WeightDiagnostics;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.certify.Target;
import tmeval.run.certify.Verdict;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The {@code auto} method of {@code estimate}, {@code select} and Which K? (estimators.md, "auto"): a pilot on a
 * seeded, length-stratified sample of the documents runs every candidate estimator at its default budget and measures
 * its variance and floor violations; the candidate that would certify the pilot at the least cost is chosen, with a
 * starting budget; then every document is run {@link #RUNS} times and, until it is certified, again at twice the
 * budget, up to {@link AutoPilot#MAX_DOUBLINGS} doublings; a document still not certified then falls back to the pilot's
 * runners-up ({@link AutoPilot#MAX_FALLBACKS} at most, each escalated from its own start the same way), and the first that
 * certifies it gives its rows. Costs are counted in site updates weighted by what one costs each
 * method ({@link #WORK}), not in seconds, so that the choice, and so every row, is the same for a seed on any machine
 * and at any thread count; the pilot's seconds are printed beside them.
 */
public final class AutoEstimation {
    public static final String NAME = AutoPilot.NAME;
    /** Runs per document: the certificate needs a standard error, and two runs give it only one degree of freedom. */
    public static final int RUNS = 3;
    /** Documents in the pilot. */
    public static final int PILOT_DOCUMENTS = 8;
    /** The pilot's variance is a three-run estimate: the budget it asks for is doubled to leave room for its noise. */
    static final double MARGIN = 2;
    /**
     * A document's rounds end, uncertified, when its runs ask for more than this many times the room left below the cap
     * (its error squared over the target squared, against the doublings left): no budget auto may spend certifies it,
     * and escalating to the cap would only spend it. Three runs' variance is itself uncertain (two degrees of freedom):
     * it exceeds 4 times the truth with probability e^-4, under 2%, so a document stopped here would rarely have
     * certified at the cap.
     */
    static final double HOPELESS = 4;
    /**
     * The candidates: unbiased estimators of log P(w) whose error their runs measure, is-gibbs first (its proposal is the
     * posterior's own shape in every mode its chains found). Not lr (biased for R > 1, with or without re-sampling), hm
     * (biased upwards) nor vb (a bound): they never certify (estimators.md, "Certified answers"). Not is-pzw and is-prior
     * either: on every measured model they left 6 to 8 of the 8 pilot documents beyond 16 times their budget, and their
     * pilot runs were the largest part of the pilot's cost (a profile of the sample model's 100 documents: a quarter of all
     * samples in is-pzw's and is-ip's token draws); they stay ordinary methods of estimate.
     */
    public static final List<String> CANDIDATES = List.of(Methods.IS_GIBBS, Methods.IS_VB, Methods.LEE_IS, Methods.AIS, Methods.IS_IP,
            Methods.CHIB);

    /**
     * The candidates for a model: {@link #CANDIDATES} for an LDA; for another family, the stochastic lower bounds that
     * evaluate it ({@link Methods#supports}: is-eta for a logistic-normal prior).
     */
    public static List<String> candidates(TopicModel model) {
        return model.isLda() ? CANDIDATES : Methods.stochasticLowerBounds().stream().filter(m -> Methods.supports(m, model)).toList();
    }

    /**
     * Time per site update of each candidate relative to {@code ais}'s, measured by the pilot on scikit-learn's K = 20
     * model of SpamAssassin (performance.md, "auto"): an is-vb update evaluates a mixture over K for one distinct word,
     * an lr update samples one token's topic without re-sampling.
     */
    static final java.util.Map<String, Double> WORK = java.util.Map.ofEntries(java.util.Map.entry(Methods.IS_GIBBS, 4.8),
            java.util.Map.entry(Methods.IS_VB, 4.8), java.util.Map.entry(Methods.LEE_IS, 1.3), java.util.Map.entry(Methods.AIS, 1.0),
            java.util.Map.entry(Methods.IS_IP, 0.67), java.util.Map.entry(Methods.CHIB, 0.63), java.util.Map.entry(Methods.IS_PZW, 0.77),
            java.util.Map.entry(Methods.IS_PRIOR, 1.3),
            // is-eta evaluates p(w | theta) over the distinct words per draw, as is-vb does (its only rival is itself)
            java.util.Map.entry(Methods.IS_ETA, 4.8),
            // ais-eta evaluates the same p(w | theta) once per temperature, beside a D-dimensional random-walk step
            java.util.Map.entry(Methods.AIS_ETA, 4.8),
            // the ratio paths (AutoComparison's candidates; a comparison method is weighted by the estimator that prices
            // it): ais's rate over theirs in performance.md's throughput table, KOS K = 50, 1.8e7 against 2.6e7 and 1.56e7
            java.util.Map.entry(tmeval.compare.ComparisonMethods.RATIO_CONVEX, 0.69),
            java.util.Map.entry(tmeval.compare.ComparisonMethods.RATIO_GEOMETRIC, 1.15));

    /** What the pilot measured of one candidate. */
    /**
     * @param roundsPerDocument what the job will spend on a document like the pilot's, on average, in rounds of the
     *                          default budget: its start and each doubling until its factor is reached, the cap, or a
     *                          stop (beyond any budget: one round); NaN where not measured. It prices the job before it runs.
     */
    public record Trial(String method, int violations, int beyondCap, double variancePerToken, long pilotSiteUpdates, long pilotNanos,
                        double predictedSiteUpdates, int startFactor, double roundsPerDocument) implements java.io.Serializable {
        public Trial(String method, int violations, int beyondCap, double variancePerToken, long pilotSiteUpdates, long pilotNanos,
                     double predictedSiteUpdates, int startFactor) {
            this(method, violations, beyondCap, variancePerToken, pilotSiteUpdates, pilotNanos, predictedSiteUpdates, startFactor, Double.NaN);
        }

        /**
         * The seconds of one thread the job would take on {@code documents} documents like the pilot's: the pilot's own
         * time for this candidate (its runs at the default budget) per document, times {@link #roundsPerDocument}.
         */
        public double predictedSeconds(int pilotDocuments, int documents) {
            return pilotNanos / 1e9 / Math.max(1, pilotDocuments) * roundsPerDocument * documents;
        }

        /**
         * Candidates are ordered by fewest floor violations, then is-gibbs before the others (the one whose runs carry
         * evidence of the posterior mass they missed: its chains' coverage; the others' proposals can miss a mode with
         * light-tailed, agreeing runs, and a pilot that saw them "certifiable" where is-gibbs said no chose them: issue
         * 34's field runs, is-vb 2.4 to 2.6 targets low on a State of the Union speech), then by fewest documents beyond
         * the cap, then by the variance their work
         * leaves ({@link #inefficiency}): the cost of reaching any given precision, which a default budget that happens to
         * certify a small pilot already does not show (a cheap, noisy method then fails on the corpus's harder documents).
         */
        static final Comparator<Trial> BEST = Comparator.comparingInt((Trial t) -> t.violations)
                .thenComparing((Trial t) -> !Methods.IS_GIBBS.equals(t.method)).thenComparingInt(Trial::beyondCap)
                .thenComparingDouble(Trial::inefficiency).thenComparingDouble(Trial::predictedSiteUpdates).thenComparing(Trial::method);

        /** Variance per token times the pilot's weighted work: the inverse of certainty per unit of work. */
        public double inefficiency() {
            return Double.isNaN(variancePerToken) ? Double.MAX_VALUE : variancePerToken * WORK.get(method) * pilotSiteUpdates;
        }
    }

    /**
     * The choice: the method, its starting settings, and what the pilot measured of every candidate (best first).
     *
     * @param pilot the corpus positions of the pilot's documents
     */
    public record Choice(String method, MethodSettings start, List<Trial> trials, int[] pilot, String calibration, List<Fallback> fallbacks)
            implements java.io.Serializable {
        public Choice {
            fallbacks = List.copyOf(fallbacks);
        }

        /** The plan the rows are written under: the chosen method at its starting budget, {@link #RUNS} runs. */
        public EstimatePlan plan(long seed, int threads) {
            return new EstimatePlan(method, start, RUNS, seed, threads);
        }

        /** The provenance of an auto run: the chosen plan's settings and what chose it. */
        public java.util.Map<String, String> settingsText(long seed, int threads) {
            java.util.Map<String, String> s = new java.util.LinkedHashMap<>(plan(seed, threads).toSettings());
            s.putAll(new AutoPilot(AutoPilot.MAX_DOUBLINGS, pilot, fallbacks.stream().map(Fallback::method).toList()).toSettings());
            return s;
        }

        /** The methods whose rows an auto run may write, for the summary: the choice, and its fallbacks if it has any. */
        public String label() {
            return fallbacks.isEmpty() ? method : method + " and its fallbacks " + fallbacks.stream().map(Fallback::method).collect(Collectors.joining(", "));
        }

        /** What was chosen and why, in lines for the summary. */
        public String report(Corpus corpus) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "auto: a pilot of %d documents (N %s), %d runs of each candidate"
                    + " at its default budget; variance x work (ais-equivalent site updates), and the cost of certifying them predicted:%n", pilot.length,
                    Arrays.stream(pilot).map(d -> corpus.document(d).length()).sorted().mapToObj(Integer::toString).toList(), RUNS));
            for (Trial t : trials) {
                sb.append(String.format(Locale.ROOT, "  %-9s %d below the floor or without a value, %d beyond %dx its budget; variance %.3g"
                                + " nats^2 per token, x work %.3g; predicted %.3g site updates; pilot %.3g site updates in %.2f s, %.3g variance^-1 per s%n", t.method(),
                        t.violations(), t.beyondCap(), 1 << AutoPilot.MAX_DOUBLINGS, t.variancePerToken(), t.inefficiency(), t.predictedSiteUpdates(), (double) t.pilotSiteUpdates(),
                        t.pilotNanos() / 1e9, 1e9 / (t.variancePerToken() * t.pilotNanos())).replace("1.80e+308", "-").replace("Infinity", "-")
                        .replace("NaN", "-"));
            }
            sb.append(calibration);
            String option = Methods.budgetOption(method).setting();
            sb.append(String.format(Locale.ROOT, "auto chose %s at %s %d, %d runs per document, doubled up to %d times where a document is"
                    + " not yet certified%n", method, option, Methods.budget(method, start), RUNS, AutoPilot.MAX_DOUBLINGS));
            sb.append(fallbacks.isEmpty() ? String.format(Locale.ROOT, "auto has no fallback: no other candidate kept every pilot document"
                    + " above its floor%n") : String.format(Locale.ROOT, "auto falls back, where %s cannot certify a document, to %s, each doubled"
                    + " the same way, the first that certifies it giving its rows%n", method, fallbacks.stream().map(f -> f.method() + " at "
                    + Methods.budgetOption(f.method()).setting() + " " + Methods.budget(f.method(), f.start())).collect(Collectors.joining(", then "))));
            return sb.toString();
        }
    }

    private AutoEstimation() {
    }

    /**
     * A runner-up of the pilot that a document the choice cannot certify falls back to: the method and its starting
     * settings (its default budget times the factor its pilot documents asked for).
     */
    public record Fallback(String method, MethodSettings start) implements java.io.Serializable {
    }

    /**
     * The budget factor a pilot document asks for: the power of two at or above {@code MARGIN x needed}, where
     * {@code needed} is the factor that would bring its error to the target.
     */
    static int factor(double needed) {
        double asked = MARGIN * needed;
        int factor = Integer.highestOneBit((int) Math.min(1 << 30, Math.ceil(Math.max(1, asked))));
        return factor < asked ? factor * 2 : factor;
    }

    /** The starting factor of a candidate: the median of its pilot documents' factors, at most the cap. */
    static int startFactor(List<Integer> factors) {
        int start = factors.isEmpty() ? 1 : factors.stream().sorted().toList().get(factors.size() / 2);
        return Math.min(start, 1 << AutoPilot.MAX_DOUBLINGS);
    }

    /** The pilot's documents: one from each of equal strata of the documents sorted by length, picked by the seed. */
    static int[] pilot(Corpus corpus, long seed) {
        Integer[] byLength = IntStream.range(0, corpus.size()).boxed().toArray(Integer[]::new);
        Arrays.sort(byLength, Comparator.comparingInt((Integer d) -> corpus.document(d).length()).thenComparingInt(d -> d));
        int n = Math.min(PILOT_DOCUMENTS, corpus.size());
        // keyed by the setting's name since the first auto run: another key would draw other pilots from the same seed
        SplittableRandom random = RandomStreams.stream(seed, RandomStreams.key(SettingName.AUTO_PILOT.key()));
        int[] pilot = new int[n];
        for (int s = 0; s < n; s++) {
            int from = (int) ((long) s * corpus.size() / n);
            int to = (int) ((long) (s + 1) * corpus.size() / n);
            pilot[s] = byLength[from + random.nextInt(to - from)];
        }
        Arrays.sort(pilot);
        return pilot;
    }

    /** Runs the pilot and chooses. */
    public static Choice choose(Corpus corpus, TopicModel model, long seed, int threads, CancelToken cancel) {
        return choose(corpus, model, seed, threads, Progress.NONE, cancel);
    }

    /** Runs the pilot, telling {@code progress} of each (candidate, document) it finishes, and chooses. */
    public static Choice choose(Corpus corpus, TopicModel model, long seed, int threads, Progress progress, CancelToken cancel) {
        if (corpus.size() == 0) {
            throw new IllegalArgumentException("auto needs at least one document to choose a method on");
        }
        int[] pilot = pilot(corpus, seed);
        List<String> candidates = candidates(model);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("auto has no method for model " + model.name() + " (" + model.family() + ")");
        }
        // is-gibbs first: without a floor violation it is chosen whatever the others measure (Trial.BEST), so they are
        // piloted only when it has one (the same choice, at a sixth of the pilot's cost; their streams do not depend on it)
        List<String> first = candidates.get(0).equals(Methods.IS_GIBBS) ? List.of(Methods.IS_GIBBS) : candidates;
        List<Trial> trials = new ArrayList<>(pilotTrials(first, pilot, corpus, model, seed, threads, progress, cancel));
        if (first.size() < candidates.size() && trials.get(0).violations() > 0) {
            trials.addAll(pilotTrials(candidates.subList(1, candidates.size()), pilot, corpus, model, seed, threads, progress, cancel));
        }
        trials.sort(Trial.BEST);
        Trial best = trials.get(0);
        MethodSettings defaults = Methods.get(best.method()).defaults();
        int start = Methods.budget(best.method(), defaults) * best.startFactor();
        StringBuilder calibration = new StringBuilder();
        if (best.method().equals(Methods.AIS)) {
            start = calibratedTemperatures(model, Arrays.stream(pilot).map(d -> corpus.document(d).length()).toArray(), start, seed, threads,
                    calibration, cancel);
        }
        return new Choice(best.method(), Methods.withBudget(best.method(), defaults, start), List.copyOf(trials), pilot, calibration.toString(),
                fallbacks(trials));
    }

    /** The pilot's trials of these candidates: each on every pilot document, {@link #RUNS} runs at its default budget. */
    private static List<Trial> pilotTrials(List<String> candidates, int[] pilot, Corpus corpus, TopicModel model, long seed, int threads,
                                           Progress progress, CancelToken cancel) {
        List<List<Outcome>> runs = new ArrayList<>();
        OrderedParallel.run(candidates.size() * pilot.length, task -> {
            String method = candidates.get(task / pilot.length);
            int d = pilot[task % pilot.length];
            Estimator estimator = Methods.get(method).create(Methods.get(method).defaults());
            return runs(estimator, model, corpus.document(d), d, Methods.budget(method, Methods.get(method).defaults()), seed, cancel);
        }, runs::add, threads, "tmeval-auto-pilot", progress, cancel, task -> candidates.get(task / pilot.length) + " on document "
                + corpus.document(pilot[task % pilot.length]).id());
        List<Trial> trials = new ArrayList<>();
        for (int c = 0; c < candidates.size(); c++) {
            trials.add(trial(candidates.get(c), runs.subList(c * pilot.length, (c + 1) * pilot.length)));
        }
        return trials;
    }

    /**
     * The runners-up a document the choice cannot certify falls back to: in the pilot's ranking, those that kept every
     * pilot document above its floor (a method that fell below it there is not trusted to certify), at most
     * {@link AutoPilot#MAX_FALLBACKS}, each from its default budget times the factor its pilot asked for.
     */
    static List<Fallback> fallbacks(List<Trial> ranked) {
        if (!ranked.isEmpty() && ranked.get(0).method().equals(Methods.IS_GIBBS)) {
            // a document is-gibbs cannot certify at its cap (heavy-tailed weights with its finest proposal, or AIS above it)
            // has a posterior its chains do not cover; a method with a narrower proposal that certifies it there is the
            // false certificate of issue 34 (lee-is 0.5 to 1.3 nats low on every run, runs agreeing): it stays "no"
            return List.of();
        }
        return ranked.stream().skip(1).filter(t -> t.violations() == 0).limit(AutoPilot.MAX_FALLBACKS).map(t -> {
            MethodSettings defaults = Methods.get(t.method()).defaults();
            return new Fallback(t.method(), Methods.withBudget(t.method(), defaults, Methods.budget(t.method(), defaults) * t.startFactor()));
        }).toList();
    }

    /**
     * AIS's starting temperatures by calibration: AIS's error is mostly bias, which its runs do not show, so the sandwich
     * on documents simulated from the model at the pilot's lengths (forward AIS below, reverse AIS from the true state
     * above) gives the least of {@code start}, 2 {@code start}, ... whose mean width is within the documents' mean target.
     */
    static int calibratedTemperatures(TopicModel model, int[] lengths, int start, long seed, int threads, StringBuilder report,
                                      CancelToken cancel) {
        List<Integer> budgets = IntStream.range(0, CALIBRATION_DOUBLINGS + 1).mapToObj(k -> start << k).toList();
        Calibration.Result widths = Calibration.widths(model, lengths, budgets, seed, threads, cancel);
        double target = Arrays.stream(lengths).mapToDouble(Target::nats).average().orElse(Target.MIN_NATS);
        int calibrated = widths.smallestBudget(target).orElse(budgets.get(budgets.size() - 1));
        report.append(String.format(Locale.ROOT, "  calibrate (documents simulated from the model at the pilot's lengths): mean sandwich"
                + " width %s nats at temperatures %s; target %.3f: start at %d%n", widths.summaries().stream()
                .map(w -> String.format(Locale.ROOT, "%.3f", w.meanWidth())).toList(), budgets, target, calibrated));
        return calibrated;
    }

    /** How far calibration may raise AIS's starting temperatures: doublings of the pilot's start. */
    private static final int CALIBRATION_DOUBLINGS = 2;

    /**
     * One candidate's pilot, document by document, as both autos (estimate's and compare's) count it, whatever their
     * verdict on a document: what the runs cost, the documents without a value or below a floor (violations), those
     * beyond the cap, the budget factor each other document asks for (its start: the median) and the predicted cost.
     */
    static final class Tally {
        private final String method;
        private int documents;
        private int violations;
        private int beyondCap;
        private double predicted;
        private double squaredError;
        private long tokens;
        private long siteUpdates;
        private long nanos;
        private final List<Integer> factors = new ArrayList<>();
        private final List<Double> needs = new ArrayList<>();
        /** Documents that stop after their first round whatever it says (beyond any budget). */
        private int oneRound;

        Tally(String method) {
            this.method = method;
        }

        /** A document's runs, priced whatever their verdict. */
        void spent(long documentSiteUpdates, long documentNanos) {
            documents++;
            siteUpdates += documentSiteUpdates;
            nanos += documentNanos;
        }

        /** A document without a value or below a floor. */
        void violation() {
            violations++;
        }

        /**
         * A document that no budget certifies: beyond the cap, and no start to ask for. It is run once at the start and
         * stops there, so it adds that round's cost to the prediction, and nothing to the variance: its runs measure no
         * precision that a budget buys (counted in, they made a pilot of such documents print a variance of 0).
         */
        void beyondAnyBudget(double firstRoundSiteUpdates) {
            beyondCap++;
            oneRound++;
            predicted += firstRoundSiteUpdates;
        }

        /**
         * A document of this length whose error needs {@code needed} times the budget to reach its target (its start asks
         * for {@link #factor} of it, with the margin), at this cost and with this squared error.
         */
        void asks(int length, double needed, double predictedSiteUpdates, double squaredError) {
            int factor = factor(needed);
            needs.add(needed);
            tokens += length;
            if (factor > 1 << AutoPilot.MAX_DOUBLINGS) {
                beyondCap++;
            }
            factors.add(factor);
            predicted += predictedSiteUpdates;
            this.squaredError += squaredError;
        }

        Trial trial() {
            int start = startFactor(factors);
            return new Trial(method, violations, beyondCap, tokens == 0 ? Double.NaN : squaredError / tokens, siteUpdates, nanos,
                    violations == documents ? Double.MAX_VALUE : predicted, start, roundsPerDocument(start));
        }

        /**
         * The job's rounds as the escalation runs them, in default budgets, averaged over the pilot's documents: each
         * asking document from the start, doubling until the budget its error needs (without the start's margin: a
         * document's rounds end as soon as it is certified; with it, the preview of a ratio-convex job said 53 s for 16)
         * or the cap, or one round where it needs more than {@link #HOPELESS} times the cap; a document beyond any
         * budget one round; one below a floor all the way to the cap.
         */
        private double roundsPerDocument(int start) {
            if (documents == 0) {
                return Double.NaN;
            }
            long cap = (long) start << AutoPilot.MAX_DOUBLINGS;
            double rounds = (double) oneRound * start + violations * (2.0 * cap - start);
            for (double needed : needs) {
                if (needed > HOPELESS * cap) {
                    rounds += start;
                    continue;
                }
                for (long budget = start; ; budget *= 2) {
                    rounds += budget;
                    if (budget >= needed || budget >= cap) {
                        break;
                    }
                }
            }
            return rounds / documents;
        }
    }

    /** One candidate's pilot: violations, the budget each document needs, and the predicted cost at it. */
    static Trial trial(String method, List<List<Outcome>> documents) {
        Tally tally = new Tally(method);
        for (List<Outcome> runs : documents) {
            Verdict v = DocumentVerdict.of(method, runs).verdict();
            long cost = 0;
            long nanos = 0;
            for (Outcome o : runs) {
                if (o.result() != null) {
                    cost += o.result().siteUpdates();
                    nanos += o.result().nanos();
                }
            }
            tally.spent(cost, nanos);
            if (v.reason().violation()) {
                tally.violation();
            } else if (beyondAnyBudget(runs)) {
                // no budget certifies it (its chains stayed apart, or its tail is beyond k-hat 0.7), so it sets no start:
                // left in, 4 such documents of 8 made a pilot start every document at 16 times the budget and spend a
                // second a run to be told what the first round at the default would have said (gensim's K = 50 on KOS)
                tally.beyondAnyBudget(WORK.get(method) * cost);
            } else {
                // the standard error falls as one over the root of the budget: the factor that brings it within the target
                double se = v.error();
                double needed = se * se / (v.target() * v.target());
                int factor = factor(needed);
                tally.asks(runs.get(0).length(), needed, WORK.get(method) * cost * factor, se * se * RUNS);
            }
        }
        return tally.trial();
    }

    /** {@link #RUNS} runs of an estimator at a budget on one document, on streams keyed by the document, run, method and budget. */
    private static List<Outcome> runs(Estimator estimator, TopicModel model, Document doc, int documentIndex, int budget, long seed,
                                      CancelToken cancel) {
        List<Outcome> runs = new ArrayList<>();
        for (int run = 1; run <= RUNS; run++) {
            SplittableRandom random = RandomStreams.stream(seed, documentIndex, run, MethodStreams.key(estimator.method()), budget);
            runs.add(EstimationRunner.evaluate(estimator, model, doc, documentIndex, run, random, run == 1, cancel));
        }
        return runs;
    }

    /**
     * Runs the choice on the documents of a shard: each document {@link #RUNS} times, doubled until certified or at the
     * cap; a document still not certified (and not refused outright, which no budget mends) goes to the fallbacks in
     * their order, each escalated the same way from its own start, until one certifies it. The rows kept are the last
     * round of the method that certified the document, or the choice's when none did (its verdict says why), and carry
     * that method ({@link Outcome#method}); they arrive in document order. Each document is one task on streams keyed
     * by the document, run, method and budget, so the rows do not depend on the threads or the shards.
     *
     * @return site updates spent in every round of every method, and how many documents each fallback certified
     */
    public static Result run(Choice choice, Corpus corpus, TopicModel model, long seed, int threads, Shard shard, Consumer<Outcome> inOrder,
                             Progress progress, CancelToken cancel) {
        return run(JobEngine.LOCAL, choice, corpus, model, seed, threads, shard, inOrder, progress, cancel);
    }

    /**
     * As {@link #run(Choice, Corpus, TopicModel, long, int, Shard, Consumer, Progress, CancelToken)}, on an engine (a
     * cluster's executors): the choice, made once by the caller on the whole corpus, travels with the work.
     */
    public static Result run(JobEngine engine, Choice choice, Corpus corpus, TopicModel model, long seed, int threads, Shard shard,
                             Consumer<Outcome> inOrder, Progress progress, CancelToken cancel) {
        long[] spent = {0};
        java.util.Map<String, Integer> fellBack = new java.util.LinkedHashMap<>();
        choice.fallbacks().forEach(f -> fellBack.put(f.method(), 0));
        java.util.concurrent.atomic.AtomicInteger certified = new java.util.concurrent.atomic.AtomicInteger();
        engine.documents(new Escalations(choice, model, seed), corpus, shard, threads, r -> {
            spent[0] += r.siteUpdates();
            if (!r.method().equals(choice.method())) {
                fellBack.merge(r.method(), 1, Integer::sum);
            }
            if (r.certified()) {
                certified.incrementAndGet();
            }
            r.runs().forEach(inOrder);
        }, Progress.counting(progress, certified, "certified"), cancel);
        return new Result(spent[0], fellBack);
    }

    /** A document's escalation under the choice, then its fallbacks: all of it where the document is. */
    private record Escalations(Choice choice, TopicModel model, long seed) implements DocumentWork<Escalation> {
        @Override
        public Escalation document(Corpus corpus, int local, int d, CancelToken cancel) {
            Document doc = corpus.document(local);
            Escalation chosen = escalate(choice.method(), choice.start(), model, doc, d, seed, cancel);
            long cost = chosen.siteUpdates();
            if (!chosen.certified() && !chosen.refused()) {
                for (Fallback f : choice.fallbacks()) {
                    Escalation fallback = escalate(f.method(), f.start(), model, doc, d, seed, cancel);
                    cost += fallback.siteUpdates();
                    if (fallback.certified()) {
                        return new Escalation(fallback.method(), fallback.runs(), true, false, cost);
                    }
                }
            }
            return new Escalation(chosen.method(), chosen.runs(), chosen.certified(), chosen.refused(), cost);
        }

        @Override
        public String name() {
            return "auto";
        }
    }

    /** One method's rounds on one document: {@link #RUNS} runs from its start, doubled until certified or at the cap. */
    private static Escalation escalate(String method, MethodSettings start, TopicModel model, Document doc, int d, long seed, CancelToken cancel) {
        int startBudget = Methods.budget(method, start);
        long cost = 0;
        List<Outcome> runs = null;
        Verdict v = null;
        for (int round = 0; round <= AutoPilot.MAX_DOUBLINGS; round++) {
            int budget = startBudget << round;
            Estimator estimator = Methods.get(method).create(Methods.withBudget(method, start, budget));
            runs = runs(estimator, model, doc, d, budget, seed, cancel);
            cost += runs.stream().filter(o -> o.result() != null).mapToLong(o -> o.result().siteUpdates()).sum();
            v = DocumentVerdict.of(method, runs).verdict();
            // the check anneals over z for an LDA, over eta for a logistic-normal prior (FamilyCheck's other family either way)
            if (v.certified() && !method.equals(checkMethod(model))) {
                FamilyChecked checked = familyCheck(runs, v, model, doc, d, budget, seed, cancel);
                runs = checked.runs();
                cost += checked.siteUpdates();
                v = DocumentVerdict.of(method, runs).verdict();
            }
            // a document the method refuses outright (exact's limit, a word of probability zero) gains nothing from more budget;
            // nor does one whose every run has weights beyond k-hat 0.7 (their error falls too slowly for doublings to mend)
            if (v.certified() || runs.stream().allMatch(o -> o.status() == Status.REFUSED) || beyondAnyBudget(runs)) {
                break;
            }
            double roomLeft = (double) (1 << AutoPilot.MAX_DOUBLINGS) / (1 << round);
            if (!v.reason().violation() && v.error() * v.error() / (v.target() * v.target()) > HOPELESS * roomLeft) {
                break;
            }
        }
        return new Escalation(method, runs, v.certified(), runs.stream().allMatch(o -> o.status() == Status.REFUSED), cost);
    }

    /**
     * Whether every run's chains stayed apart (more draws from chains of the same length would not join them) or is
     * heavy-tailed with k-hat above {@link WeightDiagnostics#MAX_K}: Vehtari et al. find the sample
     * size such a tail needs impractically large (the relative error falls slower than any power of S worth paying),
     * so doubling the budget would only spend it (issue 34: on a scikit-learn model, K = 50, most documents of 150
     * tokens paid 31 times their first round to stay heavy-tailed).
     */
    static boolean beyondAnyBudget(List<Outcome> runs) {
        return !runs.isEmpty() && runs.stream().allMatch(o -> o.status() == Status.CHAINS_APART || o.status() == Status.HEAVY_TAIL
                && WeightDiagnostics.paretoK(o.result().logWeights()) > WeightDiagnostics.MAX_K);
    }

    /**
     * The AIS check: {@value #FAMILY_CHECK_SAMPLES} independent AIS samples of {@value #FAMILY_CHECK_TEMPERATURES}
     * temperatures, their weights averaged (still unbiased in probability, so still a stochastic lower bound), judged with
     * their own standard error. Chosen on 20 documents of 30 tokens at equal work (4,000 sweeps): runs agreeing 3 nats
     * below the truth were caught on 15 of 20 by 4 x 1,000, 16 by 16 x 250, 15 by 8 x 500 and 20 by 40 x 100, none of
     * which flagged runs at the truth; many samples make AIS's own noise measurable, and that is what the check needs.
     */
    public static final int FAMILY_CHECK_TEMPERATURES = 100;
    public static final int FAMILY_CHECK_SAMPLES = 40;

    /**
     * A certified round checked by the other family ({@link FamilyCheck}): one AIS run of a few samples, on a stream of its own (run 0,
     * which no row uses); AIS above the runs' mean beyond their noise marks every run {@code missed-mass}, so the verdict,
     * read from the rows alone, says no and the document goes on to the next round or method.
     */
    private static FamilyChecked familyCheck(List<Outcome> runs, Verdict v, TopicModel model, Document doc, int d, int budget, long seed,
                                             CancelToken cancel) {
        String method = checkMethod(model);
        Estimator ais = model.isLda() ? AnnealedImportanceSampler.standard(FAMILY_CHECK_TEMPERATURES, FAMILY_CHECK_SAMPLES, Schedule.UNIFORM)
                : new EtaAnnealedImportanceSampler(FAMILY_CHECK_TEMPERATURES, FAMILY_CHECK_SAMPLES, Schedule.UNIFORM);
        SplittableRandom random = RandomStreams.stream(seed, d, 0, MethodStreams.key(method, "/family-check"), budget);
        Outcome check = EstimationRunner.evaluate(ais, model, doc, d, 0, random, false, cancel);
        long cost = check.result() == null ? 0 : check.result().siteUpdates();
        double[] values = runs.stream().mapToDouble(o -> o.result().logValue()).toArray();
        if (check.result() == null || !FamilyCheck.missedMass(values, v.target(), check.result().logValue(), check.result().logWeights())) {
            return new FamilyChecked(runs, cost);
        }
        List<Outcome> marked = runs.stream().map(o -> new Outcome(o.documentIndex(), o.documentId(), o.length(), o.run(), o.result(),
                o.refusal(), Status.MISSED_MASS, o.floor(), o.method())).toList();
        return new FamilyChecked(marked, cost);
    }

    private record FamilyChecked(List<Outcome> runs, long siteUpdates) {
    }

    /** The annealing method of the family check: ais over z for an LDA, ais-eta over eta for a logistic-normal prior. */
    static String checkMethod(TopicModel model) {
        return model.isLda() ? Methods.AIS : Methods.AIS_ETA;
    }

    /** A document's kept rounds: the method, its last round's runs, whether they certify it or were all refused, the cost. */
    private record Escalation(String method, List<Outcome> runs, boolean certified, boolean refused, long siteUpdates)
            implements java.io.Serializable {
    }

    /**
     * What {@link #run} spent, and how many documents each fallback certified where the choice could not.
     *
     * @param fellBack by fallback, in their order, the documents whose rows it gave
     */
    public record Result(long siteUpdates, java.util.Map<String, Integer> fellBack) {
        public Result {
            fellBack = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fellBack));
        }

        /** The summary's line: the site updates of every round, and the documents that fell back, to which method. */
        public String report() {
            String fallbacks = fellBack.isEmpty() ? "no fallback" : fellBack.values().stream().mapToInt(Integer::intValue).sum()
                    + " documents fell back (" + fellBack.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))
                    + ")";
            return String.format(Locale.ROOT, "auto spent %d site updates in all rounds; %s%n", siteUpdates, fallbacks);
        }
    }
}
