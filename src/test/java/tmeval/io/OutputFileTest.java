package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
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

    /** Issue 36: the sample data's extraction and the rates file's damaged copy go through the one writer, as they are. */
    @Test
    void aCopyIsWrittenByteForByteAGzipNotCompressedAgainAndReplacesWhatWasThereWhole() throws IOException {
        Path source = dir.resolve("model.tsv.gz");
        byte[] bytes = {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3, 4, 5};
        Files.write(source, bytes);
        Path target = dir.resolve("copy.tsv.gz");
        Files.writeString(target, "an older copy");
        OutputFile.copy(source, target);
        org.junit.jupiter.api.Assertions.assertArrayEquals(bytes, Files.readAllBytes(target));
        try (var left = Files.list(dir)) {
            assertEquals(List.of("copy.tsv.gz", "model.tsv.gz"), left.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file left");
        }
    }

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
    void aDanglingLinkAndAMissingDirectoryAreRefusedAndNothingIsMade() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), dir.resolve("elsewhere/deeper/made.tsv"));
        IOException e = assertThrows(IOException.class, () -> OutputFile.check(link));
        assertTrue(e.getMessage().contains(link.toString()) && e.getMessage().contains("does not exist"), e.getMessage());
        assertThrows(IOException.class, () -> write(link, "x\n"));
        Path missing = dir.resolve("new/deeper/out.tsv");
        e = assertThrows(IOException.class, () -> write(missing, "x\n"));
        assertTrue(e.getMessage().contains(dir.resolve("new/deeper").toString()) && e.getMessage().contains("no such directory"), e.getMessage());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(link), files.toList(), "no directory and no file made, the link kept");
        }
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
        OutputFile.check(dir.resolve("out.tsv"));
        Files.writeString(dir.resolve("old.tsv"), "kept\n");
        OutputFile.check(dir.resolve("old.tsv"));
        Files.delete(dir.resolve("old.tsv"));
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
        Path staleRandom = dir.resolve(".out.tsv.99999999.k3j4h5g6a.part");
        Path longer = dir.resolve(".out.tsv.gz.99999999.k3j4h5g6a.part");
        for (Path p : new Path[] {stale, ours, other, staleRandom, longer}) {
            Files.writeString(p, "left by a kill -9");
        }
        write(target, "done\n");
        assertFalse(Files.exists(stale), "a dead process's temporary file is cleaned up");
        assertFalse(Files.exists(staleRandom), "in today's naming too");
        assertTrue(Files.exists(longer), "out.tsv.gz's temporary file is not out.tsv's");
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

    // --- issue 23: replacing keeps what the user set; temporary files cannot be planted or blocked; errors name the file

    private static String permissions(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    private static int attribute(Path p, String name) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:" + name, LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void replacingAFileKeepsItsModeOwnerAndGroupAndTheReplacementIsPrivateUntilInPlace() throws Exception {
        Path target = dir.resolve("private.tsv");
        Files.writeString(target, "old\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        if (attribute(target, "uid") == 0) {
            // as root (the tests run as root in CI): a file given to another user and group stays theirs
            Files.setAttribute(target, "unix:uid", 12345);
            Files.setAttribute(target, "unix:gid", 12346);
        }
        int uid = attribute(target, "uid");
        int gid = attribute(target, "gid");
        try (OutputFile f = OutputFile.create(target)) {
            f.writer().write("new\n");
            assertEquals("rw-------", permissions(f.temp()), "nobody else reads the replacement before it is in place");
            f.commit();
        }
        assertEquals("new\n", Files.readString(target));
        assertEquals("rw-r-----", permissions(target));
        assertEquals(uid, attribute(target, "uid"));
        assertEquals(gid, attribute(target, "gid"));
        OutputFile.check(target);
        // a new file gets what any new file gets: readable by its owner at least, not the owner-only of a replacement
        Path fresh = dir.resolve("fresh.tsv");
        write(fresh, "x\n");
        assertTrue(permissions(fresh).startsWith("rw-"), permissions(fresh));
    }

    @Test
    void aHardLinkedTargetIsRefusedAndNeitherNameChanges() throws Exception {
        Path a = dir.resolve("a.tsv");
        Files.writeString(a, "shared\n");
        Path b = Files.createLink(dir.resolve("b.tsv"), a);
        IOException e = assertThrows(IOException.class, () -> OutputFile.check(b));
        assertTrue(e.getMessage().contains(b.toString()) && e.getMessage().contains("2 hard links"), e.getMessage());
        assertThrows(IOException.class, () -> write(b, "new\n"));
        assertEquals("shared\n", Files.readString(a));
        assertTrue(Files.isSameFile(a, b), "the link is not split");
    }

    @Test
    void temporaryNamesAreUnpredictableAndPlantedNamesBlockNothing() throws Exception {
        Path target = dir.resolve("out.tsv");
        long pid = ProcessHandle.current().pid();
        try (OutputFile first = OutputFile.create(target); OutputFile second = OutputFile.create(target)) {
            for (OutputFile f : new OutputFile[] {first, second}) {
                String name = f.temp().getFileName().toString();
                // 64 random bits in base 36 (not a counter anyone can run ahead of)
                assertTrue(name.matches("\\.out\\.tsv\\." + pid + "\\.[0-9a-z]{8,13}\\.part"), name);
            }
            assertFalse(first.temp().equals(second.temp()));
        }
        // the names a counter would use next, planted as links to someone else's file, neither block nor redirect a write
        Path victim = dir.resolve("victim.tsv");
        Files.writeString(victim, "precious\n");
        for (int n = 0; n < 2000; n++) {
            Files.createSymbolicLink(dir.resolve(".out.tsv." + pid + "." + n + ".part"), victim);
        }
        write(target, "done\n");
        assertEquals("done\n", Files.readString(target));
        assertEquals("precious\n", Files.readString(victim));
    }

    @Test
    void theLongestLegalNamesAreWrittenAndTheirStaleTemporariesRemoved() throws Exception {
        // 255 bytes: the temporary name cuts the target's name (at a character boundary) to stay within the limit
        for (String name : List.of("a".repeat(251) + ".tsv", "\u00e9".repeat(125) + ".tsv.", "\u65e5".repeat(83) + ".tsv", "c".repeat(252) + ".gz")) {
            assertTrue(name.getBytes(StandardCharsets.UTF_8).length >= 253, name);
            Path target = dir.resolve(name);
            write(target, "long\n");
            if (name.endsWith(".gz")) {
                assertEquals("long\n", new String(new java.util.zip.GZIPInputStream(Files.newInputStream(target)).readAllBytes(),
                        StandardCharsets.UTF_8));
            } else {
                assertEquals("long\n", Files.readString(target));
            }
        }
        // what a killed process left for such a name, cut as the writer cuts it, goes with the next write
        String name = "b".repeat(251) + ".tsv";
        String tail = ".99999999.k3j4h5g6a.part";
        Path stale = dir.resolve("." + TemporaryFiles.cut(name, TemporaryFiles.MAX_NAME_BYTES - 1 - tail.length()) + tail);
        Files.writeString(stale, "left by a kill -9");
        write(dir.resolve(name), "x\n");
        assertFalse(Files.exists(stale));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void runningOutOfSpaceNamesTheFile() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full");
        IOException e = assertThrows(IOException.class, () -> write(full, "x".repeat(200_000)));
        assertTrue(e.getMessage().contains("/dev/full") && e.getMessage().contains("no space left on device"), e.getMessage());
    }

    private static boolean run(String... command) throws InterruptedException {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aFullDiskNamesTheFileAndKeepsTheOldOneWithNoTemporaryLeft() throws Exception {
        Path small = Files.createDirectory(dir.resolve("small"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString()), "mounting a tmpfs needs root and the right to mount");
        try {
            Path target = small.resolve("out.tsv");
            Files.writeString(target, "old\n");
            IOException e = assertThrows(IOException.class, () -> write(target, "x".repeat(1 << 20)));
            assertTrue(e.getMessage().contains(target.toString()) && e.getMessage().contains("no space left on device"), e.getMessage());
            assertEquals("old\n", Files.readString(target));
            try (var files = Files.list(small)) {
                assertEquals(List.of(target), files.toList(), "no temporary file left");
            }
        } finally {
            run("umount", small.toString());
        }
    }

    @Test
    void aTargetThatBecameAFifoIsNotRenamedOverAndTheCompleteOutputIsKept() throws Exception {
        Path target = dir.resolve("out.tsv");
        Files.writeString(target, "old\n");
        Path temp;
        try (OutputFile f = OutputFile.create(target)) {
            f.writer().write("complete\n");
            temp = f.temp();
            Files.delete(target);
            assumeTrue(mkfifo(target), "mkfifo is not available");
            IOException e = assertThrows(IOException.class, f::commit);
            assertTrue(e.getMessage().contains(target.toString()) && e.getMessage().contains("became a fifo")
                    && e.getMessage().contains(temp.toString()), e.getMessage());
        }
        assertEquals("fifo", OutputFile.fileType(target));
        assertEquals("complete\n", Files.readString(temp), "the complete output is kept where the message says");
        // a group is re-checked whole before the first move: nothing moves
        Path model = dir.resolve("m.tsv");
        Files.writeString(model, "old model\n");
        Path state = dir.resolve("m.tsv.state");
        try (OutputFiles group = new OutputFiles(null)) {
            group.add(model).writer().write("new model\n");
            group.add(state).writer().write("new state\n");
            assumeTrue(mkfifo(state));
            IOException e = assertThrows(IOException.class, group::commitAll);
            assertTrue(e.getMessage().contains("became a fifo"), e.getMessage());
        }
        assertEquals("old model\n", Files.readString(model));
        assertEquals("fifo", OutputFile.fileType(state));
    }

    @Test
    void sameFileComparesFilesNotPaths() throws Exception {
        Path a = dir.resolve("a.tsv");
        Files.writeString(a, "x");
        Path hard = Files.createLink(dir.resolve("hard.tsv"), a);
        Path soft = Files.createSymbolicLink(dir.resolve("soft.tsv"), a);
        try (var in = Files.newInputStream(a)) {
            Path descriptor = tmeval.Fixtures.descriptorOf(a);
            for (Path p : new Path[] {hard, soft, descriptor}) {
                assertTrue(OutputFile.sameFile(p, a), p.toString());
            }
        }
        Files.writeString(dir.resolve("b.tsv"), "x");
        assertFalse(OutputFile.sameFile(a, dir.resolve("b.tsv")));
        assertFalse(OutputFile.sameFile(a, dir.resolve("missing.tsv")));
    }
}
