package tmeval.app.whichk;

import tmeval.run.plan.AutoPilot;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.EstimatePlan;
import tmeval.run.select.ModelSelection;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the Which K? form describes, as {@code tmeval select} would run it: {@code auto} (each model's method and budget
 * chosen by its own pilot, {@link AutoEstimation#RUNS} runs) or one method at a budget ({@link Methods#budgetOption}:
 * temperatures, samples, particles or the chain's length; 0 for a method without one), with its runs and seed.
 */
record WhichKPlan(String method, int budget, int runs, long seed, int threads) {
    /** The budget field's range: 0 where the method has none (auto, vb, exact); a method with one checks for at least 1. */
    static final Setting.Whole BUDGET = new Setting.Whole("budget", 0, Integer.MAX_VALUE);

    /** @throws IllegalArgumentException for a method that is neither auto nor known, fewer than one run, or a budget below 1 */
    WhichKPlan {
        if (!method.equals(AutoEstimation.NAME)) {
            if (Methods.budgetOption(method) != null && budget < 1) {
                throw new IllegalArgumentException(Methods.budgetOption(method).setting() + " must be at least 1, was " + budget);
            }
            new EstimatePlan(method, settings(method, budget), runs, seed, threads);
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
        return new EstimatePlan(method, settings(method, budget), runs, seed, threads);
    }

    /** A method's default settings with its budget set (a method without one keeps its defaults). */
    private static MethodSettings settings(String method, int budget) {
        MethodSettings defaults = Methods.get(method).defaults();
        return Methods.budgetOption(method) == null ? defaults : Methods.withBudget(method, defaults, budget);
    }

    /** A method's default budget (0 for auto and for a method without one): what the budget field shows when it is chosen. */
    static int defaultBudget(String method) {
        return method == null || !Methods.names().contains(method) || Methods.budgetOption(method) == null ? 0
                : Methods.budget(method, Methods.get(method).defaults());
    }

    /** The budget in words: "1000 temperatures", "no budget" (vb, exact), or auto's own. */
    String budgetText() {
        if (auto()) {
            return "each model's budget chosen by its pilot, doubled up to " + AutoPilot.MAX_DOUBLINGS + " times until certified";
        }
        return Methods.budgetOption(method) == null ? "no budget" : budget + " " + Methods.budgetOption(method).setting();
    }

    /** The caption's words: "auto (each model's method and budget chosen by its own pilot), 3 runs, seed 1", "ais at 50 temperatures, 2 runs, seed 1" or "vb, 2 runs, seed 1". */
    String describe() {
        return String.format(Locale.ROOT, "%s, %d run%s, seed %d", auto() ? "auto (each model's method and budget chosen by its own pilot)"
                : Methods.budgetOption(method) == null ? method : method + " at " + budgetText(), effectiveRuns(), effectiveRuns() == 1 ? "" : "s", seed);
    }

    /** The settings {@code select} writes in its provenance for this plan. */
    Map<String, String> settingsText() {
        if (!auto()) {
            return estimatePlan().toSettings();
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SettingName.PLAN.key(), "select");
        s.put(SettingName.METHOD.key(), AutoEstimation.NAME);
        s.put(SettingName.RUNS.key(), Integer.toString(AutoEstimation.RUNS));
        s.put(SettingName.SEED.key(), Long.toString(seed));
        return s;
    }

    /** Of {@link #settingsText}, those the method read (no particles named for ais): what a caption compares. */
    Map<String, String> usedSettings() {
        return auto() ? settingsText() : tmeval.run.plan.MethodSettingsText.onlyUsed(settingsText(), Methods.get(method).options());
    }

    /** The plan the screen opens on: auto, as {@code select} with no option. */
    static WhichKPlan defaults() {
        EstimatePlan fixed = ModelSelection.defaultPlan();
        return new WhichKPlan(AutoEstimation.NAME, 0, fixed.runs(), fixed.seed(), fixed.threads());
    }
}
