package tmeval.report;

import tmeval.compare.ComparisonTable;
import tmeval.run.certify.VerdictCounts;
import tmeval.run.output.ComparisonAnswer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The variance table (Foulds and Smyth's Tables 1 and 2) as text cells, once for the report's HTML and the LaTeX table:
 * per method and direction the documents, A's wins with their 95% interval, the correlation with the reference, the
 * variance of the perplexity ratio across runs, the corpus perplexity ratio with its 95% interval, the documents
 * certified and the method's verdict ({@link ComparisonAnswer#status}). An absent value (no reference, one run, one
 * document) is an empty cell, never NaN.
 */
final class VarianceTableCells {
    static final List<String> HEADER = List.of("method", "direction", "documents", "A wins %", "A wins 95%", "correlation",
            "variance of perp(A)/perp(B)", "corpus perp(A)/perp(B)", "corpus 95%", "certified", "verdict");

    private VarianceTableCells() {
    }

    static List<List<String>> rows(List<ComparisonTable.Row> rows, VerdictCounts verdicts) {
        List<List<String>> out = new ArrayList<>();
        for (ComparisonTable.Row r : rows) {
            out.add(List.of(r.method(), r.direction().label(), Integer.toString(r.documents()), number("%.1f", r.percentAWins()),
                    interval(r.winsInterval(), "%.1f"), r.correlation() == null ? "" : number("%.3f", r.correlation()),
                    r.variance() == null ? "" : number("%.3g", r.variance()), number("%.4f", r.corpusPerplexityRatio()),
                    interval(r.ratioInterval(), "%.4f"), verdicts.certified(r.method()) + " of " + verdicts.documents(r.method()),
                    ComparisonAnswer.status(r.method(), rows)));
        }
        return out;
    }

    /** A number as text; a value that is not finite (which a row never holds) is said to be so, never written as NaN. */
    static String number(String format, double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, format, value) : "not finite";
    }

    private static String interval(double[] lowHigh, String format) {
        return lowHigh == null ? "" : number(format, lowHigh[0]) + " to " + number(format, lowHigh[1]);
    }
}
