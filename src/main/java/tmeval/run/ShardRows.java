package tmeval.run;

import tmeval.compare.ComparisonMethods;
import tmeval.run.certify.Certification;
import tmeval.run.certify.Verdict;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.estimate.Methods;

import java.util.ArrayList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map;

/**
 * What the rows of one kind of output must be, for {@code merge} to vouch for them: each row's numbers finite and in
 * range, a value exactly where the status says there is one, and each document's rows the plan's (method, direction,
 * run) in the plan's order. Every check throws an {@link IllegalArgumentException} saying what is wrong, for the
 * caller to name the file and line.
 */
final class ShardRows {
    private final ShardMerge.Kind kind;
    private final String estimateMethod;
    /** Each row of a document, as {@link #key} names it, in the order the runner writes them. */
    private final List<String> keys = new ArrayList<>();
    /** The temperatures an auto comparison's row may have (its start doubled up to its cap), or null for another output. */
    private final List<String> autoTemperatures;

    /** @throws IllegalArgumentException when the settings do not give the plan's methods, runs and direction */
    ShardRows(ShardMerge.Kind kind, Map<String, String> settings) {
        this.kind = kind;
        int runs = Setting.RUNS.parseInt(required(settings, "runs"));
        estimateMethod = kind == ShardMerge.Kind.ESTIMATE ? Methods.get(required(settings, "method")).name() : null;
        autoTemperatures = kind == ShardMerge.Kind.COMPARE_ADAPTIVE && "true".equals(settings.get(AutoEstimation.NAME))
                ? autoTemperatures(settings) : null;
        if (kind == ShardMerge.Kind.ESTIMATE) {
            for (int r = 1; r <= runs; r++) {
                keys.add(estimateMethod + "\t" + r);
            }
        } else if (kind == ShardMerge.Kind.CURVE) {
            for (String m : Setting.methods(required(settings, "methods"), CurveRunner.METHODS, false)) {
                for (int r = 1; r <= runs; r++) {
                    keys.add(m + "\t" + r);
                }
            }
        } else {
            ComparisonPlan.Directions directions = ComparisonPlan.Directions.parse(required(settings, "direction"));
            for (String m : Setting.methods(required(settings, "methods"), null, false)) {
                for (Direction d : directions.of(ComparisonMethods.get(m))) {
                    for (int r = 1; r <= runs; r++) {
                        keys.add(m + "\t" + d.label() + "\t" + r);
                    }
                }
            }
        }
    }

    /** An auto comparison's budgets: its starting temperatures doubled 0 to auto-max-doublings times. */
    private static List<String> autoTemperatures(Map<String, String> settings) {
        long start = Setting.TEMPERATURES.parseInt(required(settings, "temperatures"));
        String doublings = required(settings, "auto-max-doublings");
        if (!doublings.matches("[0-9]{1,2}")) {
            throw new IllegalArgumentException("auto-max-doublings is a whole number of doublings, was '" + doublings + "'");
        }
        List<String> budgets = new ArrayList<>();
        for (int k = 0; k <= Integer.parseInt(doublings) && start << k <= Integer.MAX_VALUE; k++) {
            budgets.add(Long.toString(start << k));
        }
        return budgets;
    }

