package tmeval.app.whichk;

import tmeval.run.plan.AutoPilot;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.run.output.CorpusSummary;
import tmeval.run.output.WhichKRowFormat;
import tmeval.run.select.ModelSelection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the "which K?" screen shows of the scores, as text and numbers and with no JavaFX: each model's row of the table
 * (a value that does not exist is "-", never NaN), its point of the chart, the warnings of runs below the {@code vb}
 * floor and documents not certified (as {@code select} writes them), and the pairwise table.
 */
@UsesNoJavaFx
public final class WhichKRows {
    private WhichKRows() {
    }

    /** What the chart's value axis shows. */
    public enum Measure {
        PER_TOKEN("log-likelihood per token (nats)", "nats per token"), PERPLEXITY("perplexity", "perplexity");

        private final String axis;
        private final String shortAxis;

        Measure(String axis, String shortAxis) {
            this.axis = axis;
            this.shortAxis = shortAxis;
        }

        public String axis() {
            return axis;
        }

        /** The axis's name where the plot is short (coherence and diversity under it). */
        public String shortAxis() {
            return shortAxis;
        }

        @Override
        public String toString() {
            return axis;
        }
    }

    /**
     * One model's row of the table, as text (a value that does not exist is "-", never NaN). {@code certified}: "38 of 41"
     * documents; {@code warning}: what makes its numbers untrustworthy, short enough for its column ("166 below floor, 289
     * uncertified": runs below the vb floor, documents not certified), empty when nothing does, and {@code why} the same
     * in full ({@link #warning}); {@code library}: the number the model's library prints and its gap per token
     * ({@link tmeval.run.output.LibraryGap#cell}), "-" for a model whose file carries none.
     */
    public record Row(int number, String label, int numTopics, String by, int vocabulary, long tokens, String unknown, String logLikelihood,
                      String interval, String perToken, String perplexity, String perplexityInterval, String medianDocumentPerplexity,
                      String refused, String certified, String warning, String why, String library) {
    }

    /**
     * A point of the chart with its 95% interval (low = high = value when there is none), its label beside it (the model's
     * name, after a warning sign when its numbers cannot all be trusted, {@link #warning}).
     */
    public record Point(double x, String label, double value, double low, double high, boolean warned) {
        /** The text drawn beside the point. */
        public String text() {
            return warned ? "\u26a0 " + label : label;
        }
    }

    /**
     * Where each model's point is drawn along x: at its K when the models differ in K, models of equal K drawn apart by
     * a small step about it (a fiftieth of the range of K, centred) so that none hides another; else at its place in the list.
     */
    static double[] xs(List<Integer> numTopics, boolean byK) {
        double[] x = new double[numTopics.size()];
        if (!byK) {
            for (int i = 0; i < x.length; i++) {
                x[i] = i;
            }
            return x;
        }
        int min = numTopics.stream().mapToInt(Integer::intValue).min().orElse(0);
        int max = numTopics.stream().mapToInt(Integer::intValue).max().orElse(0);
        double step = Math.max(max - min, 1) / 50.0;
        for (int i = 0; i < x.length; i++) {
            int k = numTopics.get(i);
            int same = 0;
            int before = 0;
            for (int j = 0; j < x.length; j++) {
                if (numTopics.get(j) == k) {
                    same++;
                    before += j < i ? 1 : 0;
                }
            }
            x[i] = k + (before - (same - 1) / 2.0) * step;
        }
        return x;
    }

    /** One row of the pairwise table: the row model's label and, per column model, its decided count ("-", "n/a"). */
    public record PairRow(String label, List<String> cells) {
    }

    /**
     * A model's point of the chart at {@code x} ({@link #xs}); its value and interval in the measure the chart shows, and
     * whether its numbers carry a warning.
     */
    static Point point(double x, String label, ModelSelection.Score score, Measure measure) {
        CorpusSummary.Totals t = score.totals();
        boolean warned = !warning(0, score).isEmpty();
        if (measure == Measure.PERPLEXITY) {
            return t.hasInterval() ? new Point(x, label, t.perplexity(), t.perplexityLow(), t.perplexityHigh(), warned)
                    : new Point(x, label, t.perplexity(), t.perplexity(), t.perplexity(), warned);
        }
        // per token: the perplexity interval's bounds in nats per token (the interval of the total over the mean tokens)
        return t.hasInterval() ? new Point(x, label, t.perToken(), -Math.log(t.perplexityHigh()), -Math.log(t.perplexityLow()), warned)
                : new Point(x, label, t.perToken(), t.perToken(), t.perToken(), warned);
    }

