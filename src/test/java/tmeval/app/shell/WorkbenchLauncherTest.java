package tmeval.app.shell;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
}
