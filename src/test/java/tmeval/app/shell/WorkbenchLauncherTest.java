package tmeval.app.shell;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A screenshot on a Linux machine with no display draws on JavaFX's headless platform; nothing else changes platform. */
class WorkbenchLauncherTest {
    @Test
    void onlyAScreenshotWithoutADisplayOnLinuxIsHeadless() {
        String[] shot = {"--screenshot", "f.png", "--view", "table"};
        assertTrue(WorkbenchLauncher.headlessScreenshot(shot, null, "Linux"));
        assertTrue(WorkbenchLauncher.headlessScreenshot(new String[] {"--screenshot=f.png"}, " ", "Linux"));
        assertFalse(WorkbenchLauncher.headlessScreenshot(shot, ":0", "Linux"), "a display is used when there is one");
        assertFalse(WorkbenchLauncher.headlessScreenshot(new String[0], null, "Linux"), "the interactive workbench needs a display");
        assertFalse(WorkbenchLauncher.headlessScreenshot(shot, null, "Mac OS X"), "macOS and Windows have no DISPLAY variable");
    }

    @Test
    void anUnknownViewIsRefusedWithTheNamesAndEveryTeachingSubTabIsOne() {
        assertNull(WorkbenchLauncher.viewProblem(new String[] {"--screenshot", "f.png"}));
        assertNull(WorkbenchLauncher.viewProblem(new String[] {"--screenshot", "f.png", "--view", "teaching-ratio"}));
        assertNull(WorkbenchLauncher.viewProblem(new String[] {"--view=teaching-experiment"}));
        assertEquals("--view: no view named 'ratio'; the views: scatter, brackets, table, curves, document, teaching, teaching-distributions,"
                + " teaching-steps, teaching-ratio, teaching-experiment, whichk, covariates",
                WorkbenchLauncher.viewProblem(new String[] {"--screenshot", "f.png", "--view", "ratio"}));
    }
}
