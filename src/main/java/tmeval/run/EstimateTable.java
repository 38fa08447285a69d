package tmeval.run;

import java.io.IOException;
import java.io.Writer;

/**
 * The {@code estimate} output of INTERFACES.md: {@code docId N method run logLik perplexity siteUpdates millis}.
 * Doubles are written with full precision (Double.toString) so that files compare exactly across thread counts.
 */
public final class EstimateTable {
    public static final String HEADER = "docId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis\n";

    private EstimateTable() {
    }

    /** Writes one row; refused outcomes have no row (they are reported in the summary). */
    public static void write(Writer out, String method, Outcome o, boolean timing) throws IOException {
        if (o.refused()) {
            return;
        }
        var r = o.result();
        double perplexity = Math.exp(-r.logValue() / r.evaluatedTokens());
        out.write(o.documentId() + "\t" + r.evaluatedTokens() + "\t" + method + "\t" + o.run() + "\t" + r.logValue() + "\t"
                + perplexity + "\t" + r.siteUpdates() + "\t" + ComparisonRows.millis(r.nanos(), timing) + "\n");
    }
}
