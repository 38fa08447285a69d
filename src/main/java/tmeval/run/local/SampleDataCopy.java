package tmeval.run.local;

import tmeval.run.output.Provenance;

import tmeval.io.InputException;
import tmeval.io.SampleData;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The sample data the workbench and {@code demo} open: a sample-data folder here or beside the jar, else the jar's
 * embedded copy, extracted into ~/.tmeval/sample-data/VERSION (one folder per version, so an upgrade never mixes
 * two versions' files and never touches a user's) and checked against the jar each time.
 */
public final class SampleDataCopy {
    private SampleDataCopy() {
    }

    /**
     * The sample-data folder, or null when there is none and the jar has no copy.
     *
     * @throws InputException when the extracted copy cannot be used, saying why (a link there, a file not the jar's)
     * @throws IOException    when it cannot be made
     */
    public static Path locate() throws IOException, InputException {
        return SampleData.locateOrExtract(root(), extractionFolder());
    }

    /** ~/.tmeval/sample-data (under $HOME when it is set, as for the throughput file): tmeval's own, no link at or under it. */
    static Path root() {
        return Throughput.home(System.getenv("HOME"), System.getProperty("user.home")).resolve(".tmeval").resolve("sample-data");
    }

    /** ~/.tmeval/sample-data/VERSION. */
    public static Path extractionFolder() {
        return root().resolve(Provenance.version());
    }
}
