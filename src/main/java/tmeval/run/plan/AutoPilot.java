package tmeval.run.plan;

import tmeval.estimate.Methods;

import java.util.Arrays;
import java.util.List;

/**
 * What an auto run's provenance adds to the settings of the plan it chose (estimate's and compare's alike): {@code auto
 * true}, how often a document's budget may double, the corpus positions of the pilot's documents and, for a single
 * model's auto, the methods a document falls back to ({@code auto-fallback}, in their order; written only when there
 * are any). The one writer ({@link #toSettings}) and reader ({@link #fromSettings}) of those settings.
 */
public record AutoPilot(int maxDoublings, int[] documents, List<String> fallbacks) {
    /** The method name of auto, {@code estimate}'s, {@code compare}'s and {@code select}'s default. */
    public static final String NAME = SettingName.AUTO.key();
    /** How often a document's budget may double past the starting budget (so at most 16 times it). */
    public static final int MAX_DOUBLINGS = 4;
    /**
     * How many of the pilot's runners-up a document the choice cannot certify may fall back to. Two: on the models
     * measured one sufficed (performance.md, "Certified answers by default": MALLET's K = 30, the one floor-clean
     * runner-up certified all three documents the choice left), a second covers a runner-up that fails where the
     * first also does, and each fallback can cost a document up to 31 times its start budget, so the bound keeps a
     * hopeless document's cost within a few times the choice's worst case.
     */
    public static final int MAX_FALLBACKS = 2;
    /** The settings' names: what a plan's own reader leaves to this one. */
    public static final java.util.Set<String> SETTINGS = Setting.AUTO_SETTINGS;

    public AutoPilot {
        documents = documents.clone();
        fallbacks = List.copyOf(fallbacks);
    }

    /** A pilot without fallbacks (compare's auto). */
    public AutoPilot(int maxDoublings, int[] documents) {
        this(maxDoublings, documents, List.of());
    }

    public java.util.Map<String, String> toSettings() {
        java.util.Map<String, String> s = new java.util.LinkedHashMap<>();
        s.put(NAME, "true");
        s.put(SettingName.AUTO_MAX_DOUBLINGS.key(), Integer.toString(maxDoublings));
        s.put(SettingName.AUTO_PILOT.key(), Arrays.toString(documents).replace(" ", ""));
        if (!fallbacks.isEmpty()) {
            s.put(SettingName.AUTO_FALLBACK.key(), String.join(",", fallbacks));
        }
        return s;
    }

    /**
     * The pilot {@link #toSettings} wrote, or null for the settings of a run that is not auto (no {@code auto} setting).
     *
     * @throws IllegalArgumentException naming the setting that is missing or not valid
     */
    public static AutoPilot fromSettings(java.util.Map<String, String> settings) {
        if (!settings.containsKey(NAME)) {
            for (String k : SETTINGS) {
                if (settings.containsKey(k)) {
                    throw SettingsReader.problem(k, "goes with auto true, which this plan does not have");
                }
            }
            return null;
        }
        SettingsReader in = new SettingsReader(settings, settings.keySet());
        if (!in.bool(NAME)) {
            throw SettingsReader.problem(NAME, "is only ever true: a plan that is not auto names no pilot");
        }
        int doublings = (int) in.whole(Setting.AUTO_MAX_DOUBLINGS);
        String text = in.text(SettingName.AUTO_PILOT.key());
        int[] documents = in.valid(SettingName.AUTO_PILOT.key(), () -> Setting.pilotDocuments(text));
        List<String> fallbacks = List.of();
        if (in.has(SettingName.AUTO_FALLBACK.key())) {
            String names = in.text(SettingName.AUTO_FALLBACK.key());
            fallbacks = in.valid(SettingName.AUTO_FALLBACK.key(), () -> fallbacks(names));
        }
        return new AutoPilot(doublings, documents, fallbacks);
    }

    /** Method names joined by commas: auto's candidates, each once, at most {@link #MAX_FALLBACKS}. */
    static List<String> fallbacks(String text) {
        // any unbiased estimator that was ever a candidate: files written when is-pzw and is-prior were still read back
        List<String> names = Setting.methods(text, Methods.stochasticLowerBounds(), false);
        if (names.size() > MAX_FALLBACKS) {
            throw new IllegalArgumentException("names " + names.size() + " fallbacks where auto has at most " + MAX_FALLBACKS + ": " + text);
        }
        return names;
    }

    /** The most a document's budget is multiplied by: 2 to the {@link #maxDoublings}. */
    public int capFactor() {
        return 1 << maxDoublings;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AutoPilot p && p.maxDoublings == maxDoublings && Arrays.equals(p.documents, documents) && p.fallbacks.equals(fallbacks);
    }

    @Override
    public int hashCode() {
        return (31 * maxDoublings + Arrays.hashCode(documents)) * 31 + fallbacks.hashCode();
    }

    @Override
    public String toString() {
        return "AutoPilot" + toSettings();
    }
}
