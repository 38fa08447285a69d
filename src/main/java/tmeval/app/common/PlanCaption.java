package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The line above a screen's results naming the plan that made them ("Results of:", the methods, "n = 1000, 2 runs,
 * seed 1") and, once the screen's form has been edited, how the form differs from it, in words ("the form differs from
 * these results: temperatures 10 instead of 1000"): results are never taken for those of the form on screen.
 *
 * @param <P> the screen's plan
 */
public final class PlanCaption<P> {
    private final String what;
    private final ObservableValue<P> shown;
    private final ObservableValue<P> form;
    private final Function<P, String> describe;
    private final Function<P, Map<String, String>> settings;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper changes = new ReadOnlyStringWrapper("");

    /**
     * @param what     what the results are ("Results", "Scores")
     * @param shown    the plan of the results on screen, null when there are none
     * @param form     the plan the form describes now, null while one of its settings is not valid
     * @param settings a plan's settings by name (its provenance lines), compared one by one
     */
    public PlanCaption(String what, ObservableValue<P> shown, ObservableValue<P> form, Function<P, String> describe,
                       Function<P, Map<String, String>> settings) {
        this.what = what;
        this.shown = shown;
        this.form = form;
        this.describe = describe;
        this.settings = settings;
        shown.addListener((o, a, b) -> update());
        form.addListener((o, a, b) -> update());
        update();
    }

    private void update() {
        P made = shown.getValue();
        P now = form.getValue();
        text.set(made == null ? "" : what + " of: " + describe.apply(made));
        if (made == null) {
            changes.set("");
        } else if (now == null) {
            changes.set("the form differs from these results (one of its settings is not valid)");
        } else {
            List<String> differ = differences(settings.apply(made), settings.apply(now));
            changes.set(differ.isEmpty() ? "" : "the form differs from these results: " + String.join("; ", differ));
        }
    }

    /**
     * "temperatures 10 instead of 1000" for each setting whose value differs, in the order of the results' settings; a
     * setting only one side has is said so ("auto-pilot 8 in these results, not in the form").
     */
    static List<String> differences(Map<String, String> made, Map<String, String> now) {
        List<String> keys = new ArrayList<>(made.keySet());
        now.keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            String was = made.get(key);
            String is = now.get(key);
            if (was == null) {
                out.add(key + " " + is + " in the form, not in these results");
            } else if (is == null) {
                out.add(key + " " + was + " in these results, not in the form");
            } else if (!was.equals(is)) {
                out.add(key + " " + is + " instead of " + was);
            }
        }
        return out;
    }

    /** "Results of: ..." naming the plan of the results on screen, or empty when there are none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** How the form now differs from that plan, or empty when Run would run that very plan. */
    public ReadOnlyStringProperty changesProperty() {
        return changes.getReadOnlyProperty();
    }
}
