package tmeval.run;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a plan's settings back by name (an output's provenance lines, a session), each checked as the command line checks
 * its option: a missing, unknown or invalid setting is an {@link IllegalArgumentException} that names it, never a
 * default put in its place.
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
            throw new IllegalArgumentException("setting '" + key + "' is missing");
        }
        read.add(key);
        return v.trim();
    }

    public long whole(String key, long min, long max) {
        String v = text(key);
        long x;
        try {
            x = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw problem(key, "'" + v + "' is not a whole number");
        }
        if (x < min || x > max) {
            throw problem(key, "must be between " + min + " and " + max + ", was " + v);
        }
        return x;
    }

    /** A finite number of at least {@code min}. */
    public double real(String key, double min) {
        String v = text(key);
        double x;
        try {
            x = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw problem(key, "'" + v + "' is not a number");
        }
        if (!Double.isFinite(x) || x < min) {
            throw problem(key, "must be a finite number of at least " + min + ", was " + v);
        }
        return x;
    }

    public boolean bool(String key) {
        String v = text(key);
        if (!v.equals("true") && !v.equals("false")) {
            throw problem(key, "must be true or false, was '" + v + "'");
        }
        return v.equals("true");
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
            if (!read.contains(key) && !ignored.contains(key)) {
                throw new IllegalArgumentException("unknown setting '" + key + "'");
            }
        }
    }

    public static IllegalArgumentException problem(String key, String what) {
        return new IllegalArgumentException("setting '" + key + "': " + what);
    }
}
