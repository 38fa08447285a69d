package tmeval.app.common;

import tmeval.run.plan.AdaptiveBudget;

import tmeval.run.auto.AutoComparison;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.SettingName;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The plan that made a set of comparison results, with its adaptive budget (null: a plain run) or, for an {@code auto}
 * comparison, the pilot that chose it (null: not auto; {@code plan} is then the chosen method at its starting budget, as
 * {@code compare}'s provenance records it): what an export of them records as its provenance, what a session keeps beside
 * them and what every view that shows them names.
 */
public record ResultsPlan(ComparisonPlan plan, AdaptiveBudget budget, AutoEstimation.Pilot auto) {
    public ResultsPlan {
        Objects.requireNonNull(plan, "the plan");
        if (budget != null && auto != null) {
            throw new IllegalArgumentException("auto chooses its own budget: a plan is adaptive or auto, not both");
        }
    }

    public ResultsPlan(ComparisonPlan plan, AdaptiveBudget budget) {
        this(plan, budget, null);
    }

    /** The provenance settings: the plan's, and the budget's when adaptive, the pilot's when auto ({@code compare}'s own). */
    public Map<String, String> toSettings() {
        if (auto != null) {
            Map<String, String> s = new LinkedHashMap<>(plan.toSettings());
            s.putAll(auto.toSettings());
            return s;
        }
        return budget == null ? plan.toSettings() : budget.settingsText(plan);
    }

    /** @throws IllegalArgumentException naming the setting that is missing, unknown or not valid */
    public static ResultsPlan fromSettings(Map<String, String> settings) {
        return new ResultsPlan(ComparisonPlan.fromSettings(settings), AdaptiveBudget.fromSettings(settings),
                AutoEstimation.Pilot.fromSettings(settings));
    }

    /** The run form on auto before its pilot has chosen: auto's pilot plan, no pilot documents yet. */
    public static ResultsPlan autoForm(ComparisonPlan pilotPlan) {
        return new ResultsPlan(pilotPlan, null, new AutoEstimation.Pilot(AutoEstimation.MAX_DOUBLINGS, new int[0]));
    }

    /**
     * The settings the user chose, as the run form holds them: every one (and {@code adaptive false} for a plain run), or
     * for auto only those it leaves to the user (seed, alignment, vocabulary, gap threshold), so that an auto form and
     * the results it made compare equal whatever the pilot chose.
     */
    public Map<String, String> userSettings() {
        if (auto == null) {
            Map<String, String> all = new LinkedHashMap<>(toSettings());
            all.putIfAbsent(ADAPTIVE, "false");
            return all;
        }
        Map<String, String> all = plan.toSettings();
        Map<String, String> mine = new LinkedHashMap<>();
        mine.put(METHODS, AutoComparison.NAME);
        for (SettingName k : List.of(SettingName.SEED, SettingName.ALIGN, SettingName.VOCABULARY, SettingName.GAP_THRESHOLD)) {
            mine.put(k.key(), all.get(k.key()));
        }
        return mine;
    }

    /**
     * Of {@link #userSettings}, those that made a difference to these results ({@link ComparisonPlan#usedSettings}: no
     * particles for a ratio path, say): what a caption names when the form differs from the plan that made them.
     */
    public Map<String, String> usedSettings() {
        if (auto != null) {
            return userSettings();
        }
        Map<String, String> used = plan.usedSettings();
        Map<String, String> user = userSettings();
        Map<String, String> s = new LinkedHashMap<>();
        user.forEach((k, v) -> {
            if (used.containsKey(k) || !plan.toSettings().containsKey(k)) {
                s.put(k, v);
            }
        });
        return s;
    }

    private static final String METHODS = SettingName.METHODS.key();
    private static final String ADAPTIVE = SettingName.ADAPTIVE.key();

    /** Whether the rows carry each document's last round (temperatures, converged): adaptive and auto runs. */
    public boolean rounds() {
        return budget != null || auto != null;
    }

    /** In a line: the methods, then "n = 1000, 2 runs, seed 1", and the adaptive budget or auto's doublings. */
    public String describe() {
        String text = String.format(Locale.ROOT, "%s%s, n = %d, %d run%s, seed %d", auto == null ? "" : "auto chose ",
                String.join(", ", plan.methods()), plan.settings().temperatures(), plan.runs(), plan.runs() == 1 ? "" : "s", plan.seed());
        if (auto != null) {
            return text + String.format(Locale.ROOT, ", doubled up to n = %d until certified",
                    (long) plan.settings().temperatures() * auto.capFactor());
        }
        return budget == null ? text : text + String.format(Locale.ROOT, ", adaptive to %d temperatures within %s nats",
                budget.maxTemperatures(), budget.agreeWithin());
    }

    /**
     * Whether the results of {@code other} may stand beside these as the results of one plan: every setting the same but
     * the methods. Each method draws its own random numbers (per document, run, method and direction), so the rows of
     * two such jobs are the rows one job of all their methods gives.
     */
    public boolean joins(ResultsPlan other) {
        Map<String, String> mine = new LinkedHashMap<>(toSettings());
        Map<String, String> theirs = new LinkedHashMap<>(other.toSettings());
        mine.remove(SettingName.METHODS.key());
        theirs.remove(SettingName.METHODS.key());
        return mine.equals(theirs);
    }

    /** This plan with the methods of {@code other} it lacks added after its own (the methods of two jobs that {@link #joins}). */
    public ResultsPlan withMethodsOf(ResultsPlan other) {
        List<String> methods = new ArrayList<>(plan.methods());
        other.plan.methods().stream().filter(m -> !methods.contains(m)).forEach(methods::add);
        return new ResultsPlan(plan.withMethods(methods), budget, auto);
    }
}
