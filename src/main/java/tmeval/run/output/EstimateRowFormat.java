package tmeval.run.output;

import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;
import tmeval.run.plan.Setting;

import tmeval.estimate.EstimateResult;
import tmeval.io.InputException;
import tmeval.run.certify.Verdict;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows of the {@code estimate} output (formats.md, "Results (write)"): {@code docId N method run logLik perplexity
 * siteUpdates millis status certified}, one row for every (document, run), refused and zero-weight runs included with
 * empty values. The one writer ({@link EstimateTable}, and through {@link SelectRowFormat} {@code select}) and the one
 * reader ({@code merge}). Doubles are written at full precision (Double.toString) so that files compare exactly across
 * thread counts.
 */
public final class EstimateRowFormat {
    /** The columns, in the header's order. */
    public enum Column implements Cells.Column {
        DOC_ID, N, METHOD, RUN, LOG_LIK, PERPLEXITY, SITE_UPDATES,
        MILLIS, STATUS, CERTIFIED;
    }

    private static final List<Column> COLUMNS = List.of(Column.values());
    public static final String HEADER = Cells.header(COLUMNS);

    /**
     * One row.
     *
     * @param length the N written: the tokens the method scored ({@link EstimateResult#evaluatedTokens}), or the document's
     *               length when there is no value
     * @param logLik the estimate, or null (a run without a value: its value columns are empty)
     */
    public record Row(String documentId, int length, String method, int run, Double logLik, long siteUpdates, long nanos, Status status,
                      boolean certified) {
        /** The row of an outcome, with the status and verdict its document's runs were given together ({@link tmeval.run.certify.DocumentVerdict}). */
        public static Row of(Outcome o, String method, Status status, Verdict verdict) {
            EstimateResult r = o.result();
            return r == null ? new Row(o.documentId(), o.length(), method, o.run(), null, 0, 0, status, verdict.certified())
                    : new Row(o.documentId(), r.evaluatedTokens(), method, o.run(), r.logValue(), r.siteUpdates(), r.nanos(), status,
                    verdict.certified());
        }

        /** The row as the runner's outcome of the document at this corpus position (no floor: it is not in the file). */
        public Outcome outcome(int documentIndex) {
            EstimateResult r = logLik == null ? null : new EstimateResult(logLik, new double[0], siteUpdates, length, nanos);
            return new Outcome(documentIndex, documentId, length, run, r, r == null ? status.label() : null, status, Double.NaN, method);
        }
    }

    private EstimateRowFormat() {
    }

    /** The line of a row, with its newline; a row without a value has empty value columns and no cost. */
    public static String write(Row row, boolean timing) {
        Cells<Column> c = Cells.empty(COLUMNS).put(Column.DOC_ID, row.documentId()).put(Column.N, row.length())
                .put(Column.METHOD, row.method()).put(Column.RUN, row.run());
        if (row.logLik() == null) {
            c.put(Column.LOG_LIK, "").put(Column.PERPLEXITY, "").put(Column.SITE_UPDATES, 0).put(Column.MILLIS, 0);
        } else {
            c.put(Column.LOG_LIK, row.logLik()).put(Column.PERPLEXITY, Math.exp(-row.logLik() / row.length()))
                    .put(Column.SITE_UPDATES, row.siteUpdates()).put(Column.MILLIS, Cells.millis(row.nanos(), timing));
        }
        return c.put(Column.STATUS, row.status().label()).put(Column.CERTIFIED, row.certified() ? "yes" : "no").line();
    }

    /**
     * The row of a line (without its newline): every number finite and in range, a value exactly where the status has one.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static Row parse(String line) {
        Cells<Column> c = Cells.parse(COLUMNS, line);
        String id = c.nonEmpty(Column.DOC_ID);
        int length = (int) c.whole(Column.N, 1, Integer.MAX_VALUE);
        String method = c.nonEmpty(Column.METHOD);
        int run = (int) c.whole(Column.RUN, 1, Setting.RUNS.max());
        Status status = Status.parse(c.get(Column.STATUS));
        Double logLik = RowChecks.value(c.get(Column.LOG_LIK), c.get(Column.PERPLEXITY), Column.LOG_LIK.title(), Column.PERPLEXITY.title(),
                status, length);
        long siteUpdates = c.whole(Column.SITE_UPDATES, 0, Long.MAX_VALUE);
        long nanos = RowChecks.millisAsNanos(c.get(Column.MILLIS));
        return new Row(id, length, method, run, logLik, siteUpdates, nanos, status, c.yesOrNo(Column.CERTIFIED));
    }

    /** {@link #parse}, its problem named by file and line. */
    public static Row read(String line, Path file, long lineNumber) throws InputException {
        try {
            return parse(line);
        } catch (IllegalArgumentException e) {
            throw new InputException(file, lineNumber, e.getMessage());
        }
    }
}
