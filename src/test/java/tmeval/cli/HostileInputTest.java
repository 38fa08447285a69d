package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hostile inputs in a JVM of their own, with a small heap, as a user would meet them. */
class HostileInputTest {
    @TempDir
    Path dir;

    /**
     * A 100 MB file of one line, read as a corpus with 256 MB of heap: the line limit (1/8 of the heap) refuses it at
     * line 1 with a message naming the file, the line and the limit; no OutOfMemoryError, no stack trace.
     */
    @Test
    void aHundredMegabyteLineIsRefusedWithinAQuarterGigabyteHeap() throws Exception {
        Path big = dir.resolve("big.txt");
        byte[] block = new byte[1 << 20];
        Arrays.fill(block, (byte) 'a');
        try (OutputStream out = Files.newOutputStream(big)) {
            for (int i = 0; i < 100; i++) {
                out.write(block);
            }
        }
        Path log = dir.resolve("big.log");
        try {
            long start = System.nanoTime();
            Process p = ReliabilityTest.launch(log, "-Xmx256m", "info", "--corpus", big.toString());
            boolean finished = p.waitFor(20, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly().waitFor();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(finished, "took more than 20 s: " + output);
            assertEquals(1, p.exitValue(), output);
            assertTrue(output.contains(big + ", line 1: line longer than "), output);
            assertTrue(output.contains("of the 256 MB heap; raise it with -Xmx"), output);
            assertFalse(output.contains("Exception") || output.contains("Error") || output.contains("\tat "), output);
            System.out.printf("100 MB line with -Xmx256m refused in %.1f s%n", (System.nanoTime() - start) / 1e9);
        } finally {
            Files.deleteIfExists(big);
        }
    }
}
