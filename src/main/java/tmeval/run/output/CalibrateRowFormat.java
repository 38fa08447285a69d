package tmeval.run.output;

import tmeval.run.exec.Calibration;
import tmeval.run.exec.Status;

import tmeval.io.InputException;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows of the {@code calibrate} output (formats.md, "Results (write)"): {@code docId N method budget lower upper
 * upperTemperatures width widthPerToken millis status}, one row per simulated document, method and budget. A document the
 * method refuses keeps its row with {@code refused} and empty bounds and widths, never NaN.
 */
public final class CalibrateRowFormat {
    /** The columns, in the header's order. */
    public enum Column implements Cells.Column {
        DOC_ID, N, METHOD, BUDGET, LOWER, UPPER, UPPER_TEMPERATURES,
        WIDTH, WIDTH_PER_TOKEN, MILLIS, STATUS;
    }

    private static final List<Column> COLUMNS = List.of(Column.values());
    public static final String HEADER = Cells.header(COLUMNS);

    private CalibrateRowFormat() {
    }

    /** The line of a row, with its newline. */
    public static String write(Calibration.Row r, boolean timing) {
        Cells<Column> c = Cells.empty(COLUMNS).put(Column.DOC_ID, r.documentId()).put(Column.N, r.length()).put(Column.METHOD, r.method())
                .put(Column.BUDGET, r.budget()).put(Column.UPPER_TEMPERATURES, r.upperTemperatures()).put(Column.MILLIS, Cells.millis(r.nanos(), timing));
        if (r.ok()) {
            c.put(Column.LOWER, r.lower()).put(Column.UPPER, r.upper()).put(Column.WIDTH, r.width()).put(Column.WIDTH_PER_TOKEN, r.width() / r.length())
                    .put(Column.STATUS, Status.OK.label());
        } else {
            c.put(Column.LOWER, "").put(Column.UPPER, "").put(Column.WIDTH, "").put(Column.WIDTH_PER_TOKEN, "").put(Column.STATUS, Status.REFUSED.label());
        }
        return c.line();
    }

    /**
     * The row of a line (without its newline), as the row of the simulated document at this position; a refused row's
     * reason is not in the file, and reads as {@code refused}.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static Calibration.Row parse(String line, int document) {
        Cells<Column> c = Cells.parse(COLUMNS, line);
        String id = c.nonEmpty(Column.DOC_ID);
        int length = (int) c.whole(Column.N, 1, Integer.MAX_VALUE);
        String method = c.nonEmpty(Column.METHOD);
        int budget = (int) c.whole(Column.BUDGET, 1, Integer.MAX_VALUE);
        int upperTemperatures = (int) c.whole(Column.UPPER_TEMPERATURES, 1, Integer.MAX_VALUE);
        long nanos = RowChecks.millisAsNanos(c.get(Column.MILLIS));
        Status status = Status.parse(c.get(Column.STATUS));
        if (status == Status.OK) {
            double lower = RowChecks.logValue(c.get(Column.LOWER), Column.LOWER.title(), length);
            double upper = RowChecks.logValue(c.get(Column.UPPER), Column.UPPER.title(), length);
            RowChecks.finite(c.get(Column.WIDTH), Column.WIDTH.title());
            RowChecks.finite(c.get(Column.WIDTH_PER_TOKEN), Column.WIDTH_PER_TOKEN.title());
            return new Calibration.Row(document, id, length, method, budget, lower, upper, upperTemperatures, nanos, null);
        }
        if (status != Status.REFUSED) {
            throw new IllegalArgumentException("calibrate's status is ok or refused, was '" + status.label() + "'");
        }
        for (Column empty : List.of(Column.LOWER, Column.UPPER, Column.WIDTH, Column.WIDTH_PER_TOKEN)) {
            if (!c.get(empty).isEmpty()) {
                throw new IllegalArgumentException("a refused row has no " + empty.title() + ", this one has '" + c.get(empty) + "'");
            }
        }
        return new Calibration.Row(document, id, length, method, budget, Double.NaN, Double.NaN, upperTemperatures, nanos, Status.REFUSED.label());
    }

    /** {@link #parse}, its problem named by file and line. */
    public static Calibration.Row read(String line, int document, Path file, long lineNumber) throws InputException {
        try {
            return parse(line, document);
        } catch (IllegalArgumentException e) {
            throw new InputException(file, lineNumber, e.getMessage());
        }
    }
}
