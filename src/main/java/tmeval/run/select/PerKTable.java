package tmeval.run.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The per-K table ({@link SeedsPerK}) as {@code select} prints it and as it and Which K? write it (formats.md, "Which K?
 * per K"): one row per K, {@code K seeds mean low high coherence coherence_low coherence_high coherence_topics diversity
 * diversity_low diversity_high decided}. Numbers at full precision in the file; a value that does not exist is an empty
 * field, never NaN.
 */
public final class PerKTable {
    public static final List<String> COLUMNS = List.of("K", "seeds", "mean", "low", "high", "coherence", "coherence_low", "coherence_high",
            "coherence_topics", "diversity", "diversity_low", "diversity_high", "decided");

    private PerKTable() {
    }

    /** The header and one line per K, fields separated by {@code separator} (tab or comma; no field holds either). */
    public static String text(SeedsPerK.Result result, char separator) {
        StringBuilder sb = new StringBuilder(String.join(String.valueOf(separator), COLUMNS)).append('\n');
        for (SeedsPerK.Row r : result.rows()) {
            List<String> f = new ArrayList<>(List.of(Integer.toString(r.k()), Integer.toString(r.seeds())));
            add(f, r.likelihood());
            add(f, r.coherence());
            f.add(Integer.toString(r.coherenceTopics()));
            add(f, r.diversity());
            f.add(r.decided());
            sb.append(String.join(String.valueOf(separator), f)).append('\n');
        }
        return sb.toString();
    }

    private static void add(List<String> fields, SeedsPerK.Interval i) {
        fields.add(number(i.value()));
        fields.add(number(i.low()));
        fields.add(number(i.high()));
    }

    private static String number(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    /** The table as {@code select} prints it, its measure named, and the verdict under it. */
    public static String report(SeedsPerK.Result result, String measure) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "per K, over its models (training seeds): the mean corpus"
                + " log-likelihood with its 95%% interval (the spread between seeds and the Monte Carlo noise, tau = %s nats, %d degrees of"
                + " freedom), %s coherence (bootstrap over the K's topics) and topic diversity (over its models):%n",
                Double.isNaN(result.tau2()) ? "unknown" : String.format(Locale.ROOT, "%.1f", Math.sqrt(result.tau2())), result.degreesOfFreedom(), measure));
        sb.append(String.format(Locale.ROOT, "%6s %5s %14s %29s %9s %19s %9s %19s  %s%n", "K", "seeds", "mean", "95% interval", measure,
                "95% interval", "diversity", "95% interval", "decided"));
        for (SeedsPerK.Row r : result.rows()) {
            sb.append(String.format(Locale.ROOT, "%6d %5d %14.1f %29s %9s %19s %9s %19s  %s%n", r.k(), r.seeds(), r.likelihood().value(),
                    range(r.likelihood(), "%.1f"), fixed(r.coherence().value()), range(r.coherence(), "%.4f"), fixed(r.diversity().value()),
                    range(r.diversity(), "%.4f"), r.decided()));
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
