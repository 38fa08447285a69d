package tmeval.run;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
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
 * their own. The same rounds, under another {@link Rule}, are how {@link AutoComparison} escalates its choice.
 */
public final class AdaptiveComparison {
    /**
     * When a (document, method)'s rounds end: {@code --adaptive} doubles the ratio paths' temperatures until their
     * directions agree within a fixed number of nats ({@link Budget}); {@code auto} doubles its method's budget until
     * the document is certified ({@link AutoComparison}).
     */
    interface Rule {
        /** Whether the method is run again at twice the budget while the rule is not met (else once, converged "-"). */
        boolean escalates(ComparisonMethods.Method method);

        /** The round's results as they are judged and written (auto sets differenced runs against the models' floors). */
        default List<ComparisonRunner.Result> judged(List<ComparisonRunner.Result> round, ComparisonRunner.Job job, int document,
                                                     CancelToken cancel) {
            return round;
        }

        /** Whether the round, one method's results on one document, meets the rule (its rows' converged column). */
        boolean met(List<ComparisonRunner.Result> round);

        /** Whether the rounds end here, met or not (with the cap, which ends them anyway). */
        default boolean done(List<ComparisonRunner.Result> round) {
            return met(round);
        }
    }

    /** The adaptive budget. */
    public record Budget(double agreeWithin, int maxTemperatures) {
        public Budget {
            if (!(agreeWithin > 0) || maxTemperatures < 1) {
                throw new IllegalArgumentException("--agree-within must be positive and --max-temperatures at least 1");
            }
        }

        /** The settings of a budget, read by {@link #fromSettings} and left alone by {@link ComparisonPlan#fromSettings}. */
        static final java.util.Set<String> SETTINGS = java.util.Set.of("adaptive", "agree-within", "max-temperatures");

        /** The plan's settings and this budget, by name: the provenance of an adaptive output (it says how to run it again). */
        public Map<String, String> settingsText(ComparisonPlan plan) {
            Map<String, String> s = new LinkedHashMap<>(plan.toSettings());
            s.put("adaptive", "true");
            s.put("agree-within", String.format(Locale.ROOT, "%s", agreeWithin));
            s.put("max-temperatures", Integer.toString(maxTemperatures));
            return s;
        }

        /**
         * The budget {@link #settingsText} wrote, or null for the settings of a plain run (no {@code adaptive} setting).
         *
         * @throws IllegalArgumentException naming the budget's setting that is missing or not valid
         */
        public static Budget fromSettings(Map<String, String> settings) {
            if (!settings.containsKey("adaptive")) {
                if (settings.containsKey("agree-within") || settings.containsKey("max-temperatures")) {
                    throw SettingsReader.problem("agree-within", "goes with adaptive true (and max-temperatures), which this plan does not have");
                }
                return null;
            }
            SettingsReader in = new SettingsReader(settings, settings.keySet());
            if (!in.bool("adaptive")) {
                throw SettingsReader.problem("adaptive", "is only ever true: a plain run's settings name no budget");
            }
            return new Budget(in.real(Setting.AGREE_WITHIN), (int) in.whole(Setting.MAX_TEMPERATURES));
        }

        /** The rule: a ratio path's directions agree within {@link #agreeWithin} nats. */
        Rule rule() {
            return new Rule() {
                @Override
                public boolean escalates(ComparisonMethods.Method method) {
                    return method.directional();
                }

                @Override
                public boolean met(List<ComparisonRunner.Result> round) {
                    return agrees(round, agreeWithin);
                }
            };
        }

        /** @throws IllegalArgumentException when the plan cannot be run adaptively */
        public void check(ComparisonPlan plan) {
            check(plan, Names.COMMAND_LINE);
        }

        /** As {@link #check(ComparisonPlan)}, naming the settings as {@code names} does (the workbench names its own controls). */
        public void check(ComparisonPlan plan, Names names) {
            if (plan.directions() != ComparisonPlan.Directions.BOTH) {
                throw new IllegalArgumentException(names.adaptive() + " compares the two directions: " + names.bothDirections());
            }
            if (plan.annealingMethod() == null) {
                throw new IllegalArgumentException(names.adaptive() + " needs a ratio path (a method run in both directions)");
            }
            if (maxTemperatures < plan.settings().temperatures()) {
                throw new IllegalArgumentException(names.maxTemperatures() + " " + maxTemperatures + " is below " + names.temperatures() + " "
                        + plan.settings().temperatures());
            }
        }
    }

