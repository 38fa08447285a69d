package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MALLET's topic-word weights file is read in bounded memory: its weights held as primitive doubles, at most two
 * copies at once (what {@link InputLimits} allows a reader), no string or boxed number kept per line. The reader that
 * kept every line's (topic, word, weight) in lists before building the model needed over 72 MB for this file.
 */
class MalletWeightsMemoryTest {
    private static final int TOPICS = 20;
    private static final int WORDS = 100_000;

    @TempDir
    Path dir;

    @Test
    void twoMillionWeightsAreReadIn72MegabytesOfHeap() throws Exception {
        // 2 M weights (16 MB as doubles, 29 MB of text), written as MALLET writes them: topic by topic, every word
        Path weights = dir.resolve("weights.txt");
        try (BufferedWriter w = Files.newBufferedWriter(weights)) {
            for (int k = 0; k < TOPICS; k++) {
                for (int v = 0; v < WORDS; v++) {
                    w.write(k + "\tw" + v + "\t" + (0.01 + (v * 7 + k) % 13) + "\n");
                }
            }
        }
        Path alpha = dir.resolve("alpha.txt");
        Files.writeString(alpha, "0.1\n");
        // a child JVM with a small heap and the reader's own needs, not the input limits, deciding (ReadModelUnbounded)
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx72m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), ReadModelUnbounded.class.getName(),
                weights.toString(), alpha.toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM ends");
        assertEquals(0, p.exitValue(), out);
        assertEquals("K = " + TOPICS + ", V = " + WORDS, out.strip());
    }
}
