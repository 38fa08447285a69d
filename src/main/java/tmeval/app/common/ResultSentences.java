package tmeval.app.common;

import tmeval.architecture.UsesNoJavaFx;
import tmeval.compare.ComparisonTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** What the results say in sentences, as the command line prints them under its table: the brackets' verdicts, an adaptive run's budgets. */
@UsesNoJavaFx
public final class ResultSentences {
    private ResultSentences() {
    }

    /**
     * For each ratio path run both ways, what its brackets decide ({@link ComparisonTable.Brackets#describe}, as
     * {@code compare} prints it) and how many of those documents are certified: no view calls a document decided
     * without saying when it is not certified.
     */
    public static List<String> brackets(Results results) {
        List<String> lines = new ArrayList<>();
        for (ComparisonTable.Brackets b : results.table().brackets()) {
            Map<ComparisonTable.Verdict, Integer> not = new java.util.EnumMap<>(ComparisonTable.Verdict.class);
            int documents = 0;
            for (ComparisonTable.PairedEstimate p : results.paired(b.method())) {
                documents++;
                tmeval.run.certify.Verdict v = results.verdicts().of(p.document(), b.method());
                if (v == null || !v.certified()) {
                    not.merge(p.verdict(), 1, Integer::sum);
                }
            }
            int uncertified = not.values().stream().mapToInt(Integer::intValue).sum();
            String line = b.describe() + String.format(Locale.ROOT, "; certified: %d of %d", documents - uncertified, documents);
            if (uncertified > 0) {
                line += String.format(Locale.ROOT, " (not certified: %d of those decided for A, %d of those for B, %d undecided)",
                        not.getOrDefault(ComparisonTable.Verdict.FOR_A, 0), not.getOrDefault(ComparisonTable.Verdict.FOR_B, 0),
                        not.getOrDefault(ComparisonTable.Verdict.UNDECIDED, 0));
            }
            lines.add(line);
        }
        return lines;
    }

    /**
     * One line per method of an adaptive run, as {@code compare --adaptive} sums it up: how many documents agreed within
     * the budget, and the temperatures they took; empty for a plain run.
     */
    public static List<String> adaptive(Results results) {
        Map<String, int[]> byMethod = new TreeMap<>(); // agreed, not agreed, least n, most n
        results.rounds().forEach((k, round) -> {
            if (round.converged() != null) {
                int[] c = byMethod.computeIfAbsent(k.method(), m -> new int[] {0, 0, Integer.MAX_VALUE, 0});
                c[round.converged() ? 0 : 1]++;
                c[2] = Math.min(c[2], round.temperatures());
                c[3] = Math.max(c[3], round.temperatures());
            }
        });
        List<String> lines = new ArrayList<>();
        byMethod.forEach((method, c) -> lines.add(String.format(Locale.ROOT,
                "%s adaptive: %d documents agreed, %d did not by the most temperatures; %d to %d temperatures per document",
                method, c[0], c[1], c[2], c[3])));
        return lines;
    }
}
