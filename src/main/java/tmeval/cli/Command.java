package tmeval.cli;

import tmeval.io.InputException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** One command of the command-line tool: parsing and printing only; the work is done by engine classes. */
public interface Command {
    String name();

    /** One line for the command list. */
    String summary();

    List<OptionSpec> options();

    /** The name of the files the command takes after its options ({@code merge}'s shards), or null for none. */
    default String positional() {
        return null;
    }

    /** Files the command reads that no option names (a model's state beside it), by description. */
    default Map<String, Path> derivedInputs(Options options) {
        return Map.of();
    }

    /** Files the command writes that no option names (a model's state beside it), by description. */
    default Map<String, Path> derivedOutputs(Options options) throws UsageException, IOException {
        return Map.of();
    }

    /** Runs the command; returns the exit code (0 on success). */
    int run(Options options, PrintStream out, PrintStream err) throws UsageException, InputException, IOException;
}
