package tmeval.run.output;

import tmeval.compare.ComparisonTable;
import tmeval.run.certify.VerdictCounts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The answer first: the one line that says which model predicts better, by how much (nats per token and the corpus
 * perplexity ratio, each with its 95% interval), how many documents are certified, and whether the methods agree.
 * {@code compare}'s summary opens with it and the workbench shows it above its results, from the same rows, so the two
 * cannot differ. The answer is one method's: auto's choice when auto ran, otherwise the method that certifies the most
 * documents (the first in the table's order among equals). Its cost is the number of methods squared, not the corpus's.
 */
public final class ComparisonAnswer {
    private ComparisonAnswer() {
    }

    /**
     * @param rows      the summary table's rows ({@link ComparisonTable#rows})
     * @param verdicts  the documents each method certifies
     * @param preferred the method whose answer to give when it has one (auto's choice), or null
     * @param partial   the rows are not all their job meant to produce (running, or cancelled)
     */
    public static String line(List<ComparisonTable.Row> rows, VerdictCounts verdicts, String preferred, boolean partial) {
        String prefix = partial ? "Partial answer: " : "Answer: ";
        List<ComparisonTable.MethodInterval> intervals = ComparisonTable.methodIntervals(rows);
        if (intervals.isEmpty()) {
            return prefix + "none yet (a method needs results on two documents for its 95% interval).";
        }
        ComparisonTable.MethodInterval chosen = chosen(intervals, verdicts, preferred);
        return prefix + size(chosen) + String.format(Locale.ROOT, " by %s; %d of %d documents certified; %s.", chosen.method(),
                verdicts.certified(chosen.method()), verdicts.documents(chosen.method()),
                agreement(rows, intervals, verdicts, chosen, chosen.method().equals(preferred) ? "auto's choice" : "the method that certifies the most documents"));
    }

    /** The preferred method when it has an interval, else the one that certifies the most documents. */
    private static ComparisonTable.MethodInterval chosen(List<ComparisonTable.MethodInterval> intervals, VerdictCounts verdicts, String preferred) {
        ComparisonTable.MethodInterval best = intervals.get(0);
        for (ComparisonTable.MethodInterval m : intervals) {
            if (m.method().equals(preferred)) {
                return m;
            }
            if (verdicts.certified(m.method()) > verdicts.certified(best.method())) {
                best = m;
            }
        }
        return best;
    }

    /**
     * "A predicts better by 0.0042 nats per token (95% bootstrap interval over the documents 0.0031 to 0.0053; corpus
     * perplexity ratio A/B 0.9958, 0.9947 to 0.9969)": the log ratio per token is -log of the perplexity ratio, so its
     * interval is the ratio's (the table's bootstrap over documents), turned over.
     */
    static String size(ComparisonTable.MethodInterval m) {
        double perToken = -Math.log(m.ratio());
        double low = -Math.log(m.high());
        double high = -Math.log(m.low());
        String ratio = String.format(Locale.ROOT, "corpus perplexity ratio A/B %.4f, %.4f to %.4f", m.ratio(), m.low(), m.high());
        String label = IntervalLabel.bootstrap();
        if (m.high() < 1 || m.low() > 1) {
            boolean a = m.high() < 1;
            return String.format(Locale.ROOT, "%s predicts better by %.4g nats per token (%s %.4g to %.4g; %s)", a ? "A" : "B",
                    Math.abs(perToken), label, a ? low : -high, a ? high : -low, ratio);
        }
        return String.format(Locale.ROOT, "cannot tell A from B: log P(A) - log P(B) %.4g nats per token (%s %.4g to %.4g; %s)", perToken,
                label, low, high, ratio);
    }

    /** Whether the methods agree; when some disagree, what each of those says and how many documents each certifies. */
    private static String agreement(List<ComparisonTable.Row> rows, List<ComparisonTable.MethodInterval> intervals, VerdictCounts verdicts,
                                    ComparisonTable.MethodInterval chosen, String why) {
        if (intervals.size() == 1) {
            return "one method, no other to agree with";
        }
        List<ComparisonTable.Disagreement> disagreements = ComparisonTable.disagreements(rows);
        if (disagreements.isEmpty()) {
            return String.format(Locale.ROOT, "the %d methods agree (their 95%% intervals overlap)", intervals.size());
        }
        Set<String> involved = new LinkedHashSet<>();
        disagreements.forEach(d -> {
            involved.add(d.first().method());
            involved.add(d.second().method());
        });
        List<String> said = new ArrayList<>();
        for (ComparisonTable.MethodInterval m : intervals) {
            if (involved.contains(m.method())) {
                said.add(String.format(Locale.ROOT, "%s %.4f (%s; %d of %d certified)", m.method(), m.ratio(), m.answer(),
                        verdicts.certified(m.method()), verdicts.documents(m.method())));
            }
        }
        return "methods DISAGREE (95% intervals exclude each other): " + String.join(", ", said) + "; the answer is " + chosen.method()
                + "'s, " + why;
    }

    /**
     * What one method's 95% corpus interval says ("A predicts better", "B predicts better", "cannot tell A from B", or "no
     * interval" before two documents) and the methods whose intervals exclude its own ("disagrees with" and their names):
     * the verdict column of the workbench's table and of the report.
     */
    public static String status(String method, List<ComparisonTable.Row> rows) {
        String answer = ComparisonTable.methodIntervals(rows).stream().filter(m -> m.method().equals(method))
                .map(ComparisonTable.MethodInterval::answer).findFirst().orElse("no interval");
        List<String> others = new ArrayList<>();
        for (ComparisonTable.Disagreement d : ComparisonTable.disagreements(rows)) {
            if (d.first().method().equals(method)) {
                others.add(d.second().method());
            } else if (d.second().method().equals(method)) {
                others.add(d.first().method());
            }
        }
        return answer + (others.isEmpty() ? "" : "; disagrees with " + String.join(" and ", others));
    }
}
