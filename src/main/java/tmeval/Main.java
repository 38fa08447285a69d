package tmeval;

import tmeval.cli.Cli;
import tmeval.progress.CancelToken;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C cancels the job and waits for it to clean up (temporary output files removed, workers stopped); a job
        // polls its token at least every 100 ms, so a second is enough, and a thread stuck where Java cannot interrupt
        // it (opening a FIFO nobody writes to) does not hold the exit longer; a .part file left then is removed the
        // next time its target is written
        Thread hook = new Thread(() -> {
            cancel.cancel();
            try {
                finished.await(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tmeval-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        int code = 1;
        try {
            code = new Cli(cancel).run(args, System.out, System.err);
        } finally {
            // also when the command dies of an Error, so that a signal's hook is not left waiting
            finished.countDown();
        }
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
