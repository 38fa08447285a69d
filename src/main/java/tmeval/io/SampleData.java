package tmeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where the bundled sample data is: ./sample-data, beside the directory holding the jar, or else the copy embedded in
 * the jar (the resource folder {@value #EMBEDDED}), extracted once into a folder of tmeval's own, so that the jar alone
 * opens on it.
 */
public final class SampleData {
    public static final String MODEL_A = "model-asymmetric.tsv.gz";
    public static final String MODEL_B = "model-perturbed.tsv.gz";
    public static final String MODEL_SYMMETRIC = "model-symmetric.tsv.gz";
    public static final String HELDOUT = "kos-heldout.tokens.gz";
    public static final String SERIES = "series";
    /** The sample data inside the jar (pom.xml copies sample-data/ there). */
    static final String EMBEDDED = "/tmeval/sample-data";
    private static final String FOLDER = "sample-data";
    /** How many folders, from the code's own upwards, may hold the sample-data folder. */
    private static final int ANCESTORS = 3;

    private SampleData() {
    }

    /**
     * The sample-data directory: in the working directory, beside the jar, or extracted from the jar into
     * {@code extractInto}; null if none can be found or made.
     */
    public static Path locate(Path extractInto) {
        Path found = locate(Path.of(""), codeSource());
        return found != null ? found : extractEmbedded(extractInto);
    }

    /** A sample-data folder in {@code workingDirectory} or in a folder holding {@code codeSource} (may be null). */
    static Path locate(Path workingDirectory, Path codeSource) {
        Path here = workingDirectory.resolve(FOLDER);
        if (Files.isDirectory(here)) {
            return here;
        }
        // the code's folder and two above it (target/classes or target/tmeval.jar beside the repository's sample-data/),
        // never further: an unrelated folder of that name higher up must not stand in for the jar's own copy
        Path p = codeSource == null ? null : codeSource.toAbsolutePath().getParent();
        for (int up = 0; p != null && up < ANCESTORS; up++, p = p.getParent()) {
            Path candidate = p.resolve(FOLDER);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static Path codeSource() {
        try {
            return Path.of(SampleData.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Copies the embedded sample data into {@code into} (made if missing) and returns it; a file already there is
     * kept as it is, never overwritten (each file is written beside its target and moved in whole, so a copy
     * interrupted or made by two workbenches at once leaves no half-written file). Null when the jar has no copy
     * or the folder cannot be written.
     */
    static Path extractEmbedded(Path into) {
        URL marker = SampleData.class.getResource(EMBEDDED + "/" + MODEL_A);
        if (marker == null || into == null) {
            return null;
        }
        try {
            URI uri = marker.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    copyMissing(jar.getPath(EMBEDDED), into);
                }
            } else {
                copyMissing(Path.of(uri).getParent(), into);
            }
            return into;
        } catch (IOException | URISyntaxException | UncheckedIOException e) {
            return null;
        }
    }

    /** A link fails when the target exists (a rename would replace it); a file system without links gets a plain move. */
    private static void moveInWithoutReplacing(Path part, Path target) throws IOException {
        try {
            Files.createLink(target, part);
        } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
            if (e instanceof FileAlreadyExistsException exists) {
                throw exists;
            }
            Files.move(part, target);
        }
    }

    private static void copyMissing(Path from, Path into) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            Path target = into.resolve(from.relativize(f).toString());
            if (Files.exists(target)) {
                continue;
            }
            Files.createDirectories(target.getParent());
            Path part = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".part");
            try {
                try (InputStream in = Files.newInputStream(f)) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                }
                moveInWithoutReplacing(part, target);
            } catch (FileAlreadyExistsException e) {
                // another workbench copied it first: theirs is whole, keep it
            } finally {
                Files.deleteIfExists(part);
            }
        }
    }
}
