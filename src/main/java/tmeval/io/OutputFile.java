package tmeval.io;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;

/**
 * A file the tool writes, written so that nothing the user owns is ever destroyed:
 * <ul>
 * <li>a missing or regular file is written to a temporary file beside it ({@code .NAME.PID.N.part}) that is moved
 * into place only when complete, so a failure or a cancel never leaves a half-written file; a symbolic link to a
 * regular file is written through to its target (the link survives);</li>
 * <li>a character device or a FIFO ({@code /dev/null}, a pipe, anything under {@code /dev} or {@code /proc}) is
 * written through as a stream, never replaced, and so is a regular file reached through a descriptor
 * ({@code /proc/self/fd/N}, {@code /dev/fd/N}); {@code -} and {@code /dev/stdout} are standard output;</li>
 * <li>a directory, a block device, a socket or a read-only file is refused before any work ({@link #check}).</li>
 * </ul>
 * Names ending in {@code .gz} are gzip-compressed. Temporary files left by a killed process are removed the next
 * time the same target is written, once their process is gone.
 */
public final class OutputFile implements AutoCloseable {
    /** The name that means standard output. */
    public static final String STANDARD_OUTPUT = "-";
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final int BUFFER = 1 << 16;

    /** How a target is written. */
    enum Mode {
        /** through a temporary file moved into place */
        REPLACE,
        /** streamed into an existing device, FIFO or descriptor */
        THROUGH,
        /** standard output */
        STANDARD_OUTPUT
    }

    private final Path target;
    private final Path temp;
    private final OutputStream stream;
    private Writer writer;
    private boolean finished;

    private OutputFile(Path target, Path temp, OutputStream raw, boolean gzip) throws IOException {
        this.target = target;
        this.temp = temp;
        this.stream = gzip ? new GZIPOutputStream(raw, BUFFER) : raw;
    }

    /** Whether a command-line path names standard output ({@code -}, {@code /dev/stdout} and its aliases). */
    public static boolean isStandardOutput(Path path) {
        String p = path.toString();
        return p.equals(STANDARD_OUTPUT) || p.equals("/dev/stdout") || p.equals("/dev/fd/1") || p.equals("/proc/self/fd/1");
    }

    /**
     * Refuses, before any work, a target this class would not write: a directory, a block device, a socket, a
     * read-only file, a file in a directory where no temporary file can be created.
     *
     * @throws IOException with a message naming the path and the problem
     */
    public static void check(Path target) throws IOException {
        Resolved r = resolve(target);
        if (r.mode == Mode.REPLACE) {
            // the only sure test that the temporary file can be made (root ignores permission bits, file systems can be
            // read-only): make one in the nearest directory that exists (creating none yet), and remove it again
            Path dir = r.path.getParent();
            while (dir != null && !Files.exists(dir)) {
                dir = dir.getParent();
            }
            if (dir != null) {
                if (!Files.isDirectory(dir)) {
                    throw new IOException(dir + ": is not a directory");
                }
                Path probe = tempFor(dir.resolve(r.path.getFileName()));
                try {
                    Files.newOutputStream(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                } catch (java.nio.file.AccessDeniedException e) {
                    throw new IOException(dir + ": cannot create a file there (permission denied)", e);
                } catch (IOException e) {
                    throw new IOException(dir + ": cannot create a file there (" + e.getMessage() + ")", e);
                }
                Files.delete(probe);
            }
        }
    }

    /** Whether the target is (or will be) a regular file written through a temporary file, not a stream. */
    public static boolean isRegularTarget(Path target) throws IOException {
        return resolve(target).mode == Mode.REPLACE;
    }

    /**
     * The path the target finally names: links followed, relative parts removed; for a file yet to be made, its
     * directory's real path and its name. Two paths that write the same file have the same canonical path.
     */
    public static Path canonical(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.exists(absolute)) {
            return realPath(absolute);
        }
        Path end = followLinks(absolute);
        Path dir = end.getParent();
        return dir != null && Files.exists(dir) ? dir.toRealPath().resolve(end.getFileName()) : end;
    }

    /** Opens {@code target} for writing (see the class comment); {@code stdout} is used for standard output. */
    public static OutputFile create(Path target, OutputStream stdout) throws IOException {
        Resolved r = resolve(target);
        boolean gzip = target.getFileName() != null && target.getFileName().toString().endsWith(".gz");
        switch (r.mode) {
            case STANDARD_OUTPUT:
                if (stdout == null) {
                    throw new IOException(target + ": cannot write to standard output here");
                }
                return new OutputFile(target, null, unclosable(stdout), gzip);
            case THROUGH:
                return new OutputFile(target, null, Files.newOutputStream(r.path, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING), gzip);
            default:
                createParent(r.path);
                removeStaleParts(r.path);
                Path temp = tempFor(r.path);
                // created with the permissions a plain file gets (createTempFile would make it owner-only)
                OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return new OutputFile(r.path, temp, out, gzip);
        }
    }

    /** {@link #create(Path, OutputStream)} for a path that is never standard output (the workbench's files). */
    public static OutputFile create(Path target) throws IOException {
        return create(target, null);
    }

    /** The file's bytes (compressed for {@code .gz} names); do not close it, {@link #commit()} does. */
    public OutputStream stream() {
        return stream;
    }

