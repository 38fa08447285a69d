package tmeval.run.output;

import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.Status;
import tmeval.run.plan.Setting;

import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.io.InputException;
import tmeval.run.certify.Verdict;

import java.nio.file.Path;
import java.util.List;

/**
 * The rows of the {@code compare} output (formats.md, "Results (write)"): {@code docId N method direction run logRatio
 * perplexityRatio siteUpdates millis status certified}, and with {@code --adaptive} or {@code auto} then {@code temperatures
 * converged}. The one writer (through {@link CertifiedRows}: the command line and the workbench's export) and the one
 * reader ({@code merge}, and the workbench opening a results file through {@link ComparisonOutput}). Doubles at full
 * precision.
 */
public final class CompareRowFormat {
    /** The columns, in the header's order; a plain run's file has all but the last two. */
    public enum Column implements Cells.Column {
        DOC_ID, N, METHOD, DIRECTION, RUN, LOG_RATIO,
        PERPLEXITY_RATIO, SITE_UPDATES, MILLIS, STATUS, CERTIFIED,
        /** the temperatures of the row's last round */
        TEMPERATURES,
        /** whether the last round's directions agreed ({@code -}: a method without directions) */
        CONVERGED;
    }

    private static final List<Column> ADAPTIVE_COLUMNS = List.of(Column.values());
    private static final List<Column> PLAIN_COLUMNS = ADAPTIVE_COLUMNS.subList(0, Column.TEMPERATURES.ordinal());
    public static final String HEADER = Cells.header(PLAIN_COLUMNS);
    /** With {@code --adaptive} (and {@code auto}): the temperatures of each row's last round, and whether its directions agreed. */
    public static final String HEADER_ADAPTIVE = Cells.header(ADAPTIVE_COLUMNS);

    /**
     * One row.
     *
     * @param result the value and its cost, or null (a run without a value: its value columns are empty)
     * @param temperatures the adaptive round's temperatures, or 0 in a plain run's file
     * @param converged the adaptive round's verdict (null: no directions, or a plain run)
     */
    public record Row(String documentId, int length, String method, Direction direction, int run, RatioResult result, Status status,
                      boolean certified, int temperatures, Boolean converged) {
        /** The row of a plain run's result, with its document's verdict by its method. */
        public static Row of(ComparisonRunner.Result r, Verdict verdict) {
            return new Row(r.documentId(), r.length(), r.method(), r.direction(), r.run(), r.result(), r.status(), verdict.certified(), 0, null);
        }

        /** The row of an adaptive run's result (temperatures 0: a plain run's). */
        public static Row of(AdaptiveComparison.Row row, Verdict verdict) {
            ComparisonRunner.Result r = row.result();
            return new Row(r.documentId(), r.length(), r.method(), r.direction(), r.run(), r.result(), r.status(), verdict.certified(),
                    row.temperatures(), row.converged());
        }

        public boolean adaptive() {
            return temperatures > 0;
        }

        /** The row as the runner's result of the document at this corpus position. */
        public ComparisonRunner.Result result(int documentIndex) {
            return new ComparisonRunner.Result(documentIndex, documentId, length, method, direction, run, false, result,
                    result == null ? status.label() : null, status);
        }
    }

    private CompareRowFormat() {
    }

    /** The header of a plain or an adaptive run's file. */
    public static String header(boolean adaptive) {
        return adaptive ? HEADER_ADAPTIVE : HEADER;
    }

    /** The line of a row, with its newline: an adaptive row's with its last two columns. */
    public static String write(Row row, boolean timing) {
        Cells<Column> c = Cells.empty(row.adaptive() ? ADAPTIVE_COLUMNS : PLAIN_COLUMNS).put(Column.DOC_ID, row.documentId())
                .put(Column.N, row.length()).put(Column.METHOD, row.method()).put(Column.DIRECTION, row.direction().label())
                .put(Column.RUN, row.run());
        RatioResult r = row.result();
        if (r == null) {
            c.put(Column.LOG_RATIO, "").put(Column.PERPLEXITY_RATIO, "").put(Column.SITE_UPDATES, 0).put(Column.MILLIS, 0);
        } else {
            c.put(Column.LOG_RATIO, r.logRatio()).put(Column.PERPLEXITY_RATIO, r.perplexityRatio(row.length()))
                    .put(Column.SITE_UPDATES, r.siteUpdates()).put(Column.MILLIS, Cells.millis(r.nanos(), timing));
        }
        c.put(Column.STATUS, row.status().label()).put(Column.CERTIFIED, row.certified() ? "yes" : "no");
        if (row.adaptive()) {
            c.put(Column.TEMPERATURES, row.temperatures()).put(Column.CONVERGED, Cells.yesNoOrNone(row.converged()));
        }
        return c.line();
    }

    /**
     * The row of a line (without its newline) of a plain or an adaptive run's file: every number finite and in range, a
     * value exactly where the status has one.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static Row parse(String line, boolean adaptive) {
        Cells<Column> c = Cells.parse(adaptive ? ADAPTIVE_COLUMNS : PLAIN_COLUMNS, line);
        String id = c.nonEmpty(Column.DOC_ID);
        int length = (int) c.whole(Column.N, 1, Integer.MAX_VALUE);
        String method = c.nonEmpty(Column.METHOD);
        Direction direction = Direction.parse(c.get(Column.DIRECTION));
        int run = (int) c.whole(Column.RUN, 1, Setting.RUNS.max());
        Status status = Status.parse(c.get(Column.STATUS));
        Double logRatio = RowChecks.value(c.get(Column.LOG_RATIO), c.get(Column.PERPLEXITY_RATIO), Column.LOG_RATIO.title(),
                Column.PERPLEXITY_RATIO.title(), status, length);
        long siteUpdates = c.whole(Column.SITE_UPDATES, 0, Long.MAX_VALUE);
        long nanos = RowChecks.millisAsNanos(c.get(Column.MILLIS));
        RatioResult result = logRatio == null ? null : new RatioResult(logRatio, new double[0], siteUpdates, nanos);
        boolean certified = c.yesOrNo(Column.CERTIFIED);
        int temperatures = adaptive ? (int) c.whole(Column.TEMPERATURES, 1, Integer.MAX_VALUE) : 0;
        Boolean converged = adaptive ? c.yesNoOrNone(Column.CONVERGED) : null;
        return new Row(id, length, method, direction, run, result, status, certified, temperatures, converged);
    }

    /** {@link #parse}, its problem named by file and line. */
    public static Row read(String line, boolean adaptive, Path file, long lineNumber) throws InputException {
        try {
            return parse(line, adaptive);
        } catch (IllegalArgumentException e) {
            throw new InputException(file, lineNumber, e.getMessage());
        }
    }
}
