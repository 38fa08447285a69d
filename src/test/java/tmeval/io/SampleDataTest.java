package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleDataTest {
    private static final Path SOURCE = Path.of("sample-data");

    @Test
    void withNoFolderHereOrBesideTheJarTheEmbeddedCopyIsExtractedAndFound(@TempDir Path work, @TempDir Path home) throws Exception {
        assertNull(SampleData.locate(work, work.resolve("tmeval.jar")), "an empty folder has no sample data");
        Path into = home.resolve(".tmeval/sample-data/0.1.0");
        Path found = SampleData.extractEmbedded(home.resolve(".tmeval/sample-data"), into);
        assertEquals(into, found);
        for (String f : new String[] {SampleData.MODEL_A, SampleData.MODEL_B, SampleData.HELDOUT, "series/iter-200.tsv.gz"}) {
            assertArrayEquals(Files.readAllBytes(SOURCE.resolve(f)), Files.readAllBytes(found.resolve(f)), f);
        }
        assertTrue(Files.isDirectory(found.resolve(SampleData.SERIES)));
        try (var left = Files.list(found)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file is left");
        }
    }

    /**
     * The copy is checked against the jar each time it is used: a file that differs (planted, damaged, half-written) is
     * extracted again, a file that matches is left alone; before, any file already there was used as it was.
     */
    @Test
    void aFileThatDiffersFromTheJarsIsExtractedAgainAndOneThatMatchesIsKept(@TempDir Path home) throws Exception {
        Path root = home.resolve("sample-data");
        Path into = root.resolve("0.1.0");
        SampleData.extractEmbedded(root, into);
        Path model = into.resolve(SampleData.MODEL_A);
        Path heldout = into.resolve(SampleData.HELDOUT);
        Files.writeString(model, "planted");
        Files.write(into.resolve("series/iter-200.tsv.gz"), new byte[0]);
        java.nio.file.attribute.FileTime past = java.nio.file.attribute.FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(heldout, past);
        SampleData.extractEmbedded(root, into);
        assertArrayEquals(Files.readAllBytes(SOURCE.resolve(SampleData.MODEL_A)), Files.readAllBytes(model));
        assertArrayEquals(Files.readAllBytes(SOURCE.resolve("series/iter-200.tsv.gz")), Files.readAllBytes(into.resolve("series/iter-200.tsv.gz")));
        assertEquals(past, Files.getLastModifiedTime(heldout), "a file that matches the jar's is not written again");
    }

    /**
     * A link at tmeval's folder, above it up to ~/.tmeval/sample-data or anywhere in it, a hard-linked file and a file
     * the jar does not have are refused with a message naming it, before anything is read or written: nothing is
     * written through a link, and the folder is never used (before, a link there was followed and used as it was).
     */
    @Test
    void aLinkOrAFileNotTheJarsIsRefusedNamingIt(@TempDir Path home) throws Exception {
        Path root = home.resolve(".tmeval/sample-data");
        Path into = root.resolve("0.1.0");
        Path elsewhere = Files.createDirectories(home.resolve("elsewhere"));
        Path victim = elsewhere.resolve("victim.txt");
        Files.writeString(victim, "the user's");

        Files.createDirectories(root.getParent());
        Files.createSymbolicLink(root, elsewhere);
        assertRefused(root, root, into, "is a symbolic link");
        Files.delete(root);
        Files.createDirectories(root);
        Files.createSymbolicLink(into, elsewhere);
        assertRefused(into, root, into, "is a symbolic link");
        Files.delete(into);

        SampleData.extractEmbedded(root, into);
        Path model = into.resolve(SampleData.MODEL_A);
        Files.delete(model);
        Files.createSymbolicLink(model, victim);
        assertRefused(model, root, into, "is a symbolic link");
        Files.delete(model);
        Path series = into.resolve(SampleData.SERIES);
        Path moved = home.resolve("series-moved");
        Files.move(series, moved);
        Files.createSymbolicLink(series, moved);
        assertRefused(series, root, into, "is a symbolic link");
        Files.delete(series);
        Files.move(moved, series);

        Path planted = series.resolve("iter-999.tsv.gz");
        Files.writeString(planted, "a snapshot the series would read");
        assertRefused(planted, root, into, "is not part of the sample data");
        Files.delete(planted);
        Files.createDirectories(into.resolve("extra"));
        assertRefused(into.resolve("extra"), root, into, "is not part of the sample data");
        Files.delete(into.resolve("extra"));

        SampleData.extractEmbedded(root, into);
        Files.createLink(home.resolve("second-name"), model);
        assertRefused(model, root, into, "has 2 hard links");
        assertEquals("the user's", Files.readString(victim), "nothing was written through a link");
        try (var left = Files.list(elsewhere)) {
            assertEquals(1, left.count(), "nothing was extracted where a link led");
        }
    }

    private static void assertRefused(Path named, Path root, Path into, String what) {
        InputException e = assertThrows(InputException.class, () -> SampleData.extractEmbedded(root, into));
        assertTrue(e.getMessage().startsWith(named + ": " + what) && e.getMessage().contains("remove it"), e.getMessage());
    }

    @Test
    void aFolderHereOrBesideTheJarComesFirst(@TempDir Path work) throws Exception {
        Files.createDirectories(work.resolve("sample-data"));
        assertEquals(work.resolve("sample-data"), SampleData.locate(work, null));
        Path jar = work.resolve("lib/deeper/tmeval.jar");
        assertEquals(work.resolve("sample-data"), SampleData.locate(work.resolve("elsewhere"), jar));
    }

    /** An unrelated sample-data folder far above the jar is not taken for the jar's own copy. */
    @Test
    void aFolderFarAboveTheJarIsNotTaken(@TempDir Path work) throws Exception {
        Files.createDirectories(work.resolve("sample-data"));
        assertNull(SampleData.locate(work.resolve("elsewhere"), work.resolve("opt/tmeval/lib/app/tmeval.jar")));
    }
}
