package tmeval.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An update of a file that several processes read, merge and write ({@code bench}'s rates in ~/.tmeval), made under
 * an exclusive lock so that none writes over what another has just added: the operating system's lock
 * ({@link FileChannel#lock()}) on {@code NAME.lock} beside the file, released when the holder exits or dies, and, since
 * a JVM holds that lock for all its threads at once, a lock of this process per file as well. The lock file is never
 * removed (removing it would let two processes lock two files of one name) and is opened without following a link.
 * A target that is not a regular file ({@code /dev/null}, {@code -}) is written without a lock: nothing is merged there.
 */
public final class SharedFileLock {
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    /** What is done under the lock. */
    public interface Update<T> {
        T run() throws IOException;
    }

    private SharedFileLock() {
    }

    /** The lock file of a file: {@code NAME.lock} beside it. */
    public static Path lockFile(Path file) {
        return file.resolveSibling(file.getFileName() + ".lock");
    }

    /**
     * Runs {@code update} while holding the file's lock, waiting for any other holder, in this process or another.
     *
     * @throws IOException naming the lock file when it cannot be made or locked (a link planted there among the reasons)
     */
    public static <T> T update(Path file, Update<T> update) throws IOException {
        if (!OutputFile.isRegularTarget(file)) {
            return update.run();
        }
        // one lock per file, however it is named: links followed, relative parts removed
        Path lockFile = lockFile(OutputFile.canonical(file));
        ReentrantLock mine = IN_PROCESS.computeIfAbsent(lockFile, k -> new ReentrantLock());
        mine.lock();
        try (FileChannel channel = open(lockFile); FileLock held = lock(channel, lockFile)) {
            return update.run();
        } finally {
            mine.unlock();
        }
    }

    private static FileLock lock(FileChannel channel, Path lockFile) throws IOException {
        try {
            return channel.lock();
        } catch (IOException e) {
            throw new IOException(lockFile + ": cannot lock the file (" + OutputFile.reason(e) + ")", e);
        }
    }

    private static FileChannel open(Path lockFile) throws IOException {
        try {
            return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new IOException(lockFile + ": cannot open the lock file (" + OutputFile.reason(e) + ")", e);
        }
    }
}
