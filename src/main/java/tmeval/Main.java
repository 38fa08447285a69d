package tmeval;

import tmeval.cli.Cli;
import tmeval.io.OutputFile;
import tmeval.progress.CancelOnShutdown;
import tmeval.progress.CancelToken;


/**
 * Entry point of the jar. With no arguments it opens the workbench; with a command it runs the command-line
 * tool without loading any JavaFX class, so it works on a machine with no display.
 */
public final class Main {
    private Main() {
    }

    /** Options that open the workbench rather than run a command. */
    private static final java.util.Set<String> GUI_OPTIONS = java.util.Set.of("--screenshot", "--view", "--size", "--run", "--during", "--session");

    public static void main(String[] args) {
        if (args.length == 0 || GUI_OPTIONS.contains(args[0].split("=")[0])) {
            launchWorkbench(args);
            return;
        }
        CancelToken cancel = new CancelToken();
        int code = CancelOnShutdown.run(cancel, OutputFile::stopAndRemoveTemporaryFiles, () -> new Cli(cancel).run(args, System.out, System.err));
        System.exit(code);
    }

    /** Loaded by name so that the command-line path never loads a JavaFX class. */
    private static void launchWorkbench(String[] args) {
        try {
            Class.forName("tmeval.app.shell.WorkbenchLauncher").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("tmeval: cannot open the workbench (" + cause + "); the commands still work: java -jar tmeval.jar --help");
            System.exit(1);
        }
    }
}
