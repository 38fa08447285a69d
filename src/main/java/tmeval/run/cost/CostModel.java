package tmeval.run.cost;

import tmeval.run.local.Throughput;
import tmeval.run.plan.AdaptiveBudget;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.EstimatePlan;

import tmeval.compare.ComparisonMethods;
import tmeval.estimate.ChibStyleEstimator;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
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

    /**
     * Site updates of estimating every document of a corpus with one model by a plan (all runs): the leading term of
     * what each estimator reports doing (AIS S n N, Chib 2 S N, left-to-right R N(N+1)/2, the importance samplers and hm
     * their samples (and burn-in) times N); 0 for {@code vb} and {@code exact}, which draw nothing.
     */
    public static long estimateSiteUpdates(Corpus corpus, EstimatePlan plan) {
        String method = plan.method();
        MethodOption option = Methods.budgetOption(method);
        if (option == null) {
            return 0;
        }
        MethodSettings s = plan.settings();
        long total = 0;
        for (Document d : corpus.documents()) {
            long n = d.length();
            total += switch (option) {
                case TEMPERATURES -> (long) s.samples() * s.temperatures() * n;
                case CHAIN_LENGTH -> ChibStyleEstimator.siteUpdates(s.chainLength(), d.length());
                case PARTICLES -> s.particles() * n * (n + 1) / 2;
                default -> (s.samples() + (Methods.get(method).options().contains(MethodOption.BURN_IN) ? s.burnIn() : 0L)) * n;
            };
        }
        return total * plan.runs();
    }

    /** A predicted time as the cost previews say it: "40 s", "2.5 min", "3.1 h". */
    public static String duration(double s) {
        if (s >= 2 * 3600) {
            return String.format(java.util.Locale.ROOT, "%.1f h", s / 3600);
        }
        return s < 90 ? String.format(java.util.Locale.ROOT, "%.0f s", Math.max(1, s)) : String.format(java.util.Locale.ROOT, "%.1f min", s / 60);
    }
}
