package tmeval.run.exec;

import tmeval.run.plan.AdaptiveBudget;
import tmeval.run.plan.Arm;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Shard;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Effort where the directions disagree ({@code compare --adaptive}): every ratio path runs both ways at the plan's
 * n temperatures; a document whose forward and reverse means differ by more than {@code agreeWithin} nats, or whose
 * first forward and first reverse runs do (the pair the convergence check and the scatter look at, so a document
 * called converged is never ringed there at the same threshold), is run again with twice the temperatures, until they agree or the next doubling would pass {@code maxTemperatures}. Since
 * the forward run is a stochastic lower bound on the log ratio and the reverse one an upper bound, agreement is the
 * evidence that both converged. Each row keeps the temperatures of its last round and whether it converged; the
 * earlier rounds are counted in the site updates spent. The first round uses the plain run's streams, later rounds
 * their own. The same rounds, under another {@link Rule}, are how {@link tmeval.run.auto.AutoComparison} escalates its choice.
 */
public final class AdaptiveComparison {
    /**
     * When a (document, method)'s rounds end: {@code --adaptive} doubles the ratio paths' temperatures until their
     * directions agree within a fixed number of nats ({@link AdaptiveBudget}); {@code auto} doubles its method's budget until
     * the document is certified ({@link tmeval.run.auto.AutoComparison}). A rule looks at one document only, so a document's rounds
     * can all run wherever the document is (a shard, a Spark task); it is serialisable to go there.
     */
    public interface Rule extends java.io.Serializable {
        /** Whether the method is run again at twice the budget while the rule is not met (else once, converged "-"). */
        boolean escalates(ComparisonMethods.Method method);

        /**
         * The round's results as they are judged and written (auto sets differenced runs against the models' floors).
         *
         * @param local the document's index in {@code job.corpus()}
         */
        default List<ComparisonRunner.Result> judged(List<ComparisonRunner.Result> round, ComparisonRunner.Job job, int local,
                                                     CancelToken cancel) {
            return round;
        }

        /** Whether the round, one method's results on one document, meets the rule (its rows' converged column). */
        boolean met(List<ComparisonRunner.Result> round);

        /** What a document whose rounds met the rule is called in progress lines ("12 agreed so far"). */
        default String metWord() {
            return "agreed";
        }

        /**
         * Whether the rounds end here, met or not (with the cap, which ends them anyway).
         *
         * @param roomLeft how many times the budget may still grow before the cap (1 at the cap)
         */
        default boolean done(List<ComparisonRunner.Result> round, double roomLeft) {
            return met(round);
        }
    }

    /** The rule of {@code --adaptive}: a ratio path's directions agree within {@code agreeWithin} nats. */
    private record Agreement(double agreeWithin) implements Rule {
        @Override
        public boolean escalates(ComparisonMethods.Method method) {
            return method.directional();
        }

        @Override
        public boolean met(List<ComparisonRunner.Result> round) {
            return agrees(round, agreeWithin);
        }
    }

    /**
     * One row: the result of its last round.
     *
     * @param converged whether the directions agreed (null for a method that does not anneal between the models)
     */
    public record Row(ComparisonRunner.Result result, int temperatures, Boolean converged) implements java.io.Serializable {
    }

    /** What a document cost over all its rounds, and the rows of its last ones. */
    record DocumentRows(List<Row> rows, long siteUpdatesSpent) implements java.io.Serializable {
    }

    /**
     * A document's rounds under a rule: the plan's methods in turn, each from the plan's temperatures, doubled while the
     * rule is not met and the next doubling stays within {@code maxTemperatures}. The models travel with it (a
     * cluster broadcasts it once); {@code eachRound}, the workbench's listener, stays on this machine.
     */
    private static final class Rounds implements DocumentWork<DocumentRows> {
        private static final long serialVersionUID = 1L;
        private final ComparisonPlan plan;
        private final Rule rule;
        private final int maxTemperatures;
        private final TopicModel a;
        private final TopicModel b;
        private final transient Consumer<List<Row>> eachRound;

        Rounds(ComparisonPlan plan, Rule rule, int maxTemperatures, TopicModel a, TopicModel b, Consumer<List<Row>> eachRound) {
            this.plan = plan;
            this.rule = rule;
            this.maxTemperatures = maxTemperatures;
            this.a = a;
            this.b = b;
            this.eachRound = eachRound;
        }

        @Override
        public DocumentRows document(Corpus corpus, int local, int position, CancelToken cancel) {
            return AdaptiveComparison.document(this, new ComparisonRunner.Job(corpus, a, b, plan.arms(), plan.runs(), plan.seed(), 1,
                    plan.referenceComparison()), local, position, cancel);
        }

        @Override
        public String name() {
            return SettingName.ADAPTIVE.key();
        }

        void round(List<Row> rows) {
            // null once deserialised on an executor: nobody there listens
            if (eachRound != null) {
                eachRound.accept(rows);
            }
        }
    }

    private AdaptiveComparison() {
    }

    /** @return the site updates spent over every round, discarded rounds included */
    public static long run(ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair, Shard shard, Consumer<Row> inOrder,
                           Progress progress, CancelToken cancel) {
        return run(JobEngine.LOCAL, plan, budget, corpus, pair, shard, rows -> { }, inOrder, progress, cancel);
    }

