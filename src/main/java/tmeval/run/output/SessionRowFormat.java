package tmeval.run.output;

import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.Status;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Setting;

import tmeval.compare.Direction;
import tmeval.compare.RatioResult;

import java.util.List;

/**
 * The rows of a workbench session ({@link SessionFile}): its {@code result} lines, one per run of a method on a document
 * as the workbench holds it, and its {@code round} lines, an adaptive run's last round of each document and method.
 * <pre>
 * result  docIndex docId N method direction run reference(0/1) logRatio siteUpdates nanos status refusal
 * round   docIndex method temperatures converged(yes/no/-)
 * </pre>
 * Times are kept in nanoseconds, as the runner measured them. A result without a value keeps its row with an empty
 * logRatio, its status and the reason. Results of sessions written before statuses were kept have 11 fields (no status,
 * no refusal) and read as {@code ok}.
 */
public final class SessionRowFormat {
    /** The first field of a result line. */
    public static final String RESULT = "result";
    /** The first field of a round line. */
    public static final String ROUND = "round";

    /** The columns of a result line. */
    public enum ResultColumn implements Cells.Column {
        RECORD, DOC_INDEX {
            @Override
            public String title() {
                return "document index";
            }
        }, DOC_ID, N, METHOD, DIRECTION, RUN,
        REFERENCE {
            @Override
            public String title() {
                return "reference flag";
            }
        }, LOG_RATIO, SITE_UPDATES, NANOS, STATUS,
        REFUSAL;
    }

    /** The columns of a round line. */
    public enum RoundColumn implements Cells.Column {
        RECORD, DOC_INDEX {
            @Override
            public String title() {
                return "document index";
            }
        }, METHOD, TEMPERATURES, CONVERGED;
    }

    /** The comma-separated fields of a curve point, as a session keeps the curves on screen ({@code curves.points}). */
    public enum PointColumn implements Cells.Column {
        ITERATION, METHOD, RUN, TOKENS, LOG_LIK, SITE_UPDATES,
        NANOS, VARIANCE, REFUSED;
    }

    private static final List<PointColumn> POINT_COLUMNS = List.of(PointColumn.values());
    private static final char POINT_SEPARATOR = ',';

    private static final List<ResultColumn> RESULT_COLUMNS = List.of(ResultColumn.values());
    /** A result line of a session written before statuses were kept. */
    private static final List<ResultColumn> OLD_RESULT_COLUMNS = RESULT_COLUMNS.subList(0, ResultColumn.STATUS.ordinal());
    private static final List<RoundColumn> ROUND_COLUMNS = List.of(RoundColumn.values());

    private SessionRowFormat() {
    }

    /** The result line of a run, with its newline. */
    public static String write(ComparisonRunner.Result r) {
        Cells<ResultColumn> c = Cells.empty(RESULT_COLUMNS).put(ResultColumn.RECORD, RESULT).put(ResultColumn.DOC_INDEX, r.documentIndex())
                .put(ResultColumn.DOC_ID, r.documentId()).put(ResultColumn.N, r.length()).put(ResultColumn.METHOD, r.method())
                .put(ResultColumn.DIRECTION, r.direction().name()).put(ResultColumn.RUN, r.run())
                .put(ResultColumn.REFERENCE, r.reference() ? 1 : 0);
        if (r.refused()) {
            c.put(ResultColumn.LOG_RATIO, "").put(ResultColumn.SITE_UPDATES, 0).put(ResultColumn.NANOS, 0);
        } else {
            c.put(ResultColumn.LOG_RATIO, r.result().logRatio()).put(ResultColumn.SITE_UPDATES, r.result().siteUpdates())
                    .put(ResultColumn.NANOS, r.result().nanos());
        }
        return c.put(ResultColumn.STATUS, r.status().label()).put(ResultColumn.REFUSAL, r.refusal() == null ? "" : r.refusal()).line();
    }

    /** The round line, with its newline. */
    public static String write(SessionFile.Round round) {
        return Cells.empty(ROUND_COLUMNS).put(RoundColumn.RECORD, ROUND).put(RoundColumn.DOC_INDEX, round.documentIndex())
                .put(RoundColumn.METHOD, round.method()).put(RoundColumn.TEMPERATURES, round.temperatures())
                .put(RoundColumn.CONVERGED, Cells.yesNoOrNone(round.converged())).line();
    }

