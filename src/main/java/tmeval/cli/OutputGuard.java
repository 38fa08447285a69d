package tmeval.cli;

import tmeval.io.OutputFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks every file a command will write, before it does any work: no output is one of the files the command reads
 * (named by an option, derived by the command, or found by a reader beside its input; compared as files, by device and
 * inode, so that hard links and descriptors are caught) or lies inside an input directory, no two outputs are the same
 * file, at most one goes to standard output, and each output can be written without replacing anything it must not
 * ({@link OutputFile#check}).
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
        InputOptions.foundInputs(o).forEach((label, path) -> inputs.add(new Named(label, path)));
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
        // only then whether each can be written: an output that is an input is named as such, whatever else it is
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
                // a file can be made in it (or it can be made: naming it is asking for it)
                OutputFile.checkDirectory(dir.path());
            } catch (IOException e) {
                throw new IOException(dir.label() + ": " + e.getMessage(), e);
            }
        }
        return toStdout != null;
    }

    /**
     * An output may not be an input, by path or as a file (a hard link, a descriptor opened on it), nor lie inside an
     * input directory (it would be read back as input) or be the file a member of one is (a hard or symbolic link).
     */
    private static void refuseOverlap(Named out, Path canonical, Named in) throws UsageException, IOException {
        if (!Files.exists(in.path())) {
            return;
        }
        Path input = OutputFile.canonical(in.path());
        if (canonical.equals(input) || OutputFile.sameFile(out.path(), in.path())) {
            throw new UsageException(out.label() + " and " + in.label() + " name the same file (" + out.path()
                    + (out.path().equals(in.path()) ? "" : " and " + in.path()) + "); the output would overwrite its own input");
        }
        if (!Files.isDirectory(input)) {
            return;
        }
        if (canonical.startsWith(input)) {
            throw new UsageException(out.label() + " " + out.path() + " lies inside " + in.label() + " " + in.path()
                    + ", which is read as input; write it elsewhere");
        }
        if (Files.exists(out.path())) {
            // the readers of a directory (a series, raw text) read the files in it, not below
            try (Stream<Path> members = Files.list(input)) {
                for (Path member : (Iterable<Path>) members::iterator) {
                    if (Files.isRegularFile(member) && OutputFile.sameFile(out.path(), member)) {
                        throw new UsageException(out.label() + " " + out.path() + " is the same file as " + member + " in " + in.label()
                                + " (" + linkKind(out.path(), member) + "); the output would overwrite its own input");
                    }
                }
            }
        }
    }

    /** How two paths of one file are linked, in words: a symbolic link where either is one, else a hard link. */
    static String linkKind(Path a, Path b) {
        return Files.isSymbolicLink(a) || Files.isSymbolicLink(b) ? "a symbolic link" : "a hard link";
    }

    private static boolean isSnapshotIn(Path canonical, Path directory) throws IOException {
        return canonical.getParent() != null && canonical.getParent().equals(OutputFile.canonical(directory))
                && canonical.getFileName().toString().matches("iter-\\d+\\.tsv\\.gz");
    }
}
