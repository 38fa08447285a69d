package tmeval.app.common;

import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * At 1280 x 800 the answer line and the disagreement banner took most of the height above a results view: each is
 * folded to two lines, a click unfolds it, and the view under them keeps the rest.
 */
@ExtendWith(FxThread.class)
class PlanCaptionViewTest {
    @Test
    void aLongAnswerAndBannerAreFoldedToTwoLinesAndAClickUnfoldsThem() {
        String longText = "Answer: A predicts better by 0.004231 nats per token (95% 0.003023 to 0.005453); ".repeat(12);
        SimpleObjectProperty<String> plan = new SimpleObjectProperty<>("a plan");
        PlanCaption<String> caption = new PlanCaption<>("Results", plan, plan, p -> p, p -> Map.of());
        Pane view = new Pane();
        BorderPane pane = PlanCaptionView.above(view, new SimpleStringProperty(longText), caption, new SimpleStringProperty(longText), "plan-test");
        new Scene(pane, 1000, 800);
        pane.applyCss();
        pane.layout();
        Label answer = (Label) pane.lookup("#plan-test-answer");
        Label banner = (Label) pane.lookup("#plan-test-disagreement");
        double folded = PlanCaptionView.FOLDED_EMS * answer.getFont().getSize();
        assertTrue(answer.getHeight() <= folded + 1 && banner.getHeight() <= folded + 1, // + 1: heights snap to whole pixels
                "folded: " + answer.getHeight() + " and " + banner.getHeight() + " px, at most " + folded);
        assertTrue(view.getHeight() > 800 - 3 * folded - 40, "the view keeps the rest of the height: " + view.getHeight());
        answer.fireEvent(new MouseEvent(MouseEvent.MOUSE_CLICKED, 0, 0, 0, 0, MouseButton.PRIMARY, 1, false, false, false, false, true, false,
                false, false, false, true, null));
        pane.layout();
        assertTrue(answer.getHeight() > 2 * folded, "unfolded at a click: " + answer.getHeight() + " px");
        assertTrue(longText.equals(answer.getTooltip().getText()), "the tooltip holds the whole text");
    }
}
