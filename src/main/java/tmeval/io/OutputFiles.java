package tmeval.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Several files written as one: all of them appear, or none does (a model and its state, a training and a held-out
 * split). Each is written to its temporary file; only when every one is complete are they moved into place, and if a
 * move fails the files already moved are put back as they were.
 */
public final class OutputFiles implements AutoCloseable {
    private final List<OutputFile> files = new ArrayList<>();
    private final OutputStream stdout;

    /** @param stdout where a target named {@code -} is written, or null where none may be */
    public OutputFiles(OutputStream stdout) {
        this.stdout = stdout;
    }

    /** Opens one more file of the group. */
    public OutputFile add(Path target) throws IOException {
        OutputFile f = OutputFile.create(target, stdout);
        files.add(f);
        return f;
    }

    /**
     * Finishes every file, then moves them all into place, or none of them. Every target is re-checked before the
     * first move: if one became something that is not replaced (a FIFO, a device, a link), nothing is moved and the
     * complete outputs are kept in their temporary files, which the message names.
     */
    public void commitAll() throws IOException {
        for (OutputFile f : files) {
            f.finish();
        }
        List<OutputFile> replacing = files.stream().filter(f -> f.temp() != null).toList();
        try {
            for (OutputFile f : replacing) {
                f.prepareToReplace();
            }
        } catch (IOException e) {
            replacing.forEach(OutputFile::keep);
            throw new IOException(e.getMessage() + "; the complete outputs are kept in "
                    + String.join(", ", replacing.stream().map(f -> f.temp().toString()).toList()), e);
        }
        List<Path[]> moved = new ArrayList<>();
        try {
            // all moved, or none: not begun once a signal is stopping the command, not cut by it once begun
            TemporaryFiles.commit(replacing.isEmpty() ? Path.of("-") : replacing.get(0).target(), () -> moveAll(replacing, moved));
        } catch (TemporaryFiles.Stopping e) {
            close(); // a command stopped by a signal writes nothing
            throw e;
        } catch (IOException e) {
            List<String> notRestored = rollBack(moved);
            throw notRestored.isEmpty() ? e : new IOException(e.getMessage() + "; the files before could not all be put back: "
                    + String.join(", ", notRestored), e);
        }
        for (Path[] m : moved) {
            if (m[1] != null) {
                TemporaryFiles.delete(m[1]);
            }
        }
        files.forEach(OutputFile::markFinished);
    }

    /** Moves each file into place, the one it replaces first to a backup; {@code moved} records each target and its backup. */
    private static void moveAll(List<OutputFile> replacing, List<Path[]> moved) throws IOException {
        for (OutputFile f : replacing) {
            Path backup = null;
            if (Files.exists(f.target(), LinkOption.NOFOLLOW_LINKS)) {
                // a name of our own, reserved like any temporary file, that the rename then takes over
                backup = TemporaryFiles.reserve(f.target());
                try {
                    OutputFile.moveIntoPlace(f.target(), backup);
                } catch (IOException e) {
                    TemporaryFiles.delete(backup);
                    throw e;
                }
            }
            moved.add(new Path[] {f.target(), backup});
            OutputFile.moveIntoPlace(f.temp(), f.target());
        }
    }

    /**
     * Puts back what was there before: the old file from its backup, or no file where there was none.
     *
     * @return where the old files are that could not be put back (each named with its backup)
     */
    private static List<String> rollBack(List<Path[]> moved) {
        List<String> failed = new ArrayList<>();
        for (Path[] m : moved) {
            try {
                if (m[1] != null) {
                    OutputFile.moveIntoPlace(m[1], m[0]);
                    TemporaryFiles.release(m[1]);
                } else {
                    Files.deleteIfExists(m[0]);
                }
            } catch (IOException e) {
                failed.add(m[0] + (m[1] == null ? " (" + OutputFile.reason(e) + ")" : " is in " + m[1]));
            }
        }
        return failed;
    }

    /** Discards every temporary file unless {@link #commitAll()} succeeded. */
    @Override
    public void close() {
        files.forEach(OutputFile::close);
    }
}
