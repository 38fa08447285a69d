package tmeval.run.plan;

import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A method-settings record as named values, for provenance lines and sessions, and read back from them: each setting
 * of {@link MethodOption}'s table, in its order, under its name.
 */
public final class MethodSettingsText {
    private MethodSettingsText() {
    }

    public static Map<String, String> of(MethodSettings m) {
        Map<String, String> s = new LinkedHashMap<>();
        for (MethodOption o : MethodOption.values()) {
            s.put(o.setting(), o.text(m));
        }
        return s;
    }

    /**
     * These settings without the method options none of {@code used} is: what a plan's methods actually read (a caption
     * comparing two plans names no setting that made no difference, such as particles to a ratio path).
     */
    public static Map<String, String> onlyUsed(Map<String, String> settings, java.util.Set<MethodOption> used) {
        Map<String, String> s = new LinkedHashMap<>(settings);
        for (MethodOption o : MethodOption.values()) {
            if (!used.contains(o)) {
                s.remove(o.setting());
            }
        }
        return s;
    }

    /** The settings {@link #of} wrote, each checked by its rule ({@link Setting}, the command line's). */
    static MethodSettings read(SettingsReader in) {
        MethodSettings m = MethodSettings.defaults();
        for (MethodOption o : MethodOption.values()) {
            String text = in.text(o.setting());
            MethodSettings before = m;
            m = in.valid(o.setting(), () -> {
                Setting.rule(o).accept(text);
                return o.with(before, text);
            });
        }
        return m;
    }
}
