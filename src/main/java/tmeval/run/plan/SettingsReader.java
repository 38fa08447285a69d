package tmeval.run.plan;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads settings back by name (an output's provenance lines, a session) into a plan: each one must be there and is
 * checked by its rule ({@link Setting}, the command line's); a missing, unknown or invalid setting is an
 * {@link IllegalArgumentException} that names it, never a default put in its place.
 */
public final class SettingsReader {
    private final Map<String, String> settings;
    private final Set<String> ignored;
    private final Set<String> read = new HashSet<>();

    /** @param ignored settings that belong to another reader (an adaptive budget's), neither read nor refused here */
    public SettingsReader(Map<String, String> settings, Set<String> ignored) {
        this.settings = settings;
        this.ignored = ignored;
    }

    public boolean has(String key) {
        return settings.containsKey(key);
    }

    public String text(String key) {
        String v = settings.get(key);
        if (v == null) {
            throw problem(key, "missing");
        }
        read.add(key);
        return v;
    }

    /** The setting the rule names. */
    public long whole(Setting.Whole rule) {
        return whole(rule.name(), rule);
    }

    /** A setting kept under another name (a session's "minTokens") by the rule of its option. */
    public long whole(String key, Setting.Whole rule) {
        String v = text(key);
        return valid(key, () -> rule.parse(v));
    }

    public double real(Setting.Real rule) {
        return real(rule.name(), rule);
    }

    public double real(String key, Setting.Real rule) {
        String v = text(key);
        return valid(key, () -> rule.parse(v));
    }

    public boolean bool(String key) {
        String v = text(key);
        return valid(key, () -> Setting.bool(v));
    }

    /** A value the setting's own parser or record checks, its complaint prefixed with the setting's name. */
    public <T> T valid(String key, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw problem(key, e.getMessage());
        }
    }

    /** @throws IllegalArgumentException naming the first setting nobody read */
    public void noOthers() {
        for (String key : settings.keySet()) {
            if (!read.contains(key) && !ignored.contains(key) && !Setting.isCorpusSetting(key)) {
                throw problem(key, "not a setting of this plan");
            }
        }
    }

    /** "setting NAME: PROBLEM", as {@link Setting#check} and the session reader say it. */
    public static IllegalArgumentException problem(String key, String what) {
        return new IllegalArgumentException("setting " + key + ": " + what);
    }
}
