package tmeval.app.common;

import tmeval.run.plan.ComparisonJob;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import tmeval.run.output.ComparisonAnswer;

/**
 * The answer first: the line above the workbench's results that {@code compare}'s summary opens with
 * ({@link ComparisonAnswer#line}), from the same rows, kept up to date as they stream in; "Partial answer" while a job
 * runs or after one stopped early. Each update costs what the table's rows cost, which {@link Results} computes once per
 * change for every view.
 */
public final class AnswerLine {
    private final Results results;
    private final ObservableBooleanValue running;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    /** @param running whether a comparison job is running (its rows are not all in yet) */
    public AnswerLine(Results results, ObservableBooleanValue running) {
        this.results = results;
        this.running = running;
        results.onAdded(batch -> update());
        results.onReset(this::update);
        results.partialProperty().addListener((o, a, b) -> update());
        running.addListener((o, a, b) -> update());
        update();
    }

    private void update() {
        if (results.corpus() == null || results.rows().isEmpty()) {
            text.set(running.get() ? "Partial answer: none yet, the first documents are running." : "");
            return;
        }
        ComparisonJob plan = results.planProperty().get();
        // auto's choice is the method of its plan (ComparisonJob): its answer is the one to give
        String preferred = plan != null && plan.auto() != null && !plan.plan().methods().isEmpty() ? plan.plan().methods().get(0) : null;
        boolean partial = running.get() || !results.partialProperty().get().isEmpty();
        text.set(ComparisonAnswer.line(results.rows(), results.verdicts().counts(), results.checks(), preferred, partial));
    }

    /** The answer in a line, or empty when there are no results. */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }
}
