package tmeval.run.local;

import tmeval.run.output.Provenance;

import tmeval.io.SampleData;

import java.nio.file.Path;

/**
 * The sample data the workbench and {@code demo} open: a sample-data folder here or beside the jar, else the jar's
 * embedded copy, extracted once into ~/.tmeval/sample-data/VERSION (one folder per version, so an upgrade never mixes
 * two versions' files and never touches a user's).
 */
public final class SampleDataCopy {
    private SampleDataCopy() {
    }

    /** The sample-data folder, or null when there is none and the embedded copy cannot be extracted. */
    public static Path locate() {
        return SampleData.locate(extractionFolder());
    }

    /** ~/.tmeval/sample-data/VERSION (under $HOME when it is set, as for the throughput file). */
    public static Path extractionFolder() {
        return Throughput.home(System.getenv("HOME"), System.getProperty("user.home")).resolve(".tmeval").resolve("sample-data")
                .resolve(Provenance.version());
    }
}
