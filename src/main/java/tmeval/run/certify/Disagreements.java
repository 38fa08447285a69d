package tmeval.run.certify;

import tmeval.compare.ComparisonTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Disagreement is never silent: when two methods' 95% corpus intervals exclude each other
 * ({@link ComparisonTable#disagreements}), the summary of {@code compare} and {@code merge}, the variance table and every
 * view of the results say so, in the sentence made here, with how many documents each of the two certifies.
 */
public final class Disagreements {
    private Disagreements() {
    }

    /** One sentence per pair of methods of the table's rows whose corpus intervals exclude each other; none when all overlap. */
    public static List<String> of(List<ComparisonTable.Row> rows, VerdictCounts verdicts) {
        List<String> out = new ArrayList<>();
        for (ComparisonTable.Disagreement d : ComparisonTable.disagreements(rows)) {
            out.add(describe(d, verdicts));
        }
        return out;
    }

    /**
     * "ratio-convex and ais-diff disagree: corpus perplexity ratio 0.9958 (95% 0.9947 to 0.9969: A predicts better) by
     * ratio-convex, 1.0081 (95% 1.0020 to 1.0151: B predicts better) by ais-diff; the intervals exclude each other.
     * ratio-convex: 299 of 300 documents certified, ais-diff: 15 of 300."
     */
    static String describe(ComparisonTable.Disagreement d, VerdictCounts verdicts) {
        ComparisonTable.MethodInterval a = d.first();
        ComparisonTable.MethodInterval b = d.second();
        return String.format(Locale.ROOT, "%s and %s disagree: corpus perplexity ratio %s by %s, %s by %s; the intervals exclude each other."
                        + " %s: %d of %d documents certified, %s: %d of %d.", a.method(), b.method(), interval(a), a.method(), interval(b),
                b.method(), a.method(), verdicts.certified(a.method()), verdicts.documents(a.method()), b.method(),
                verdicts.certified(b.method()), verdicts.documents(b.method()));
    }

    /**
     * All the disagreements in a few lines, for the banner above a view: what each method that disagrees says, the pairs
     * whose intervals exclude each other, and how many documents each certifies; "" when none do. "Methods disagree on the
     * corpus perplexity ratio: ratio-convex 0.9958 and lr-diff 0.9948: A predicts better; ais-diff 1.0081: B predicts
     * better. 95% intervals that exclude each other: ratio-convex and ais-diff, ais-diff and lr-diff. Documents certified:
     * ratio-convex 299 of 300, ais-diff 15 of 300, lr-diff 51 of 300."
     */
    public static String summary(List<ComparisonTable.Row> rows, VerdictCounts verdicts) {
        List<ComparisonTable.Disagreement> all = ComparisonTable.disagreements(rows);
        if (all.isEmpty()) {
            return "";
        }
        List<ComparisonTable.MethodInterval> involved = new ArrayList<>();
        for (ComparisonTable.MethodInterval m : ComparisonTable.methodIntervals(rows)) {
            if (all.stream().anyMatch(d -> d.first().method().equals(m.method()) || d.second().method().equals(m.method()))) {
                involved.add(m);
            }
        }
        java.util.Map<String, List<String>> byAnswer = new java.util.LinkedHashMap<>();
        for (ComparisonTable.MethodInterval m : involved) {
            byAnswer.computeIfAbsent(m.answer(), a -> new ArrayList<>()).add(String.format(Locale.ROOT, "%s %.4f", m.method(), m.ratio()));
        }
        List<String> answers = new ArrayList<>();
        byAnswer.forEach((answer, methods) -> answers.add(and(methods) + ": " + answer));
        List<String> pairs = new ArrayList<>();
        all.forEach(d -> pairs.add(d.first().method() + " and " + d.second().method()));
        List<String> certified = new ArrayList<>();
        involved.forEach(m -> certified.add(m.method() + " " + verdicts.certified(m.method()) + " of " + verdicts.documents(m.method())));
        return "Methods disagree on the corpus perplexity ratio: " + String.join("; ", answers) + ". 95% intervals that exclude each other: "
                + String.join(", ", pairs) + ". Documents certified: " + String.join(", ", certified) + ".";
    }

    /** "a", "a and b", "a, b and c". */
    private static String and(List<String> items) {
        return items.size() == 1 ? items.get(0) : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String interval(ComparisonTable.MethodInterval m) {
        return String.format(Locale.ROOT, "%.4f (95%% %.4f to %.4f: %s)", m.ratio(), m.low(), m.high(), m.answer());
    }
}
