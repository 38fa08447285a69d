package tmeval.app.whichk;

import tmeval.run.plan.AutoPilot;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.cost.CostModel;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.local.Throughput;

import java.util.Locale;

/**
 * Which K?'s cost preview, with no JavaFX: the form's job in site updates ({@link CostModel#estimateSiteUpdates}, on the
 * held-out corpus before each model's unknown words are dropped, so at most) and, where {@code tmeval bench} or a run
 * measured the method's rate, in seconds. {@code auto} is a range: from every model certified by the cheapest candidate
 * at its default budget to every document of every model escalated to the cap by the dearest (starting at up to
 * 2^{@value AutoPilot#MAX_DOUBLINGS} times its default and doubled {@value AutoPilot#MAX_DOUBLINGS} times).
 */
final class WhichKCost {
    private WhichKCost() {
    }

    /** The preview's text for scoring {@code models} models on {@code corpus} by {@code plan}. */
    static String describe(WhichKPlan plan, Corpus corpus, int models, Throughput rates, int cores) {
        if (corpus == null) {
            return "cost: load a held-out corpus";
        }
        if (models == 0) {
            return "cost: add the models to score (two or more)";
        }
        int threads = Math.max(1, Math.min(plan.threads(), cores));
        if (!plan.auto()) {
            EstimatePlan p = plan.estimatePlan();
            long updates = models * CostModel.estimateSiteUpdates(corpus, p);
            if (updates == 0) {
                return String.format(Locale.ROOT, "cost: %s samples nothing (no site updates)", plan.method());
            }
            return String.format(Locale.ROOT, "cost: at most %.3g site updates for %s%s", (double) updates, models(models),
                    time(rates, plan.method(), updates, threads, "about"));
        }
        long cheapest = Long.MAX_VALUE;
        long dearest = 0;
        String dearestMethod = null;
        for (String m : AutoEstimation.CANDIDATES) {
            EstimatePlan p = new EstimatePlan(m, Methods.get(m).defaults(), AutoEstimation.RUNS, plan.seed(), plan.threads());
            long u = CostModel.estimateSiteUpdates(corpus, p);
            cheapest = Math.min(cheapest, u);
            if (u >= dearest) {
                dearest = u;
                dearestMethod = m;
            }
        }
        int cap = 1 << AutoPilot.MAX_DOUBLINGS;
        // the start at up to the cap's factor, then the rounds at 1, 2, 4, ... times it: 2 x cap - 1 starts' worth
        double worst = (double) models * dearest * cap * (2 * cap - 1);
        // as the run panel says it: what the chosen method costs at the start, and the worst case apart
        return String.format(Locale.ROOT, "cost (auto): a pilot per model, then the method it chooses on every document: %.3g to %.3g"
                        + " site updates for %s at the start; up to %.3g if every document's budget doubles to the cap (%dx)%s",
                (double) models * cheapest, (double) models * dearest, models(models), worst, cap,
                time(rates, dearestMethod, (long) Math.min(Long.MAX_VALUE, worst), threads, "at most"));
    }

    private static String models(int models) {
        return models + (models == 1 ? " model" : " models");
    }

    /** ", about 40 s on 2 threads (rates: ...)" at the method's measured rate per thread, or what would give one. */
    private static String time(Throughput rates, String method, long updates, int threads, String qualifier) {
        Double rate = rates.rates().get(method);
        if (rate == null || !(rate > 0)) {
            return "; time not predicted: no rate measured for " + method + " on this machine yet (the command tmeval bench on these models measures it)";
        }
        return ", " + qualifier + " " + CostModel.duration(updates / rate / threads) + " on " + threads + " thread" + (threads == 1 ? "" : "s") + " (rates: "
                + rates.source() + ")";
    }
}
