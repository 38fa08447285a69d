package tmeval.app.shell;

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
        int width = 1280;
        int height = 800;
        if (size != null && size.matches("\\d+x\\d+")) {
            width = Integer.parseInt(size.substring(0, size.indexOf('x')));
            height = Integer.parseInt(size.substring(size.indexOf('x') + 1));
        }
        workbench = new Workbench();
        stage.setTitle("tmeval: topic-model evaluation workbench");
        stage.setScene(new Scene(workbench.root(), width, height));
        workbench.closeWith(stage);
        stage.show();
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
        // for screenshots of the run panel: an adaptive run, a job too big for this machine
        if (args.contains("--adaptive")) {
            workbench.viewModel().run().adaptiveProperty().set(true);
        }
        String temperatures = option(args, "--temperatures");
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
