package tmeval.cli;

import tmeval.io.InputException;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.run.exec.JobEngine;
import tmeval.run.output.Provenance;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command-line twin of the workbench. Exit codes: 0 success, 1 input error (file, line, problem),
 * 2 usage error, 130 cancelled. No stack trace unless {@code --debug}.
 */
public final class Cli {
    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final CancelToken cancel;

    public Cli() {
        this(new CancelToken());
    }

    /** @param cancel cancels a running command (the launcher wires it to Ctrl-C) */
    public Cli(CancelToken cancel) {
        this(cancel, JobEngine.LOCAL);
    }

    /** @param engine where {@code estimate}, {@code compare}, {@code curve} and {@code select} evaluate their documents ({@code tmeval.spark} passes a cluster's) */
    public Cli(CancelToken cancel, JobEngine engine) {
        this.cancel = cancel;
        for (Command c : List.of(new InfoCommand(), new TrainCommand(cancel), new PerturbCommand(), new SplitCommand(),
                new EstimateCommand(cancel, engine), new CompareCommand(cancel, engine), new CurveCommand(cancel, engine), new SelectCommand(cancel, engine), new CalibrateCommand(cancel), new MergeCommand(), new CovariatesCommand(cancel), new CoherenceCommand(cancel), new ReportCommand(cancel), new BenchCommand(cancel), new DemoCommand(),
                new ExportModuleCommand())) {
            commands.put(c.name(), c);
        }
    }

    /**
     * Runs one command. Numbers are formatted in {@link Locale#ROOT} while it runs, whatever the user's locale: the
     * output is read by programs and other tools, which expect ASCII digits and a decimal point (an Arabic or Thai
     * locale would print its own digits through every printf and String.format that names no locale).
     */
    public int run(String[] rawArgs, PrintStream out, PrintStream err) {
        Locale userFormat = Locale.getDefault(Locale.Category.FORMAT);
        Locale.setDefault(Locale.Category.FORMAT, Locale.ROOT);
        try {
            return runCommand(rawArgs, out, err);
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, userFormat);
        }
    }

    private int runCommand(String[] rawArgs, PrintStream out, PrintStream err) {
        List<String> args = new ArrayList<>(Arrays.asList(rawArgs));
        boolean debug = args.remove("--debug");
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            printUsage(out);
            return 0;
        }
        if (args.get(0).equals("--version")) {
            out.println("tmeval " + Provenance.version());
            return 0;
        }
        Command command = commands.get(args.get(0));
        if (command == null) {
            err.println("tmeval: unknown command '" + args.get(0) + "'; run 'tmeval --help' for the list");
            return 2;
        }
        if (Options.asksForHelp(args.toArray(new String[0]), 1, command.options())) {
            printUsage(command, out);
            return 0;
        }
        try {
            Options options = Options.parse(args.toArray(new String[0]), 1, command.options(), command.positional() != null);
            options.standardOutput(out);
            // every output is checked before any work; with --out - the report moves to standard error
            boolean resultsToStdout = OutputGuard.check(command, options);
            int code = command.run(options, resultsToStdout ? err : out, err);
            out.flush();
            return code;
        } catch (UsageException e) {
            err.println("tmeval " + command.name() + ": " + e.getMessage() + " (see 'tmeval " + command.name() + " --help')");
            return 2;
        } catch (InputException e) {
            err.println("tmeval " + command.name() + ": " + e.getMessage());
            if (debug) {
                e.printStackTrace(err);
            }
            return 1;
        } catch (IOException e) {
            err.println("tmeval " + command.name() + ": cannot write: " + e.getMessage());
            if (debug) {
                e.printStackTrace(err);
            }
            return 1;
        } catch (CancelledException e) {
            err.println("tmeval " + command.name() + ": cancelled");
            return 130;
        } catch (OutOfMemoryError e) {
            // the inputs' own limits should prevent this; if it still happens, one line and a way out, not a trace
            err.println("tmeval " + command.name() + ": out of memory (Java heap of " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); give Java more with -Xmx, e.g. java -Xmx8g -jar tmeval.jar ...");
            if (debug) {
                e.printStackTrace(err);
            }
            return 1;
        }
    }

    private void printUsage(PrintStream out) {
        out.println("tmeval: topic-model evaluation workbench");
        out.println();
        out.println("usage: java -jar tmeval.jar                      open the workbench on the sample data");
        out.println("       java -jar tmeval.jar COMMAND [OPTIONS]    run a command (no display needed)");
        out.println("       java -jar tmeval.jar --screenshot F.png [--view NAME] [--size WxH] [--run | --during]");
        out.println("                                                 a picture of a view (an unknown NAME lists the names)");
        out.println();
        out.println("commands:");
        for (Command c : commands.values()) {
            out.printf("  %-10s %s%n", c.name(), c.summary());
        }
        out.println();
        out.println("'tmeval COMMAND --help' lists a command's options; --debug shows stack traces; --version the version.");
    }

    private static void printUsage(Command c, PrintStream out) {
        out.println("usage: tmeval " + c.name() + " [OPTIONS]" + (c.positional() == null ? "" : " " + c.positional()));
        out.println(c.summary());
        out.println();
        for (OptionSpec s : c.options()) {
            out.printf("  %-26s %s%n", s.synopsis(), s.help());
        }
    }
}