    /** A model's point from its row as shown or reopened (both measures kept), at {@code x}. */
    static Point point(double x, WhichKRowFormat.Model m, Measure measure) {
        double[] p = measure == Measure.PERPLEXITY ? m.perplexityPoint() : m.perTokenPoint();
        // a value that does not exist is drawn nowhere: its interval collapses onto it
        return new Point(x, m.label(), p[0], Double.isFinite(p[1]) ? p[1] : p[0], Double.isFinite(p[2]) ? p[2] : p[0], !m.warning().isEmpty());
    }

    /** A row as a session keeps it: its cells and its point in both measures. */
    static WhichKRowFormat.Model saved(Row r, ModelSelection.Score score) {
        Point perToken = point(0, r.label(), score, Measure.PER_TOKEN);
        Point perplexity = point(0, r.label(), score, Measure.PERPLEXITY);
        return new WhichKRowFormat.Model(r.number(), r.label(), r.numTopics(), r.by(), r.vocabulary(), r.tokens(), r.unknown(), r.logLikelihood(),
                r.interval(), r.perToken(), r.perplexity(), r.perplexityInterval(), r.medianDocumentPerplexity(), r.refused(), r.certified(),
                r.warning(), r.why(), new double[] {perToken.value(), perToken.low(), perToken.high()},
                new double[] {perplexity.value(), perplexity.low(), perplexity.high()});
    }

    /** The row a session kept. */
    static Row row(WhichKRowFormat.Model m) {
        return new Row(m.number(), m.label(), m.numTopics(), m.by(), m.vocabulary(), m.tokens(), m.unknown(), m.logLikelihood(), m.interval(),
                m.perToken(), m.perplexity(), m.perplexityInterval(), m.medianDocumentPerplexity(), m.refused(), m.certified(), m.warning(), m.why(),
                "-"); // a session does not keep the library's number: the file's lines give it when the model is scored again
    }

    /**
     * A K's mean in the chart's measure, with its interval: the corpus total over the tokens every model scored, per token or
     * as a perplexity (whose bounds swap: a higher likelihood is a lower perplexity).
     */
    static Point meanPoint(WhichKRowFormat.PerK k, double tokens, Measure measure) {
        double value = k.mean() / tokens;
        double low = Double.isFinite(k.low()) ? k.low() / tokens : value;
        double high = Double.isFinite(k.high()) ? k.high() / tokens : value;
        String label = "K = " + k.k() + " mean";
        return measure == Measure.PERPLEXITY ? new Point(k.k(), label, Math.exp(-value), Math.exp(-high), Math.exp(-low), false)
                : new Point(k.k(), label, value, low, high, false);
    }

    /** The per-K table's rows as the screen shows them (a value that does not exist is "-"). */
    public record PerKRow(int k, int seeds, String mean, String interval, String coherence, String coherenceInterval, String diversity,
                          String diversityInterval, String decided, String family) {
    }

    static PerKRow perKRow(WhichKRowFormat.PerK k) {
        return new PerKRow(k.k(), k.seeds(), fixed(k.mean(), "%.1f"), range(k.low(), k.high(), "%.0f"), fixed(k.coherence(), "%.4f"),
                range(k.coherenceLow(), k.coherenceHigh(), "%.4f"), fixed(k.diversity(), "%.4f"), range(k.diversityLow(), k.diversityHigh(), "%.4f"),
                k.decided(), k.family());
    }