    /**
     * The run of a result line (without its newline): every number in its range, a value exactly where the status has one.
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static ComparisonRunner.Result parseResult(String line) {
        boolean old = Cells.count(line) == OLD_RESULT_COLUMNS.size();
        Cells<ResultColumn> c = Cells.parse(old ? OLD_RESULT_COLUMNS : RESULT_COLUMNS, line);
        int doc = (int) c.whole(ResultColumn.DOC_INDEX, 0, Integer.MAX_VALUE - 1);
        String id = c.nonEmpty(ResultColumn.DOC_ID);
        int length = (int) c.whole(ResultColumn.N, 1, Integer.MAX_VALUE);
        Direction direction;
        try {
            direction = Direction.valueOf(c.get(ResultColumn.DIRECTION));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown direction '" + c.get(ResultColumn.DIRECTION) + "'");
        }
        int run = (int) c.whole(ResultColumn.RUN, 1, Setting.RUNS.max());
        boolean reference = c.whole(ResultColumn.REFERENCE, 0, 1) == 1;
        String method = c.nonEmpty(ResultColumn.METHOD);
        Status status = old ? Status.OK : Status.parse(c.get(ResultColumn.STATUS));
        if (!status.hasValue()) {
            if (!c.get(ResultColumn.LOG_RATIO).isEmpty()) {
                throw new IllegalArgumentException("a " + status.label() + " result has no logRatio, this one has '" + c.get(ResultColumn.LOG_RATIO)
                        + "'");
            }
            String refusal = c.get(ResultColumn.REFUSAL);
            return new ComparisonRunner.Result(doc, id, length, method, direction, run, reference, null, refusal.isEmpty() ? status.label() : refusal,
                    status);
        }
        double logRatio = RowChecks.logValue(c.get(ResultColumn.LOG_RATIO), ResultColumn.LOG_RATIO.title(), length);
        long siteUpdates = c.whole(ResultColumn.SITE_UPDATES, 0, Long.MAX_VALUE);
        long nanos = c.whole(ResultColumn.NANOS, 0, Long.MAX_VALUE);
        return new ComparisonRunner.Result(doc, id, length, method, direction, run, reference, new RatioResult(logRatio, new double[0], siteUpdates,
                nanos), null, status);
    }

    /**
     * The round of a round line (without its newline).
     *
     * @throws IllegalArgumentException saying what is wrong, for the caller to name the file and line
     */
    public static SessionFile.Round parseRound(String line) {
        Cells<RoundColumn> c = Cells.parse(ROUND_COLUMNS, line);
        return new SessionFile.Round((int) c.whole(RoundColumn.DOC_INDEX, 0, Integer.MAX_VALUE - 1), c.nonEmpty(RoundColumn.METHOD),
                (int) c.whole(RoundColumn.TEMPERATURES, 1, Integer.MAX_VALUE), c.yesNoOrNone(RoundColumn.CONVERGED));
    }

    /** A curve point as one field of a session's {@code curves.points} setting. */
    public static String write(CurveRunner.Point p) {
        String line = Cells.empty(POINT_COLUMNS, POINT_SEPARATOR).put(PointColumn.ITERATION, p.iteration()).put(PointColumn.METHOD, p.method())
                .put(PointColumn.RUN, p.run()).put(PointColumn.TOKENS, p.tokens()).put(PointColumn.LOG_LIK, p.logLikelihood())
                .put(PointColumn.SITE_UPDATES, p.siteUpdates()).put(PointColumn.NANOS, p.nanos())
                .put(PointColumn.VARIANCE, p.perDocumentVariance() == null ? "" : p.perDocumentVariance()).put(PointColumn.REFUSED, p.refused())
                .line();
        return line.substring(0, line.length() - 1);
    }

    /**
     * The point {@link #write(CurveRunner.Point)} wrote; every number in its range and finite, so that nothing non-finite
     * reaches the curves.
     *
     * @throws IllegalArgumentException naming the field that is wrong
     */
    public static CurveRunner.Point parsePoint(String text) {
        Cells<PointColumn> c = Cells.parse(POINT_COLUMNS, text, POINT_SEPARATOR);
        String method = c.get(PointColumn.METHOD);
        if (!CurvePlan.CURVE_METHODS.contains(method)) {
            throw new IllegalArgumentException("a curve point of unknown method '" + method + "' (" + String.join(", ", CurvePlan.CURVE_METHODS) + ")");
        }
        long tokens = c.whole(PointColumn.TOKENS, 0, Long.MAX_VALUE);
        String varianceText = c.get(PointColumn.VARIANCE);
        Double variance = varianceText.isEmpty() ? null : RowChecks.finite(varianceText, PointColumn.VARIANCE.title());
        if (variance != null && variance < 0) {
            throw new IllegalArgumentException("variance " + varianceText + " is negative");
        }
        return new CurveRunner.Point((int) c.whole(PointColumn.ITERATION, 0, Integer.MAX_VALUE), method,
                (int) c.whole(PointColumn.RUN, 1, Setting.RUNS.max()), tokens,
                RowChecks.logValue(c.get(PointColumn.LOG_LIK), PointColumn.LOG_LIK.title(), tokens),
                c.whole(PointColumn.SITE_UPDATES, 0, Long.MAX_VALUE), c.whole(PointColumn.NANOS, 0, Long.MAX_VALUE), variance,
                (int) c.whole(PointColumn.REFUSED, 0, Integer.MAX_VALUE));
    }
}
