package tmeval.run;

import tmeval.estimate.Methods;
import tmeval.run.certify.Certification;
import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;
import tmeval.sampling.LogMath;

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
 * once all its runs are in, so that each estimate can be set against the document's variational floor with the
 * run-to-run noise known: an estimate more than twice its noise below the floor is {@code below-floor}; and each
 * document's verdict ({@link Certification}) is known, written on each of its rows and counted for the summary.
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
        double floor = document.get(0).floor();
        double noise = noise(document);
        Status[] statuses = new Status[document.size()];
        double[] values = new double[document.size()];
        for (int i = 0; i < statuses.length; i++) {
            Outcome o = document.get(i);
            Status status = o.status();
            if (status == Status.OK && o.result().logValue() < floor - Math.max(2 * noise, 1e-9)) {
                status = Status.BELOW_FLOOR;
                if (firstBelowFloor == null) {
                    firstBelowFloor = String.format(java.util.Locale.ROOT, "document %s run %d, %.4f against the floor %.4f",
                            o.documentId(), o.run(), o.result().logValue(), floor);
                }
            }
            counts.merge(status, 1, Integer::sum);
            statuses[i] = status;
            values[i] = o.result() == null ? Double.NaN : o.result().logValue();
        }
        Verdict verdict = Certification.ofRuns(Methods.guarantee(method), Methods.scoredTokens(method, document.get(0).length()), statuses, values);
        verdicts.add(method, verdict);
        for (int i = 0; i < statuses.length; i++) {
            out.write(rowPrefix + line(document.get(i), statuses[i], verdict));
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

    /**
     * The noise of one estimate of this document: the standard deviation across its runs, or with one run the
     * delta-method standard error of the log of a mean of importance weights; 0 when neither is known.
     */
    static double noise(List<Outcome> runs) {
        List<Double> values = new ArrayList<>();
        for (Outcome o : runs) {
            if (o.result() != null) {
                values.add(o.result().logValue());
            }
        }
        if (values.size() >= 2) {
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            return Math.sqrt(squares / (values.size() - 1));
        }
        if (values.size() == 1) {
            double[] w = runs.stream().filter(o -> o.result() != null).findFirst().orElseThrow().result().logWeights();
            if (w.length >= 2) {
                double[] sums = LogMath.shiftedWeightSums(w);
                double mean = sums[0] / w.length;
                double squares = sums[1];
                double variance = Math.max(0, squares / w.length - mean * mean) * w.length / (w.length - 1);
                return mean > 0 ? Math.sqrt(variance / w.length) / mean : 0;
            }
        }
        return 0;
    }
}
