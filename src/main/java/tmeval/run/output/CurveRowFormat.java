package tmeval.run.output;

import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.Status;
import tmeval.run.plan.Setting;

import tmeval.io.InputException;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows of the {@code curve} output (formats.md, "Results (write)"): {@code docId N iteration method run logLik
 * siteUpdates millis}, and after each snapshot's document rows its corpus lines (docId {@code *}, one per method and run).
 * A refused estimate keeps its row with an empty {@code logLik}. The one writer ({@code curve}, and {@code merge}'s corpus
 * lines) and the one reader ({@code merge}).
 */
public final class CurveRowFormat {
    /** The columns, in the header's order. */
    public enum Column implements Cells.Column {
        DOC_ID, N, ITERATION, METHOD, RUN, LOG_LIK, SITE_UPDATES,
        MILLIS;
    }

    private static final List<Column> COLUMNS = List.of(Column.values());
    public static final String HEADER = Cells.header(COLUMNS);
    /** The docId of a corpus line. */
    public static final String CORPUS_ID = "*";

    /**
     * One row: a document's estimate at one snapshot, or a corpus line.
     *
     * @param logLik the estimate, or null when it was refused
     */
    public record Row(String documentId, long length, int iteration, String method, int run, Double logLik, long siteUpdates, long nanos) {
        /** The row of a document's estimate. */
        public static Row of(CurveRunner.Row r) {
            return new Row(r.documentId(), r.length(), r.iteration(), r.method(), r.run(), r.refused() ? null : r.logLikelihood(),
                    r.siteUpdates(), r.nanos());
        }

        /** The corpus line of a point. */
        public static Row of(CurveRunner.Point p) {
            return new Row(CORPUS_ID, p.tokens(), p.iteration(), p.method(), p.run(), p.logLikelihood(), p.siteUpdates(), p.nanos());
        }

        public boolean corpusLine() {
            return documentId.equals(CORPUS_ID);
        }

        /** A document's row as the runner's row of the document at this corpus position. */
        public CurveRunner.Row runnerRow(int documentIndex) {
            return new CurveRunner.Row(documentIndex, documentId, (int) length, iteration, method, run, logLik == null ? Double.NaN : logLik,
                    siteUpdates, nanos, logLik == null ? Status.REFUSED.label() : null);
        }
    }

    private CurveRowFormat() {
    }

    /** The line of a row, with its newline. */
    public static String write(Row row, boolean timing) {
        return Cells.empty(COLUMNS).put(Column.DOC_ID, row.documentId()).put(Column.N, row.length()).put(Column.ITERATION, row.iteration())
                .put(Column.METHOD, row.method()).put(Column.RUN, row.run()).put(Column.LOG_LIK, row.logLik() == null ? "" : row.logLik())
                .put(Column.SITE_UPDATES, row.siteUpdates()).put(Column.MILLIS, Cells.millis(row.nanos(), timing)).line();
    }

    /**
     * The row of a line (without its newline): every number finite and in range.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static Row parse(String line) {
        Cells<Column> c = Cells.parse(COLUMNS, line);
        String id = c.nonEmpty(Column.DOC_ID);
        long length = c.whole(Column.N, id.equals(CORPUS_ID) ? 0 : 1, id.equals(CORPUS_ID) ? Long.MAX_VALUE : Integer.MAX_VALUE);
        int iteration = (int) c.whole(Column.ITERATION, 0, Integer.MAX_VALUE);
        String method = c.nonEmpty(Column.METHOD);
        int run = (int) c.whole(Column.RUN, 1, Setting.RUNS.max());
        // an empty logLik is a refused estimate (the curve has no status column)
        Double logLik = c.get(Column.LOG_LIK).isEmpty() ? null : RowChecks.logValue(c.get(Column.LOG_LIK), Column.LOG_LIK.title(), length);
        return new Row(id, length, iteration, method, run, logLik, c.whole(Column.SITE_UPDATES, 0, Long.MAX_VALUE),
                RowChecks.millisAsNanos(c.get(Column.MILLIS)));
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
