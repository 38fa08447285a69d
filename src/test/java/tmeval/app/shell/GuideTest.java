package tmeval.app.shell;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
