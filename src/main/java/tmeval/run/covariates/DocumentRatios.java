package tmeval.run.covariates;

import tmeval.run.certify.ComparisonVerdicts;
import org.apache.commons.math3.stat.StatUtils;
import tmeval.compare.Direction;
import tmeval.run.exec.ComparisonRunner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each document's {@link DocumentRatio} by one method, from the rows of a comparison (a {@code compare} output read back,
 * or the workbench's results). The verdict is the one rule of the {@code certified} column ({@link ComparisonVerdicts#byMethod}).
 * <p>
 * The variance v_d of the per-token value: without directions, the run-to-run variance over the runs, divided by the runs
 * (the squared standard error of the mean) and by N squared. For a ratio path the value is the midpoint of the two
 * directions' means; each direction's mean has its own squared standard error, and the midpoint's is a quarter of their
 * sum. The directions bracket the truth only in expectation, and their gap is what the certification holds to the target:
 * the midpoint can be off by up to half the gap, which is added as a variance of (gap / 2)^2 (a bias bound treated as a
 * standard deviation, conservatively). One run per direction: the gap alone, as the certification judges it then.
 */
public final class DocumentRatios {
    private DocumentRatios() {
    }

    /** The methods of the rows, in order of first appearance (reference runs are not rows). */
    public static List<String> methods(List<ComparisonRunner.Result> results) {
        List<String> methods = new ArrayList<>();
        for (ComparisonRunner.Result r : results) {
            if (!r.reference() && !methods.contains(r.method())) {
                methods.add(r.method());
            }
        }
        return methods;
    }

    /**
     * The method analysed when none is named: the first ratio path (it brackets the answer), else the first method (an
     * {@code auto} run's file holds only its choice).
     */
    public static String defaultMethod(List<ComparisonRunner.Result> results) {
        for (ComparisonRunner.Result r : results) {
            if (!r.reference() && r.direction() != Direction.NONE) {
                return r.method();
            }
        }
        List<String> all = methods(results);
        return all.isEmpty() ? null : all.get(0);
    }

    /** Every document with rows of the method, in the order of the rows. */
    public static List<DocumentRatio> of(List<ComparisonRunner.Result> results, String method) {
        Map<String, List<ComparisonRunner.Result>> byDocument = new LinkedHashMap<>();
        for (ComparisonRunner.Result r : results) {
            if (!r.reference() && r.method().equals(method)) {
                byDocument.computeIfAbsent(r.documentId(), d -> new ArrayList<>()).add(r);
            }
        }
        List<DocumentRatio> out = new ArrayList<>(byDocument.size());
        byDocument.forEach((id, rows) -> out.add(of(id, rows)));
        return out;
    }

    private static DocumentRatio of(String id, List<ComparisonRunner.Result> rows) {
        int tokens = rows.get(0).length();
        var verdict = ComparisonVerdicts.of(rows.get(0).method(), rows);
        if (rows.stream().anyMatch(ComparisonRunner.Result::refused)) {
            return new DocumentRatio(id, tokens, Double.NaN, Double.NaN, verdict);
        }
        double n2 = (double) tokens * tokens;
        if (rows.get(0).direction() == Direction.NONE) {
            double[] values = values(rows, null);
            double variance = values.length < 2 ? Double.NaN : StatUtils.variance(values) / values.length;
            return new DocumentRatio(id, tokens, StatUtils.mean(values) / tokens, variance / n2, verdict);
        }
        double[] forward = values(rows, Direction.FORWARD);
        double[] reverse = values(rows, Direction.REVERSE);
        if (forward.length == 0 || reverse.length == 0) {
            // one direction: no bracket, so nothing bounds its bias
            double[] one = forward.length == 0 ? reverse : forward;
            return new DocumentRatio(id, tokens, StatUtils.mean(one) / tokens, Double.NaN, verdict);
        }
        double f = StatUtils.mean(forward);
        double r = StatUtils.mean(reverse);
        double halfGap = (f - r) / 2;
        double variance = (squaredError(forward) + squaredError(reverse)) / 4 + halfGap * halfGap;
        return new DocumentRatio(id, tokens, (f + r) / 2 / tokens, variance / n2, verdict);
    }

    /** The squared standard error of a direction's mean, 0 with one run (then the gap alone speaks, as in the certification). */
    private static double squaredError(double[] values) {
        return values.length < 2 ? 0 : StatUtils.variance(values) / values.length;
    }

    private static double[] values(List<ComparisonRunner.Result> rows, Direction direction) {
        return rows.stream().filter(r -> direction == null || r.direction() == direction).mapToDouble(r -> r.result().logRatio()).toArray();
    }
}
