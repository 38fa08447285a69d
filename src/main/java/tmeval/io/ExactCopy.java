package tmeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder of tmeval's own that holds an exact copy of a folder it carries (the jar's sample data, extracted into
 * ~/.tmeval/sample-data/VERSION): before it is used, every file in it is checked against its source by SHA-256 and
 * one that differs (damaged, half-written by an older version, or planted) is extracted again; what the folder must
 * not hold is refused, naming it, before anything is read or written there: a symbolic link at the folder, above it up
 * to tmeval's own root or anywhere in it (it would send reads, and the copy's own writes, elsewhere), a file with other
 * hard links, and a file or folder the source does not have. Files are written beside their place and renamed into it,
 * so a copy interrupted, or made by two workbenches at once, leaves no half-written file.
 */
final class ExactCopy {
    /** The temporary files of a copy in progress ({@code .NAME} + random digits + {@code .part}), here or another process's. */
    private static final String TEMPORARY_SUFFIX = ".part";

    private ExactCopy() {
    }

    /**
     * Makes {@code into} (under {@code root}, both tmeval's own) an exact copy of {@code from}.
     *
     * @throws InputException naming the path the folder must not hold
     * @throws IOException     naming the one that could not be read or written
     */
    static void sync(Path from, Path root, Path into) throws IOException, InputException {
        Map<String, Path> sources = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                sources.put(key(from.relativize(f)), f);
            }
        }
        refuseLinksDownTo(root, into);
        Files.createDirectories(into);
        refuseLinksDownTo(root, into);
        refuseWhatTheSourceDoesNotHave(into, sources);
        for (Map.Entry<String, Path> e : sources.entrySet()) {
            Path target = into.resolve(e.getKey());
            Files.createDirectories(target.getParent());
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                    && Arrays.equals(sha256(target, LinkOption.NOFOLLOW_LINKS), sha256(e.getValue()))) {
                continue;
            }
            // the one writer: beside its place, then renamed into it (the folder holds no link: refused above)
            OutputFile.copy(e.getValue(), target);
        }
    }

    /** Each folder from {@code root} down to {@code into} that exists is a folder, not a link. */
    private static void refuseLinksDownTo(Path root, Path into) throws InputException {
        Path relative = root.relativize(into);
        Path p = root;
        for (int i = -1; i < relative.getNameCount(); i++) {
            p = i < 0 ? root : p.resolve(relative.getName(i));
            if (Files.isSymbolicLink(p)) {
                throw refused(p, "is a symbolic link");
            }
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                throw refused(p, "is not a folder");
            }
        }
    }

    /** Every entry under {@code into} is a plain file or folder of the source's (or a copy's temporary file), without other links. */
    private static void refuseWhatTheSourceDoesNotHave(Path into, Map<String, Path> sources) throws IOException, InputException {
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(into)) { // links are not followed
            entries = walk.filter(p -> !p.equals(into)).toList();
        }
        for (Path p : entries) {
            String relative = key(into.relativize(p));
            String name = p.getFileName().toString();
            if (Files.isSymbolicLink(p)) {
                throw refused(p, "is a symbolic link");
            }
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                if (sources.keySet().stream().noneMatch(s -> s.startsWith(relative + "/"))) {
                    throw refused(p, "is not part of the sample data");
                }
            } else if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                throw refused(p, "is not a plain file");
            } else if (!sources.containsKey(relative) && !(name.startsWith(".") && name.endsWith(TEMPORARY_SUFFIX))) {
                throw refused(p, "is not part of the sample data");
            } else if (linkCount(p) > 1) {
                throw refused(p, "has " + linkCount(p) + " hard links");
            }
        }
    }

    private static InputException refused(Path p, String what) {
        return InputException.ofFile(p, what + "; tmeval's copy of its sample data is a folder of its own that holds the"
                + " jar's files and nothing else, never through a link: remove it (or the whole folder), and tmeval extracts the copy again");
    }

    private static int linkCount(Path p) throws IOException {
        try {
            return (Integer) Files.getAttribute(p, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }


    /** A relative path as the same text on any file system (the jar's and the disk's), its names joined by '/'. */
    private static String key(Path relative) {
        StringBuilder sb = new StringBuilder();
        for (Path name : relative) {
            sb.append(sb.length() == 0 ? "" : "/").append(name);
        }
        return sb.toString();
    }

    private static byte[] sha256(Path file, java.nio.file.OpenOption... options) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file, options), md)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return md.digest();
    }
}
