package tmeval.spark;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What SparkMain says before any Spark starts: a --master without its value, and a master nobody answers at. */
class SparkLaunchTest {
    /** {@code --master} with no value read the next option (or the command) as the master and the rest as the command. */
    @Test
    void aMasterWithoutItsValueIsNamed() {
        for (List<String> args : List.of(List.of("--master"), List.of("--master", "estimate", "--model", "m.tsv"),
                List.of("--master", "--help"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SparkMain.Launch.of(args), args.toString());
            assertTrue(e.getMessage().startsWith("missing value for --master"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SparkMain.Launch.of(List.of("--master", "estimate")))
                .getMessage().contains("'estimate', is the command"));
        SparkMain.Launch launch = SparkMain.Launch.of(List.of("--master", "local[2]", "estimate", "--model", "m.tsv"));
        assertEquals("local[2]", launch.master());
        assertEquals(List.of("estimate", "--model", "m.tsv"), launch.command());
        assertNull(SparkMain.Launch.of(List.of("estimate")).master(), "spark-submit's master is in the configuration");
    }

    /**
     * A standalone master that is not there is said so, in words, within 30 s (Spark itself retried for 65 s and
     * printed exception class names); one that answers, and masters that are not standalone, pass.
     */
    @Test
    void anUnreachableMasterIsSaidSoInWordsWithinThirtySeconds() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        long start = System.nanoTime();
        String refused = SparkMain.unreachable("spark://127.0.0.1:" + closed, SparkMain.MASTER_TIMEOUT);
        String noHost = SparkMain.unreachable("spark://no-such-host.invalid:7077", SparkMain.MASTER_TIMEOUT);
        assertTrue(System.nanoTime() - start < 30e9, "within 30 s");
        assertTrue(refused.startsWith("cannot reach the Spark master spark://127.0.0.1:" + closed) && refused.contains("connection refused")
                && !refused.contains("Exception"), refused);
        assertTrue(noHost.contains("no-such-host.invalid:7077: no such host"), noHost);
        try (ServerSocket open = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertNull(SparkMain.unreachable("spark://127.0.0.1:" + closed + ",127.0.0.1:" + open.getLocalPort(), Duration.ofSeconds(5)),
                    "one address of several answers");
        }
        assertNull(SparkMain.unreachable("local[2]", SparkMain.MASTER_TIMEOUT));
        assertNull(SparkMain.unreachable("yarn", SparkMain.MASTER_TIMEOUT));
    }
}
