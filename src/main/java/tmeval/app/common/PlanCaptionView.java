package tmeval.app.common;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** A view's results under the line that names the plan that made them, and how the form differs since ({@link PlanCaption}). */
public final class PlanCaptionView {
    private PlanCaptionView() {
    }

    /** @param id the line's id; its two labels are {@code id + "-text"} and {@code id + "-changes"} */
    public static BorderPane above(Node content, PlanCaption<?> caption, String id) {
        Label text = new Label();
        text.setId(id + "-text");
        text.textProperty().bind(caption.textProperty());
        text.setMinWidth(Label.USE_PREF_SIZE);
        Label changes = new Label();
        changes.setId(id + "-changes");
        changes.getStyleClass().add("plan-changed");
        changes.textProperty().bind(caption.changesProperty());
        HBox.setHgrow(changes, Priority.ALWAYS);
        HBox line = new HBox(12, text, changes);
        line.setId(id);
        line.setAlignment(Pos.CENTER_LEFT);
        line.getStyleClass().add("plan-caption");
        line.visibleProperty().bind(caption.textProperty().isNotEmpty());
        line.managedProperty().bind(line.visibleProperty());
        BorderPane pane = new BorderPane(content);
        pane.setTop(line);
        return pane;
    }
}
