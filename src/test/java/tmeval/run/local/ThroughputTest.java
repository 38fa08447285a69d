package tmeval.run.local;

import tmeval.run.cost.CostModel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThroughputTest {
    @TempDir
    Path dir;

    @Test
    void savedRatesReadBackAndPriceTheComparisonMethods() throws Exception {
        Path file = dir.resolve("throughput.tsv");
        new Throughput(Map.of("ratio-convex", 2.5e7, "ais", 1.8e7, "lr", 2.0e7), 50, "").write(file, "2026-11-22");
        Throughput t = Throughput.read(file);
        assertEquals(50, t.numTopics());
        assertTrue(t.source().contains("bench") && t.source().contains("K = 50") && t.source().contains("2026-11-22"), t.source());
        assertEquals(2.5e7, t.rateFor("ratio-convex"), 0);
        assertEquals(1.8e7, t.rateFor("ais-diff"), 0);
        assertEquals(2.0e7, t.rateFor("lr-diff"), 0);
        assertEquals(2.0e7, t.rateFor(CostModel.REFERENCE), 0);
        assertTrue(Double.isNaN(t.rateFor("ratio-geometric")));
        assertEquals(9e6, t.with(Map.of("ratio-geometric", 9e6), 50, "x").rateFor("ratio-geometric"), 0);
        assertFalse(Files.list(file.getParent()).anyMatch(p -> p.getFileName().toString().endsWith(".part")));
    }

    @Test
    void aMissingFileIsNoRatesAndADamagedOneNamesItsLine() throws IOException, InputException {
        assertTrue(Throughput.read(dir.resolve("absent.tsv")).rates().isEmpty());
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\tfast\t2026-11-22\n");
        InputException e = assertThrows(InputException.class, () -> Throughput.read(bad));
        assertTrue(e.getMessage().contains("bad.tsv") && e.getMessage().contains("2"), e.getMessage());
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\t-3\t2026-11-22\n");
        assertThrows(InputException.class, () -> Throughput.read(bad));
        Files.writeString(bad, "method\trate\n");
        assertThrows(InputException.class, () -> Throughput.read(bad));
    }

    /** The method a writer saves at its {@code i}-th save: each save adds one the file did not have. */
    static String method(String writer, int i) {
        return "m-" + writer + "-" + i;
    }

    /** The rate saved with it, distinct in the file's six significant digits. */
    static double rate(int i) {
        return 1.0e7 + i * 1.0e4;
    }

    private static void assertEverySaveKept(Path file, int writers, int saves) throws InputException {
        Throughput t = Throughput.read(file);
        assertEquals(writers * saves, t.rates().size(), "every save of every writer is in the file");
        for (int w = 0; w < writers; w++) {
            for (int i = 0; i < saves; i++) {
                assertEquals(rate(i), t.rates().get(method(Integer.toString(w), i)), 0.0, method(Integer.toString(w), i));
            }
        }
        assertEquals(50, t.numTopics());
    }

    /**
     * Benches saving at once each keep their rates: the file is read, merged and written under its lock. Threads of one
     * process (which the operating system's lock alone would not keep apart); before, each read the file, added its
     * rates and wrote it, and a write over another's lost that one's rates ("saved the rates", three times, one kept).
     */
    @Test
    void concurrentSavesFromThreadsAreAllKept() throws Exception {
        Path file = dir.resolve("throughput.tsv");
        int writers = 6;
        int saves = 40;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(writers);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writers);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int w = 0; w < writers; w++) {
                String writer = Integer.toString(w);
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < saves; i++) {
                        Throughput.save(file, Map.of(method(writer, i), rate(i)), 50, "2026-11-28");
                    }
                    return null;
                }));
            }
            for (var f : done) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEverySaveKept(file, writers, saves);
    }

    /** The same across processes, as three benches on one HOME are: each a JVM of its own ({@link ConcurrentSaver}). */
    @Test
    void concurrentSavesFromProcessesAreAllKept() throws Exception {
        Path file = dir.resolve("throughput.tsv");
        int writers = 4;
        int saves = 60;
        List<Process> processes = new java.util.ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                processes.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
                        System.getProperty("java.class.path"), ConcurrentSaver.class.getName(), file.toString(), Integer.toString(w),
                        Integer.toString(saves)).redirectErrorStream(true).redirectOutput(dir.resolve("saver-" + w + ".log").toFile()).start());
            }
            for (int w = 0; w < writers; w++) {
                assertTrue(processes.get(w).waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "writer " + w + " finished");
                assertEquals(0, processes.get(w).exitValue(), Files.readString(dir.resolve("saver-" + w + ".log")));
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
        assertEverySaveKept(file, writers, saves);
        assertTrue(Files.exists(tmeval.io.SharedFileLock.lockFile(file.toRealPath())), "the lock file stays, so that no two processes lock two files of one name");
    }

    /** A damaged file found under the lock is kept beside and replaced; a link planted at the lock file is refused, naming it. */
    @Test
    void aDamagedFileIsKeptAndALinkAtTheLockIsRefused() throws Exception {
        Path file = dir.resolve("throughput.tsv");
        String damaged = Throughput.HEADER + "\nlr\t50\tfast\t2026-11-22\n";
        Files.writeString(file, damaged);
        assertTrue(Throughput.save(file, Map.of("lr", 2e7), 50, "2026-11-28").damaged());
        assertEquals(damaged, Files.readString(Throughput.corruptCopy(file)));
        assertEquals(2e7, Throughput.read(file).rateFor("lr-diff"), 0);

        Path other = dir.resolve("other.tsv");
        Path victim = dir.resolve("victim.txt");
        Files.writeString(victim, "the user's");
        Files.createSymbolicLink(tmeval.io.SharedFileLock.lockFile(dir.toRealPath().resolve("other.tsv")), victim);
        IOException e = assertThrows(IOException.class, () -> Throughput.save(other, Map.of("lr", 2e7), 50, "2026-11-28"));
        assertTrue(e.getMessage().contains("other.tsv.lock"), e.getMessage());
        assertEquals("the user's", Files.readString(victim));
        assertFalse(Files.exists(other), "nothing is written without the lock");
    }

    @Test
    void aDamagedFileIsReportedNotThrownAndHomeFollowsTheVariable() throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, Throughput.HEADER + "\nlr\t50\tfast\t2026-11-22\n");
        Throughput.Saved saved = Throughput.readSaved(bad);
        assertTrue(saved.damaged() && saved.rates().rates().isEmpty());
        assertTrue(saved.problem().contains("bad.tsv") && saved.problem().contains("2"), saved.problem());
        assertFalse(Throughput.readSaved(dir.resolve("absent.tsv")).damaged());
        assertEquals(dir.resolve("bad.tsv.corrupt"), Throughput.corruptCopy(bad));
        assertEquals(Path.of("/home/someone"), Throughput.home("/home/someone", "/root"), "$HOME wins, as for any Unix tool");
        assertEquals(Path.of("/root"), Throughput.home(null, "/root"));
        assertEquals(Path.of("/root"), Throughput.home("", "/root"));
    }
}
