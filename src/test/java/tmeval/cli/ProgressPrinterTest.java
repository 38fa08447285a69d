package tmeval.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressPrinterTest {
    private static long lines(ByteArrayOutputStream bytes) {
        synchronized (bytes) {
            return bytes.toString(StandardCharsets.UTF_8).lines().count();
        }
    }

    /** A unit of work longer than the heartbeat (one long document under auto) still prints the state, with the time left. */
    @Test
    void aSilenceLongerThanTheHeartbeatIsBrokenWithTheLastStateUntilClosed() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ProgressPrinter p = ProgressPrinter.to(err, "auto is-gibbs", 50)) {
            p.update(1, 4, "document d1, 1 certified so far");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (lines(bytes) < 3 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(lines(bytes) >= 3, "beats without new work:\n" + text);
        assertTrue(text.lines().allMatch(l -> l.startsWith("auto is-gibbs: 1/4 (25%), document d1, 1 certified so far, ") && l.contains(" s left")), text);
        long closed = lines(bytes);
        Thread.sleep(300);
        assertEquals(closed, lines(bytes), "no beat after close:\n" + text);
    }

    @Test
    void theLastUnitEndsTheBeats() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ProgressPrinter p = ProgressPrinter.to(err, "compare", 50);
        p.update(2, 2, "document d2");
        Thread.sleep(300);
        assertEquals(1, lines(bytes), bytes.toString(StandardCharsets.UTF_8));
        assertTrue(bytes.toString(StandardCharsets.UTF_8).startsWith("compare: 2/2 (100%), document d2, "), bytes.toString(StandardCharsets.UTF_8));
    }
}
