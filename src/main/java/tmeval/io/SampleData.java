package tmeval.io;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the bundled sample data is: ./sample-data, or beside the directory holding the jar. */
public final class SampleData {
    public static final String MODEL_A = "model-asymmetric.tsv.gz";
    public static final String MODEL_B = "model-perturbed.tsv.gz";
    public static final String MODEL_SYMMETRIC = "model-symmetric.tsv.gz";
    public static final String HELDOUT = "kos-heldout.tokens.gz";
    public static final String SERIES = "series";

    private SampleData() {
    }

    /** The sample-data directory, or null if it cannot be found. */
    public static Path locate() {
        Path here = Path.of("sample-data");
        if (Files.isDirectory(here)) {
            return here;
        }
        try {
            Path jar = Path.of(SampleData.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                Path candidate = p.resolve("sample-data");
                if (Files.isDirectory(candidate)) {
                    return candidate;
                }
            }
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
        return null;
    }
}