    private static String required(Map<String, String> settings, String name) {
        String v = settings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no setting " + name);
        }
        return v;
    }

    /** Rows each document has: the plan's methods, directions and runs. */
    int perDocument() {
        return keys.size();
    }

    /** The key of the {@code i}-th row of a document, as {@link #key} names a row. */
    String expected(int i) {
        return keys.get(i);
    }

    /** Which (method, direction, run) a row is. */
    String key(String[] f) {
        return switch (kind) {
            case ESTIMATE -> f[2] + "\t" + f[3];
            case CURVE -> f[3] + "\t" + f[4];
            case COMPARE, COMPARE_ADAPTIVE -> f[2] + "\t" + f[3] + "\t" + f[4];
        };
    }

    /**
     * The N a document has in the record of a shard's documents ({@link ShardDocuments}): the row's N, but for a
     * refused document-completion estimate, which counts every token, the tokens the method scores.
     */
    long documentTokens(String[] f) {
        int n = Integer.parseInt(f[1]);
        return kind == ShardMerge.Kind.ESTIMATE && f[4].isEmpty() ? Methods.scoredTokens(estimateMethod, n) : n;
    }

    /** The column of a row's site updates; its millis follow. */
    private int siteUpdatesColumn() {
        return kind == ShardMerge.Kind.COMPARE || kind == ShardMerge.Kind.COMPARE_ADAPTIVE ? 7 : 6;
    }

    long siteUpdates(String[] f) {
        return Long.parseLong(f[siteUpdatesColumn()]);
    }

    long nanos(String[] f) {
        return RowChecks.millisAsNanos(f[siteUpdatesColumn() + 1]);
    }

    /** Checks one row's fields (as many as the header has). */
    void check(String[] f) {
        if (f[0].isEmpty()) {
            throw new IllegalArgumentException("empty docId");
        }
        long n = RowChecks.whole(f[1], "N", 1, Integer.MAX_VALUE);
        switch (kind) {
            case CURVE -> {
                if (f[0].equals("*")) {
                    throw new IllegalArgumentException("a corpus line: a shard's file has none");
                }
                RowChecks.whole(f[2], "iteration", 0, Integer.MAX_VALUE);
                RowChecks.whole(f[4], "run", 1, Setting.RUNS.max());
                // an empty logLik is a refused estimate (the curve has no status column)
                if (!f[5].isEmpty()) {
                    RowChecks.logValue(f[5], "logLik", n);
                }
                RowChecks.whole(f[6], "siteUpdates", 0, Long.MAX_VALUE);
                RowChecks.millisAsNanos(f[7]);
            }
            case ESTIMATE -> {
                RowChecks.whole(f[3], "run", 1, Setting.RUNS.max());
                value(f[4], f[5], "logLik", "perplexity", statusOf(f[8]), n);
                RowChecks.whole(f[6], "siteUpdates", 0, Long.MAX_VALUE);
                RowChecks.millisAsNanos(f[7]);
                yesOrNo(f[9], "certified");
            }
            case COMPARE, COMPARE_ADAPTIVE -> {
                Direction.parse(f[3]);
                RowChecks.whole(f[4], "run", 1, Setting.RUNS.max());
                value(f[5], f[6], "logRatio", "perplexityRatio", statusOf(f[9]), n);
                RowChecks.whole(f[7], "siteUpdates", 0, Long.MAX_VALUE);
                RowChecks.millisAsNanos(f[8]);
                yesOrNo(f[10], "certified");
                if (kind == ShardMerge.Kind.COMPARE_ADAPTIVE) {
                    RowChecks.whole(f[11], "temperatures", 1, Integer.MAX_VALUE);
                    if (!List.of("yes", "no", "-").contains(f[12])) {
                        throw new IllegalArgumentException("converged is yes, no or -, was '" + f[12] + "'");
                    }
                    if (autoTemperatures != null && !autoTemperatures.contains(f[11])) {
                        throw new IllegalArgumentException("temperatures " + f[11] + " is not one of auto's budgets, its start doubled up to its"
                                + " cap: " + String.join(", ", autoTemperatures));
                    }
                }
            }
        }
    }

    private static void yesOrNo(String value, String column) {
        if (!value.equals("yes") && !value.equals("no")) {
            throw new IllegalArgumentException(column + " is yes or no, was '" + value + "'");
        }
    }

    /**
     * What an auto comparison's document must be beyond its verdict: one round per method (its rows' temperatures the
     * same), and converged the verdict, since auto's rounds end when the document is certified.
     *
     * @return the problem in words, or null
     */
    String autoProblem(List<String[]> document, Map<String, Verdict> verdicts) {
        if (autoTemperatures == null) {
            return null;
        }
        Map<String, String> temperatures = new LinkedHashMap<>();
        for (String[] f : document) {
            String first = temperatures.putIfAbsent(f[2], f[11]);
            if (first != null && !first.equals(f[11])) {
                return f[2] + "'s rows have temperatures " + first + " and " + f[11] + ": one document's rows are one round's";
            }
            Verdict v = verdicts.get(f[2]);
            if (!f[12].equals(v.label())) {
                return f[2] + ": converged is '" + f[12] + "' where the verdict is '" + v.label() + "' (auto's rounds end when it is certified)";
            }
        }
        return null;
    }

    /** The column of the {@code certified} verdict; -1 for a curve, which has none. */
    int certifiedColumn() {
        return switch (kind) {
            case ESTIMATE -> 9;
            case COMPARE, COMPARE_ADAPTIVE -> 10;
            case CURVE -> -1;
        };
    }

    /**
     * The verdicts on one document's rows by method, reached again from its values and statuses by the rule the writer
     * used ({@link Certification}), so that a {@code certified} column edited or forged is caught; empty for a curve.
     */
    Map<String, Verdict> verdicts(List<String[]> document) {
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        if (kind == ShardMerge.Kind.ESTIMATE) {
            verdicts.put(estimateMethod, Certification.ofRuns(Methods.guarantee(estimateMethod), (int) documentTokens(document.get(0)),
                    statuses(document, 8), values(document, 4)));
        } else if (kind != ShardMerge.Kind.CURVE) {
            Map<String, List<String[]>> byMethod = new LinkedHashMap<>();
            document.forEach(f -> byMethod.computeIfAbsent(f[2], m -> new ArrayList<>()).add(f));
            byMethod.forEach((method, rows) -> {
                int tokens = Integer.parseInt(rows.get(0)[1]);
                List<String[]> forward = rows.stream().filter(f -> Direction.parse(f[3]) == Direction.FORWARD).toList();
                List<String[]> reverse = rows.stream().filter(f -> Direction.parse(f[3]) == Direction.REVERSE).toList();
                verdicts.put(method, forward.isEmpty() && reverse.isEmpty()
                        ? Certification.ofRuns(ComparisonMethods.guarantee(method), tokens, statuses(rows, 9), values(rows, 5))
                        : Certification.ofDirections(tokens, statuses(forward, 9), values(forward, 5), statuses(reverse, 9), values(reverse, 5)));
            });
        }
        return verdicts;
    }

    private static Status[] statuses(List<String[]> rows, int column) {
        return rows.stream().map(f -> statusOf(f[column])).toArray(Status[]::new);
    }

    private static double[] values(List<String[]> rows, int column) {
        return rows.stream().mapToDouble(f -> f[column].isEmpty() ? Double.NaN : Double.parseDouble(f[column])).toArray();
    }

    /** A value and its derived column: both there, finite, for a status with a value; both empty otherwise. */
    private static void value(String value, String derived, String column, String derivedColumn, Status status, long tokens) {
        if (status.hasValue()) {
            RowChecks.logValue(value, column, tokens);
            RowChecks.finite(derived, derivedColumn);
        } else if (!value.isEmpty() || !derived.isEmpty()) {
            throw new IllegalArgumentException("a " + status.label() + " row has no " + column + " or " + derivedColumn + ", this one has '"
                    + value + "' and '" + derived + "'");
        }
    }

    static Status statusOf(String label) {
        for (Status s : Status.values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + label + "' (ok, zero-weight, below-floor, refused)");
    }
}