    /** The file as UTF-8 text, buffered; do not close it, {@link #commit()} does. */
    public Writer writer() {
        if (writer == null) {
            writer = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), BUFFER);
        }
        return writer;
    }

    /** Finishes the file and, for a regular file, moves it into place. */
    public void commit() throws IOException {
        finish();
        if (temp != null) {
            moveIntoPlace(temp, target);
        }
        finished = true;
    }

    /** Flushes and closes the stream, leaving a temporary file complete but not yet in place. */
    void finish() throws IOException {
        if (writer != null) {
            writer.close();
        } else {
            stream.close();
        }
    }

    Path temp() {
        return temp;
    }

    Path target() {
        return target;
    }

    void markFinished() {
        finished = true;
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        if (finished) {
            return;
        }
        try {
            finish();
        } catch (IOException ignored) {
            // the file is being discarded anyway
        }
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // best effort: a stray .part file is clearly named and removed the next time this target is written
            }
        }
        finished = true;
    }

    static void moveIntoPlace(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A name beside the target, on the same file system, so that the final move is atomic. */
    static Path tempFor(Path target) {
        return target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + COUNTER.incrementAndGet() + ".part");
    }

    /** Removes {@code .NAME.PID.N.part} files beside the target whose process no longer runs. */
    static void removeStaleParts(Path target) {
        Path dir = target.getParent();
        String prefix = "." + target.getFileName() + ".";
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".part");
        })) {
            for (Path p : parts) {
                String middle = p.getFileName().toString().substring(prefix.length());
                String[] fields = middle.split("\\.");
                if (fields.length != 3) {
                    continue;
                }
                try {
                    long pid = Long.parseLong(fields[0]);
                    if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()
                            && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                        Files.deleteIfExists(p);
                    }
                } catch (NumberFormatException | IOException ignored) {
                    // not ours, or already gone
                }
            }
        } catch (IOException ignored) {
            // cleaning up is a courtesy; writing the target does not depend on it
        }
    }

    private static void createParent(Path target) throws IOException {
        Path dir = target.getParent();
        if (dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (FileAlreadyExistsException e) {
                throw new IOException(dir + ": is not a directory");
            }
        }
    }

    private record Resolved(Path path, Mode mode) {
    }

    /** How a target is written, and the path actually written (a link's target for a link to a regular file). */
    private static Resolved resolve(Path target) throws IOException {
        if (isStandardOutput(target)) {
            return new Resolved(target, Mode.STANDARD_OUTPUT);
        }
        Path absolute = target.toAbsolutePath().normalize();
        if (!Files.exists(absolute)) {
            // missing, or a dangling link: the file is created where the link chain ends
            Path end = followLinks(absolute);
            if (Files.exists(end.getParent() == null ? end : end.getParent()) && !Files.isDirectory(end.getParent())) {
                throw new IOException(end.getParent() + ": is not a directory");
            }
            return new Resolved(end, Mode.REPLACE);
        }
        String type = fileType(absolute);
        Path real = realPath(absolute);
        boolean descriptor = absolute.startsWith("/proc") || absolute.startsWith("/dev/fd")
                || absolute.toString().equals("/dev/stderr");
        switch (type) {
            case "directory":
                throw new IOException(target + ": is a directory; name a file to write");
            case "block device":
            case "socket":
                throw new IOException(target + ": is a " + type + "; refusing to write to it");
            case "regular file":
                if (descriptor) {
                    // a descriptor the shell opened (/proc/self/fd/N, /dev/fd/N): write into it, never rename over it
                    return new Resolved(real, Mode.THROUGH);
                }
                if (isReadOnly(real)) {
                    throw new IOException(target + ": is read-only; not replacing it (make it writable or choose another name)");
                }
                return new Resolved(real, Mode.REPLACE);
            default:
                // a character device (/dev/null, a terminal) or a FIFO: the user means "send the output there"
                return new Resolved(real, Mode.THROUGH);
        }
    }

    /** The real path, or the path itself for a pipe or socket behind /proc/self/fd, which has none ("pipe:[123]"). */
    private static Path realPath(Path absolute) {
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            return absolute;
        }
    }

    private static Path followLinks(Path p) throws IOException {
        Path current = p;
        for (int hops = 0; hops < 40 && Files.isSymbolicLink(current); hops++) {
            Path link = Files.readSymbolicLink(current);
            current = current.resolveSibling(link).toAbsolutePath().normalize();
        }
        if (Files.isSymbolicLink(current)) {
            throw new IOException(p + ": too many levels of symbolic links");
        }
        return current;
    }

    private static boolean isReadOnly(Path real) throws IOException {
        if (!Files.isWritable(real)) {
            return true;
        }
        try {
            // root may write anything; a file whose owner cannot write it is still meant to be kept
            return !Files.getPosixFilePermissions(real).contains(PosixFilePermission.OWNER_WRITE);
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

    /** The type of the file a path leads to (links followed), from its mode bits, or the basic attributes elsewhere. */
    public static String fileType(Path path) throws IOException {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            switch (mode & 0170000) {
                case 0040000: return "directory";
                case 0100000: return "regular file";
                case 0060000: return "block device";
                case 0020000: return "character device";
                case 0010000: return "fifo";
                case 0140000: return "socket";
                default: return "special file";
            }
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            if (Files.isDirectory(path)) {
                return "directory";
            }
            return Files.isRegularFile(path) ? "regular file" : "special file";
        }
    }

    /** Standard output must stay open for the rest of the command's report. */
    private static OutputStream unclosable(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
    }
}
