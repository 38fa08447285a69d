package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import tmeval.run.certify.Disagreements;

/**
 * Disagreement is never silent: the banner the views of the comparison results show above them when two methods' corpus
 * intervals exclude each other. The variance table's banner has the sentences {@code compare} prints
 * ({@link Disagreements#of}), one per pair; the other views' a short summary of them ({@link Disagreements#summary}), so
 * that their charts keep the room. Both are empty when no intervals exclude each other, and follow the results as they
 * stream in.
 */
public final class DisagreementNotice {
    private final Results results;
    private final ReadOnlyStringWrapper sentences = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");

    public DisagreementNotice(Results results) {
        this.results = results;
        results.onAdded(batch -> update());
        results.onReset(this::update);
        update();
    }

    private void update() {
        if (results.corpus() == null) {
            sentences.set("");
            summary.set("");
            return;
        }
        var counts = results.verdicts().counts();
        sentences.set(String.join("\n", Disagreements.of(results.rows(), counts).stream().map(s -> "\u26a0 " + s).toList()));
        String s = Disagreements.summary(results.rows(), counts);
        summary.set(s.isEmpty() ? "" : "\u26a0 " + s);
    }

    /** A sentence per pair of methods whose intervals exclude each other, as {@code compare} prints them; empty when none. */
    public ReadOnlyStringProperty sentencesProperty() {
        return sentences.getReadOnlyProperty();
    }

    /** The same in a few lines, for the views with a chart; empty when no intervals exclude each other. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
}
