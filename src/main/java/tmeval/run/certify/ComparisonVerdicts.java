package tmeval.run.certify;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.Status;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The verdict on one document's comparison results, by method: the one rule of the {@code certified} column, asked by
 * the writer of {@code compare} rows, merge, auto's choice, the report, covariates and the workbench's views alike.
 */
public final class ComparisonVerdicts {
    private ComparisonVerdicts() {
    }

    /** The verdicts on one document's results, by method in the order they come; a reference run's result is no method's. */
    public static Map<String, Verdict> byMethod(List<ComparisonRunner.Result> results) {
        Map<String, List<ComparisonRunner.Result>> byMethod = new LinkedHashMap<>();
        for (ComparisonRunner.Result r : results) {
            if (!r.reference()) {
                byMethod.computeIfAbsent(r.method(), m -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        byMethod.forEach((method, rows) -> verdicts.put(method, of(method, rows)));
        return verdicts;
    }

    /** The verdict on one method's results on one document (every run, in each direction it ran). */
    public static Verdict of(String method, List<ComparisonRunner.Result> rows) {
        int tokens = rows.get(0).length();
        if (rows.get(0).direction() == Direction.NONE) {
            return Certification.ofRuns(ComparisonMethods.guarantee(method), tokens, statuses(rows), values(rows));
        }
        List<ComparisonRunner.Result> forward = rows.stream().filter(r -> r.direction() == Direction.FORWARD).toList();
        List<ComparisonRunner.Result> reverse = rows.stream().filter(r -> r.direction() == Direction.REVERSE).toList();
        return Certification.ofDirections(tokens, statuses(forward), values(forward), statuses(reverse), values(reverse));
    }

    private static Status[] statuses(List<ComparisonRunner.Result> rows) {
        return rows.stream().map(ComparisonRunner.Result::status).toArray(Status[]::new);
    }

    private static double[] values(List<ComparisonRunner.Result> rows) {
        return rows.stream().mapToDouble(r -> r.refused() ? Double.NaN : r.result().logRatio()).toArray();
    }
}
