package tmeval.run.output;

import java.util.ArrayList;
import java.util.List;

/**
 * Which K?'s tables as text: the per-K table ({@code select --per-k}, the screen's export, a session's
 * {@code whichk.perK}; formats.md, "select --per-k") and the models' scores a session keeps ({@code whichk.models}), each
 * written and read back by column, a malformed line refused naming it. A number that does not exist is an empty field,
 * never NaN.
 */
public final class WhichKRowFormat {
    public static final List<String> PER_K_COLUMNS = List.of("K", "seeds", "mean", "low", "high", "coherence", "coherence_low",
            "coherence_high", "coherence_topics", "diversity", "diversity_low", "diversity_high", "decided", "family");
    /** The columns before the family's (files and sessions written before the families: every row an LDA's). */
    private static final List<String> PER_K_COLUMNS_WITHOUT_FAMILY = PER_K_COLUMNS.subList(0, PER_K_COLUMNS.size() - 1);
    private static final List<String> MODEL_COLUMNS = List.of("number", "label", "K", "by", "V", "tokens", "unknown", "logLik", "interval",
            "perToken", "perplexity", "perplexityInterval", "docPerplexity", "refused", "certified", "warning", "why", "perTokenValue",
            "perTokenLow", "perTokenHigh", "perplexityValue", "perplexityLow", "perplexityHigh");

    private WhichKRowFormat() {
    }

    /** One K's row, of one family (NaN where a number does not exist: an interval of one model, a K with no coherence). */
    public record PerK(int k, int seeds, double mean, double low, double high, double coherence, double coherenceLow, double coherenceHigh,
                       int coherenceTopics, double diversity, double diversityLow, double diversityHigh, String decided, String family) {
        /** An LDA's row. */
        public PerK(int k, int seeds, double mean, double low, double high, double coherence, double coherenceLow, double coherenceHigh,
                    int coherenceTopics, double diversity, double diversityLow, double diversityHigh, String decided) {
            this(k, seeds, mean, low, high, coherence, coherenceLow, coherenceHigh, coherenceTopics, diversity, diversityLow, diversityHigh,
                    decided, tmeval.model.TopicModel.LDA_FAMILY);
        }
    }

    /**
     * One model's row of the Scores table as shown (its cells' text) and its chart point in each measure (value, low,
     * high: nats per token and perplexity).
     */
    public record Model(int number, String label, int numTopics, String by, int vocabulary, long tokens, String unknown, String logLikelihood,
                        String interval, String perToken, String perplexity, String perplexityInterval, String medianDocumentPerplexity,
                        String refused, String certified, String warning, String why, double[] perTokenPoint, double[] perplexityPoint) {
    }

    /** The header and a line per K, fields separated by {@code separator} (tab or comma: no field holds either). */
    public static String perKText(List<PerK> rows, char separator) {
        String sep = String.valueOf(separator);
        StringBuilder sb = new StringBuilder(String.join(sep, PER_K_COLUMNS)).append('\n');
        for (PerK r : rows) {
            sb.append(String.join(sep, List.of(Integer.toString(r.k()), Integer.toString(r.seeds()), number(r.mean()), number(r.low()),
                    number(r.high()), number(r.coherence()), number(r.coherenceLow()), number(r.coherenceHigh()),
                    Integer.toString(r.coherenceTopics()), number(r.diversity()), number(r.diversityLow()), number(r.diversityHigh()),
                    r.decided(), r.family()))).append('\n');
        }
        return sb.toString();
    }

