package tmeval.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a file through a temporary file beside it that is moved into place only when complete,
 * so a failure or a cancel never leaves a half-written file under the real name.
 * Names ending in {@code .gz} are gzip-compressed.
 */
public final class AtomicFile implements AutoCloseable {
    private static final AtomicLong COUNTER = new AtomicLong();
    private final Path target;
    private final Path temp;
    private final Writer writer;
    private boolean committed;

    private AtomicFile(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        // a unique name beside the target (same file system, so the final move is atomic), created with the
        // default permissions a plain file gets (createTempFile would make it owner-only)
        this.temp = this.target.resolveSibling("." + this.target.getFileName() + "." + ProcessHandle.current().pid()
                + "." + COUNTER.incrementAndGet() + ".part");
        OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        if (target.getFileName().toString().endsWith(".gz")) {
            out = new GZIPOutputStream(out, 1 << 16);
        }
        this.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    }

    public static AtomicFile create(Path target) throws IOException {
        return new AtomicFile(target);
    }

    public Writer writer() {
        return writer;
    }

    /** Finishes the file and moves it into place. */
    public void commit() throws IOException {
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        if (!committed) {
            try {
                writer.close();
            } catch (IOException ignored) {
                // the file is being discarded anyway
            }
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // best effort: a stray .part file is harmless and clearly named
            }
        }
    }
}
