package tmeval.io;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the bundled sample data is: ./sample-data, beside the directory holding the jar, or else the copy embedded in
 * the jar (the resource folder {@value #EMBEDDED}), extracted into a folder of tmeval's own and checked against the jar
 * each time it is used ({@link ExactCopy}), so that the jar alone opens on it and never on files put in its place.
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
     * The sample-data directory: in the working directory, beside the jar, or the jar's copy extracted into
     * {@code extractInto}, a folder of tmeval's own under {@code ownRoot} checked file by file ({@link ExactCopy}); null
     * if none can be found and the jar has none.
     *
     * @throws InputException when the extracted copy cannot be used (a link there, a file the jar does not have)
     * @throws IOException    when it cannot be made
     */
    public static Path locateOrExtract(Path ownRoot, Path extractInto) throws IOException, InputException {
        Path found = locate(Path.of(""), codeSource());
        return found != null ? found : extractEmbedded(ownRoot, extractInto);
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
     * Makes {@code into} (under {@code ownRoot}) an exact copy of the embedded sample data and returns it; null when
     * the jar has no copy.
     */
    static Path extractEmbedded(Path ownRoot, Path into) throws IOException, InputException {
        URL marker = SampleData.class.getResource(EMBEDDED + "/" + MODEL_A);
        if (marker == null) {
            return null;
        }
        try {
            URI uri = marker.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    ExactCopy.sync(jar.getPath(EMBEDDED), ownRoot, into);
                }
            } else {
                ExactCopy.sync(Path.of(uri).getParent(), ownRoot, into);
            }
            return into;
        } catch (URISyntaxException e) {
            throw new IOException("the jar's sample data cannot be found: " + e.getMessage(), e);
        } catch (java.nio.file.FileSystemException e) {
            // the exception's own message is the bare path: say what failed and why
            throw new IOException((e.getFile() == null ? into.toString() : e.getFile()) + ": the sample data inside the jar cannot be extracted"
                    + " there (" + OutputFile.reason(e) + ")", e);
        }
    }
}
