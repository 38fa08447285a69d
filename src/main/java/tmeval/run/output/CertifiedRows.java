package tmeval.run.output;

import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.Status;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.run.certify.Certification;
import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code compare} rows with their {@code certified} column: a document's rows are held until all are in
 * (results arrive in document order), then each method's verdict on the document is reached once and written on each of
 * its rows, and counted for the summary. The command line and the workbench's export both write through it.
 */
public final class CertifiedRows {
    private final Writer out;
    private final boolean timing;
    private final List<AdaptiveComparison.Row> document = new ArrayList<>();
    private final VerdictCounts verdicts = new VerdictCounts();

    public CertifiedRows(Writer out, boolean timing) {
        this.out = out;
        this.timing = timing;
    }

    /** Takes a plain run's result (a reference run's is not a row, and is ignored). */
    public void add(ComparisonRunner.Result r) {
        add(new AdaptiveComparison.Row(r, 0, null));
    }

    /** Takes an adaptive run's row (temperatures 0: a plain run's). */
    public void add(AdaptiveComparison.Row row) {
        if (row.result().reference()) {
            return;
        }
        if (!document.isEmpty() && document.get(0).result().documentIndex() != row.result().documentIndex()) {
            flush();
        }
        document.add(row);
    }

    /** Writes the last document's rows. */
    public void finish() {
        flush();
    }

    public VerdictCounts verdicts() {
        return verdicts;
    }

    /**
     * The verdicts on one document's results, by method: the one rule, for the rows written here and for the views that
     * show the results of a run.
     */
    public static Map<String, Verdict> verdicts(List<ComparisonRunner.Result> results) {
        Map<String, List<ComparisonRunner.Result>> byMethod = new LinkedHashMap<>();
        for (ComparisonRunner.Result r : results) {
            if (!r.reference()) {
                byMethod.computeIfAbsent(r.method(), m -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        byMethod.forEach((method, rows) -> verdicts.put(method, verdict(method, rows)));
        return verdicts;
    }

    private static Verdict verdict(String method, List<ComparisonRunner.Result> rows) {
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

    private void flush() {
        if (document.isEmpty()) {
            return;
        }
        Map<String, Verdict> byMethod = verdicts(document.stream().map(AdaptiveComparison.Row::result).toList());
        byMethod.forEach(verdicts::add);
        try {
            for (AdaptiveComparison.Row row : document) {
                Verdict v = byMethod.get(row.result().method());
                out.write(CompareRowFormat.write(CompareRowFormat.Row.of(row, v), timing));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        document.clear();
    }
}