    /** How a budget's problems name the settings: the command line's options, or a form's controls. */
    public record Names(String adaptive, String bothDirections, String maxTemperatures, String temperatures) {
        public static final Names COMMAND_LINE = new Names("--adaptive", "use --direction both", "--max-temperatures", "--temperatures");
    }

    /**
     * One row: the result of its last round.
     *
     * @param converged whether the directions agreed (null for a method that does not anneal between the models)
     */
    public record Row(ComparisonRunner.Result result, int temperatures, Boolean converged) {
    }

    /** What a document cost over all its rounds, and the rows of its last ones. */
    private record DocumentRows(List<Row> rows, long siteUpdatesSpent) {
    }

    private AdaptiveComparison() {
    }

    /** @return the site updates spent over every round, discarded rounds included */
    public static long run(ComparisonPlan plan, Budget budget, Corpus corpus, ModelPair pair, Shard shard, Consumer<Row> inOrder,
                           Progress progress, CancelToken cancel) {
        return run(plan, budget, corpus, pair, shard, round -> { }, inOrder, progress, cancel);
    }

    /**
     * As {@link #run(ComparisonPlan, Budget, Corpus, ModelPair, Shard, Consumer, Progress, CancelToken)}, and each
     * round's rows of one (document, method) to {@code eachRound} the moment the round ends, on the worker that ran
     * it (so it must be thread-safe): the workbench moves a document's point with every round. The last round of a
     * (document, method) gives exactly the rows {@code inOrder} receives; the earlier ones say converged = false.
     */
    public static long run(ComparisonPlan plan, Budget budget, Corpus corpus, ModelPair pair, Shard shard, Consumer<List<Row>> eachRound,
                           Consumer<Row> inOrder, Progress progress, CancelToken cancel) {
        budget.check(plan);
        return run(plan, budget.rule(), budget.maxTemperatures(), corpus, pair, shard, eachRound, inOrder, progress, cancel);
    }

    /**
     * The rounds under any rule: each document one task (so the rows do not depend on the threads), each method from
     * the plan's temperatures, doubled while the rule is not met and the next doubling stays within
     * {@code maxTemperatures}.
     */
    static long run(ComparisonPlan plan, Rule rule, int maxTemperatures, Corpus corpus, ModelPair pair, Shard shard,
                    Consumer<List<Row>> eachRound, Consumer<Row> inOrder, Progress progress, CancelToken cancel) {
        ComparisonRunner.Job base = ComparisonRunner.Job.of(plan, corpus, pair);
        int[] documents = shard.positions(corpus.size());
        long[] spent = {0};
        OrderedParallel.run(documents.length, i -> document(plan, rule, maxTemperatures, base, documents[i], eachRound, cancel), rows -> { },
                rows -> {
                    spent[0] += rows.siteUpdatesSpent();
                    rows.rows().forEach(inOrder);
                }, plan.threads(), "tmeval-adaptive", progress, cancel, i -> corpus.document(documents[i]).id());
        return spent[0];
    }

    private static DocumentRows document(ComparisonPlan plan, Rule rule, int maxTemperatures, ComparisonRunner.Job base, int d,
                                         Consumer<List<Row>> eachRound, CancelToken cancel) {
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
                    ComparisonRunner.Arm arm = new ComparisonRunner.Arm(comparison, direction);
                    for (int r = 1; r <= plan.runs(); r++) {
                        ComparisonRunner.Result result = ComparisonRunner.evaluate(base, d, arm, r, false, suffix, cancel);
                        spent += result.refused() ? 0 : result.result().siteUpdates();
                        round.add(result);
                    }
                }
                if (!rule.escalates(method)) {
                    eachRound.accept(rows(round, n, null));
                    break;
                }
                round = rule.judged(round, base, d, cancel);
                converged = rule.met(round);
                eachRound.accept(rows(round, n, converged));
                if (rule.done(round) || 2L * n > maxTemperatures) {
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
        double[] sum = new double[2];
        double[] first = {Double.NaN, Double.NaN};
        int[] count = new int[2];
        for (ComparisonRunner.Result r : round) {
            if (!r.refused()) {
                int i = r.direction() == Direction.FORWARD ? 0 : 1;
                sum[i] += r.result().logRatio();
                count[i]++;
                if (r.run() == 1) {
                    first[i] = r.result().logRatio();
                }
            }
        }
        if (count[0] == 0 || count[1] == 0) {
            return false;
        }
        boolean firstRunsAgree = Double.isNaN(first[0]) || Double.isNaN(first[1]) || !ConvergenceCheck.exceeds(first[0] - first[1], within);
        return !ConvergenceCheck.exceeds(sum[0] / count[0] - sum[1] / count[1], within) && firstRunsAgree;
    }
}
