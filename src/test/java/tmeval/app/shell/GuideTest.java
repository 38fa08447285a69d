package tmeval.app.shell;

import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.FxThread;
import tmeval.app.curves.CurvesViewModel;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class GuideTest {
    @Test
    void theGuideIsReadFromItsResourceAndHasAParagraphForEveryPartOfTheWindow() {
        String guide = Guide.read();
        assertTrue(guide.startsWith("tmeval workbench: a guide to the views\n\n"), guide);
        for (String part : List.of("Inputs (left).", "Run panel (top).", "Per-document scatter (Ctrl+1).", "Brackets (Ctrl+2).",
                "Variance table (Ctrl+3).", "Iteration curves (Ctrl+4).", "Document (Ctrl+5).", "Teaching (Ctrl+6).", "Which K? (Ctrl+7).",
                "Sessions.")) {
            assertTrue(guide.contains("\n\n" + part + " ") || guide.startsWith(part), "the guide has a paragraph on " + part);
        }
        assertTrue(guide.lines().noneMatch(l -> l.endsWith("\\")), "no line continuation of a Java text block is left");
    }

    @Test
    void escClosesTheGuide() {
        Stage guide = Guide.window(Guide.read(), null);
        guide.show();
        assertTrue(guide.isShowing());
        // Esc pressed with the caret in the text, where a text area would otherwise keep it
        javafx.scene.Node text = guide.getScene().lookup("#guide-text");
        text.requestFocus();
        javafx.event.Event.fireEvent(text, new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.ESCAPE, false, false, false, false));
        assertFalse(guide.isShowing(), "Esc closes the guide");
    }

    @Test
    void itsCloseButtonClosesTheGuide() {
        Stage guide = Guide.window(Guide.read(), null);
        guide.show();
        Button close = (Button) guide.getScene().lookup("#guide-close");
        assertNotNull(close, "the guide has a Close button");
        close.fire();
        assertFalse(guide.isShowing());
    }

    /** The curves paragraph says what the curves view draws (its axes' quantities), not perplexity. */
    @Test
    void theGuideSaysWhatTheCurvesShow() {
        String curves = Arrays.stream(Guide.read().split("\n")).filter(p -> p.startsWith("Iteration curves")).findFirst().orElseThrow();
        assertFalse(curves.toLowerCase().contains("perplexity"), curves);
        assertTrue(curves.contains("held-out corpus log-likelihood (nats)"), curves);
        assertTrue(CurvesViewModel.LIKELIHOOD_AXIS.startsWith("held-out corpus log-likelihood (nats)"), CurvesViewModel.LIKELIHOOD_AXIS);
        assertTrue(curves.contains("variance across runs"), curves);
    }
}
