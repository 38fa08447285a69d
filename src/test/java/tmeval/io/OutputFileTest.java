package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Nothing the user owns is replaced, half-written or left in pieces, whatever the output path names. */
class OutputFileTest {
    @TempDir
    Path dir;

    private static void write(Path target, String text) throws IOException {
        try (OutputFile f = OutputFile.create(target)) {
            f.writer().write(text);
            f.commit();
        }
    }

    static boolean mkfifo(Path p) throws IOException, InterruptedException {
        try {
            return new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(mkfifo(fifo), "mkfifo is not available");
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        write(fifo, "through the pipe\n");
        assertEquals("through the pipe\n", read.get(10, TimeUnit.SECONDS));
        assertEquals("fifo", OutputFile.fileType(fifo), "the FIFO must not be replaced by a plain file");
    }

    @Test
    void devNullIsWrittenThroughAndStaysADevice() throws Exception {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull));
        write(devNull, "discarded\n");
        assertEquals("character device", OutputFile.fileType(devNull));
    }

    @Test
    void blockDevicesAreRefusedWithoutBeingOpened() throws Exception {
        // only check() is called: it decides from the file's type and never opens a device
        Path device = null;
        try (var entries = Files.list(Path.of("/dev"))) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                if (!Files.isSymbolicLink(p) && fileTypeOrNull(p).equals("block device")) {
                    device = p;
                    break;
                }
            }
        }
        assumeTrue(device != null, "no block device visible");
        Path d = device;
        IOException e = assertThrows(IOException.class, () -> OutputFile.check(d));
        assertTrue(e.getMessage().contains("block device"), e.getMessage());
    }

    private static String fileTypeOrNull(Path p) {
        try {
            return OutputFile.fileType(p);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void aLinkToARegularFileIsWrittenThroughToItsTargetAndSurvives() throws Exception {
        Path real = dir.resolve("real.tsv");
        Files.writeString(real, "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), real);
        write(link, "new\n");
        assertTrue(Files.isSymbolicLink(link), "the link must survive");
        assertEquals("new\n", Files.readString(real));
    }

    @Test
    void aDanglingLinkCreatesItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), dir.resolve("made.tsv"));
        write(link, "x\n");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("x\n", Files.readString(dir.resolve("made.tsv")));
    }

    @Test
    void directoriesAndLinksToThemAreRefusedBeforeWriting() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("to-sub"), sub);
        for (Path p : new Path[] {sub, link}) {
            IOException e = assertThrows(IOException.class, () -> OutputFile.check(p));
            assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
            assertThrows(IOException.class, () -> OutputFile.create(p));
        }
        assertTrue(Files.isDirectory(sub) && Files.isSymbolicLink(link));
    }

    @Test
    void aReadOnlyFileIsRefusedAndKeptEvenForRoot() throws Exception {
        Path ro = dir.resolve("kept.tsv");
        Files.writeString(ro, "precious\n");
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r--r--r--"));
        IOException e = assertThrows(IOException.class, () -> write(ro, "overwritten\n"));
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        assertEquals("precious\n", Files.readString(ro));
    }

    @Test
    void aFileUnderADirectoryThatIsAFileIsRefused() throws Exception {
        Path file = dir.resolve("plain");
        Files.writeString(file, "x");
        assertThrows(IOException.class, () -> OutputFile.check(file.resolve("out.tsv")));
        assertEquals("x", Files.readString(file));
    }

    @Test
    void checkLeavesNothingBehind() throws Exception {
        OutputFile.check(dir.resolve("new/deeper/out.tsv"));
        OutputFile.check(dir.resolve("out.tsv"));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no probe file and no directory is left behind");
        }
    }

    @Test
    void staleTemporaryFilesOfADeadProcessAreRemovedOnTheNextWrite() throws Exception {
        Path target = dir.resolve("out.tsv");
        // a pid above Linux's largest possible pid (2^22) belongs to no process
        Path stale = dir.resolve(".out.tsv.99999999.3.part");
        Path ours = dir.resolve(".out.tsv." + ProcessHandle.current().pid() + ".999999.part");
        Path other = dir.resolve(".other.tsv.99999999.3.part");
        for (Path p : new Path[] {stale, ours, other}) {
            Files.writeString(p, "left by a kill -9");
        }
        write(target, "done\n");
        assertFalse(Files.exists(stale), "a dead process's temporary file is cleaned up");
        assertTrue(Files.exists(ours), "a live process's temporary file is left alone");
        assertTrue(Files.exists(other), "another target's temporary file is left alone");
        assertEquals("done\n", Files.readString(target));
    }

    @Test
    void aFailureBeforeCommitLeavesTheOldFileAndNoTemporary() throws Exception {
        Path target = dir.resolve("out.tsv");
        Files.writeString(target, "old\n");
        try (OutputFile f = OutputFile.create(target)) {
            f.writer().write("half");
        }
        assertEquals("old\n", Files.readString(target));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void aGroupAppearsWholeOrNotAtAll() throws Exception {
        Path model = dir.resolve("m.tsv");
        Path state = dir.resolve("m.tsv.state.gz");
        Files.writeString(model, "old model\n");
        Files.writeString(state, "old state\n");
        // cancelled after the model was written but before the state was complete: neither changes
        try (OutputFiles group = new OutputFiles(null)) {
            group.add(model).writer().write("new model\n");
            group.add(state).writer().write("half a st");
        }
        assertEquals("old model\n", Files.readString(model));
        assertEquals("old state\n", Files.readString(state));
        // a move that fails after the first file is in place puts the first back
        try (OutputFiles group = new OutputFiles(null)) {
            group.add(model).writer().write("new model\n");
            OutputFile second = group.add(dir.resolve("m2.tsv"));
            second.writer().write("second\n");
            second.finish();
            Files.delete(second.temp());
            assertThrows(IOException.class, group::commitAll);
        }
        assertEquals("old model\n", Files.readString(model));
        assertFalse(Files.exists(dir.resolve("m2.tsv")));
        try (OutputFiles group = new OutputFiles(null)) {
            group.add(model).writer().write("new model\n");
            group.add(state).writer().write("new state\n");
            group.commitAll();
        }
        assertEquals("new model\n", Files.readString(model));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no backup or temporary file is left");
        }
    }

    @Test
    void canonicalPathsMatchThroughLinksAndDotDot() throws Exception {
        Path real = dir.resolve("a.tsv");
        Files.writeString(real, "x");
        Path link = Files.createSymbolicLink(dir.resolve("l.tsv"), real);
        Files.createDirectory(dir.resolve("sub"));
        assertEquals(OutputFile.canonical(real), OutputFile.canonical(link));
        assertEquals(OutputFile.canonical(real), OutputFile.canonical(dir.resolve("sub/../a.tsv")));
        assertEquals(OutputFile.canonical(dir.resolve("new.tsv")), OutputFile.canonical(dir.resolve("sub/../new.tsv")));
    }
}
