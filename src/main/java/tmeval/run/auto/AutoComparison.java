package tmeval.run.auto;

import tmeval.run.plan.AutoPilot;
import tmeval.run.certify.ComparisonVerdicts;
import tmeval.run.certify.DocumentVerdict;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.JobEngine;
import tmeval.run.exec.OrderedParallel;
import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;
import tmeval.run.plan.Arm;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Shard;

import org.apache.commons.math3.stat.StatUtils;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioResult;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.VariationalBound;
import tmeval.estimate.Ceiling;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.estimate.WeightDiagnostics;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.certify.Verdict;

import java.util.ArrayList;
import java.util.function.Predicate;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * The {@code auto} method of {@code compare}, its default (estimators.md, "auto"): {@link AutoEstimation}'s pilot
 * documents (the same seeded, length-stratified sample) run every candidate {@link AutoEstimation#RUNS} times at
 * compare's default budget, ratio paths in both directions; the candidate with the fewest documents without a value,
 * below a floor or beyond the cap, then the least predicted cost (site updates weighted by {@link AutoEstimation#WORK},
 * never seconds, so the choice is the same on any machine and thread count) is chosen with a starting budget; then
 * every document runs {@link AutoEstimation#RUNS} times and, until it is certified, again at twice the budget, up to
 * {@link AutoPilot#MAX_DOUBLINGS} doublings: {@link AdaptiveComparison}'s rounds with the certificate as the rule.
 */
public final class AutoComparison {
    public static final String NAME = AutoEstimation.NAME;
    /**
     * The candidates: both ratio paths (any pair, models of different K included) and the differenced single-model
     * estimators that hold their floors on real models (estimators.md, "auto": ais, chib, lr and the token samplers fall
     * below the floor there).
     */
    public static final List<String> CANDIDATES = List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.RATIO_GEOMETRIC,
            ComparisonMethods.IS_GIBBS_DIFF, ComparisonMethods.IS_VB_DIFF, ComparisonMethods.LEE_IS_DIFF);
    /**
     * Candidates are ordered by fewest violations; then those whose runs carry evidence of mass they missed before those
     * whose runs do not ({@link #withoutEvidenceOfMissedMass}); then those that can certify most of the pilot (at most
     * half its documents beyond the cap) before those that cannot; among the first, by fewest documents beyond the cap,
     * then by the least cost of bringing every pilot document to its target ({@link #trial}: not floored at the default
     * budget, so that a cheap, noisy candidate whose default happens to certify eight documents does not hide its
     * variance, as estimate's auto found; and not variance x work alone, which a ratio path's gap, a bias falling as 1/n,
     * does not fit); among the others by that cost alone: where no candidate can certify most documents, the cheapest
     * honest "no" (M1 against M2, scikit-learn and gensim at K = 50 on KOS: ranked by counts alone, ratio-geometric with 7
     * of 8 pilot documents beyond the cap was started at 16 times its budget, minutes a document, to certify almost none).
     */
    static Comparator<AutoEstimation.Trial> best(int pilotDocuments) {
        Predicate<AutoEstimation.Trial> cannot = t -> 2 * (t.violations() + t.beyondCap()) > pilotDocuments;
        return Comparator.comparingInt(AutoEstimation.Trial::violations)
                .thenComparing(AutoComparison::withoutEvidenceOfMissedMass)
                .thenComparing(cannot::test)
                .thenComparingInt((AutoEstimation.Trial t) -> cannot.test(t) ? 0 : t.beyondCap())
                .thenComparingDouble(AutoEstimation.Trial::predictedSiteUpdates).thenComparing(AutoEstimation.Trial::method);
    }

    /**
     * A difference of samplers whose runs carry no evidence of posterior mass they missed (is-vb, lee-is, is-ip: their
     * proposals can miss a mode with light-tailed runs that agree), when is-gibbs-diff's do (its chains' coverage) and
     * the ratio paths' their bracket: ordered after those whatever their counts, as estimate's auto orders is-gibbs
     * first. Ranked by counts alone, M1 against M2 (scikit-learn and gensim at K = 50, KOS) chose is-vb-diff because it
     * called 4 of the pilot's 8 documents certifiable where is-gibbs-diff called none.
     */
    private static boolean withoutEvidenceOfMissedMass(AutoEstimation.Trial t) {
        ComparisonMethods.Method m = ComparisonMethods.get(t.method());
        return !m.directional() && !ComparisonMethods.IS_GIBBS_DIFF.equals(t.method()) && !ComparisonMethods.IS_ETA_DIFF.equals(t.method());
    }

    /** The pilot draws its own numbers, so that a pilot document's rows are not the very runs that chose the method. */
    private static final String PILOT_STREAMS = "@auto-pilot";

    /**
     * The rounds' rule: a document is run again until its verdict is certified, or every run is refused (no budget helps
     * then). One document's rounds only, so they run wherever the document is; an enum, to be the same rule there.
     */
    private enum Certified implements AdaptiveComparison.Rule {

        RULE;

        @Override
        public String metWord() {
            return "certified";
        }

        @Override
        public boolean escalates(ComparisonMethods.Method method) {
            return true;
        }

        @Override
        public List<ComparisonRunner.Result> judged(List<ComparisonRunner.Result> round, ComparisonRunner.Job job, int local,
                                                    CancelToken cancel) {
            return AutoComparison.judged(round, job, local, cancel);
        }

        @Override
        public boolean met(List<ComparisonRunner.Result> round) {
            return verdict(round).certified();
        }

        @Override
        public boolean done(List<ComparisonRunner.Result> round, double roomLeft) {
            // refused, or chains apart on every run: more samples from chains of the same length mend neither; nor does the
            // cap mend a document whose error asks for far more than the room left (AutoEstimation.HOPELESS)
            Verdict v = verdict(round);
            return v.certified() || round.stream().allMatch(r -> r.status() == Status.REFUSED) || stopsUncertified(round, v, roomLeft);
        }
    }

    /**
     * The choice: the method, its starting temperatures (the budget of every candidate: a ratio path's temperatures, a
     * difference's importance samples on each model), and what the pilot measured of every candidate, best first.
     *
     * @param pilot the corpus positions of the pilot's documents
     */
    public record Choice(String method, int startTemperatures, List<AutoEstimation.Trial> trials, int[] pilot, int pilotTemperatures) {
        /** The plan the rows are written under: the pilot's plan with the chosen method at its starting budget. */
        public ComparisonPlan plan(ComparisonPlan pilotPlan) {
            return pilotPlan.withMethods(List.of(method)).withTemperatures(startTemperatures);
        }

        /** The most temperatures a document gets: the start doubled {@link AutoPilot#MAX_DOUBLINGS} times. */
        public int maxTemperatures() {
            return (int) Math.min(Integer.MAX_VALUE, (long) startTemperatures << AutoPilot.MAX_DOUBLINGS);
        }

        /** The comparison its rows are written under: the chosen plan with what chose it, its provenance (as estimate's auto writes it). */
        public ComparisonJob job(ComparisonPlan pilotPlan) {
            return new ComparisonJob(plan(pilotPlan), null, provenance());
        }

        /** What the provenance records of the choice beside its plan's settings: auto, its cap in doublings, the pilot's documents. */
        public AutoPilot provenance() {
            return new AutoPilot(AutoPilot.MAX_DOUBLINGS, pilot);
        }

        /** The choice in a sentence, for where a run's status is shown. */
        public String inWords() {
            return String.format(Locale.ROOT, "auto chose %s at n = %d (the least cost to certify on a pilot of %d documents), doubled up to"
                    + " n = %d where a document is not yet certified", method, startTemperatures, pilot.length, maxTemperatures());
        }

        /** What was chosen and why, in lines for the summary. */
        public String report(Corpus corpus) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "auto: a pilot of %d documents (N %s), %d runs of each candidate"
                    + " (ratio paths in both directions) at n = %d; the cost of bringing each to its target, in ais-equivalent site updates:%n",
                    pilot.length, Arrays.stream(pilot).map(d -> corpus.document(d).length()).sorted().mapToObj(Integer::toString).toList(),
                    AutoEstimation.RUNS, pilotTemperatures));
            for (AutoEstimation.Trial t : trials) {
                boolean ratio = ComparisonMethods.get(t.method()).directional();
                sb.append(String.format(Locale.ROOT, "  %-15s %d %s, %d beyond %dx its budget; %s %.3g nats^2 per token; to the targets"
                                + " %.3g site updates; pilot %.3g site updates in %.2f s%n", t.method(), t.violations(),
                        ratio ? "without a value" : "below a model's floor or without a value", t.beyondCap(), 1 << AutoPilot.MAX_DOUBLINGS,
                        ratio ? "squared gap between the directions" : "run variance", t.variancePerToken(), t.predictedSiteUpdates(),
                        (double) t.pilotSiteUpdates(), t.pilotNanos() / 1e9).replace("1.80e+308", "-").replace("NaN", "-"));
            }
            sb.append(String.format(Locale.ROOT, "auto chose %s at n = %d, %d runs per document%s, doubled up to %d times (n = %d) where a"
                            + " document is not yet certified%n", method, startTemperatures, AutoEstimation.RUNS,
                    ComparisonMethods.get(method).directional() ? " in each direction" : " on each model", AutoPilot.MAX_DOUBLINGS,
                    maxTemperatures()));
            return sb.toString();
        }
    }

    private AutoComparison() {
    }

    /**
     * The plan of the pilot: every candidate at compare's default budget, both directions, {@link AutoEstimation#RUNS}
     * runs, no reference; from {@code user}'s plan the settings auto leaves to the user
     * ({@link ComparisonJob#withUsersSettings}) and its thread count, which changes no number (auto chooses the rest).
     */
    public static ComparisonPlan pilotPlan(ComparisonPlan user) {
        ComparisonPlan pilot = ComparisonPlan.defaults(CANDIDATES).withDirections(ComparisonPlan.Directions.BOTH).withRuns(AutoEstimation.RUNS)
                .withReference(ComparisonPlan.Reference.NONE);
        return ComparisonJob.withUsersSettings(pilot, user).withThreads(user.threads());
    }

    /** Runs the pilot and chooses. */
    public static Choice choose(ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, CancelToken cancel) {
        return choose(pilotPlan, corpus, pair, Progress.NONE, cancel);
    }

    /** Runs the pilot, telling {@code progress} of each (candidate, document) it finishes, and chooses. */
    public static Choice choose(ComparisonPlan plan, Corpus corpus, ModelPair pair, Progress progress, CancelToken cancel) {
        if (corpus.size() == 0) {
            throw new IllegalArgumentException("auto needs at least one document to choose a method on");
        }
        ComparisonPlan pilotPlan = forFamilies(plan, pair);
        int[] pilot = AutoEstimation.pilot(corpus, pilotPlan.seed());
        ComparisonRunner.Job job = ComparisonRunner.Job.of(pilotPlan, corpus, pair);
        List<String> candidates = pilotPlan.methods();
        List<List<ComparisonRunner.Result>> runs = new ArrayList<>();
        OrderedParallel.run(candidates.size() * pilot.length, task -> {
            ComparisonMethods.Method method = ComparisonMethods.get(candidates.get(task / pilot.length));
            int d = pilot[task % pilot.length];
            ModelComparison comparison = method.create(pilotPlan.settings());
            List<ComparisonRunner.Result> results = new ArrayList<>();
            for (Direction direction : pilotPlan.directions().of(method)) {
                for (int run = 1; run <= pilotPlan.runs(); run++) {
                    results.add(ComparisonRunner.evaluate(job, d, new Arm(comparison, direction), run, false, PILOT_STREAMS,
                            cancel));
                }
            }
            return judged(results, job, d, cancel);
        }, runs::add, pilotPlan.threads(), "tmeval-auto-pilot", progress, cancel, task -> candidates.get(task / pilot.length) + " on document "
                + corpus.document(pilot[task % pilot.length]).id());
        return decide(pilotPlan, pilot, runs);
    }

    /**
     * The pilot's plan for the pair: as it is for two LDAs; where a model is of another family, its candidates are the
     * estimates that compare the pair ({@link ComparisonMethods#supports}: is-eta-diff).
     */
    static ComparisonPlan forFamilies(ComparisonPlan pilotPlan, ModelPair pair) {
        if (pair.a().isLda() && pair.b().isLda()) {
            return pilotPlan;
        }
        List<String> supporting = ComparisonMethods.supporting(pair.a(), pair.b()).stream()
                .filter(m -> !ComparisonMethods.completion(m) && ComparisonMethods.guarantee(m) == tmeval.estimate.Methods.Guarantee.ESTIMATE).toList();
        if (supporting.isEmpty()) {
            throw new IllegalArgumentException("auto has no method that compares A (" + pair.a().family() + ") with B (" + pair.b().family() + ")");
        }
        return pilotPlan.withMethods(supporting);
    }

    /**
     * The choice from the pilot's judged runs ({@link #judged}): candidate by candidate, each a list of the pilot's
     * documents' results.
     */
    static Choice decide(ComparisonPlan pilotPlan, int[] pilot, List<List<ComparisonRunner.Result>> runs) {
        List<String> candidates = pilotPlan.methods();
        List<AutoEstimation.Trial> trials = new ArrayList<>();
        for (int c = 0; c < candidates.size(); c++) {
            trials.add(trial(candidates.get(c), runs.subList(c * pilot.length, (c + 1) * pilot.length)));
        }
        trials.sort(best(pilot.length));
        AutoEstimation.Trial best = trials.get(0);
        int n = pilotPlan.settings().temperatures();
        int start = (int) Math.min(Integer.MAX_VALUE, (long) n * best.startFactor());
        return new Choice(best.method(), start, List.copyOf(trials), pilot, n);
    }

    /**
     * One candidate's pilot: documents without a value or below a floor (violations), the budget factor each other
     * document asks for (rounded up to a power of two, at least 1: its start) and the cost of reaching its target
     * (at the factor as it is: below 1 when the default budget is more than the document needs). A difference's
     * standard error falls as one over the root of the
     * budget, so it asks for s.e.^2 / target^2; a ratio path's gap between the directions is a bias that falls as one
     * over the temperatures, so it asks for gap / target, and for the noise of the gap (its directions' standard errors
     * combined), noise^2 / target^2, whichever is more.
     */
    private static AutoEstimation.Trial trial(String name, List<List<ComparisonRunner.Result>> documents) {
        ComparisonMethods.Method method = ComparisonMethods.get(name);
        double work = AutoEstimation.WORK.get(method.pricedAs());
        AutoEstimation.Tally tally = new AutoEstimation.Tally(name);
        for (List<ComparisonRunner.Result> results : documents) {
            long cost = 0;
            long nanos = 0;
            for (ComparisonRunner.Result r : results) {
                if (!r.refused()) {
                    cost += r.result().siteUpdates();
                    nanos += r.result().nanos();
                }
            }
            tally.spent(cost, nanos);
            Verdict v = verdict(results);
            if (v.reason().violation()) {
                tally.violation();
                continue;
            }
            if (beyondAnyBudget(results)) {
                // as estimate's pilot: it sets no start (left in, M1 against M2, scikit-learn and gensim at K = 50, started
                // every document of 100 at 16 times the budget and spent 99 s where the preview said 5 s)
                tally.beyondAnyBudget(work * cost);
                continue;
            }
            double needed = needed(method, results, v);
            double squaredError = v.error() * v.error() * (method.directional() ? 1 : AutoEstimation.RUNS);
            tally.asks(results.get(0).length(), needed, work * cost * AutoEstimation.MARGIN * needed, squaredError);
        }
        return tally.trial();
    }

    /**
     * Whether a document's rounds end uncertified here: beyond any budget, or asking for more than
     * {@link AutoEstimation#HOPELESS} times the room left below the cap.
     */
    static boolean stopsUncertified(List<ComparisonRunner.Result> round, double roomLeft) {
        return stopsUncertified(round, verdict(round), roomLeft);
    }

    /** As {@link #stopsUncertified(List, double)}, with the round's verdict already reached. */
    private static boolean stopsUncertified(List<ComparisonRunner.Result> round, Verdict v, double roomLeft) {
        if (beyondAnyBudget(round)) {
            return true;
        }
        return !v.certified() && !v.reason().violation() && needed(ComparisonMethods.get(round.get(0).method()), round, v) > AutoEstimation.HOPELESS * roomLeft;
    }

    /**
     * A document no budget certifies: every run's chains stayed apart (on either model), which more samples from chains
     * of the same length do not mend; the rounds stop there and the pilot asks no start of it.
     */
    static boolean beyondAnyBudget(List<ComparisonRunner.Result> round) {
        return !round.isEmpty() && round.stream().allMatch(r -> r.status() == Status.CHAINS_APART);
    }

    /**
     * The factor of its budget that would bring a document's error within its target: a difference's standard error
     * falls as one over the root of the budget, so s.e.^2 / target^2; a ratio path's gap between the directions is a
     * bias that falls as one over the temperatures, so gap / target, or the noise of the gap (its directions' standard
     * errors combined) noise^2 / target^2, whichever is more.
     */
    static double needed(ComparisonMethods.Method method, List<ComparisonRunner.Result> results, Verdict v) {
        double target = v.target();
        if (method.directional()) {
            double noise = squaredStandardError(results, Direction.FORWARD) + squaredStandardError(results, Direction.REVERSE);
            return Math.max(v.error() / target, noise / (target * target));
        }
        return v.error() * v.error() / (target * target);
    }

    /** The squared standard error of the mean of one direction's runs (0 with fewer than two). */
    private static double squaredStandardError(List<ComparisonRunner.Result> results, Direction direction) {
        double[] values = results.stream().filter(r -> r.direction() == direction && !r.refused()).mapToDouble(r -> r.result().logRatio()).toArray();
        return values.length < 2 ? 0 : StatUtils.variance(values) / values.length;
    }

    /** The verdict on one method's results on one document, by the rule every output uses. */
    private static Verdict verdict(List<ComparisonRunner.Result> results) {
        return ComparisonVerdicts.of(results.get(0).method(), results);
    }

    /**
     * Runs the choice on the documents of a shard: each document {@link AutoEstimation#RUNS} times, its budget doubled
     * until it is certified or at the cap; its last round's rows arrive in document order, in the adaptive format (their
     * temperatures, and converged: whether the rule was met, that is, certified).
     *
     * @return site updates spent in every round
     */
    public static long run(Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, Shard shard,
                           Consumer<AdaptiveComparison.Row> inOrder, Progress progress, CancelToken cancel) {
        return run(JobEngine.LOCAL, choice, pilotPlan, corpus, pair, shard, round -> { }, inOrder, progress, cancel);
    }

    /**
     * As {@link #run(Choice, ComparisonPlan, Corpus, ModelPair, Shard, Consumer, Progress, CancelToken)}, on an engine
     * (this machine's threads, or a cluster's executors: the choice, made once by the caller, travels with the work and
     * each document's rounds run where it is), also handing over each round's rows of a (document, method) as it ends
     * where that is this machine (the workbench shows them at once).
     */
    public static long run(JobEngine engine, Choice choice, ComparisonPlan pilotPlan, Corpus corpus, ModelPair pair, Shard shard,
                           Consumer<List<AdaptiveComparison.Row>> eachRound, Consumer<AdaptiveComparison.Row> inOrder, Progress progress,
                           CancelToken cancel) {
        return AdaptiveComparison.run(engine, choice.plan(pilotPlan), Certified.RULE, choice.maxTemperatures(), corpus, pair, shard,
                eachRound, inOrder, progress, cancel);
    }

    /**
     * A differenced method's runs on one document with each model's estimate set against that model's vb floor by the
     * rule of {@code estimate} ({@link DocumentVerdict}: more than twice the runs' noise below it): a run either of
     * whose estimates is below its floor is {@code below-floor}, and its document is not certified. Ratio paths'
     * runs, which estimate neither model alone, are returned as they are.
     */
    static List<ComparisonRunner.Result> judged(List<ComparisonRunner.Result> round, ComparisonRunner.Job job, int local,
                                                CancelToken cancel) {
        if (round.isEmpty() || round.get(0).direction() != Direction.NONE
                || round.stream().anyMatch(r -> !r.refused() && Double.isNaN(r.result().logA()))) {
            return round;
        }
        Document doc = job.corpus().document(local);
        // each side judged as estimate judges its method's runs (the difference's estimator: the one that prices it)
        String estimator = ComparisonMethods.get(round.get(0).method()).pricedAs();
        Status[] a = DocumentVerdict.of(estimator, outcomes(round, doc, job.a(), RatioResult::logA, RatioResult::coverageA, estimator, cancel)).statuses();
        Status[] b = DocumentVerdict.of(estimator, outcomes(round, doc, job.b(), RatioResult::logB, RatioResult::coverageB, estimator, cancel)).statuses();
        List<ComparisonRunner.Result> judged = new ArrayList<>();
        for (int i = 0; i < round.size(); i++) {
            ComparisonRunner.Result r = round.get(i);
            // a side above its hard bound is impossible, one below its floor cannot be right: either makes the difference so;
            // a side whose chains stayed apart is not trusted, nor is the difference
            Status worst = !r.status().hasValue() ? null
                    : a[i] == Status.ABOVE_CEILING || b[i] == Status.ABOVE_CEILING ? Status.ABOVE_CEILING
                    : a[i] == Status.BELOW_FLOOR || b[i] == Status.BELOW_FLOOR ? Status.BELOW_FLOOR
                    : a[i] == Status.CHAINS_APART || b[i] == Status.CHAINS_APART ? Status.CHAINS_APART : null;
            judged.add(worst != null ? new ComparisonRunner.Result(r.documentIndex(), r.documentId(), r.length(), r.method(), r.direction(), r.run(),
                    r.reference(), r.result(), r.refusal(), worst) : r);
        }
        return judged;
    }

    /** One model's side of a difference's runs, as estimate's outcomes: its value per run, the model's floor with the first. */
    private static List<Outcome> outcomes(List<ComparisonRunner.Result> round, Document doc, TopicModel model,
                                          ToDoubleFunction<RatioResult> value, ToDoubleFunction<RatioResult> coverage, String estimator,
                                          CancelToken cancel) {
        double floor = VariationalBound.floor(doc, model, cancel);
        double ceiling = Ceiling.of(doc, model);
        List<Outcome> outcomes = new ArrayList<>();
        for (ComparisonRunner.Result r : round) {
            EstimateResult e = r.refused() ? null : new EstimateResult(value.applyAsDouble(r.result()), new double[0], 0, doc.length(), 0,
                    coverage.applyAsDouble(r.result()));
            Status status = e == null || !r.status().hasValue() ? r.status()
                    : e.logValue() > ceiling + 1e-9 * Math.max(1, Math.abs(e.logValue())) ? Status.ABOVE_CEILING
                    : WeightDiagnostics.chainsApart(e) ? Status.CHAINS_APART : r.status();
            outcomes.add(new Outcome(r.documentIndex(), r.documentId(), doc.length(), r.run(), e, r.refusal(), status,
                    outcomes.isEmpty() ? floor : Double.NaN, estimator));
        }
        return outcomes;
    }
}
