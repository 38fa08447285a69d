package tmeval.run.output;

import tmeval.compare.ComparisonTable;
import tmeval.compare.ConvergenceCheck;
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
 * documents among those whose two annealing directions agree (the first in the table's order among equals). A number the
 * tool knows may be wrong never stands without its verdict: the line says when a method's directions disagree and when
 * the answer's method certifies under {@link VerdictCounts#SETTLED_SHARE} of its documents ("NOT SETTLED"), and "the
 * methods agree" counts only the methods that are settled and converged. Its cost is the number of methods squared, not
 * the corpus's.
 */
public final class ComparisonAnswer {
    private ComparisonAnswer() {
    }

    /**
     * @param rows      the summary table's rows ({@link ComparisonTable#rows})
     * @param verdicts  the documents each method certifies
     * @param checks    the forward/reverse check of each method run both ways ({@link ComparisonTable#convergenceChecks})
     * @param preferred the method whose answer to give when it has one (auto's choice), or null
     * @param partial   the rows are not all their job meant to produce (running, or cancelled)
     */
    public static String line(List<ComparisonTable.Row> rows, VerdictCounts verdicts, List<ConvergenceCheck> checks, String preferred,
                              boolean partial) {
        String prefix = partial ? "Partial answer" : "Answer";
        List<ComparisonTable.MethodInterval> intervals = ComparisonTable.methodIntervals(rows);
        if (intervals.isEmpty()) {
            return prefix + ": none yet (a method needs results on two documents for its 95% interval).";
        }
        Set<String> failed = new LinkedHashSet<>();
        checks.stream().filter(ConvergenceCheck::failed).forEach(c -> failed.add(c.method()));
        ComparisonTable.MethodInterval chosen = chosen(intervals, verdicts, failed, preferred);
        String method = chosen.method();
        boolean settled = verdicts.settled(method) && !failed.contains(method);
        String certified = String.format(Locale.ROOT, "%d of %d documents certified", verdicts.certified(method), verdicts.documents(method));
        if (!verdicts.settled(method)) {
            certified = "only " + certified + String.format(Locale.ROOT, " (under %.0f%%%s)", 100 * VerdictCounts.SETTLED_SHARE,
                    intervals.stream().anyMatch(m -> verdicts.settled(m.method()) && !failed.contains(m.method())) ? ""
                            : method.equals(preferred) ? "; auto raised each document's budget while a larger one could certify it,"
                            + " so more would not help: each row's verdict says why"
                            : "; no converged method certifies enough documents: use more temperatures, samples or runs");
        }
        return prefix + (settled ? ": " : ", NOT SETTLED: ") + size(chosen) + " by " + method + "; " + certified + "; "
                + directions(checks) + agreement(rows, intervals, verdicts, failed, chosen,
                method.equals(preferred) ? "auto's choice" : "the method that certifies the most documents") + ".";
    }

    /**
     * The preferred method when it has an interval, else the one that certifies the most documents among those whose
     * directions agree (among all when none do).
     */
    private static ComparisonTable.MethodInterval chosen(List<ComparisonTable.MethodInterval> intervals, VerdictCounts verdicts,
                                                         Set<String> failed, String preferred) {
        ComparisonTable.MethodInterval best = null;
        for (ComparisonTable.MethodInterval m : intervals) {
            if (m.method().equals(preferred)) {
                return m;
            }
            if (best == null || rank(m, verdicts, failed) > rank(best, verdicts, failed)) {
                best = m;
            }
        }
        return best;
    }

    /** Converged methods first, then by documents certified. */
    private static long rank(ComparisonTable.MethodInterval m, VerdictCounts verdicts, Set<String> failed) {
        return (failed.contains(m.method()) ? 0L : 1L << 40) + verdicts.certified(m.method());
    }

    /** "(method): annealing directions DISAGREE (mean gap -19.6 nats, ...); " for each method whose check failed, else "". */
    private static String directions(List<ConvergenceCheck> checks) {
        StringBuilder sb = new StringBuilder();
        for (ConvergenceCheck c : checks) {
            if (c.failed()) {
                sb.append(String.format(Locale.ROOT, "%s: annealing directions DISAGREE (mean gap %.3g nats, %d of %d documents over %s nats); ",
                        c.method(), c.meanGap(), c.flagged().size(), c.documents(), c.threshold()));
            }
        }
        return sb.toString();
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

    /**
     * Whether the methods agree, counting only the settled, converged ones; when some disagree (any of them: a
     * disagreement is never hidden), what each of those says and how many documents each certifies.
     */
    private static String agreement(List<ComparisonTable.Row> rows, List<ComparisonTable.MethodInterval> intervals, VerdictCounts verdicts,
                                    Set<String> failed, ComparisonTable.MethodInterval chosen, String why) {
        if (intervals.size() == 1) {
            return "one method, no other to agree with";
        }
        List<ComparisonTable.Disagreement> disagreements = ComparisonTable.disagreements(rows);
        if (disagreements.isEmpty()) {
            List<String> counted = new ArrayList<>();
            List<String> left = new ArrayList<>();
            for (ComparisonTable.MethodInterval m : intervals) {
                (verdicts.settled(m.method()) && !failed.contains(m.method()) ? counted : left).add(m.method());
            }
            if (left.isEmpty()) {
                return String.format(Locale.ROOT, "the %d methods agree (their 95%% intervals overlap)", intervals.size());
            }
            String notCounted = "not counted, unsettled or unconverged: " + String.join(", ", left);
            return counted.size() < 2 ? "no two settled, converged methods to agree (" + notCounted + ")"
                    : String.format(Locale.ROOT, "the %d settled, converged methods agree (their 95%% intervals overlap; %s)", counted.size(),
                    notCounted);
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
     * interval" before two documents), over all its rows, first saying when its directions' intervals exclude each other, and
     * the methods whose intervals exclude its own ("disagrees with" and their names): the verdict column of the
     * workbench's table and of the report.
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
        return (directionsApart(method, rows) ? "its directions' intervals exclude each other (see the rows); over both: " : "")
                + answer + (others.isEmpty() ? "" : "; disagrees with " + String.join(" and ", others));
    }

    /**
     * Whether two rows of the method (its forward and reverse) have 95% corpus intervals that exclude each other: the
     * method's verdict spans both, so a row whose own interval excludes 1 may stand beside "cannot tell", and must be told.
     */
    private static boolean directionsApart(String method, List<ComparisonTable.Row> rows) {
        List<double[]> own = rows.stream().filter(r -> r.method().equals(method) && r.ratioInterval() != null)
                .map(ComparisonTable.Row::ratioInterval).toList();
        for (int i = 0; i < own.size(); i++) {
            for (int j = i + 1; j < own.size(); j++) {
                if (own.get(i)[1] < own.get(j)[0] || own.get(j)[1] < own.get(i)[0]) {
                    return true;
                }
            }
        }
        return false;
    }
}
