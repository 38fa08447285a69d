package tmeval.run;

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
    /** n = 1000 temperatures per snapshot, one sample, as for the comparisons. */
    public static final MethodSettings DEFAULT_METHOD_SETTINGS = MethodSettings.defaults().withSamples(1).withTemperatures(1000);
    /** Two runs: the per-iteration variance column needs two. */
    public static final int DEFAULT_RUNS = 2;
    public static final long DEFAULT_SEED = 1;

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
            if (!CurveRunner.METHODS.contains(m)) {
                throw new IllegalArgumentException("unknown curve method '" + m + "' (" + String.join(", ", CurveRunner.METHODS) + ")");
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
        return new CurvePlan(CurveRunner.METHODS, DEFAULT_METHOD_SETTINGS, DEFAULT_METHOD_SETTINGS.temperatures(), DEFAULT_RUNS,
                DEFAULT_SEED, Workers.defaultThreads(), false);
    }

    public Map<String, String> settingsText() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("plan", "curve");
        s.put("methods", String.join(",", methods));
        s.putAll(MethodSettingsText.of(settings));
        s.put("first-extra-temperatures", Integer.toString(firstExtraTemperatures));
        s.put("runs", Integer.toString(runs));
        s.put("seed", Long.toString(seed));
        s.put("allow-uneven-series", Boolean.toString(allowUneven));
        return s;
    }
}
