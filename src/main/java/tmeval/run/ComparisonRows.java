package tmeval.run;

import java.util.Locale;

/**
 * The {@code compare} output of INTERFACES.md, written by the command line and the workbench's export alike:
 * {@code docId N method direction run logRatio perplexityRatio siteUpdates millis}. Doubles at full precision.
 */
public final class ComparisonRows {
    public static final String HEADER = "docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\tstatus\n";

    private ComparisonRows() {
    }

    /**
     * The row of one result, refused and zero-weight runs included with empty values; null for a reference run (it
     * is the table's correlation column, not a row).
     */
    public static String line(ComparisonRunner.Result r, boolean timing) {
        if (r.reference()) {
            return null;
        }
        String head = r.documentId() + "\t" + r.length() + "\t" + r.method() + "\t" + r.direction().label() + "\t" + r.run() + "\t";
        if (r.refused()) {
            return head + "\t\t0\t0\t" + r.status().label() + "\n";
        }
        return head + r.result().logRatio() + "\t" + r.result().perplexityRatio(r.length()) + "\t" + r.result().siteUpdates() + "\t"
                + millis(r.result().nanos(), timing) + "\t" + r.status().label() + "\n";
    }

    /** The {@code millis} column: wall time, or 0 under {@code --no-timing} so that files compare byte for byte. */
    static String millis(long nanos, boolean timing) {
        return timing ? String.format(Locale.ROOT, "%.3f", nanos / 1e6) : "0";
    }
}
