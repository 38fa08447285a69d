package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The hover text of a chart of the results ("document 1317 ..."), or null when none is shown: it goes when the results
 * are replaced (new inputs, another run) and when another view is brought forward, so it never describes what is no
 * longer under the pointer. The chart's view shows it where the pointer is while it is not null.
 */
public final class HoverText {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper();

    public HoverText(Results results) {
        results.onReset(this::hide);
    }

    /** The pointer is over an item with this text (null: over none). */
    public void show(String hover) {
        text.set(hover);
    }

    public void hide() {
        text.set(null);
    }

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }
}
