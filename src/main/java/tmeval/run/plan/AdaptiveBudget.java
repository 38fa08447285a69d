package tmeval.run.plan;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The adaptive budget. */
public record AdaptiveBudget(double agreeWithin, int maxTemperatures) {
    public AdaptiveBudget {
        if (!(agreeWithin > 0) || maxTemperatures < 1) {
            throw new IllegalArgumentException("--agree-within must be positive and --max-temperatures at least 1");
        }
    }

    /** The settings of a budget, read by {@link #fromSettings} and left alone by {@link ComparisonPlan#fromSettings}. */
    static final java.util.Set<String> SETTINGS = Setting.keys(SettingName.ADAPTIVE, SettingName.AGREE_WITHIN, SettingName.MAX_TEMPERATURES);

    /** This budget's settings, by name: beside its plan's, the provenance of an adaptive output ({@link ComparisonJob#toSettings}). */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SettingName.ADAPTIVE.key(), "true");
        s.put(SettingName.AGREE_WITHIN.key(), String.format(Locale.ROOT, "%s", agreeWithin));
        s.put(SettingName.MAX_TEMPERATURES.key(), Integer.toString(maxTemperatures));
        return s;
    }

    /**
     * The budget {@link #toSettings} wrote, or null for the settings of a plain run (no {@code adaptive} setting).
     *
     * @throws IllegalArgumentException naming the budget's setting that is missing or not valid
     */
    public static AdaptiveBudget fromSettings(Map<String, String> settings) {
        if (!settings.containsKey(SettingName.ADAPTIVE.key())) {
            if (settings.containsKey(SettingName.AGREE_WITHIN.key()) || settings.containsKey(SettingName.MAX_TEMPERATURES.key())) {
                throw SettingsReader.problem(SettingName.AGREE_WITHIN.key(), "goes with " + SettingName.ADAPTIVE.key() + " true (and "
                        + SettingName.MAX_TEMPERATURES.key() + "), which this plan does not have");
            }
            return null;
        }
        SettingsReader in = new SettingsReader(settings, settings.keySet());
        if (!in.bool(SettingName.ADAPTIVE.key())) {
            throw SettingsReader.problem(SettingName.ADAPTIVE.key(), "is only ever true: a plain run's settings name no budget");
        }
        return new AdaptiveBudget(in.real(Setting.AGREE_WITHIN), (int) in.whole(Setting.MAX_TEMPERATURES));
    }

    /** @throws IllegalArgumentException when the plan cannot be run adaptively */
    public void check(ComparisonPlan plan) {
        check(plan, Names.COMMAND_LINE);
    }

    /** As {@link #check(ComparisonPlan)}, naming the settings as {@code names} does (the workbench names its own controls). */
    public void check(ComparisonPlan plan, Names names) {
        if (plan.directions() != ComparisonPlan.Directions.BOTH) {
            throw new IllegalArgumentException(names.adaptive() + " compares the two directions: " + names.bothDirections());
        }
        if (plan.annealingMethod() == null) {
            throw new IllegalArgumentException(names.adaptive() + " needs a ratio path (a method run in both directions)");
        }
        if (maxTemperatures < plan.settings().temperatures()) {
            throw new IllegalArgumentException(names.maxTemperatures() + " " + maxTemperatures + " is below " + names.temperatures() + " "
                    + plan.settings().temperatures());
        }
    }

    /** How a budget's problems name the settings: the command line's options, or a form's controls. */
    public record Names(String adaptive, String bothDirections, String maxTemperatures, String temperatures) {
        public static final Names COMMAND_LINE = new Names(SettingName.ADAPTIVE.dashed(), "use " + SettingName.DIRECTION.dashed() + " both",
                SettingName.MAX_TEMPERATURES.dashed(), "--" + tmeval.estimate.MethodOption.TEMPERATURES.option());
    }
}
