package tmeval.app.common;

import tmeval.run.certify.ComparisonVerdicts;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The verdict on each document's results by each method, by the rule of the {@code certified} column {@code compare}
 * writes ({@link ComparisonVerdicts#byMethod}), for the results on screen. A document's verdicts are reached when first asked
 * for after its results change, so a batch of results costs its own documents, not the corpus. Kept by {@link Results}.
 */
public final class ResultVerdicts {
    /** The results of each document with any, by corpus position. */
    private final Map<Integer, List<ComparisonRunner.Result>> byDocument = new TreeMap<>();
    private final Map<Integer, Map<String, Verdict>> verdicts = new HashMap<>();
    private VerdictCounts counts;

    ResultVerdicts() {
    }

    /** A batch joined the results: its documents' verdicts are reached again when next asked for. */
    void added(List<ComparisonRunner.Result> batch) {
        for (ComparisonRunner.Result r : batch) {
            byDocument.computeIfAbsent(r.documentIndex(), d -> new ArrayList<>()).add(r);
            verdicts.remove(r.documentIndex());
        }
        counts = null;
    }

    /** The results are now these (after a reset, or rows superseded). */
    void replaced(List<ComparisonRunner.Result> all) {
        byDocument.clear();
        verdicts.clear();
        added(all);
    }

    /** The verdicts on a document by method (empty when it has no results). */
    public Map<String, Verdict> of(int document) {
        List<ComparisonRunner.Result> rows = byDocument.get(document);
        if (rows == null) {
            return Map.of();
        }
        return verdicts.computeIfAbsent(document, d -> ComparisonVerdicts.byMethod(rows));
    }

    /** The verdict on a document by a method, or null when the method has no result for it. */
    public Verdict of(int document, String method) {
        return of(document).get(method);
    }

    /** The documents counted by method and reason, as the summary of {@code compare} counts them. */
    public VerdictCounts counts() {
        if (counts == null) {
            VerdictCounts c = new VerdictCounts();
            for (int d : byDocument.keySet()) {
                of(d).forEach(c::add);
            }
            counts = c;
        }
        return counts;
    }

    /** "299 of 300" documents of a method certified ("0 of 0" before it has any). */
    public String certifiedOf(String method) {
        return counts().certified(method) + " of " + counts().documents(method);
    }

    /**
     * A verdict in short lines, for a chart's hover text ({@link Verdict#describe}: "not certified:", the reason, its
     * numbers); "no verdict yet" for null.
     */
    public static String inLines(Verdict v) {
        return v == null ? "no verdict yet" : v.describe().replaceFirst(": ", ":\n").replaceFirst(" \\((gap|s\\.e\\.) ", "\n($1 ");
    }

    /** The line of the summary of {@code compare} for a method (how many certified, why the others not), or "" without results. */
    public String line(String method) {
        return counts().methods().contains(method) ? counts().line(method) : "";
    }
}
