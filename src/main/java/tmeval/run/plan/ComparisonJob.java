package tmeval.run.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One comparison as the user asked for it: its plan and its mode, plain, adaptive ({@code --adaptive}, with its budget)
 * or {@code auto} ({@code compare}'s default, with its pilot). The command line, the workbench's form, sessions and
 * views, the distributed scripts and the one entry that runs it ({@code run.services.Comparisons}) take it whole, so that
 * none of them decides the mode again: it writes its provenance ({@link #toSettings}) and reads it back
 * ({@link #fromSettings}), names the settings auto leaves to the user, and is never adaptive and auto at once.
 * For auto, {@code plan} is auto's pilot plan until the pilot has chosen (its {@link AutoPilot} then names no documents),
 * and afterwards the chosen method at its starting budget, as the provenance records it.
 *
 * @param budget the adaptive budget, or null
 * @param auto   auto's pilot, or null
 */
public record ComparisonJob(ComparisonPlan plan, AdaptiveBudget budget, AutoPilot auto) {
    /**
     * The settings auto leaves to the user (seed, alignment, vocabulary, gap threshold): it chooses every other setting
     * of the plan and of a budget itself.
     */
    public static final List<String> LEFT_TO_THE_USER_BY_AUTO = List.of(Setting.SEED.name(), ComparisonPlan.ALIGN, ComparisonPlan.VOCABULARY,
            Setting.GAP_THRESHOLD.name());
    /**
     * The settings auto chooses itself, so that the user may not give them with it: the plan's and the budget's, in the
     * order of their provenance, but those it leaves to the user, the methods and the plan's name.
     */
    public static final Set<String> CHOSEN_BY_AUTO = chosenByAuto();
    private static final String ADAPTIVE = SettingName.ADAPTIVE.key();

    public ComparisonJob {
        Objects.requireNonNull(plan, "the plan");
        if (budget != null && auto != null) {
            throw new IllegalArgumentException("auto chooses its own budget: a comparison is adaptive or auto, never both");
        }
    }

    /** A plain comparison ({@code budget} null) or an adaptive one. */
    public ComparisonJob(ComparisonPlan plan, AdaptiveBudget budget) {
        this(plan, budget, null);
    }

    /** Auto before its pilot has chosen: {@code pilotPlan} its pilot's plan, no pilot documents yet. */
    public static ComparisonJob auto(ComparisonPlan pilotPlan) {
        return new ComparisonJob(pilotPlan, null, new AutoPilot(AutoPilot.MAX_DOUBLINGS, new int[0]));
    }

    private static Set<String> chosenByAuto() {
        Set<String> s = new LinkedHashSet<>(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()).toSettings().keySet());
        s.addAll(AdaptiveBudget.SETTINGS);
        s.removeAll(LEFT_TO_THE_USER_BY_AUTO);
        s.remove(ComparisonPlan.PLAN);
        s.remove(ComparisonPlan.METHODS);
        return java.util.Collections.unmodifiableSet(s);
    }

    /** {@code onto} with the settings auto leaves to the user taken from {@code user}. */
    public static ComparisonPlan withUsersSettings(ComparisonPlan onto, ComparisonPlan user) {
        return onto.withSeed(user.seed()).withAlign(user.align()).withIntersectVocabularies(user.intersectVocabularies())
                .withGapThreshold(user.gapThreshold());
    }

    /** The comparison its rows are written under, as known before it runs: itself, or null for auto before its pilot has chosen. */
    public ComparisonJob rowsJob() {
        return auto == null || auto.documents().length > 0 ? this : null;
    }

    public boolean isAuto() {
        return auto != null;
    }

    /** Whether the rows carry each document's last round (temperatures, converged): adaptive and auto comparisons. */
    public boolean rounds() {
        return budget != null || auto != null;
    }

    /**
     * The provenance settings, by name, in a fixed order: the plan's, then the budget's when adaptive (it says how to run
     * it again), or auto's pilot when auto.
     */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>(plan.toSettings());
        if (budget != null) {
            s.putAll(budget.toSettings());
        }
        if (auto != null) {
            s.putAll(auto.toSettings());
        }
        return s;
    }

    /**
     * The comparison whose {@link #toSettings} these are (an output's provenance, a session).
     *
     * @throws IllegalArgumentException naming the setting that is missing, unknown or not valid
     */
    public static ComparisonJob fromSettings(Map<String, String> settings) {
        return new ComparisonJob(ComparisonPlan.fromSettings(settings), AdaptiveBudget.fromSettings(settings), AutoPilot.fromSettings(settings));
    }

    /**
     * The settings the user chose, as the run form holds them: every one (and {@code adaptive false} for a plain run), or
     * for auto only those it leaves to the user, so that an auto form and the results it made compare equal whatever
     * the pilot chose.
     */
    public Map<String, String> userSettings() {
        if (auto == null) {
            Map<String, String> all = new LinkedHashMap<>(toSettings());
            all.putIfAbsent(ADAPTIVE, Boolean.toString(false));
            return all;
        }
        Map<String, String> all = plan.toSettings();
        Map<String, String> mine = new LinkedHashMap<>();
        mine.put(ComparisonPlan.METHODS, AutoPilot.NAME);
        for (String k : LEFT_TO_THE_USER_BY_AUTO) {
            mine.put(k, all.get(k));
        }
        return mine;
    }

    /**
     * Of {@link #userSettings}, those that made a difference to the results ({@link ComparisonPlan#usedSettings}: no
     * particles for a ratio path, say): what a caption names when the form differs from the plan that made them.
     */
    public Map<String, String> usedSettings() {
        if (auto != null) {
            return userSettings();
        }
        Map<String, String> used = plan.usedSettings();
        Map<String, String> all = plan.toSettings();
        Map<String, String> s = new LinkedHashMap<>();
        userSettings().forEach((k, v) -> {
            if (used.containsKey(k) || !all.containsKey(k)) {
                s.put(k, v);
            }
        });
        return s;
    }

    /**
     * Whether the results of {@code other} may stand beside these as the results of one comparison: every setting the
     * same but the methods. Each method draws its own random numbers (per document, run, method and direction), so the
     * rows of two such jobs are the rows one job of all their methods gives.
     */
    public boolean joins(ComparisonJob other) {
        Map<String, String> mine = new LinkedHashMap<>(toSettings());
        Map<String, String> theirs = new LinkedHashMap<>(other.toSettings());
        mine.remove(ComparisonPlan.METHODS);
        theirs.remove(ComparisonPlan.METHODS);
        return mine.equals(theirs);
    }

    /** This comparison with the methods of {@code other} it lacks added after its own (the methods of two jobs that {@link #joins}). */
    public ComparisonJob withMethodsOf(ComparisonJob other) {
        List<String> methods = new ArrayList<>(plan.methods());
        other.plan.methods().stream().filter(m -> !methods.contains(m)).forEach(methods::add);
        return new ComparisonJob(plan.withMethods(methods), budget, auto);
    }
}
