package tmeval.app.run;

import javafx.scene.Scene;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.HeldTaskExecutor;
import tmeval.app.common.Results;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class RunViewLayoutTest {
    @TempDir
    Path dir;

    @Test
    void aQueuedJobNeverChangesTheRunPanelsHeight() {
        Workspace workspace = AppFixtures.loaded();
        HeldTaskExecutor held = new HeldTaskExecutor();
        RunViewModel vm = new RunViewModel(workspace, new Results(), held, dir.resolve("throughput.tsv"), UserMessages.NONE);
        held.clear(); // the saved rates and the calibration: not looked at here
        vm.methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.LR_DIFF)));
        Region root = (Region) new RunView(vm).root();
        new Scene(root, 1280, 400);
        vm.start();
        assertTrue(vm.runningProperty().get());
        double running = height(root);
        vm.start(); // the same plan again (the form, and so the cost line, unchanged): queued
        vm.start();
        assertFalse(vm.queueTextProperty().get().isEmpty(), "two jobs queued");
        assertEquals(running, height(root), "the queue's indicator has a slot of its own: the views below do not move");
    }

    private static double height(Region root) {
        root.applyCss();
        root.layout();
        return root.prefHeight(1280);
    }
}
