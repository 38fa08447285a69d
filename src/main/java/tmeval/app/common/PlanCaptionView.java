package tmeval.app.common;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A view's results under the line that names the plan that made them, and how the form differs since ({@link PlanCaption});
 * the results views also under the answer line and the banner of a disagreement. The view keeps its least height under
 * them ({@link Messages#above}): at 1280 x 800 the answer, the banner and the caption had taken the chart's place.
 */
public final class PlanCaptionView {
    /** The lines of the banner and of the form's differences shown at once; the rest scrolls, and is in the tooltip. */
    static final double BANNER_LINES = 4;
    /**
     * The answer's lines: it is whole within them (a disagreement of four methods takes six at 1280 x 800), the banner
     * and the view's own messages giving way first; a longer one scrolls.
     */
    static final double ANSWER_LINES = 8;

    private PlanCaptionView() {
    }

    /**
     * @param id the line's id; its labels are {@code id + "-text"} and {@code id + "-changes"}, and the link that puts the
     *           plan back in the form {@code id + "-put-back"}
     */
    public static Region above(Node content, PlanCaption<?> caption, String id) {
        return Messages.above(captionLine(caption, id), content);
    }

    private static VBox captionLine(PlanCaption<?> caption, String id) {
        Label text = new Label();
        text.setId(id + "-text");
        text.textProperty().bind(caption.textProperty());
        Messages.wrapping(text);
        // how the form differs: one short line under the plan's (two when narrow), every difference in its tooltip
        Label changes = new Label();
        changes.setId(id + "-changes");
        changes.getStyleClass().add("plan-changed");
        changes.textProperty().bind(caption.changesProperty());
        Messages.wrapping(changes);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(caption.changesDetailProperty());
        whole.setWrapText(true);
        whole.setMaxWidth(600);
        changes.setTooltip(whole);
        HBox.setHgrow(changes, Priority.ALWAYS);
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
        // results of other inputs than those loaded now (another series, another corpus) say so in the warning's colour
        Label stale = new Label();
        stale.setId(id + "-stale");
        stale.getStyleClass().add("warning");
        stale.textProperty().bind(caption.staleProperty());
        Messages.wrapping(stale);
        stale.visibleProperty().bind(caption.staleProperty().isNotEmpty());
        stale.managedProperty().bind(stale.visibleProperty());
        VBox line = new VBox(text, stale, differs);
        line.setId(id);
        line.getStyleClass().add("plan-caption");
        line.visibleProperty().bind(caption.textProperty().isNotEmpty());
        line.managedProperty().bind(line.visibleProperty());
        return line;
    }

    /**
     * As {@link #above(Node, PlanCaption, String)}, with the answer first ({@link AnswerLine}) on top of all, whole (it
     * wraps over up to {@link #ANSWER_LINES} lines), and under the caption a banner when the results hold a disagreement
     * ({@link DisagreementNotice}: its sentences or their summary) up to {@link #BANNER_LINES} lines high, scrolling the rest
     * and giving way first when the view needs the height. The ids:
     * {@code id + "-answer"}, {@code id + "-disagreement"}.
     */
    public static Region above(Node content, ReadOnlyStringProperty answer, PlanCaption<?> caption, ReadOnlyStringProperty notice, String id) {
        Label line = new Label();
        line.setId(id + "-answer");
        line.getStyleClass().add("answer-line");
        Messages.wrapping(line);
        line.textProperty().bind(answer);
        Label banner = new Label();
        banner.setId(id + "-disagreement");
        banner.getStyleClass().add("disagreement-banner");
        banner.textProperty().bind(notice);
        VBox messages = new VBox(Messages.capped(line, ANSWER_LINES, ANSWER_LINES), captionLine(caption, id), Messages.capped(banner, BANNER_LINES));
        return Messages.above(messages, content);
    }
}