    /** The rows {@link #perKText} wrote with tabs; a table without the family column (written before it) is of LDAs. */
    public static List<PerK> parsePerK(String text) {
        boolean withFamily = !text.startsWith(String.join("\t", PER_K_COLUMNS_WITHOUT_FAMILY) + "\n");
        List<String[]> lines = lines(text, withFamily ? PER_K_COLUMNS : PER_K_COLUMNS_WITHOUT_FAMILY, "per-K");
        List<PerK> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i);
            String where = "per-K line " + (i + 2);
            int k = whole(f[0], where, "K", 1);
            rows.add(new PerK(k, whole(f[1], where, "seeds", 1), real(f[2], where, "mean"), real(f[3], where, "low"), real(f[4], where, "high"),
                    real(f[5], where, "coherence"), real(f[6], where, "coherence_low"), real(f[7], where, "coherence_high"),
                    whole(f[8], where, "coherence_topics", 0), real(f[9], where, "diversity"), real(f[10], where, "diversity_low"),
                    real(f[11], where, "diversity_high"), f[12], withFamily ? f[13] : tmeval.model.TopicModel.LDA_FAMILY));
            PerK row = rows.get(i);
            if (i > 0 && (k < rows.get(i - 1).k() || k == rows.get(i - 1).k() && row.family().equals(rows.get(i - 1).family()))) {
                throw new IllegalArgumentException(where + ": K " + k + " after K " + rows.get(i - 1).k() + " (one row per K and family, in"
                        + " increasing K)");
            }
        }
        return rows;
    }

    /** The models' rows, a line each after the header, every cell escaped. */
    public static String modelsText(List<Model> models) {
        StringBuilder sb = new StringBuilder(String.join("\t", MODEL_COLUMNS)).append('\n');
        for (Model m : models) {
            List<String> f = new ArrayList<>(List.of(Integer.toString(m.number()), m.label(), Integer.toString(m.numTopics()), m.by(),
                    Integer.toString(m.vocabulary()), Long.toString(m.tokens()), m.unknown(), m.logLikelihood(), m.interval(), m.perToken(),
                    m.perplexity(), m.perplexityInterval(), m.medianDocumentPerplexity(), m.refused(), m.certified(), m.warning(), m.why()));
            for (double x : m.perTokenPoint()) {
                f.add(number(x));
            }
            for (double x : m.perplexityPoint()) {
                f.add(number(x));
            }
            sb.append(String.join("\t", f.stream().map(Provenance::escape).toList())).append('\n');
        }
        return sb.toString();
    }

    /** The rows {@link #modelsText} wrote. */
    public static List<Model> parseModels(String text) {
        List<String[]> lines = lines(text, MODEL_COLUMNS, "models");
        List<Model> models = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i);
            String where = "models line " + (i + 2);
            double[] perToken = {real(f[17], where, "perTokenValue"), real(f[18], where, "perTokenLow"), real(f[19], where, "perTokenHigh")};
            double[] perplexity = {real(f[20], where, "perplexityValue"), real(f[21], where, "perplexityLow"), real(f[22], where, "perplexityHigh")};
            long tokens;
            try {
                tokens = Long.parseLong(f[5]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + ": tokens is a whole number, was '" + f[5] + "'");
            }
            models.add(new Model(whole(f[0], where, "number", 1), f[1], whole(f[2], where, "K", 1), f[3], whole(f[4], where, "V", 1), tokens,
                    f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15], f[16], perToken, perplexity));
        }
        return models;
    }

    /** The lines after the header, each split into its (unescaped) fields; the header must be the columns. */
    private static List<String[]> lines(String text, List<String> columns, String what) {
        String[] lines = text.split("\n", -1);
        if (!lines[0].equals(String.join("\t", columns))) {
            throw new IllegalArgumentException(what + ": its header is '" + String.join(" ", columns) + "', was '" + lines[0] + "'");
        }
        List<String[]> out = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isEmpty()) {
                continue;
            }
            String[] f = Provenance.fields(lines[i]);
            if (f.length != columns.size()) {
                throw new IllegalArgumentException(what + " line " + (i + 1) + ": " + columns.size() + " fields, this one has " + f.length);
            }
            out.add(f);
        }
        return out;
    }

    private static int whole(String s, String where, String column, int least) {
        try {
            int v = Integer.parseInt(s);
            if (v >= least) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(where + ": " + column + " is a whole number of at least " + least + ", was '" + s + "'");
    }

    /** A finite number, or NaN for an empty field. */
    private static double real(String s, String where, String column) {
        if (s.isEmpty()) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(s);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(where + ": " + column + " is a finite number or empty, was '" + s + "'");
    }

    private static String number(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }
}
