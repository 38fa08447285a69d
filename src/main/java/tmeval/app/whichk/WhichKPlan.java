package tmeval.app.whichk;

import tmeval.estimate.Methods;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.select.ModelSelection;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the Which K? form describes, as {@code tmeval select} would run it: {@code auto} (each model's method and budget
 * chosen by its own pilot, {@link AutoEstimation#RUNS} runs) or one method at its default settings.
 */
record WhichKPlan(String method, int runs, long seed, int threads) {
    /** @throws IllegalArgumentException for a method that is neither auto nor known, or fewer than one run */
    WhichKPlan {
        if (!method.equals(AutoEstimation.NAME)) {
            new EstimatePlan(method, Methods.get(method).defaults(), runs, seed, threads);
        }
    }

    boolean auto() {
        return method.equals(AutoEstimation.NAME);
    }

    /** The runs the documents get: auto's own, or the form's. */
    int effectiveRuns() {
        return auto() ? AutoEstimation.RUNS : runs;
    }

    /** The fixed plan of a method other than auto. */
    EstimatePlan estimatePlan() {
        return new EstimatePlan(method, Methods.get(method).defaults(), runs, seed, threads);
    }

    /** The caption's words: "auto (each model's own choice), 3 runs, seed 1" or "ais at its default settings, 2 runs, seed 1". */
    String describe() {
        return String.format(Locale.ROOT, "%s, %d run%s, seed %d", auto() ? "auto (each model's method chosen by its own pilot)"
                : method + " at its default settings", effectiveRuns(), effectiveRuns() == 1 ? "" : "s", seed);
    }

    /** The settings {@code select} writes in its provenance for this plan. */
    Map<String, String> settingsText() {
        if (!auto()) {
            return estimatePlan().toSettings();
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put("plan", "select");
        s.put("method", AutoEstimation.NAME);
        s.put("runs", Integer.toString(AutoEstimation.RUNS));
        s.put("seed", Long.toString(seed));
        return s;
    }

    /** The plan the screen opens on: auto, as {@code select} with no option. */
    static WhichKPlan defaults() {
        EstimatePlan fixed = ModelSelection.defaultPlan();
        return new WhichKPlan(AutoEstimation.NAME, fixed.runs(), fixed.seed(), fixed.threads());
    }
}
