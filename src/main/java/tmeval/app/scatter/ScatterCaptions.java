package tmeval.app.scatter;

import tmeval.app.common.ResultVerdicts;
import tmeval.app.common.Results;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.run.certify.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The scatter's words, with no state of their own: the summary under the plot, the legend of the rings, the hover text
 * of a point and the axis titles, from the results and what {@link ScatterViewModel} shows of them.
 */
@UsesNoJavaFx
final class ScatterCaptions {
    private final Results results;

    ScatterCaptions(Results results) {
        this.results = results;
    }

    /** The axis titles for the current choice of axes: {x, y}. */
    static String[] axisLabels(boolean logRatio) {
        return logRatio
                ? new String[] {"log-ratio per token (nats): forward (B to A), or run 1", "log-ratio per token (nats): reverse, or run 2"}
                : new String[] {"perp(A) / perp(B): forward (B to A), or run 1", "perp(A) / perp(B): reverse, or run 2"};
    }

    /**
     * The summary under the plot: the points drawn per method, the documents far from the diagonal, what is certified, the
     * checks; with no point, what to do, or (a comparison running) that its points are coming.
     */
    String summary(Map<String, List<PairedEstimate>> points, List<String> methods, Predicate<String> visible, List<ConvergenceCheck> checks,
                   int drawn, boolean running) {
        if (points.isEmpty()) {
            return running
                    // auto's pilot, and the first documents of a long run, draw nothing for a while
                    ? "No points yet: the run is under way, and each document appears here once both of its estimates are in."
                    : "No points yet: choose methods in the run panel and press Run (Ctrl+R); each document appears here as its estimates finish.";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d %s drawn (%s). ", drawn, drawn == 1 ? "point" : "points", shownMethods(points, methods, visible)));
        sb.append(flaggedSentence(checks));
        sb.append(" Axes fit the visible methods other than " + ComparisonMethods.AIS_DIFF + ", whose points may fall outside.");
        sb.append("\n").append(certifiedSentence(methods));
        for (ConvergenceCheck check : checks) {
            sb.append("\n").append(check.verdict());
        }
        return sb.toString();
    }

    /** Certified: each method's documents certified, of those with its results, and what the marks mean. */
    private String certifiedSentence(List<String> methods) {
        List<String> per = new ArrayList<>();
        for (String m : methods) {
            per.add(m + " " + results.verdicts().certifiedOf(m));
        }
        return "Certified: " + String.join(", ", per) + " documents (filled marks; hollow: not certified, hover for why).";
    }

    private static String shownMethods(Map<String, List<PairedEstimate>> points, List<String> methods, Predicate<String> visible) {
        List<String> shown = new ArrayList<>();
        for (String m : methods) {
            if (visible.test(m)) {
                shown.add(m + " " + points.getOrDefault(m, List.of()).size());
            }
        }
        return shown.isEmpty() ? "no method shown" : String.join(", ", shown);
    }

    /**
     * The one count of documents far from the diagonal: documents whose forward and reverse estimates differ by more
     * than the threshold, each counted once (see {@link Results#flaggedDocumentIds()}), with the per-path counts of
     * the same {@link ConvergenceCheck}s the command line prints.
     */
    private String flaggedSentence(List<ConvergenceCheck> checks) {
        if (checks.isEmpty()) {
            return "No ratio path has both directions of a document yet, so none is far from the diagonal.";
        }
        List<String> perPath = new ArrayList<>();
        for (ConvergenceCheck c : checks) {
            perPath.add(c.method() + " " + c.flagged().size() + " of " + c.documents());
        }
        int n = farDocumentCount();
        return String.format(Locale.ROOT, "%d %s far from the diagonal (ringed: forward and reverse differ by more than %s nat; per path: %s).",
                n, n == 1 ? "document" : "documents", threshold(), String.join(", ", perPath));
    }

    /** Documents far from the diagonal in at least one ratio path, each counted once. */
    int farDocumentCount() {
        return results.corpus() == null ? 0 : results.flaggedDocumentIds().size();
    }

    private String threshold() {
        double t = results.gapThreshold();
        return t == Math.rint(t) ? String.format(Locale.ROOT, "%.0f", t) : String.format(Locale.ROOT, "%s", t);
    }

    /** The legend of the rings. */
    String flaggedLabel() {
        return "far from the diagonal (gap > " + threshold() + " nat)";
    }

    /** The hover text of a point: the document, the method, both estimates and their gap, the verdict; short lines. */
    String tooltip(String method, PairedEstimate p) {
        String[] names = p.directional() ? new String[] {"forward", "reverse"} : new String[] {"run 1", "run 2"};
        String gap = String.format(Locale.ROOT, "gap %.3f nats%s", p.gap(),
                p.directional() ? (p.flagged() ? " (> " + threshold() + ": far from the diagonal)" : "") : " (run-to-run noise)");
        Direction[] directions = p.directional() ? new Direction[] {Direction.FORWARD, Direction.REVERSE} : new Direction[] {Direction.NONE, Direction.NONE};
        ComparisonTable.Spread first = results.table().spread(method, directions[0], p.document());
        ComparisonTable.Spread second = results.table().spread(method, directions[1], p.document());
        String estimates = first == null || second == null
                ? String.format(Locale.ROOT, "%s %.4f, %s %.4f nats", names[0], p.first(), names[1], p.second())
                // with two runs or more, each estimate's standard error: the standard deviation of its runs
                : String.format(Locale.ROOT, "%s %.4f \u00b1 %.4f nats%n%s %.4f \u00b1 %.4f nats%n(\u00b1 one run's standard error, %d runs)",
                        names[0], p.first(), first.runStandardError(), names[1], p.second(), second.runStandardError(), first.runs());
        Verdict verdict = results.verdicts().of(p.document(), method);
        return String.format(Locale.ROOT, "document %s (N = %d)%n%s%n%s%n%s%n%s%nclick to open", p.documentId(), p.length(), method, estimates, gap,
                ResultVerdicts.inLines(verdict));
    }
}
