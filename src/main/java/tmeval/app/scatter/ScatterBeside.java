package tmeval.app.scatter;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonTable.PairedEstimate;

import java.util.ArrayList;
import java.util.List;

/**
 * The scatter's second layer: the points of another run of the history ("compare with"), drawn under the run on screen
 * at the same coordinates, every method of it in one grey series named by the run.
 */
public final class ScatterBeside {
    private final ReadOnlyObjectWrapper<List<PairedEstimate>> points = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper label = new ReadOnlyStringWrapper("");

    /** Follows the rows of the run drawn beside ({@code results}, null: none) and what names it ({@code run}'s text). */
    public void follow(ObservableValue<Results> results, ObservableValue<?> run) {
        results.addListener((o, a, b) -> show(b, run.getValue()));
        show(results.getValue(), run.getValue());
    }

    void show(Results other, Object run) {
        if (other == null || other.corpus() == null) {
            label.set("");
            points.set(List.of());
            return;
        }
        List<PairedEstimate> all = new ArrayList<>();
        for (String method : other.table().methods()) {
            all.addAll(other.paired(method));
        }
        label.set("beside: run " + run);
        points.set(List.copyOf(all));
    }

    /** Every point of the run beside, all its methods, empty when none is chosen. */
    public ReadOnlyObjectProperty<List<PairedEstimate>> pointsProperty() {
        return points.getReadOnlyProperty();
    }

    /** "beside: run #2 ...": the legend of the layer, empty when none. */
    public ReadOnlyStringProperty labelProperty() {
        return label.getReadOnlyProperty();
    }
}
