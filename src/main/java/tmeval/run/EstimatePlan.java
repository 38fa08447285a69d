package tmeval.run;

import tmeval.estimate.Estimator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Everything that defines a single-model estimation on a corpus, validated once; {@code estimate}'s options fill
 * it, and its {@link #settings()} are the provenance of the output. The method settings default to the method's own
 * ({@link Methods}).
 */
public record EstimatePlan(String method, MethodSettings settings, int runs, long seed, int threads) implements java.io.Serializable {
    public static final int DEFAULT_RUNS = 1;
    public static final long DEFAULT_SEED = 1;

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

    public Map<String, String> settingsText() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("plan", "estimate");
        s.put("method", method);
        s.putAll(MethodSettingsText.of(settings));
        s.put("runs", Integer.toString(runs));
        s.put("seed", Long.toString(seed));
        return s;
    }
}
