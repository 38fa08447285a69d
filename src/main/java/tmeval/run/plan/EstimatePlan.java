package tmeval.run.plan;

import tmeval.estimate.Estimator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Everything that defines a single-model estimation on a corpus, validated once; {@code estimate}'s options fill
 * it, and its {@link #settings()} are the provenance of the output. The method settings default to the method's own
 * ({@link Methods}).
 */
public record EstimatePlan(String method, MethodSettings settings, int runs, long seed, int threads) implements java.io.Serializable {
    public static final int DEFAULT_RUNS = 1;
    public static final long DEFAULT_SEED = 1;
    /** The names of the settings ({@link #toSettings}) that are not method options. */
    private static final String PLAN = SettingName.PLAN.key();
    private static final String PLAN_NAME = "estimate";
    private static final String METHOD = SettingName.METHOD.key();

    /** @throws IllegalArgumentException naming the setting */
    public EstimatePlan {
        Methods.get(method);
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
    }

    public static EstimatePlan defaults(String method) {
        return new EstimatePlan(method, Methods.get(method).defaults(), DEFAULT_RUNS, DEFAULT_SEED, Workers.defaultThreads());
    }

    public Estimator estimator() {
        return Methods.get(method).create(settings);
    }

    /**
     * Every setting, by name (the command line's option names), in a fixed order: the {@code # setting} lines of the
     * output's provenance, and what {@link #fromSettings} reads back into the same plan. The thread count is not a
     * setting: the output is the same for any.
     */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PLAN, PLAN_NAME);
        s.put(METHOD, method);
        s.putAll(MethodSettingsText.of(settings));
        s.put(Setting.RUNS.name(), Integer.toString(runs));
        s.put(Setting.SEED.name(), Long.toString(seed));
        return s;
    }

    /**
     * The plan whose {@link #toSettings} these are, on all cores: every setting must be there, none other, and each
     * must be what the command line accepts.
     *
     * @throws IllegalArgumentException naming the setting that is missing, unknown or not valid
     */
    public static EstimatePlan fromSettings(Map<String, String> s) {
        SettingsReader in = new SettingsReader(s, Set.of());
        if (!PLAN_NAME.equals(in.text(PLAN))) {
            throw SettingsReader.problem(PLAN, "'" + s.get(PLAN) + "', not an " + PLAN_NAME + " plan");
        }
        String method = in.text(METHOD);
        in.valid(METHOD, () -> Methods.get(method));
        MethodSettings settings = MethodSettingsText.read(in);
        int runs = (int) in.whole(Setting.RUNS);
        long seed = in.whole(Setting.SEED);
        in.noOthers();
        return new EstimatePlan(method, settings, runs, seed, Workers.defaultThreads());
    }
}
