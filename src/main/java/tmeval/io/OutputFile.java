package tmeval.io;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * A file the tool writes, written so that nothing the user owns is ever destroyed:
 * <ul>
 * <li>a missing or regular file is written to a temporary file beside it ({@link TemporaryFiles}: a name nobody can
 * guess or block) that is moved into place only when complete, so a failure or a cancel never leaves a half-written
 * file; the file it replaces keeps its mode, owner and group (refused before any work where they cannot be kept), and a
 * symbolic link to a regular file is written through to its target (the link survives);</li>
 * <li>a character device or a FIFO ({@code /dev/null}, a pipe, anything under {@code /dev} or {@code /proc}) is
 * written through as a stream, never replaced, and so is a regular file reached through a descriptor
 * ({@code /proc/self/fd/N}, {@code /dev/fd/N}); {@code -} and {@code /dev/stdout} are standard output;</li>
 * <li>refused before any work ({@link #check}): a directory, a block device, a socket, a read-only file, a file with
 * other hard links (replacing it would split them, writing into it would not be all-or-nothing), a dangling symbolic
 * link, and a file whose directory does not exist (no directory is ever made for an output);</li>
 * <li>re-checked just before the final move: a target that became something else meanwhile (a FIFO, a device, a link)
 * is not replaced, and the complete output is kept in its temporary file, named in the message.</li>
 * </ul>
 * Names ending in {@code .gz} are gzip-compressed. Every error names the file and the problem ("no space left on
 * device" among them). Temporary files left by a killed process are removed the next time the same target is written.
 */
public final class OutputFile implements AutoCloseable {
    /** The name that means standard output. */
    public static final String STANDARD_OUTPUT = "-";
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
        OutputStream named = new NamedErrors(raw, target, temp);
        this.stream = gzip ? new GZIPOutputStream(named, BUFFER) : named;
    }

    /** Whether a command-line path names standard output ({@code -}, {@code /dev/stdout} and its aliases). */
    public static boolean isStandardOutput(Path path) {
        String p = path.toString();
        return p.equals(STANDARD_OUTPUT) || p.equals("/dev/stdout") || p.equals("/dev/fd/1") || p.equals("/proc/self/fd/1");
    }

    /**
     * Refuses, before any work, a target this class would not write (see the class comment), or one in a directory where
     * no temporary file can be made, or whose owner, group or mode a replacement could not keep.
     *
     * @throws IOException with a message naming the path and the problem
     */
    public static void check(Path target) throws IOException {
        Resolved r = resolve(target);
        if (r.mode == Mode.REPLACE) {
            // the only sure test (root ignores permission bits, file systems can be read-only, only root can give a
            // file away): make the temporary file, give it what the target has, and remove it again
            Path probe = TemporaryFiles.reserve(r.path, ownerOnlyIfExists(r.path));
            try {
                if (Files.exists(r.path, LinkOption.NOFOLLOW_LINKS)) {
                    keepOwnerAndMode(r.path, probe);
                }
            } finally {
                TemporaryFiles.delete(probe);
            }
        }
    }

    /**
     * Refuses, before any work, a directory the user asked to have files written into (and made, if missing): it must
     * be a directory, or be makeable in the nearest directory that exists, and a file must be makeable there.
     */
    public static void checkDirectory(Path dir) throws IOException {
        Path existing = dir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new IOException(existing + ": is not a directory");
        }
        TemporaryFiles.delete(TemporaryFiles.reserve(existing.resolve("probe")));
    }

    /**
     * For a command being stopped by a signal: from now on no temporary file is made or moved into place, and the ones
     * that exist are deleted; returns how many there were.
     */
    public static int stopAndRemoveTemporaryFiles() {
        return TemporaryFiles.stop();
    }

    /**
     * Whether two paths lead to one existing file, compared as files (device and inode), not as paths: a hard link, a
     * symbolic link and a descriptor opened on a file ({@code /dev/fd/3}, {@code /proc/self/fd/N}) all are that file.
     */
    public static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
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
        return create(target, stdout, target.getFileName() != null && target.getFileName().toString().endsWith(".gz"));
    }

    /**
     * Writes a copy of {@code source}, byte for byte (a {@code .gz} copied as it is, not compressed again), to
     * {@code target} as every output is written: whole or not at all.
     */
    public static void copy(Path source, Path target) throws IOException {
        try (OutputFile f = create(target, null, false)) {
            try (InputStream in = Files.newInputStream(source)) {
                in.transferTo(f.stream());
            }
            f.commit();
        }
    }

    private static OutputFile create(Path target, OutputStream stdout, boolean gzip) throws IOException {
        Resolved r = resolve(target);
        switch (r.mode) {
            case STANDARD_OUTPUT:
                if (stdout == null) {
                    throw new IOException(target + ": cannot write to standard output here");
                }
                return new OutputFile(target, null, unclosable(stdout), gzip);
            case THROUGH:
                try {
                    return new OutputFile(target, null, Files.newOutputStream(r.path, StandardOpenOption.WRITE,
                            StandardOpenOption.TRUNCATE_EXISTING), gzip);
                } catch (IOException e) {
                    throw new IOException(target + ": cannot open it for writing (" + reason(e) + ")", e);
                }
            default:
                TemporaryFiles.removeStale(r.path);
                // a new file gets the permissions any plain file gets; a replacement stays owner-only until it is in place,
                // then takes the permissions of the file it replaces
                TemporaryFiles.Created temp = TemporaryFiles.create(r.path, ownerOnlyIfExists(r.path));
                try {
                    return new OutputFile(r.path, temp.path(), temp.stream(), gzip);
                } catch (IOException e) {
                    try {
                        temp.stream().close();
                    } catch (IOException ignored) {
                        // the file is being discarded anyway
                    }
                    TemporaryFiles.delete(temp.path());
                    throw e;
                }
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

    /**
     * Finishes the file and, for a regular file, moves it into place, unless the target became something else while
     * the command ran: then the complete output is kept in its temporary file, which the message names.
     */
    public void commit() throws IOException {
        finish();
        if (temp != null) {
            try {
                TemporaryFiles.commit(target, () -> {
                    prepareToReplace();
                    moveIntoPlace(temp, target);
                });
            } catch (TemporaryFiles.Stopping e) {
                close(); // a command stopped by a signal writes nothing
                throw e;
            } catch (IOException e) {
                keep();
                throw new IOException(e.getMessage() + "; the complete output is kept in " + temp, e);
            }
            TemporaryFiles.release(temp);
        }
        finished = true;
    }

    /**
     * Just before the final move: the target is still missing or a regular file with no other link that may be
     * replaced, and the temporary file gets its owner, group and mode. A target that became a FIFO, a device, a
     * directory or a link while the command ran is never renamed over.
     */
    void prepareToReplace() throws IOException {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String type = Files.isSymbolicLink(target) ? "symbolic link" : fileType(target);
        if (!type.equals("regular file")) {
            throw new IOException(target + ": became a " + type + " while the command ran; not replacing it");
        }
        refuseUnreplaceable(target, target);
        keepOwnerAndMode(target, temp);
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
        if (temp != null) {
            TemporaryFiles.release(temp);
        }
        finished = true;
    }

    /** Leaves the complete temporary file where it is (named in a message) instead of discarding it. */
    void keep() {
        markFinished();
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
            TemporaryFiles.delete(temp);
        }
        finished = true;
    }

    static void moveIntoPlace(Path from, Path to) throws IOException {
        try {
            try {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new IOException(to + ": cannot move the complete output into place (" + reason(e) + ")", e);
        }
    }

    /** Owner-only permissions for a temporary file that will replace an existing file (none for a new file). */
    private static FileAttribute<?>[] ownerOnlyIfExists(Path target) {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                || !target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }

    /**
     * Gives {@code copy} the owner, group and mode (set-id bits included) of {@code original}: owner and group first,
     * since changing them clears the set-id bits.
     *
     * @throws IOException naming the original when they cannot be kept (only root can give a file to another user)
     */
    static void keepOwnerAndMode(Path original, Path copy) throws IOException {
        int uid;
        int gid;
        int mode;
        try {
            uid = (Integer) Files.getAttribute(original, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            gid = (Integer) Files.getAttribute(original, "unix:gid", LinkOption.NOFOLLOW_LINKS);
            mode = (Integer) Files.getAttribute(original, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return; // no owners or modes on this file system: nothing to keep
        }
        if (!Files.isRegularFile(copy, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(copy + ": is no longer the temporary file this process made; not replacing " + original);
        }
        try {
            // never through a link: what is changed is the file this process made
            if ((Integer) Files.getAttribute(copy, "unix:uid", LinkOption.NOFOLLOW_LINKS) != uid) {
                Files.setAttribute(copy, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
            }
            if ((Integer) Files.getAttribute(copy, "unix:gid", LinkOption.NOFOLLOW_LINKS) != gid) {
                Files.setAttribute(copy, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
            }
        } catch (IOException e) {
            throw new IOException(original + ": belongs to user " + uid + " and group " + gid + ", which a replacement written by"
                    + " this user cannot keep (" + reason(e) + "); not replacing it (write another name, or run as its owner)", e);
        }
        try {
            Files.setAttribute(copy, "unix:mode", mode);
        } catch (IOException e) {
            throw new IOException(original + ": its mode " + Integer.toOctalString(mode) + " cannot be kept (" + reason(e)
                    + "); not replacing it", e);
        }
    }

    /**
     * The problem an I/O error names, in words and without the file name Java puts first: "permission denied", "no
     * space left on device", "read-only file system", ...
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name exists";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(Locale.ROOT);
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.toLowerCase(Locale.ROOT);
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
            if (Files.isSymbolicLink(absolute)) {
                // where it points may be anywhere (and missing directories would have to be made): the user says where
                throw new IOException(target + ": is a symbolic link to " + Files.readSymbolicLink(absolute) + ", which does not"
                        + " exist; not creating a file where a dangling link points (create the file first, or remove the link)");
            }
            Path dir = absolute.getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                throw new IOException(Files.exists(dir) ? dir + ": is not a directory"
                        : dir + ": no such directory; no directory is made for an output (create it first)");
            }
            return new Resolved(absolute, Mode.REPLACE);
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
                refuseUnreplaceable(target, real);
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

    /** A regular file that is read-only or has other hard links is kept as it is. */
    private static void refuseUnreplaceable(Path target, Path real) throws IOException {
        if (isReadOnly(real)) {
            throw new IOException(target + ": is read-only; not replacing it (make it writable or choose another name)");
        }
        int links = linkCount(real);
        if (links > 1) {
            throw new IOException(target + ": has " + links + " hard links; not replacing it (a new file would split the links,"
                    + " writing into it could leave it half-written): write another name, or remove the other links");
        }
    }

    private static int linkCount(Path real) throws IOException {
        try {
            return (Integer) Files.getAttribute(real, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
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

    /**
     * Every write error names the file and the problem: Java's own says "No space left on device" and nothing else.
     */
    private static final class NamedErrors extends FilterOutputStream {
        private final Path target;
        private final Path temp;

        NamedErrors(OutputStream out, Path target, Path temp) {
            super(out);
            this.target = target;
            this.temp = temp;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw named(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw named(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw named(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw named(e);
            }
        }

        private IOException named(IOException e) {
            return new IOException(target + ": " + reason(e) + (temp == null ? "" : " (writing its temporary file " + temp.getFileName()
                    + "; the file itself is unchanged)"), e);
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
