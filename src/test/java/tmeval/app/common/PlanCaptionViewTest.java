package tmeval.app.common;

import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * At 1280 x 800 the answer line and the disagreement banner took most of the height above a results view, and then the
 * answer was cut to two lines (issue 39: its DISAGREE part seen only at 1920). The answer wraps whole; the banner is a
 * strip a few lines high that scrolls the rest (its tooltip holds it whole) and gives way first; the view under them keeps
 * its least height.
 */
@ExtendWith(FxThread.class)
class PlanCaptionViewTest {
    @Test
    void theAnswerIsWholeTheBannerScrollsAndTheViewKeepsItsLeastHeight() {
        String longText = "Answer: A predicts better by 0.004231 nats per token (95% 0.003023 to 0.005453); ".repeat(6);
        SimpleObjectProperty<String> plan = new SimpleObjectProperty<>("a plan");
        PlanCaption<String> caption = new PlanCaption<>("Results", plan, plan, p -> p, p -> Map.of());
        Pane view = new Pane();
        view.setMinHeight(300);
        String bannerText = longText.repeat(2);
        Region pane = PlanCaptionView.above(view, new SimpleStringProperty(longText), caption, new SimpleStringProperty(bannerText), "plan-test");
        new Scene(pane, 1000, 800);
        pane.applyCss();
        pane.layout();
        Label answer = (Label) pane.lookup("#plan-test-answer");
        Label banner = (Label) pane.lookup("#plan-test-disagreement");
        assertEquals(longText, ((Text) answer.lookup(".text")).getText(), "the answer is shown whole");
        javafx.scene.Node up = banner;
        while (!(up instanceof ScrollPane)) {
            up = up.getParent();
        }
        ScrollPane strip = (ScrollPane) up;
        double cap = PlanCaptionView.BANNER_LINES * Messages.lineHeight(banner) + banner.snappedTopInset() + banner.snappedBottomInset();
        assertTrue(strip.getHeight() <= cap + 3, "the banner's strip: " + strip.getHeight() + " px, at most " + cap);
        assertTrue(banner.getHeight() > strip.getHeight() + 1, "the banner itself is whole, scrolled in its strip: " + banner.getHeight());
        assertEquals(bannerText, banner.getTooltip().getText(), "the tooltip holds the whole text");
        assertTrue(view.getHeight() > 800 - answer.getHeight() - strip.getHeight() - 40, "the view has the rest: " + view.getHeight());
        // in a short window the messages give way: the view keeps its least height
        pane.getScene().setRoot(new Pane());
        new Scene(pane, 1000, 420);
        pane.applyCss();
        pane.layout();
        assertTrue(view.getHeight() >= 300 - 1, "the view keeps its least height: " + view.getHeight());
        assertTrue(answer.getHeight() >= answer.prefHeight(answer.getWidth()) - 1, "the answer stays whole; the banner gave way");
    }
}
