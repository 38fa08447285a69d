package tmeval.cli;

import tmeval.io.OutputFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks every file a command will write, before it does any work: each output can be written without replacing
 * anything it must not ({@link OutputFile#check}), no output is one of the command's own inputs or lies inside an
 * input directory, no two outputs are the same file, and at most one goes to standard output.
 */
final class OutputGuard {
    /** A file named on the command line, with the option (or the description) that named it. */
    record Named(String label, Path path) {
    }

    private OutputGuard() {
    }

    /** @return whether an output goes to standard output (then the command's report goes to standard error) */
    static boolean check(Command command, Options o) throws UsageException, IOException {
        List<Named> inputs = new ArrayList<>();
        List<Named> outputs = new ArrayList<>();
        List<Named> directories = new ArrayList<>();
        for (OptionSpec spec : command.options()) {
            if (!spec.takesValue() || !o.has(spec.name())) {
                continue;
            }
            Named n = new Named("--" + spec.name(), o.path(spec.name()));
            switch (spec.role()) {
                case INPUT -> inputs.add(n);
                case OUTPUT -> outputs.add(n);
                case OUTPUT_DIRECTORY -> directories.add(n);
                default -> { }
            }
        }
        command.derivedInputs(o).forEach((label, path) -> inputs.add(new Named(label, path)));
        command.derivedOutputs(o).forEach((label, path) -> outputs.add(new Named(label, path)));

        Named toStdout = null;
        for (Named out : outputs) {
            if (OutputFile.isStandardOutput(out.path())) {
                if (toStdout != null) {
                    throw new UsageException(toStdout.label() + " and " + out.label() + " both write to standard output");
                }
                toStdout = out;
            }
        }
        for (Named out : outputs) {
            if (OutputFile.isStandardOutput(out.path())) {
                continue;
            }
            try {
                OutputFile.check(out.path());
            } catch (IOException e) {
                throw new IOException(out.label() + ": " + e.getMessage(), e);
            }
        }
        for (Named dir : directories) {
            if (Files.exists(dir.path()) && !Files.isDirectory(dir.path())) {
                throw new IOException(dir.label() + ": " + dir.path() + " exists and is not a directory");
            }
            try {
                // a file can be made in it (or where it will be made), checked as for any output
                OutputFile.check(dir.path().resolve("probe"));
            } catch (IOException e) {
                throw new IOException(dir.label() + ": " + e.getMessage(), e);
            }
        }
        for (int i = 0; i < outputs.size(); i++) {
            Named out = outputs.get(i);
            if (OutputFile.isStandardOutput(out.path())) {
                continue;
            }
            Path canonical = OutputFile.canonical(out.path());
            for (Named in : inputs) {
                refuseOverlap(out, canonical, in);
            }
            for (Named other : outputs.subList(i + 1, outputs.size())) {
                if (!OutputFile.isStandardOutput(other.path()) && canonical.equals(OutputFile.canonical(other.path()))) {
                    throw new UsageException(out.label() + " and " + other.label() + " name the same file (" + out.path() + ")");
                }
            }
            for (Named dir : directories) {
                if (isSnapshotIn(canonical, dir.path())) {
                    throw new UsageException(out.label() + " " + out.path() + " would be overwritten by a snapshot in " + dir.label());
                }
            }
        }
        for (Named dir : directories) {
            for (Named in : inputs) {
                if (Files.exists(in.path()) && isSnapshotIn(OutputFile.canonical(in.path()), dir.path())) {
                    throw new UsageException(dir.label() + " " + dir.path() + " would overwrite " + in.label() + " " + in.path()
                            + " with a snapshot; choose another directory");
                }
            }
        }
        return toStdout != null;
    }

    /** An output may not be an input, nor lie inside an input directory (it would be read back as input). */
    private static void refuseOverlap(Named out, Path canonical, Named in) throws UsageException, IOException {
        if (!Files.exists(in.path())) {
            return;
        }
        Path input = OutputFile.canonical(in.path());
        if (canonical.equals(input)) {
            throw new UsageException(out.label() + " and " + in.label() + " name the same file (" + out.path()
                    + "); the output would overwrite its own input");
        }
        if (Files.isDirectory(input) && canonical.startsWith(input)) {
            throw new UsageException(out.label() + " " + out.path() + " lies inside " + in.label() + " " + in.path()
                    + ", which is read as input; write it elsewhere");
        }
    }

    private static boolean isSnapshotIn(Path canonical, Path directory) throws IOException {
        return canonical.getParent() != null && canonical.getParent().equals(OutputFile.canonical(directory))
                && canonical.getFileName().toString().matches("iter-\\d+\\.tsv\\.gz");
    }
}
