package tmeval.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files written beside an output, {@code .NAME.PID.RANDOM.part}:
 * <ul>
 * <li>nobody can plant or block one: RANDOM comes from {@link SecureRandom}, the file is created exclusively
 * ({@code CREATE_NEW}, which opens neither an existing file nor a link of that name), and a name that is taken is
 * simply replaced by another draw;</li>
 * <li>the name fits beside any legal output name: NAME is cut (at a character boundary) so that the whole stays within
 * the 255 bytes a file name may have;</li>
 * <li>the ones that exist are known, so that a command being stopped by a signal makes no new one, moves none into place
 * and leaves none behind ({@link #stop()});</li>
 * <li>PID lets the next write of the same target remove the files a killed process left ({@link #removeStale}).</li>
 * </ul>
 */
final class TemporaryFiles {
    /** The longest file name Linux file systems take (NAME_MAX), in bytes. */
    static final int MAX_NAME_BYTES = 255;
    private static final String SUFFIX = ".part";
    /** Enough that a taken name is a coincidence, not a blockade: each draw is 64 bits nobody can predict. */
    private static final int ATTEMPTS = 100;
    /** {@code .NAME.PID.RANDOM.part}; also the older {@code .NAME.PID.N.part}, so that their stale files are still removed. */
    private static final Pattern TEMPORARY = Pattern.compile("\\.(.+)\\.(\\d{1,19})\\.([0-9a-z]{1,13})\\.part");
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The temporary files of this process that exist now; guards {@link #stopped} too. */
    private static final Set<Path> LIVE = new HashSet<>();
    private static boolean stopped;

    private TemporaryFiles() {
    }

    /** A temporary file just made, and the stream that writes it (opened by the call that made it). */
    record Created(Path path, OutputStream stream) {
    }

    /**
     * Creates a new empty temporary file beside {@code target} (in its directory, so that the final move is a rename)
     * and opens it: the file that was made is the file written, whatever appears under its name afterwards.
     *
     * @param attributes the new file's permissions (owner-only while it will hold a replacement of someone's file)
     * @throws IOException naming the directory and the reason when none can be made there
     */
    static Created create(Path target, FileAttribute<?>... attributes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        synchronized (LIVE) {
            if (stopped) {
                throw new IOException(target + ": not written, the command is stopping");
            }
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                Path temp = target.resolveSibling(name(target.getFileName().toString()));
                try {
                    OutputStream stream = Channels.newOutputStream(Files.newByteChannel(temp,
                            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attributes));
                    LIVE.add(temp);
                    return new Created(temp, stream);
                } catch (FileAlreadyExistsException taken) {
                    // a coincidence or a planted file: draw another name
                } catch (IOException e) {
                    throw new IOException(dir + ": cannot create a temporary file there for " + target.getFileName() + " ("
                            + OutputFile.reason(e) + ")", e);
                }
            }
        }
        throw new IOException(dir + ": cannot create a temporary file there for " + target.getFileName() + " (" + ATTEMPTS
                + " random names were all taken)");
    }

    /** Creates a temporary file beside {@code target} and closes it again: a name reserved, or a probe. */
    static Path reserve(Path target, FileAttribute<?>... attributes) throws IOException {
        Created created = create(target, attributes);
        try {
            created.stream().close();
        } catch (IOException e) {
            delete(created.path());
            throw new IOException(created.path() + ": " + OutputFile.reason(e), e);
        }
        return created.path();
    }

    /** Forgets a temporary file that has been moved into place or deleted. */
    static void release(Path temp) {
        synchronized (LIVE) {
            LIVE.remove(temp);
        }
    }

    /** Deletes a temporary file (best effort: a stray one is clearly named and removed by the next write). */
    static void delete(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // see removeStale
        }
        release(temp);
    }

    /** Thrown instead of a move into place once the command is being stopped: its temporary file is deleted, not kept. */
    static final class Stopping extends IOException {
        Stopping(Path target) {
            super(target + ": not written, the command is stopping");
        }
    }

    /** A move of finished temporary files into place. */
    interface Moves {
        void run() throws IOException;
    }

    /**
     * Runs the moves of finished temporary files into place, unless the command is being stopped: one whole, or not at
     * all (a signal's {@link #stop} waits for moves under way and then lets none start).
     *
     * @throws Stopping when the command is being stopped
     */
    static void commit(Path target, Moves moves) throws IOException {
        synchronized (LIVE) {
            if (stopped) {
                throw new Stopping(target);
            }
            moves.run();
        }
    }

    /**
     * For a command being stopped by a signal: from now on no temporary file is made or moved into place, and the ones
     * that exist are deleted (the command's own clean-up may not come before the JVM exits). Returns how many there were.
     */
    static int stop() {
        synchronized (LIVE) {
            stopped = true;
            int live = LIVE.size();
            for (Path temp : LIVE) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // named to be removed by the next write of its target (removeStale)
                }
            }
            LIVE.clear();
            return live;
        }
    }

    /** {@code .NAME.PID.RANDOM.part}, NAME cut so that the whole is at most {@link #MAX_NAME_BYTES} bytes. */
    static String name(String targetName) {
        String random = Long.toUnsignedString(RANDOM.nextLong(), 36);
        String tail = "." + ProcessHandle.current().pid() + "." + random + SUFFIX;
        return "." + cut(targetName, MAX_NAME_BYTES - 1 - tail.length()) + tail;
    }

    /** The longest start of {@code name} of at most {@code bytes} bytes in UTF-8 (file names are bytes on Linux). */
    static String cut(String name, int bytes) {
        int used = 0;
        int end = 0;
        while (end < name.length()) {
            int cp = name.codePointAt(end);
            used += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (used > bytes) {
                break;
            }
            end += Character.charCount(cp);
        }
        return name.substring(0, end);
    }

    /**
     * Removes the temporary files of this target that a process which no longer runs left behind (a kill -9, a power
     * cut). A file of another target whose name was cut to the same start is removed only if its process is gone too,
     * which is what makes it junk.
     */
    static void removeStale(Path target) {
        String targetName = target.getFileName().toString();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(target.toAbsolutePath().getParent(),
                p -> isTemporaryOf(p.getFileName().toString(), targetName))) {
            for (Path p : parts) {
                Matcher m = TEMPORARY.matcher(p.getFileName().toString());
                try {
                    long pid = m.matches() ? Long.parseLong(m.group(2)) : self;
                    if (pid != self && ProcessHandle.of(pid).isEmpty() && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
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

    /** Whether a file name is one {@link #name} makes for the target: its name whole, or cut to fit, then a PID and a random part. */
    static boolean isTemporaryOf(String file, String targetName) {
        Matcher m = TEMPORARY.matcher(file);
        if (!m.matches()) {
            return false;
        }
        String name = m.group(1);
        // a cut name fills the 255 bytes but for at most the 3 bytes of a character that did not fit
        return name.equals(targetName) || targetName.startsWith(name) && file.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES - 4;
    }
}
