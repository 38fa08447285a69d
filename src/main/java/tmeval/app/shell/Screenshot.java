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
    private final boolean compare;
    private final boolean commands;
    private boolean started;

    /**
     * @param during take the picture while the comparison runs, once it has made about a third of its progress
     * @param commands take the picture of the window of a too-big job's shard commands instead
     */
    Screenshot(Workbench workbench, Stage stage, Path file, String view, boolean run, boolean during, boolean commands) {
        this(workbench, stage, file, view, run, during, commands, false);
    }

    /** @param compare run twice (the second with the next seed) and show the first beside the second */
    Screenshot(Workbench workbench, Stage stage, Path file, String view, boolean run, boolean during, boolean commands, boolean compare) {
        this.compare = compare;
        this.during = during;
        this.commands = commands;
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
                && model.workspace().corpusProperty().get() != null && !model.whichK().loadingProperty().get();
        if (!ready) {
            poll();
            return;
        }
        if (!run && Double.isNaN(model.run().costSecondsProperty().get())) {
            poll(); // the cost preview is still calibrating
            return;
        }
        if (commands) {
            Stage window = tmeval.app.run.ClusterCommandsView.show(model.run(), stage);
            PauseTransition settle = new PauseTransition(Duration.millis(1200));
            settle.setOnFinished(e -> save(window));
            settle.play();
            return;
        }
        if (run && !started) {
            started = true;
            if (view.equals("curves")) {
                model.curves().start();
            } else if (view.equals("whichk")) {
                if (model.whichK().models().isEmpty()) {
                    model.whichK().addSeries();
                }
                model.whichK().start();
            } else if (view.equals(ViewName.TEACHING + "-experiment")) {
                model.teaching().runExperiment(); // the experiment tab's own job
            } else if (!ViewName.of(view).map(ViewName::tab).orElse(view).equals(ViewName.TEACHING)) {
                model.run().start();
                if (compare) { // a second run of another seed, queued: the history shows it beside the first
                    model.run().seedProperty().set(model.run().seedProperty().get() + 1);
                    model.run().start();
                }
            }
            if (view.equals("document")) {
                model.run().setOnJobFinished(() -> model.selectedDocumentProperty().set(0));
            }
        }
        // the curves and which-K screens run their own jobs
        boolean whichK = view.equals("whichk");
        boolean curves = view.equals("curves");
        boolean jobRunning = whichK ? model.whichK().runningProperty().get()
                : curves ? model.curves().runningProperty().get() : model.run().runningProperty().get();
        double progress = whichK ? model.whichK().progressProperty().get()
                : curves ? model.curves().progressProperty().get() : model.run().progressProperty().get();
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
                || model.teaching().busyProperty().get() || model.teaching().experiment().runningProperty().get() || model.whichK().runningProperty().get()
                || model.covariates().runningProperty().get();
        if (busy) {
            poll();
            return;
        }
        if (compare && model.history().runs().size() > 1 && model.history().compareProperty().get() == null) {
            model.history().compareWith(model.history().runs().get(0));
        }
        workbench.select(view);
        PauseTransition settle = new PauseTransition(Duration.millis(view.equals("document") ? 4000 : 1200));
        settle.setOnFinished(e -> save());
        settle.play();
    }

    private void save() {
        save(stage);
    }

    private void save(Stage window) {
        WritableImage image = window.getScene().snapshot(null);
        try (OutputFile out = OutputFile.create(file)) {
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", out.stream());
            out.commit();
        } catch (IOException ex) {
            System.err.println("tmeval: cannot write " + file + ": " + ex.getMessage());
        }
        workbench.viewModel().run().cancel();
        workbench.viewModel().whichK().cancel();
        workbench.viewModel().curves().cancel();
        workbench.viewModel().covariates().cancel();
        Platform.exit();
    }
}
