package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** A view's results under the line that names the plan that made them, and how the form differs since ({@link PlanCaption}). */
public final class PlanCaptionView {
    /**
     * The height, in ems, of a folded answer line or banner: two lines of text and the padding. At 1280 x 800 the answer,
     * the banner and the caption had taken most of the height and left the plot a strip; the rest is a click away.
     */
    static final double FOLDED_EMS = 3.7;

    private PlanCaptionView() {
    }

    /**
     * Folds a long label to two lines (ending in an ellipsis); a click unfolds it and folds it again, and its tooltip
     * holds the whole text.
     */
    static void foldable(Label label) {
        boolean[] open = {false};
        Runnable apply = () -> label.setMaxHeight(open[0] ? Double.MAX_VALUE : FOLDED_EMS * label.getFont().getSize());
        label.fontProperty().addListener((o, a, b) -> apply.run());
        apply.run();
        label.setMinHeight(0);
        label.setCursor(javafx.scene.Cursor.HAND);
        label.setOnMouseClicked(e -> {
            open[0] = !open[0];
            apply.run();
        });
        javafx.scene.control.Tooltip whole = new javafx.scene.control.Tooltip();
        whole.textProperty().bind(label.textProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(700);
        label.setTooltip(whole);
    }

    /**
     * @param id the line's id; its labels are {@code id + "-text"} and {@code id + "-changes"}, and the link that puts the
     *           plan back in the form {@code id + "-put-back"}
     */
    public static BorderPane above(Node content, PlanCaption<?> caption, String id) {
        Label text = new Label();
        text.setId(id + "-text");
        text.textProperty().bind(caption.textProperty());
        text.setMinWidth(0);
        Tooltip plan = new Tooltip();
        plan.textProperty().bind(caption.textProperty());
        text.setTooltip(plan);
        // how the form differs: one short line under the plan's (at most two when narrow), never the chart's room;
        // every difference in its tooltip
        Label changes = new Label();
        changes.setId(id + "-changes");
        changes.getStyleClass().add("plan-changed");
        changes.textProperty().bind(caption.changesProperty());
        changes.setWrapText(true);
        changes.setMinWidth(0);
        changes.setMinHeight(0);
        changes.maxHeightProperty().bind(changes.fontProperty().map(f -> FOLDED_EMS * f.getSize()));
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(caption.changesDetailProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(600);
        changes.setTooltip(whole);
        HBox.setHgrow(changes, Priority.SOMETIMES);
        Hyperlink putBack = new Hyperlink("Put its plan in the form");
        putBack.setId(id + "-put-back");
        putBack.setMinWidth(Region.USE_PREF_SIZE);
        putBack.setTooltip(new Tooltip("Put the plan of the results on screen back in the form"));
        putBack.setOnAction(e -> caption.putBack());
        putBack.setVisible(caption.offersPutBack());
        putBack.setManaged(caption.offersPutBack());
        HBox differs = new HBox(8, changes, putBack);
        differs.setId(id + "-differs");
        differs.setAlignment(Pos.CENTER_LEFT);
        differs.visibleProperty().bind(caption.changesProperty().isNotEmpty());
        differs.managedProperty().bind(differs.visibleProperty());
        VBox line = new VBox(text, differs);
        line.setId(id);
        line.getStyleClass().add("plan-caption");
        line.visibleProperty().bind(caption.textProperty().isNotEmpty());
        line.managedProperty().bind(line.visibleProperty());
        BorderPane pane = new BorderPane(content);
        pane.setTop(line);
        return pane;
    }

    /**
     * As {@link #above(Node, PlanCaption, String)}, with a banner under the line when the results hold a disagreement
     * ({@link DisagreementNotice}: its {@code text}, the sentences or their summary); its id is {@code id + "-disagreement"}.
     */
    public static BorderPane above(Node content, PlanCaption<?> caption, ReadOnlyStringProperty notice, String id) {
        BorderPane pane = above(content, caption, id);
        Label banner = new Label();
        banner.setId(id + "-disagreement");
        banner.getStyleClass().add("disagreement-banner");
        banner.setWrapText(true);
        banner.setMaxWidth(Double.MAX_VALUE);
        foldable(banner);
        banner.textProperty().bind(notice);
        banner.visibleProperty().bind(notice.isNotEmpty());
        banner.managedProperty().bind(banner.visibleProperty());
        pane.setTop(new javafx.scene.layout.VBox(pane.getTop(), banner));
        return pane;
    }

    /**
     * As {@link #above(Node, PlanCaption, ReadOnlyStringProperty, String)}, with the answer first ({@link AnswerLine}) on
     * top of all; its id is {@code id + "-answer"}.
     */
    public static BorderPane above(Node content, ReadOnlyStringProperty answer, PlanCaption<?> caption, ReadOnlyStringProperty notice, String id) {
        BorderPane pane = above(content, caption, notice, id);
        Label line = new Label();
        line.setId(id + "-answer");
        line.getStyleClass().add("answer-line");
        line.setWrapText(true);
        line.setMaxWidth(Double.MAX_VALUE);
        foldable(line);
        line.textProperty().bind(answer);
        line.visibleProperty().bind(answer.isNotEmpty());
        line.managedProperty().bind(line.visibleProperty());
        pane.setTop(new javafx.scene.layout.VBox(line, pane.getTop()));
        return pane;
    }
}
