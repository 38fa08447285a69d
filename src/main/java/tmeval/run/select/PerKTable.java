package tmeval.run.select;

import tmeval.run.output.WhichKRowFormat;

import java.util.List;
import java.util.Locale;

/**
 * The per-K table ({@link SeedsPerK}) as {@code select} prints it and as it and Which K? write it (formats.md, "Which K?
 * per K"): one row per K and family, {@code K seeds mean low high coherence coherence_low coherence_high coherence_topics
 * diversity diversity_low diversity_high decided family}. Numbers at full precision in the file; a value that does not exist is an empty
 * field, never NaN.
 */
public final class PerKTable {
    public static final List<String> COLUMNS = WhichKRowFormat.PER_K_COLUMNS;

    private PerKTable() {
    }

    /** The header and one line per K, fields separated by {@code separator} (tab or comma; no field holds either). */
    public static String text(SeedsPerK.Result result, char separator) {
        return WhichKRowFormat.perKText(rows(result), separator);
    }

    /** The rows as the format writes them. */
    public static List<WhichKRowFormat.PerK> rows(SeedsPerK.Result result) {
        return result.rows().stream().map(r -> new WhichKRowFormat.PerK(r.k(), r.seeds(), r.likelihood().value(), r.likelihood().low(),
                r.likelihood().high(), r.coherence().value(), r.coherence().low(), r.coherence().high(), r.coherenceTopics(),
                r.diversity().value(), r.diversity().low(), r.diversity().high(), r.decided(), r.family())).toList();
    }

    /** The table as {@code select} prints it, its measure named, and the verdict under it. */
    public static String report(SeedsPerK.Result result, String measure) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "per K, over its models (training seeds): the mean corpus"
                + " log-likelihood with its 95%% interval (the spread between seeds and the Monte Carlo noise, tau = %s nats, %d degrees of"
                + " freedom), %s coherence (bootstrap over the K's topics) and topic diversity (over its models):%n",
                Double.isNaN(result.tau2()) ? "unknown" : String.format(Locale.ROOT, "%.1f", Math.sqrt(result.tau2())), result.degreesOfFreedom(), measure));
        // the family after the verdict, where the models are of several: which family and which K
        boolean families = result.severalFamilies();
        sb.append(String.format(Locale.ROOT, "%6s %5s %14s %29s %9s %19s %9s %19s  %s%s%n", "K", "seeds", "mean", "95% interval", measure,
                "95% interval", "diversity", "95% interval", "decided", families ? "  (family)" : ""));
        for (SeedsPerK.Row r : result.rows()) {
            sb.append(String.format(Locale.ROOT, "%6d %5d %14.1f %29s %9s %19s %9s %19s  %s%s%n", r.k(), r.seeds(), r.likelihood().value(),
                    range(r.likelihood(), "%.1f"), fixed(r.coherence().value()), range(r.coherence(), "%.4f"), fixed(r.diversity().value()),
                    range(r.diversity(), "%.4f"), r.decided(), families ? "  (" + r.family() + ")" : ""));
        }
        return sb.append(result.verdict()).append('\n').toString();
    }

    private static String fixed(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.4f", x) : "-";
    }

    private static String range(SeedsPerK.Interval i, String format) {
        return i.known() ? String.format(Locale.ROOT, format + " to " + format, i.low(), i.high()) : "-";
    }
}
