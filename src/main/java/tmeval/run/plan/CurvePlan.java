package tmeval.run.plan;

import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything that defines an iteration curve over a model series, validated once; {@code curve}'s options and the
 * workbench's curve form both fill it.
 *
 * @param firstExtraTemperatures iteration-AIS's extra temperatures from the prior to the first snapshot
 * @param allowUneven accept snapshots that are not evenly spaced
 */
public record CurvePlan(List<String> methods, MethodSettings settings, int firstExtraTemperatures, int runs, long seed, int threads,
                        boolean allowUneven) implements java.io.Serializable {
    public static final List<String> CURVE_METHODS = List.of(Methods.ITERATION_AIS, Methods.AIS, Methods.LR, Methods.VB);

    /** n = 1000 temperatures per snapshot, one sample, as for the comparisons. */
    public static final MethodSettings DEFAULT_METHOD_SETTINGS = MethodSettings.defaults().withSamples(1).withTemperatures(1000);
    /** Two runs: the per-iteration variance column needs two. */
    public static final int DEFAULT_RUNS = 2;
    public static final long DEFAULT_SEED = 1;
    /** The names of the settings ({@link #toSettings}) that are not method options or ranged settings. */
    private static final String PLAN = SettingName.PLAN.key();
    private static final String PLAN_NAME = "curve";
    private static final String METHODS = SettingName.METHODS.key();
    private static final String ALLOW_UNEVEN = SettingName.ALLOW_UNEVEN_SERIES.key();

    /** @throws IllegalArgumentException naming the setting */
    public CurvePlan {
        methods = List.copyOf(methods);
        if (methods.isEmpty()) {
            throw new IllegalArgumentException("select at least one method");
        }
        if (methods.stream().distinct().count() < methods.size()) {
            throw new IllegalArgumentException("a method is selected twice: " + String.join(",", methods));
        }
        for (String m : methods) {
            if (!CURVE_METHODS.contains(m)) {
                throw new IllegalArgumentException("unknown curve method '" + m + "' (" + String.join(", ", CURVE_METHODS) + ")");
            }
        }
        if (firstExtraTemperatures < 0 || runs < 1 || threads < 1) {
            throw new IllegalArgumentException("extra temperatures must not be negative; runs and threads at least 1");
        }
    }

    /** The settings a curve method reads: the annealers their temperatures, lr its budget from them, vb none. */
    public static Set<MethodOption> optionsOf(String method) {
        if (method.equals(Methods.VB)) {
            return Set.of();
        }
        return method.equals(Methods.LR) ? EnumSet.of(MethodOption.TEMPERATURES, MethodOption.RESAMPLING)
                : EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.SCHEDULE);
    }

    /** The default plan: every curve method, the first snapshot reached with as many extra temperatures as the others. */
    public static CurvePlan defaults() {
        return new CurvePlan(CURVE_METHODS, DEFAULT_METHOD_SETTINGS, DEFAULT_METHOD_SETTINGS.temperatures(), DEFAULT_RUNS,
                DEFAULT_SEED, Workers.defaultThreads(), false);
    }

    /**
     * Every setting, by name (the command line's option names), in a fixed order: the {@code # setting} lines of the
     * output's provenance, and what {@link #fromSettings} reads back into the same plan (the thread count aside).
     */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PLAN, PLAN_NAME);
        s.put(METHODS, String.join(",", methods));
        s.putAll(MethodSettingsText.of(settings));
        s.put(Setting.FIRST_EXTRA_TEMPERATURES.name(), Integer.toString(firstExtraTemperatures));
        s.put(Setting.RUNS.name(), Integer.toString(runs));
        s.put(Setting.SEED.name(), Long.toString(seed));
        s.put(ALLOW_UNEVEN, Boolean.toString(allowUneven));
        return s;
    }

    /** Of {@link #toSettings}, those its methods read (no particles, say): what a caption compares. */
    public Map<String, String> usedSettings() {
        Set<MethodOption> read = EnumSet.noneOf(MethodOption.class);
        methods.forEach(m -> read.addAll(optionsOf(m)));
        return MethodSettingsText.onlyUsed(toSettings(), read);
    }

    /**
     * The plan whose {@link #toSettings} these are, on all cores: every setting must be there, none other, and each
     * must be what the command line accepts.
     *
     * @throws IllegalArgumentException naming the setting that is missing, unknown or not valid
     */
    public static CurvePlan fromSettings(Map<String, String> s) {
        SettingsReader in = new SettingsReader(s, Set.of());
        if (!PLAN_NAME.equals(in.text(PLAN))) {
            throw SettingsReader.problem(PLAN, "'" + s.get(PLAN) + "', not a " + PLAN_NAME + " plan");
        }
        String methodList = in.text(METHODS);
        List<String> methods = in.valid(METHODS, () -> Setting.methods(methodList, CURVE_METHODS, false));
        MethodSettings settings = MethodSettingsText.read(in);
        int extra = (int) in.whole(Setting.FIRST_EXTRA_TEMPERATURES);
        int runs = (int) in.whole(Setting.RUNS);
        long seed = in.whole(Setting.SEED);
        boolean uneven = in.bool(ALLOW_UNEVEN);
        in.noOthers();
        return new CurvePlan(methods, settings, extra, runs, seed, Workers.defaultThreads(), uneven);
    }
}
