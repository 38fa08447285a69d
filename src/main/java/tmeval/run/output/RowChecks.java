package tmeval.run.output;

import tmeval.run.exec.Status;

/**
 * What every reader of result rows (merge, sessions, results files) demands of a row's numbers, so that nothing
 * non-finite reaches a table, a file or a summary, and no total wraps around: each method throws an
 * {@link IllegalArgumentException} saying what is wrong, for its caller to name the file and line.
 */
public final class RowChecks {
    /**
     * No estimate of N tokens lies further from 0 than this many nats a token: a double's smallest positive value is
     * e^-745, so no log probability of a token (nor a log ratio of two) comes near it. A larger value is an edited
     * one, and would overflow the summaries' sums of squares.
     */
    static final double MAX_NATS_PER_TOKEN = 1e4;

    private RowChecks() {
    }

    /** A log-likelihood or log ratio of {@code tokens} tokens: a finite number within {@link #MAX_NATS_PER_TOKEN} a token. */
    static double logValue(String text, String column, long tokens) {
        double v = finite(text, column);
        if (Math.abs(v) > MAX_NATS_PER_TOKEN * Math.max(1, tokens)) {
            throw new IllegalArgumentException(column + " " + text + " is beyond what " + tokens + " tokens can have (at most "
                    + (long) MAX_NATS_PER_TOKEN + " nats a token)");
        }
        return v;
    }

    /** A finite number (a derived column such as a perplexity). */
    public static double finite(String text, String column) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + " '" + text + "' is not a number");
        }
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(column + " is " + text + ": not a finite number");
        }
        return v;
    }

    /**
     * A value and its derived column (a log-likelihood and its perplexity, a log ratio and its perplexity ratio): both
     * there, finite, for a status with a value; both empty otherwise.
     *
     * @return the value, or null when the status has none
     */
    static Double value(String value, String derived, String column, String derivedColumn, Status status, long tokens) {
        if (status.hasValue()) {
            double v = logValue(value, column, tokens);
            finite(derived, derivedColumn);
            return v;
        }
        if (!value.isEmpty() || !derived.isEmpty()) {
            throw new IllegalArgumentException("a " + status.label() + " row has no " + column + " or " + derivedColumn + ", this one has '"
                    + value + "' and '" + derived + "'");
        }
        return null;
    }

    /** A whole number from {@code min} to {@code max}. */
    public static long whole(String text, String column, long min, long max) {
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + " '" + text + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(column + " " + v + " is out of range (" + min + " to " + max + ")");
        }
        return v;
    }

    /**
     * The {@code millis} column as nanoseconds: finite, not negative, and within a long's nanoseconds; the one conversion
     * of every reader. Rounded, not truncated: the column has three decimals (whole microseconds), and its double times
     * 1e6 can fall just below the whole number it stands for ({@code 1.001 * 1e6 = 1000999.99...}), so truncating would
     * lose a nanosecond and a sum written again (a merged curve's corpus millis) could differ from the rows it sums.
     */
    static long millisAsNanos(String text) {
        double ms = finite(text, "millis");
        if (ms < 0 || ms * 1e6 >= Long.MAX_VALUE) {
            throw new IllegalArgumentException("millis " + text + " is out of range (0 to " + (long) (Long.MAX_VALUE / 1e6) + ")");
        }
        return Math.round(ms * 1e6);
    }

    /** Sums of counts that refuse to wrap around: the site updates and nanoseconds of every row read so far. */
    public static final class Totals {
        private long siteUpdates;
        private long nanos;

        /** @throws IllegalArgumentException when a total would pass a long's range */
        public void add(long rowSiteUpdates, long rowNanos) {
            try {
                siteUpdates = Math.addExact(siteUpdates, rowSiteUpdates);
                nanos = Math.addExact(nanos, rowNanos);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("the site updates or times of the rows so far add up beyond " + Long.MAX_VALUE
                        + ": an edited value");
            }
        }
    }
}
