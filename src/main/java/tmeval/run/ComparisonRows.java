package tmeval.run;

import tmeval.run.certify.Verdict;

import java.util.Locale;

/**
 * The {@code compare} output (formats.md, "Results (write)"), written by the command line and the workbench's export alike:
 * {@code docId N method direction run logRatio perplexityRatio siteUpdates millis status certified}. Doubles at full
 * precision. The {@code certified} column is the verdict on the document's runs by the row's method ({@link CertifiedRows}).
 */
public final class ComparisonRows {
    public static final String HEADER = "docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\tstatus\tcertified\n";

    /** With {@code --adaptive}: the temperatures of each row's last round, and whether its directions agreed. */
    public static final String HEADER_ADAPTIVE = HEADER.replace("\tcertified\n", "\tcertified\ttemperatures\tconverged\n");

    private ComparisonRows() {
    }

    /**
     * The row of one result, refused and zero-weight runs included with empty values; null for a reference run (it
     * is the table's correlation column, not a row).
     */
    public static String line(ComparisonRunner.Result r, boolean timing, Verdict verdict) {
        if (r.reference()) {
            return null;
        }
        String head = Provenance.escape(r.documentId()) + "\t" + r.length() + "\t" + r.method() + "\t" + r.direction().label() + "\t" + r.run() + "\t";
        if (r.refused()) {
            return head + "\t\t0\t0\t" + r.status().label() + "\t" + verdict.label() + "\n";
        }
        return head + r.result().logRatio() + "\t" + r.result().perplexityRatio(r.length()) + "\t" + r.result().siteUpdates() + "\t"
                + millis(r.result().nanos(), timing) + "\t" + r.status().label() + "\t" + verdict.label() + "\n";
    }

    /** An adaptive row: the plain row and its temperatures and convergence ({@code -} for a method without directions). */
    public static String line(AdaptiveComparison.Row row, boolean timing, Verdict verdict) {
        String plain = line(row.result(), timing, verdict);
        return plain.substring(0, plain.length() - 1) + "\t" + row.temperatures() + "\t"
                + (row.converged() == null ? "-" : row.converged() ? "yes" : "no") + "\n";
    }

    /** The {@code millis} column: wall time, or 0 under {@code --no-timing} so that files compare byte for byte. */
    static String millis(long nanos, boolean timing) {
        return timing ? String.format(Locale.ROOT, "%.3f", nanos / 1e6) : "0";
    }
}
