package tmeval.run.local;

import java.nio.file.Path;
import java.util.Map;

/**
 * A process that adds rates to a shared rates file as {@code bench} does, one new method per save: {@code FILE WRITER
 * SAVES}. Run several at once by {@link ThroughputTest}; a save another one wrote over is a method missing at the end.
 */
public final class ConcurrentSaver {
    private ConcurrentSaver() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int saves = Integer.parseInt(args[2]);
        for (int i = 0; i < saves; i++) {
            Throughput.save(file, Map.of(ThroughputTest.method(args[1], i), ThroughputTest.rate(i)), 50, "2026-11-28");
        }
    }
}
