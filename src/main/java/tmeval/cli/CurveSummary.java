package tmeval.cli;

import tmeval.run.exec.CurveRunner;

import java.io.PrintStream;
import java.util.Locale;

/** The table {@code curve} prints as snapshots finish, and {@code merge} prints again from a curve's shards: one format for both. */
final class CurveSummary {
    private CurveSummary() {
    }

    static void header(PrintStream out) {
        out.printf(Locale.ROOT, "%9s  %-14s %4s %16s %12s %16s%n", "iteration", "method", "run", "corpus logLik", "perplexity", "var per doc");
    }

    static void point(PrintStream out, CurveRunner.Point p) {
        out.printf(Locale.ROOT, "%9d  %-14s %4d %16.3f %12.3f %16s%n", p.iteration(), p.method(), p.run(), p.logLikelihood(),
                Math.exp(-p.logLikelihood() / Math.max(1, p.tokens())),
                p.perDocumentVariance() == null ? "-" : String.format(Locale.ROOT, "%.5g", p.perDocumentVariance()));
    }

    /** The count of refused estimates, or nothing when there are none. */
    static void refused(PrintStream out, int refused) {
        if (refused > 0) {
            out.println(refused + " (document, snapshot) estimates refused: written with an empty logLik, left out of the corpus lines");
        }
    }
}
