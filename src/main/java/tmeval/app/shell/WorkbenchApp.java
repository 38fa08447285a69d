package tmeval.app.shell;

import tmeval.estimate.MethodOption;
import tmeval.run.plan.SettingName;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

import java.nio.file.Path;
import java.util.List;

/**
 * The workbench window. With no arguments it opens on the bundled sample data. For documentation and checks,
 * {@code --screenshot FILE [--view NAME] [--size WxH] [--run] [--during] [--adaptive] [--temperatures N] [--commands] [--compare]} loads the sample data, optionally runs the
 * first comparison (and the curves, for the curves view), shows the view, saves a PNG of the window and exits;
 * {@code --during} takes the picture while the comparison runs, once about a third of it is done; {@code --compare} runs it
 * twice (the second with the next seed) and shows the first beside the second;
 * {@code --view NAME} is one of {@link ViewName}'s (a teaching sub-tab: {@code teaching-ratio}, ...);
 * {@code --session FILE} reopens a saved session; {@code --models M1,M2,...} puts models in the which-K list.
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
        javafx.geometry.Rectangle2D screenBounds = javafx.stage.Screen.getPrimary().getVisualBounds();
        double width;
        double height;
        if (size != null && size.matches("\\d+x\\d+")) { // a screenshot's size, exactly
            width = Integer.parseInt(size.substring(0, size.indexOf('x')));
            height = Integer.parseInt(size.substring(size.indexOf('x') + 1));
        } else {
            double[] initial = WindowSize.initial(screenshot == null ? WindowSize.last(WindowSize.preferences()) : null, screenBounds);
            width = initial[0];
            height = initial[1];
            double[] least = WindowSize.least(screenBounds);
            stage.setMinWidth(least[0]);
            stage.setMinHeight(least[1]);
        }
        workbench = new Workbench();
        stage.setTitle("tmeval: topic-model evaluation workbench");
        stage.setScene(new Scene(workbench.root(), width, height));
        // the window's own size too: a window manager may otherwise give it one of its own (openbox: 200 x 200)
        stage.setWidth(width);
        stage.setHeight(height);
        stage.setResizable(true);
        workbench.closeWith(stage);
        if (screenshot == null) {
            stage.setOnHidden(e -> WindowSize.save(WindowSize.preferences(), stage.getWidth(), stage.getHeight()));
        }
        stage.show();
        if (screenshot == null) {
            // a window manager may size the window before JavaFX's request arrives (openbox gave it 200 x 200, then its
            // least size): asked again once it is on screen, and centred
            double w = width;
            double h = height;
            javafx.application.Platform.runLater(() -> {
                stage.setWidth(w);
                stage.setHeight(h);
                stage.centerOnScreen();
            });
        }
        if (session != null) {
            workbench.viewModel().openSession(Path.of(session));
        } else {
            workbench.viewModel().openSampleData();
        }
        String models = option(args, "--models");
        if (models != null) {
            workbench.viewModel().whichK().addFiles(java.util.Arrays.stream(models.split(",")).filter(m -> !m.isBlank())
                    .map(m -> Path.of(m.trim())).toList());
        }
        if (view != null) {
            workbench.select(view);
        }
        // for screenshots of the run panel: an adaptive run, a job too big for this machine; both of the paper's named
        // methods (auto, the form's default, chooses its own temperatures and is never adaptive)
        if (args.contains(SettingName.ADAPTIVE.dashed()) || option(args, "--" + MethodOption.TEMPERATURES.option()) != null) {
            workbench.viewModel().run().presetTable1();
        }
        if (args.contains(SettingName.ADAPTIVE.dashed())) {
            workbench.viewModel().run().adaptiveProperty().set(true);
        }
        String temperatures = option(args, "--" + MethodOption.TEMPERATURES.option());
        if (temperatures != null && temperatures.matches("\\d{1,9}")) {
            workbench.viewModel().run().temperaturesProperty().set(Integer.parseInt(temperatures));
        }
        if (screenshot != null) {
            new Screenshot(workbench, stage, Path.of(screenshot), view == null ? "scatter" : view, args.contains("--run") || args.contains("--during") || args.contains("--compare"),
                    args.contains("--during"), args.contains("--commands"), args.contains("--compare")).begin();
        }
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.shutdown();
        }
    }

    static String option(List<String> args, String name) {
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
}
