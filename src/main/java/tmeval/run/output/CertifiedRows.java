package tmeval.run.output;

import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;

import tmeval.run.certify.ComparisonVerdicts;
import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code compare} rows with their {@code certified} column: a document's rows are held until all are in
 * (results arrive in document order), then each method's verdict on the document is reached once and written on each of
 * its rows ({@link ComparisonVerdicts}), and counted for the summary. The command line and the workbench's export both write through it.
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

    private void flush() {
        if (document.isEmpty()) {
            return;
        }
        Map<String, Verdict> byMethod = ComparisonVerdicts.byMethod(document.stream().map(AdaptiveComparison.Row::result).toList());
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
