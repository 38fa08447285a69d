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

    public static void main(String[] args) {
        // until the JavaFX workbench lands, no arguments means a first look at the sample data
        String[] effective = args.length == 0 ? new String[] {"demo"} : args;
        CancelToken cancel = new CancelToken();
        CountDownLatch finished = new CountDownLatch(1);
        // Ctrl-C cancels the job and waits for it to clean up (temporary output files removed, workers stopped)
        Thread hook = new Thread(() -> {
            cancel.cancel();
            try {
                finished.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "tmeval-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        int code = new Cli(cancel).run(effective, System.out, System.err);
        finished.countDown();
        System.exit(code);
    }
}