    /**
     * As {@link #run(ComparisonPlan, AdaptiveBudget, Corpus, ModelPair, Shard, Consumer, Progress, CancelToken)}, on an
     * engine (this machine's threads, or a cluster's executors), and each round's rows of one (document, method) to
     * {@code eachRound} the moment the round ends where that is this machine, on the worker that ran it (so it must be
     * thread-safe): the workbench moves a document's point with every round. The last round of a (document, method)
     * gives exactly the rows {@code inOrder} receives; the earlier ones say converged = false.
     */
    public static long run(JobEngine engine, ComparisonPlan plan, AdaptiveBudget budget, Corpus corpus, ModelPair pair, Shard shard,
                           Consumer<List<Row>> eachRound, Consumer<Row> inOrder, Progress progress, CancelToken cancel) {
        budget.check(plan);
        return run(engine, plan, new Agreement(budget.agreeWithin()), budget.maxTemperatures(), corpus, pair, shard, eachRound, inOrder,
                progress, cancel);
    }

    /**
     * The rounds under any rule, on an engine: each document one task (so the rows depend neither on the threads nor
     * on where the document ran), each method from the plan's temperatures, doubled while the rule is not met and
     * the next doubling stays within {@code maxTemperatures}.
     *
     * @param eachRound each round's rows as it ends, on this machine only (null: none)
     */
    public static long run(JobEngine engine, ComparisonPlan plan, Rule rule, int maxTemperatures, Corpus corpus, ModelPair pair, Shard shard,
                           Consumer<List<Row>> eachRound, Consumer<Row> inOrder, Progress progress, CancelToken cancel) {
        long[] spent = {0};
        java.util.concurrent.atomic.AtomicInteger met = new java.util.concurrent.atomic.AtomicInteger();
        engine.documents(new Rounds(plan, rule, maxTemperatures, pair.a(), pair.b(), eachRound), corpus, shard, plan.threads(), rows -> {
            spent[0] += rows.siteUpdatesSpent();
            if (rows.rows().stream().anyMatch(r -> r.converged() != null) && rows.rows().stream().allMatch(r -> r.converged() != Boolean.FALSE)) {
                met.incrementAndGet();
            }
            rows.rows().forEach(inOrder);
        }, Progress.counting(progress, met, rule.metWord()), cancel);
        return spent[0];
    }

    private static DocumentRows document(Rounds work, ComparisonRunner.Job base, int local, int d, CancelToken cancel) {
        ComparisonPlan plan = work.plan;
        Rule rule = work.rule;
        List<Row> rows = new ArrayList<>();
        long spent = 0;
        for (String name : plan.methods()) {
            ComparisonMethods.Method method = ComparisonMethods.get(name);
            int n = plan.settings().temperatures();
            List<ComparisonRunner.Result> round;
            Boolean converged = null;
            while (true) {
                ModelComparison comparison = method.create(plan.settings().withTemperatures(n));
                // the first round is the plain run's (same streams); later rounds draw their own
                String suffix = n == plan.settings().temperatures() ? "" : "@n=" + n;
                round = new ArrayList<>();
                for (Direction direction : plan.directions().of(method)) {
                    Arm arm = new Arm(comparison, direction);
                    for (int r = 1; r <= plan.runs(); r++) {
                        ComparisonRunner.Result result = ComparisonRunner.evaluate(base, local, d, arm, r, false, suffix, cancel);
                        spent += result.refused() ? 0 : result.result().siteUpdates();
                        round.add(result);
                    }
                }
                if (!rule.escalates(method)) {
                    work.round(rows(round, n, null));
                    break;
                }
                round = rule.judged(round, base, local, cancel);
                converged = rule.met(round);
                work.round(rows(round, n, converged));
                if (rule.done(round, (double) work.maxTemperatures / n) || 2L * n > work.maxTemperatures) {
                    break;
                }
                n *= 2;
            }
            rows.addAll(rows(round, n, converged));
        }
        return new DocumentRows(rows, spent);
    }

    private static List<Row> rows(List<ComparisonRunner.Result> round, int temperatures, Boolean converged) {
        return round.stream().map(r -> new Row(r, temperatures, converged)).toList();
    }

    /**
     * Whether the directions agree within {@code within} nats: the means over the finite runs, and the first runs
     * (ConvergenceCheck's test, on the pair it and the scatter use). A direction with no finite run never agrees.
     */
    private static boolean agrees(List<ComparisonRunner.Result> round, double within) {
        SummaryStatistics[] sides = {new SummaryStatistics(), new SummaryStatistics()};
        double[] first = {Double.NaN, Double.NaN};
        for (ComparisonRunner.Result r : round) {
            if (!r.refused()) {
                int i = r.direction() == Direction.FORWARD ? 0 : 1;
                sides[i].addValue(r.result().logRatio());
                if (r.run() == 1) {
                    first[i] = r.result().logRatio();
                }
            }
        }
        if (sides[0].getN() == 0 || sides[1].getN() == 0) {
            return false;
        }
        boolean firstRunsAgree = Double.isNaN(first[0]) || Double.isNaN(first[1]) || !ConvergenceCheck.exceeds(first[0] - first[1], within);
        // means that agree by luck are not agreement: with two runs or more a side, their difference's standard error must
        // fit twice in the agreement sought (between models of different K at low alpha, 3 runs whose forward spread 0.11
        // nats agreed within 0.05 at a midpoint 0.35 from the exact log ratio)
        double squaredError = 0;
        for (SummaryStatistics side : sides) {
            squaredError += side.getN() >= 2 ? side.getVariance() / side.getN() : 0;
        }
        return !ConvergenceCheck.exceeds(sides[0].getMean() - sides[1].getMean(), within) && firstRunsAgree
                && !(2 * Math.sqrt(squaredError) > within);
    }
}
