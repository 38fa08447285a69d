package tmeval.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
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

    /** Finishes every file, then moves them all into place, or none of them. */
    public void commitAll() throws IOException {
        for (OutputFile f : files) {
            f.finish();
        }
        List<Path[]> moved = new ArrayList<>();
        try {
            for (OutputFile f : files) {
                if (f.temp() == null) {
                    continue;
                }
                Path backup = null;
                if (Files.exists(f.target())) {
                    backup = OutputFile.tempFor(f.target());
                    OutputFile.moveIntoPlace(f.target(), backup);
                }
                moved.add(new Path[] {f.target(), backup});
                OutputFile.moveIntoPlace(f.temp(), f.target());
            }
        } catch (IOException e) {
            rollBack(moved);
            throw e;
        }
        for (Path[] m : moved) {
            if (m[1] != null) {
                Files.deleteIfExists(m[1]);
            }
        }
        files.forEach(OutputFile::markFinished);
    }

    /** Puts back what was there before: the old file from its backup, or no file where there was none. */
    private static void rollBack(List<Path[]> moved) {
        for (Path[] m : moved) {
            try {
                if (m[1] != null) {
                    OutputFile.moveIntoPlace(m[1], m[0]);
                } else {
                    Files.deleteIfExists(m[0]);
                }
            } catch (IOException ignored) {
                // the backup keeps its .part name beside the target, so nothing is lost
            }
        }
    }

    /** Discards every temporary file unless {@link #commitAll()} succeeded. */
    @Override
    public void close() {
        files.forEach(OutputFile::close);
    }
}
