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
import java.util.List;

/**
 * Waits for the inputs (and the optional runs), then saves the window as a PNG and exits; or, when the picture cannot be
 * taken (the inputs did not load, a problem was reported, nothing settled within {@link #DEADLINE_SECONDS}), says why on
 * standard error and exits with 1 ({@link #failed}), never waiting for ever. Models that cannot be paired (two K, the
 * form's ratio paths) are a state the window shows, not one to wait out.
 */
final class Screenshot {
    /** The longest a picture waits for its inputs and its runs. */
    static final long DEADLINE_SECONDS = 100;
    /** Whether the picture could not be taken (the launcher's exit code). */
    private static volatile boolean failed;
    private long deadline;
    /** The longest a picture waits, its inputs in, for the cost preview's calibration. */
    static final long COST_WAIT_SECONDS = 30;
    /** When the inputs were first all in (0: not yet). */
    private long readySince;
    /** Polls in a row with nothing loading and the window not ready. */
    private int idle;
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
        deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        poll();
    }

    /** Whether a picture was asked for and could not be taken. */
    static boolean failed() {
        return failed;
    }

    /** Gives up: why, on standard error (with every problem the window reported), and the application ends. */
    private void fail(String why) {
        failed = true;
        List<String> reported = Workbench.reported();
        System.err.println("tmeval: --screenshot " + file + ": not written: " + why + (reported.isEmpty() ? "" : "; reported: "
                + String.join("; ", reported)));
        stopJobs();
        Platform.exit();
    }

    private void poll() {
        PauseTransition wait = new PauseTransition(Duration.millis(300));
        wait.setOnFinished(e -> step());
        wait.play();
    }

    private void step() {
        WorkbenchViewModel model = workbench.viewModel();
        if (System.nanoTime() > deadline) {
            fail("nothing settled within " + DEADLINE_SECONDS + " s (inputs loading: " + model.inputs().loadingProperty().get() + ", a corpus: "
                    + (model.workspace().corpusProperty().get() != null) + ", models paired: " + (model.workspace().pairProperty().get() != null
                    ? "yes" : "no " + model.workspace().pairProblemProperty().get()) + ", the cost known: "
                    + !Double.isNaN(model.run().costSecondsProperty().get()) + ", a job running: " + model.run().runningProperty().get() + ")");
            return;
        }
        boolean loading = model.inputs().loadingProperty().get() || model.whichK().loadingProperty().get();
        // two models that cannot be paired (another K, under the form's ratio paths) settle too: the window says why
        boolean paired = model.workspace().pairProperty().get() != null;
        boolean settled = paired || !model.workspace().pairProblemProperty().get().isEmpty();
        boolean ready = !loading && settled && model.workspace().corpusProperty().get() != null;
        if (!ready) {
            // a session refused, a file missing: reported, and three seconds with nothing loading: nothing more will come
            idle = loading ? 0 : idle + 1;
            if (idle >= 10 && !Workbench.reported().isEmpty()) {
                fail("the inputs did not load");
                return;
            }
            poll();
            return;
        }
        if (readySince == 0) {
            readySince = System.nanoTime();
        }
        boolean costWaited = System.nanoTime() - readySince > java.util.concurrent.TimeUnit.SECONDS.toNanos(COST_WAIT_SECONDS);
        if (!run && paired && Double.isNaN(model.run().costSecondsProperty().get()) && !costWaited) {
            poll(); // the cost preview is still calibrating (the picture is taken without it after a while: it is not the view's point)
            return;
        }
        if (run && !paired) {
            fail("the models cannot be compared: " + model.workspace().pairProblemProperty().get());
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
            failed = true;
            System.err.println("tmeval: cannot write " + file + ": " + ex.getMessage());
        }
        stopJobs();
        Platform.exit();
    }

    private void stopJobs() {
        workbench.viewModel().run().cancel();
        workbench.viewModel().whichK().cancel();
        workbench.viewModel().curves().cancel();
        workbench.viewModel().covariates().cancel();
    }
}
