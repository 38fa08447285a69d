package tmeval.app;

import tmeval.compare.EstimateDifference;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.run.Throughput;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Predicted cost of a comparison in Gibbs site updates (Wallach et al. Table 1, Foulds and Smyth Section 4), and
 * so its time at measured rates: ratio paths S (B + n) N per direction; ais-diff 2 S n N; lr-diff, per model,
 * p N(N + 1)/2 with p = 2n/(N + 1); exact none; the lr reference R N(N + 1) for both models.
 */
public final class CostModel {
    /** The key of the reference run in {@link #siteUpdatesByMethod}. */
    public static final String REFERENCE = "reference";

    private CostModel() {
    }

    /** Site updates of each selected method (all runs and directions), and of the lr reference under {@link #REFERENCE}. */
    public static Map<String, Long> siteUpdatesByMethod(Corpus corpus, List<String> methods, boolean bothDirections, MethodSettings s,
                                                        int runs, int referenceParticles) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Document d : corpus.documents()) {
            long n = d.length();
            for (String m : methods) {
                long perRun = switch (m) {
                    case "ratio-convex", "ratio-geometric" -> (long) s.samples() * (s.burnIn() + s.temperatures()) * n * (bothDirections ? 2 : 1);
                    case "ais-diff" -> 2L * s.samples() * s.temperatures() * n;
                    case "lr-diff" -> 2L * EstimateDifference.particlesForBudget(s.temperatures(), (int) n) * n * (n + 1) / 2;
                    default -> 0;
                };
                out.merge(m, perRun * runs, Long::sum);
            }
            if (referenceParticles > 0) {
                out.merge(REFERENCE, (long) referenceParticles * n * (n + 1), Long::sum);
            }
        }
        return out;
    }

    /**
     * Seconds for these site updates on {@code parallel} threads, each method at its own rate per thread from
     * {@code rates}, or at {@code fallbackRate} where none was measured for it.
     *
     * @return NaN when some method that costs anything has no rate at all
     */
    public static double seconds(Map<String, Long> updates, Throughput rates, double fallbackRate, double parallel) {
        double seconds = 0;
        for (Map.Entry<String, Long> e : updates.entrySet()) {
            if (e.getValue() == 0) {
                continue;
            }
            double rate = rates.rateFor(e.getKey());
            if (Double.isNaN(rate)) {
                rate = fallbackRate;
            }
            if (!(rate > 0)) {
                return Double.NaN;
            }
            seconds += e.getValue() / rate;
        }
        return seconds / Math.max(1, parallel);
    }

    /** Whether every method that costs anything has a rate in {@code rates} (no fallback needed). */
    public static boolean allMeasured(Map<String, Long> updates, Throughput rates) {
        return updates.entrySet().stream().allMatch(e -> e.getValue() == 0 || !Double.isNaN(rates.rateFor(e.getKey())));
    }
}
