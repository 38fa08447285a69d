package tmeval.run.output;

import tmeval.run.certify.DocumentVerdict;
import tmeval.run.exec.Outcome;
import tmeval.run.exec.Status;

import tmeval.run.certify.VerdictCounts;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the {@code estimate} output's rows ({@link EstimateRowFormat}; with a model's name before each, {@code select}'s,
 * {@link SelectRowFormat}), one for every (document, run). A document's rows are written
 * once all its runs are in, so that they are judged together ({@link DocumentVerdict}: an estimate more than twice
 * its noise below the document's variational floor is {@code below-floor}, and the document's verdict follows), and the
 * verdict is written on each of its rows and counted for the summary.
 */
public final class EstimateTable {
    private final Writer out;
    private final boolean timing;
    private final List<Outcome> document = new ArrayList<>();
    private final Map<Status, Integer> counts = new EnumMap<>(Status.class);
    private String firstBelowFloor;
    private final VerdictCounts verdicts = new VerdictCounts();
    /** The model's name of {@code select}'s rows, or null for {@code estimate}'s. */
    private final String model;

    public EstimateTable(Writer out, boolean timing) {
        this(out, timing, null);
    }

    /** @param model the model's name, written before every row as {@code select}'s output has it ({@link SelectRowFormat}) */
    public EstimateTable(Writer out, boolean timing, String model) {
        this.out = out;
        this.timing = timing;
        this.model = model;
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
        // the method that produced the document's runs: the plan's, or auto's fallback where it certified the document
        String method = document.get(0).method();
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
            EstimateRowFormat.Row row = EstimateRowFormat.Row.of(document.get(i), method, statuses[i], judged.verdict());
            out.write(model == null ? EstimateRowFormat.write(row, timing) : SelectRowFormat.write(new SelectRowFormat.Row(model, row), timing));
        }
        document.clear();
    }
}
