package tmeval.run;

import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code estimate} output (formats.md, "Results (write)"): {@code docId N method run logLik perplexity siteUpdates millis status},
 * one row for every (document, run), refused and zero-weight runs included with empty values. Doubles are written with
 * full precision (Double.toString) so that files compare exactly across thread counts. A document's rows are written
 * once all its runs are in, so that they are judged together ({@link DocumentVerdict}: an estimate more than twice
 * its noise below the document's variational floor is {@code below-floor}, and the document's verdict follows), and the
 * verdict is written on each of its rows and counted for the summary.
 */
public final class EstimateTable {
    public static final String HEADER = "docId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis\tstatus\tcertified\n";

    private final Writer out;
    private final String method;
    private final boolean timing;
    private final List<Outcome> document = new ArrayList<>();
    private final Map<Status, Integer> counts = new EnumMap<>(Status.class);
    private String firstBelowFloor;
    private final VerdictCounts verdicts = new VerdictCounts();
    private final String rowPrefix;

    public EstimateTable(Writer out, String method, boolean timing) {
        this(out, method, timing, "");
    }

    /** @param rowPrefix written before every row (the model's column of {@code select}'s output) */
    public EstimateTable(Writer out, String method, boolean timing, String rowPrefix) {
        this.out = out;
        this.method = method;
        this.timing = timing;
        this.rowPrefix = rowPrefix;
    }

    /** Takes outcomes in document order (a document's runs together). */
    public void add(Outcome o) throws IOException {
        if (!document.isEmpty() && document.get(0).documentIndex() != o.documentIndex()) {
            flush();
        }
        document.add(o);
    }

    /** Writes the last document's rows. */
    public void finish() throws IOException {
        flush();
    }

    /** How many rows got each status. */
    public int count(Status s) {
        return counts.getOrDefault(s, 0);
    }

    /** The documents' verdicts, counted by reason. */
    public VerdictCounts verdicts() {
        return verdicts;
    }

    /** The summary's lines: the documents certified and why the others are not, then the rows that are not plain estimates. */
    public String report() {
        StringBuilder sb = new StringBuilder(verdicts.report());
        if (count(Status.BELOW_FLOOR) > 0) {
            sb.append(count(Status.BELOW_FLOOR)).append(" estimates lie below the variational lower bound vb by more than twice their")
                    .append(" own noise (status below-floor), so they cannot be right: use more samples or temperatures, or")
                    .append(" another method; first: ").append(firstBelowFloor).append('\n');
        }
        if (count(Status.ZERO_WEIGHT) > 0) {
            sb.append(count(Status.ZERO_WEIGHT)).append(" runs had every importance sample at weight zero (status zero-weight,")
                    .append(" value empty): they count as probability zero, not as missing\n");
        }
        return sb.toString();
    }

    private void flush() throws IOException {
        if (document.isEmpty()) {
            return;
        }
        DocumentVerdict judged = DocumentVerdict.of(method, document);
        Status[] statuses = judged.statuses();
        for (int i = 0; i < statuses.length; i++) {
            Outcome o = document.get(i);
            if (statuses[i] == Status.BELOW_FLOOR && firstBelowFloor == null) {
                firstBelowFloor = String.format(java.util.Locale.ROOT, "document %s run %d, %.4f against the floor %.4f",
                        o.documentId(), o.run(), o.result().logValue(), document.get(0).floor());
            }
            counts.merge(statuses[i], 1, Integer::sum);
        }
        verdicts.add(method, judged.verdict());
        for (int i = 0; i < statuses.length; i++) {
            out.write(rowPrefix + line(document.get(i), statuses[i], judged.verdict()));
        }
        document.clear();
    }

    private String line(Outcome o, Status status, Verdict verdict) {
        var r = o.result();
        if (r == null) {
            return Provenance.escape(o.documentId()) + "\t" + o.length() + "\t" + method + "\t" + o.run() + "\t\t\t0\t0\t" + status.label()
                    + "\t" + verdict.label() + "\n";
        }
        double perplexity = Math.exp(-r.logValue() / r.evaluatedTokens());
        return Provenance.escape(o.documentId()) + "\t" + r.evaluatedTokens() + "\t" + method + "\t" + o.run() + "\t" + r.logValue() + "\t"
                + perplexity + "\t" + r.siteUpdates() + "\t" + ComparisonRows.millis(r.nanos(), timing) + "\t" + status.label() + "\t"
                + verdict.label() + "\n";
    }
}
