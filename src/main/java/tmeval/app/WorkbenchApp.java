package tmeval.app;

import tmeval.io.OutputFile;

import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.util.Duration;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The workbench window. With no arguments it opens on the bundled sample data. For documentation and checks,
 * {@code --screenshot FILE [--view NAME] [--size WxH] [--run]} loads the sample data, optionally runs the first
 * comparison (and the curves, for the curves view), shows the view, saves a PNG of the window and exits;
 * {@code --session FILE} reopens a saved session.
 */
public final class WorkbenchApp extends Application {
    private Workbench workbench;

    @Override
    public void start(Stage stage) {
        List<String> args = getParameters().getRaw();
        String screenshot = option(args, "--screenshot");
        String view = option(args, "--view");
        String size = option(args, "--size");
        String session = option(args, "--session");
        int width = 1280;
        int height = 800;
        if (size != null && size.matches("\\d+x\\d+")) {
            width = Integer.parseInt(size.substring(0, size.indexOf('x')));
            height = Integer.parseInt(size.substring(size.indexOf('x') + 1));
        }
        workbench = new Workbench();
        stage.setTitle("tmeval: topic-model evaluation workbench");
        stage.setScene(new Scene(workbench.root(), width, height));
        stage.setOnCloseRequest(e -> workbench.shutdown());
        stage.show();
        if (session != null) {
            workbench.openSession(Path.of(session));
        } else {
            workbench.openSampleData();
        }
        if (view != null) {
            workbench.select(view);
        }
        if (screenshot != null) {
            new Screenshot(workbench, stage, Path.of(screenshot), view == null ? "scatter" : view, args.contains("--run")).begin();
        }
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.shutdown();
        }
    }

    private static String option(List<String> args, String name) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(name) && i + 1 < args.size()) {
                return args.get(i + 1);
            }
            if (args.get(i).startsWith(name + "=")) {
                return args.get(i).substring(name.length() + 1);
            }
        }
        return null;
    }

    /** Waits for the inputs (and the optional runs), then saves the window as a PNG and exits. */
    private static final class Screenshot {
        private final Workbench workbench;
        private final Stage stage;
        private final Path file;
        private final String view;
        private final boolean run;
        private boolean started;

        Screenshot(Workbench workbench, Stage stage, Path file, String view, boolean run) {
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
            boolean ready = !workbench.inputs().loadingProperty().get() && workbench.inputs().pairProperty().get() != null
                    && workbench.inputs().corpusProperty().get() != null;
            if (!ready) {
                poll();
                return;
            }
            if (run && !started) {
                started = true;
                if (view.equals("curves")) {
                    workbench.curves().start();
                } else if (!view.equals("teaching")) {
                    workbench.run().start();
                }
                if (view.equals("document")) {
                    workbench.run().setOnJobFinished(() -> workbench.selectedDocumentProperty().set(0));
                }
            }
            boolean busy = workbench.run().runningProperty().get() || workbench.curves().runningProperty().get()
                    || workbench.teaching().busyProperty().get();
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
            Platform.exit();
        }
    }
}