    private static String fixed(double x, String format) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, format, x) : "-";
    }

    private static String range(double low, double high, String format) {
        return Double.isFinite(low) && Double.isFinite(high) ? String.format(Locale.ROOT, format + " to " + format, low, high) : "-";
    }

    /**
     * @param by the method (and budget) the model was scored by
     * @param library the library's number and its gap ({@link tmeval.run.output.LibraryGap#cell}), or "-"
     */
    static Row row(int number, String label, String by, ModelSelection.Score s, String library) {
        CorpusSummary.Totals t = s.totals();
        boolean has = !Double.isNaN(t.logLikelihood());
        boolean interval = has && t.hasInterval();
        String unknown = String.format(Locale.ROOT, "%,d (%.2f%%)", s.unknownWords().tokens(), 100 * s.unknownWords().rate());
        String ll = has ? String.format(Locale.ROOT, "%.1f", t.logLikelihood()) : "-";
        String llInterval = interval ? String.format(Locale.ROOT, "%.0f to %.0f", t.low(), t.high()) : "-";
        String perToken = has ? String.format(Locale.ROOT, "%.4f", t.perToken()) : "-";
        String perplexity = has ? String.format(Locale.ROOT, "%.1f", t.perplexity()) : "-";
        String perplexityInterval = interval ? String.format(Locale.ROOT, "%.1f to %.1f", t.perplexityLow(), t.perplexityHigh()) : "-";
        double median = s.medianDocumentPerplexity();
        String medianText = Double.isNaN(median) ? "-" : String.format(Locale.ROOT, "%.1f", median);
        int[] certified = certified(s);
        List<String> problems = new ArrayList<>();
        if (s.belowFloorRuns() > 0) {
            problems.add(s.belowFloorRuns() + " below floor");
        }
        if (certified[0] < certified[1]) {
            problems.add((certified[1] - certified[0]) + " uncertified");
        }
        return new Row(number, label, s.model().numTopics(), by, s.model().numWords(), Math.round(t.tokens()), unknown, ll, llInterval, perToken,
                perplexity, perplexityInterval, medianText, Integer.toString(s.summary().refused()), certified[0] + " of " + certified[1],
                problems.isEmpty() ? "" : "\u26a0 " + String.join(", ", problems), warning(number, s), library);
    }

    /**
     * The warning above the table while any model scored has runs below the vb floor or documents not certified, or "":
     * how many models, and what to do; the warning column says which.
     */
    static String warnings(List<ModelSelection.Score> scores, boolean auto) {
        int belowFloor = 0;
        int runs = 0;
        int uncertified = 0;
        for (ModelSelection.Score s : scores) {
            belowFloor += s.belowFloorRuns() > 0 ? 1 : 0;
            runs += s.belowFloorRuns();
            int[] c = certified(s);
            uncertified += c[0] < c[1] ? 1 : 0;
        }
        List<String> parts = new ArrayList<>();
        if (belowFloor > 0) {
            parts.add(String.format(Locale.ROOT, "%d of %d models have runs below the vb floor (%d in all), which cannot be right and"
                    + " which their intervals do not show", belowFloor, scores.size(), runs));
        }
        if (uncertified > 0) {
            parts.add(String.format(Locale.ROOT, "%d of %d models have documents not certified", uncertified, scores.size()));
        }
        return parts.isEmpty() ? "" : "\u26a0 " + String.join("; ", parts)
                + ". The warning column says which (hover it for why); " + (auto ? "auto doubled those documents' budgets up to "
                + (1 << AutoPilot.MAX_DOUBLINGS) + " times, so their values are shown uncertified." : "use more samples or temperatures,"
                + " another method, or auto.");
    }

    /** The documents of a score certified, and those with a verdict. */
    private static int[] certified(ModelSelection.Score s) {
        int certified = 0;
        int documents = 0;
        for (String method : s.verdicts().methods()) {
            certified += s.verdicts().certified(method);
            documents += s.verdicts().documents(method);
        }
        return new int[] {certified, documents};
    }

    /**
     * Why a model's numbers cannot all be trusted, in full (the tooltip of its warning), or "": its runs below the vb floor
     * (which cannot be right, and which the interval, made from the runs themselves, does not cover) and why its other
     * documents are not certified, as {@code select} reports them.
     */
    static String warning(int number, ModelSelection.Score s) {
        int[] certified = certified(s);
        if (s.belowFloorRuns() == 0 && certified[0] == certified[1]) {
            return "";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "\u26a0 model %d (K = %d): ", number, s.model().numTopics()));
        if (s.belowFloorRuns() > 0) {
            sb.append(String.format(Locale.ROOT, "%d %s below the vb floor by more than twice their noise, so they cannot be right, and"
                    + " its interval does not show it; ", s.belowFloorRuns(), s.belowFloorRuns() == 1 ? "run lies" : "runs lie"));
        }
        List<String> lines = new ArrayList<>();
        for (String method : s.verdicts().methods()) {
            lines.add(s.verdicts().line(method));
        }
        sb.append(String.join("; ", lines)).append(". Use more samples or temperatures, or another method.");
        return sb.toString();
    }

    /** The pairwise table's rows: each model's decided count against every other ("-" itself, "n/a" across vocabularies). */
    static List<PairRow> pairwise(ModelSelection.Result r, List<String> labels) {
        List<PairRow> out = new ArrayList<>();
        for (int i = 0; i < r.scores().size(); i++) {
            List<String> cells = new ArrayList<>();
            for (int j = 0; j < r.scores().size(); j++) {
                cells.add(i == j ? "-" : r.comparable(i, j) ? Integer.toString(r.decided()[i][j]) : "n/a");
            }
            out.add(new PairRow((i + 1) + ": " + labels.get(i), cells));
        }
        return out;
    }
}
