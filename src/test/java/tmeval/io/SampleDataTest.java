package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleDataTest {
    private static final Path SOURCE = Path.of("sample-data");

    @Test
    void withNoFolderHereOrBesideTheJarTheEmbeddedCopyIsExtractedAndFound(@TempDir Path work, @TempDir Path home) throws IOException {
        assertNull(SampleData.locate(work, work.resolve("tmeval.jar")), "an empty folder has no sample data");
        Path into = home.resolve(".tmeval/sample-data/0.1.0");
        Path found = SampleData.extractEmbedded(into);
        assertEquals(into, found);
        for (String f : new String[] {SampleData.MODEL_A, SampleData.MODEL_B, SampleData.HELDOUT, "series/iter-200.tsv.gz"}) {
            assertArrayEquals(Files.readAllBytes(SOURCE.resolve(f)), Files.readAllBytes(found.resolve(f)), f);
        }
        assertTrue(Files.isDirectory(found.resolve(SampleData.SERIES)));
        try (var left = Files.list(found)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file is left");
        }
    }

    @Test
    void aFileAlreadyThereIsNeverOverwritten(@TempDir Path home) throws IOException {
        Path into = home.resolve("copy");
        Files.createDirectories(into);
        Files.writeString(into.resolve(SampleData.MODEL_A), "the user's own file");
        SampleData.extractEmbedded(into);
        assertEquals("the user's own file", Files.readString(into.resolve(SampleData.MODEL_A)));
        assertArrayEquals(Files.readAllBytes(SOURCE.resolve(SampleData.HELDOUT)), Files.readAllBytes(into.resolve(SampleData.HELDOUT)));
    }

    @Test
    void aFolderHereOrBesideTheJarComesFirst(@TempDir Path work) throws IOException {
        Files.createDirectories(work.resolve("sample-data"));
        assertEquals(work.resolve("sample-data"), SampleData.locate(work, null));
        Path jar = work.resolve("lib/deeper/tmeval.jar");
        assertEquals(work.resolve("sample-data"), SampleData.locate(work.resolve("elsewhere"), jar));
    }

    /** An unrelated sample-data folder far above the jar is not taken for the jar's own copy. */
    @Test
    void aFolderFarAboveTheJarIsNotTaken(@TempDir Path work) throws IOException {
        Files.createDirectories(work.resolve("sample-data"));
        assertNull(SampleData.locate(work.resolve("elsewhere"), work.resolve("opt/tmeval/lib/app/tmeval.jar")));
    }
}
