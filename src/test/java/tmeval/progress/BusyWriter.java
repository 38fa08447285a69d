package tmeval.progress;

import tmeval.io.OutputFile;

import java.nio.file.Path;

/**
 * A command as the command line runs one ({@link CancelOnShutdown}, the launcher's hook), busy where it polls no token
 * while its output's temporary file exists: it opens the output, says "open", works 700 ms without looking at its
 * token, then commits and says "wrote". Run in a child JVM and sent SIGTERM after "open" ({@code SignalTest}).
 * Argument: the output file.
 */
public final class BusyWriter {
    private BusyWriter() {
    }

    public static void main(String[] args) {
        CancelToken cancel = new CancelToken();
        int code = CancelOnShutdown.run(cancel, OutputFile::stopAndRemoveTemporaryFiles, () -> {
            try (OutputFile out = OutputFile.create(Path.of(args[0]))) {
                out.writer().write("complete\n");
                System.out.println("open");
                System.out.flush();
                long until = System.nanoTime() + 700_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // drawing figures, say: no token polled
                }
                out.commit();
                System.out.println("wrote");
                return 0;
            } catch (java.io.IOException e) {
                System.out.println("cannot write: " + e.getMessage());
                return 1;
            }
        });
        System.exit(code);
    }
}
