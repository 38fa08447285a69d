package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The line above a screen's results naming the plan that made them ("Results of:", the methods, "n = 1000, 2 runs,
 * seed 1") and, once the screen's form has been edited, how the form differs from it, in words ("the form differs from
 * these results: temperatures 10 instead of 1000"): results are never taken for those of the form on screen.
 *
 * @param <P> the screen's plan
 */
public final class PlanCaption<P> {
    /** The differences the short line names; the rest are counted, and all of them are in {@link #changesDetailProperty}. */
    static final int SHOWN_DIFFERENCES = 3;
    static final String LEAD = "the form differs from these results: ";

    private final String what;
    private final ObservableValue<P> shown;
    private final ObservableValue<P> form;
    private final Function<P, String> describe;
    private final Function<P, Map<String, String>> used;
    private final Function<P, Map<String, String>> settings;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper changes = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper stale = new ReadOnlyStringWrapper("");
    private Supplier<List<String>> putBack;
    private UserMessages messages = UserMessages.NONE;

    /** As {@link #PlanCaption(String, ObservableValue, ObservableValue, Function, Function, Function)}, every setting used. */
    public PlanCaption(String what, ObservableValue<P> shown, ObservableValue<P> form, Function<P, String> describe,
                       Function<P, Map<String, String>> settings) {
        this(what, shown, form, describe, settings, settings);
    }

    /**
     * @param what     what the results are ("Results", "Scores")
     * @param shown    the plan of the results on screen, null when there are none
     * @param form     the plan the form describes now, null while one of its settings is not valid
     * @param used     of a plan's settings by name (its provenance lines), those that made a difference to its results:
     *                 the only ones compared (no particles named for a ratio path)
     * @param settings a plan's settings by name, as a form holds them
     */
    public PlanCaption(String what, ObservableValue<P> shown, ObservableValue<P> form, Function<P, String> describe,
                       Function<P, Map<String, String>> used, Function<P, Map<String, String>> settings) {
        this.what = what;
        this.shown = shown;
        this.form = form;
        this.describe = describe;
        this.used = used;
        this.settings = settings;
        shown.addListener((o, a, b) -> update());
        form.addListener((o, a, b) -> update());
        update();
    }

    /**
     * What "Put its plan in the form" does: puts the plan of the results on screen in the form and returns the settings
     * the form could not hold, which {@code messages} reports.
     */
    public void setPutBack(Supplier<List<String>> action, UserMessages messages) {
        this.putBack = action;
        this.messages = messages;
    }

    /** Whether the line offers to put the plan back in the form. */
    public boolean offersPutBack() {
        return putBack != null;
    }

    /** Puts the plan of the results on screen in the form, reporting any setting the form cannot hold. */
    public void putBack() {
        if (putBack == null) {
            return;
        }
        List<String> notHeld = putBack.get();
        if (!notHeld.isEmpty()) {
            messages.error("The form cannot hold all of the plan", String.join("\n", notHeld));
        }
    }

    private void update() {
        P made = shown.getValue();
        P now = form.getValue();
        text.set(made == null ? "" : what + " of: " + describe.apply(made));
        if (made == null) {
            changes.set("");
            detail.set("");
        } else if (now == null) {
            changes.set("the form differs from these results (one of its settings is not valid)");
            detail.set(changes.get());
        } else {
            List<String> differ = differences(used.apply(made), settings.apply(now));
            changes.set(shortLine(differ));
            detail.set(differ.isEmpty() ? "" : LEAD + String.join("; ", differ));
        }
    }

    /** The first {@link #SHOWN_DIFFERENCES} differences, and how many more. */
    static String shortLine(List<String> differ) {
        if (differ.isEmpty()) {
            return "";
        }
        List<String> shownHere = differ.subList(0, Math.min(SHOWN_DIFFERENCES, differ.size()));
        int more = differ.size() - shownHere.size();
        return LEAD + String.join("; ", shownHere) + (more == 0 ? "" : "; and " + more + " more");
    }

    /**
     * "temperatures 10 instead of 1000" for each setting the results used whose value in the form differs, in the order
     * of the results' settings; a setting the form does not hold (auto leaves the budget to its pilot) is not compared.
     */
    static List<String> differences(Map<String, String> made, Map<String, String> now) {
        List<String> out = new ArrayList<>();
        made.forEach((key, was) -> {
            String is = now.get(key);
            if (is != null && !is.equals(was)) {
                out.add(key + " " + words(is) + " instead of " + words(was));
            }
        });
        return out;
    }

    /** A list setting's items apart, a space after each comma. */
    private static String words(String value) {
        return value.replace(",", ", ");
    }

    /** "Results of: ..." naming the plan of the results on screen, or empty when there are none. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /** How the form now differs from that plan, in one short line, or empty when Run would run that very plan. */
    public ReadOnlyStringProperty changesProperty() {
        return changes.getReadOnlyProperty();
    }

    /**
     * Says, beside the plan, that the results on screen are of other inputs than those loaded now (another series, another
     * corpus), while {@code why} is not empty: results are never taken for those of the inputs on screen.
     */
    public void markStaleWhen(javafx.beans.value.ObservableStringValue why) {
        stale.bind(why);
    }

    /** Why the results on screen are not of the inputs loaded now, or empty. */
    public ReadOnlyStringProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /** Every difference, for the short line's tooltip. */
    public ReadOnlyStringProperty changesDetailProperty() {
        return detail.getReadOnlyProperty();
    }
}
