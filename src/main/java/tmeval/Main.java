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
        // until the JavaFX workbench lands, no arguments means a first look at the sample data
        String[] effective = args.length == 0 ? new String[] {"demo"} : args;
        System.exit(new Cli().run(effective, System.out, System.err));
    }
}
