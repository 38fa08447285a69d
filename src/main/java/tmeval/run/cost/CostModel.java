package tmeval.run.cost;

import tmeval.run.local.Throughput;
import tmeval.run.plan.AdaptiveBudget;
import tmeval.run.plan.ComparisonPlan;

import tmeval.compare.ComparisonMethods;
import tmeval.model.Corpus;
import tmeval.model.Document;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Predicted cost of a comparison in Gibbs site updates (Wallach et al. Table 1, Foulds and Smyth Section 4), each
 * method's from its registry entry ({@link ComparisonMethods.Method#cost()}), and so its time at measured rates.
 */
public final class CostModel {
    /** The key of the reference run in {@link #siteUpdatesByMethod}. */
    public static final String REFERENCE = ComparisonMethods.LR_REFERENCE;

    private CostModel() {
    }

    /** Site updates of each method of the plan (all runs and directions), and of an lr reference under {@link #REFERENCE}. */
    public static Map<String, Long> siteUpdatesByMethod(Corpus corpus, ComparisonPlan plan) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Document d : corpus.documents()) {
            int n = d.length();
            for (String name : plan.methods()) {
                long perRun = ComparisonMethods.get(name).siteUpdates(plan.settings(), n, plan.directions().count());
                out.merge(name, perRun * plan.runs(), Long::sum);
            }
            if (plan.reference() == ComparisonPlan.Reference.LR) {
                out.merge(REFERENCE, ComparisonMethods.referenceSiteUpdates(plan.referenceParticles(), n), Long::sum);
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

    /**
     * Site updates of an adaptive comparison if no document's directions ever agree: every ratio path runs at n, 2n,
     * 4n, ... up to the budget's cap (the other methods once); the first round alone is {@link #siteUpdatesByMethod}.
     */
    public static Map<String, Long> adaptiveWorstCase(Corpus corpus, ComparisonPlan plan, AdaptiveBudget budget) {
        Map<String, Long> out = siteUpdatesByMethod(corpus, plan);
        List<String> directional = plan.methods().stream().filter(m -> ComparisonMethods.get(m).directional()).toList();
        if (directional.isEmpty()) {
            return out;
        }
        for (long n = 2L * plan.settings().temperatures(); n <= budget.maxTemperatures(); n *= 2) {
            ComparisonPlan round = plan.withMethods(directional).withTemperatures((int) n);
            siteUpdatesByMethod(corpus, round).forEach((method, updates) -> {
                if (!method.equals(REFERENCE)) {
                    out.merge(method, updates, Long::sum);
                }
            });
        }
        return out;
    }
}
