package tmeval.cli;

import tmeval.io.InputException;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/** One command of the command-line tool: parsing and printing only; the work is done by engine classes. */
public interface Command {
    String name();

    /** One line for the command list. */
    String summary();

    List<OptionSpec> options();

    /** Runs the command; returns the exit code (0 on success). */
    int run(Options options, PrintStream out, PrintStream err) throws UsageException, InputException, IOException;
}
