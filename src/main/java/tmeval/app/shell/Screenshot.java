package tmeval.app.shell;

import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.util.Duration;
import tmeval.io.OutputFile;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Path;

/** Waits for the inputs (and the optional runs), then saves the window as a PNG and exits. */
final class Screenshot {
    private final Workbench workbench;
    private final Stage stage;
    private final Path file;
    private final String view;
    private final boolean run;
    private final boolean during;
    private boolean started;

    /** @param during take the picture while the comparison runs, once it has made about a third of its progress */
    Screenshot(Workbench workbench, Stage stage, Path file, String view, boolean run, boolean during) {
        this.during = during;
        this.workbench = workbench;
        this.stage = stage;
        this.file = file;
        this.view = view;
        this.run = run;
    }

    void begin() {
        poll();
    }

    private void poll() {
        PauseTransition wait = new PauseTransition(Duration.millis(300));
        wait.setOnFinished(e -> step());
        wait.play();
    }

    private void step() {
        WorkbenchViewModel model = workbench.viewModel();
        boolean ready = !model.inputs().loadingProperty().get() && model.workspace().pairProperty().get() != null
                && model.workspace().corpusProperty().get() != null;
        if (!ready) {
            poll();
            return;
        }
        if (run && !started) {
            started = true;
            if (view.equals("curves")) {
                model.curves().start();
            } else if (!view.equals("teaching")) {
                model.run().start();
            }
            if (view.equals("document")) {
                model.run().setOnJobFinished(() -> model.selectedDocumentProperty().set(0));
            }
        }
        // the curves screen runs its own job
        boolean curves = view.equals("curves");
        boolean jobRunning = curves ? model.curves().runningProperty().get() : model.run().runningProperty().get();
        double progress = curves ? model.curves().progressProperty().get() : model.run().progressProperty().get();
        if (during && started && jobRunning) {
            if (progress < 1.0 / 3) {
                poll();
                return;
            }
            workbench.select(view);
            PauseTransition settle = new PauseTransition(Duration.millis(400)); // one drain of results and a layout pass
            settle.setOnFinished(e -> {
                save();
            });
            settle.play();
            return;
        }
        boolean busy = model.run().runningProperty().get() || model.curves().runningProperty().get()
                || model.teaching().busyProperty().get();
        if (busy) {
            poll();
            return;
        }
        workbench.select(view);
        PauseTransition settle = new PauseTransition(Duration.millis(view.equals("document") ? 4000 : 1200));
        settle.setOnFinished(e -> save());
        settle.play();
    }

    private void save() {
        WritableImage image = stage.getScene().snapshot(null);
        try (OutputFile out = OutputFile.create(file)) {
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", out.stream());
            out.commit();
        } catch (IOException ex) {
            System.err.println("tmeval: cannot write " + file + ": " + ex.getMessage());
        }
        workbench.viewModel().run().cancel();
        workbench.viewModel().curves().cancel();
        Platform.exit();
    }
}
