package tmeval;

import tmeval.cli.Cli;

/**
 * Entry point of the jar. With no arguments it opens the workbench; with a command it runs the command-line
 * tool without loading any JavaFX class, so it works on a machine with no display.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(new Cli().run(args, System.out, System.err));
    }
}
