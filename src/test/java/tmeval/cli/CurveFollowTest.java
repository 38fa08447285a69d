package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code curve --follow}: a series folder that a test thread fills while the command runs. */
class CurveFollowTest {
    private static final TopicModel MODEL = Fixtures.randomModel("s", 25, new double[] {0.3, 0.3, 0.3}, 0.5, 1);

    @TempDir
    Path dir;

    private Path corpus() throws Exception {
        Path corpus = dir.resolve("heldout.tsv");
        StringBuilder sb = new StringBuilder();
        for (var d : Fixtures.generate(MODEL, 4, 10, 5).documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(MODEL.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append('\n');
        }
        Files.writeString(corpus, sb);
        return corpus;
    }

    /** Writes iter-10, iter-20, ... of the same model, one every {@code millis}, each whole when it appears. */
    private static Thread writer(Path series, int snapshots, long millis, TopicModel... models) {
        Thread t = new Thread(() -> {
            try {
                for (int i = 1; i <= snapshots; i++) {
                    Thread.sleep(millis);
                    NativeModelFormat.write(models[Math.min(i - 1, models.length - 1)], series.resolve("iter-" + 10 * i + ".tsv"));
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, "snapshot-writer");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void snapshotsWrittenWhileItRunsArePrintedAsTheyLandAndTheVerdictEndsIt() throws Exception {
        Path series = Files.createDirectories(dir.resolve("series"));
        Path out = dir.resolve("curve.tsv");
        // the writer starts after the command: every snapshot lands while it follows
        Thread writer = writer(series, 14, 300, MODEL);
        CliTest.Outcome o = CliTest.run("curve", "--follow", series.toString(), "--corpus", corpus().toString(), "--method", "iteration-ais",
                "--temperatures", "10", "--runs", "2", "--idle", "20", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        // the same model at every snapshot: each step is exactly 0 in every run, so the rule stops m = 10 snapshots after the first
        assertTrue(o.out().contains("step 10 -> 20: +0.000 nats"), o.out());
        assertTrue(o.out().contains("verdict: held-out likelihood has stopped improving beyond its Monte Carlo noise since iteration 10"), o.out());
        assertTrue(o.out().contains("ended: the verdict"), o.out());
        List<String> corpusLines = CliTest.table(out).stream().filter(l -> l.startsWith("*\t")).toList();
        assertEquals(11 * 2, corpusLines.size(), "two runs' corpus lines for each of the 11 snapshots judged");
        assertTrue(writer.isAlive() || Files.exists(series.resolve("iter-140.tsv")), "ended on the verdict, not on the writer's end");
        writer.join();
    }

    @Test
    void noNewSnapshotForTheIdleLimitEndsItWithTheLastVerdictAndTheFileWritten() throws Exception {
        Path series = Files.createDirectories(dir.resolve("series"));
        Path out = dir.resolve("curve.tsv");
        writer(series, 2, 100, MODEL, Fixtures.randomModel("s", 25, new double[] {0.3, 0.3, 0.3}, 0.5, 2)).join();
        CliTest.Outcome o = CliTest.run("curve", "--follow", series.toString(), "--corpus", corpus().toString(), "--method", "iteration-ais,lr",
                "--temperatures", "10", "--runs", "2", "--idle", "1", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("ended: no snapshot for 1 s (--idle); last verdict: not judged yet: the rule needs 11 snapshots, 2 so far"), o.out());
        assertEquals(2 * 2 * 2, CliTest.table(out).stream().filter(l -> l.startsWith("*\t")).count());
    }

    @Test
    void followGoesAloneWithoutSeriesOrShardAndIdleOnlyWithIt() throws Exception {
        Path series = Files.createDirectories(dir.resolve("series"));
        CliTest.Outcome both = CliTest.run("curve", "--follow", series.toString(), "--series", series.toString(), "--corpus", corpus().toString(), "--method", "lr",
                "--out", dir.resolve("c.tsv").toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("drop --series"), both.err());
        CliTest.Outcome idle = CliTest.run("curve", "--series", series.toString(), "--idle", "3", "--corpus", corpus().toString(), "--method", "lr",
                "--out", dir.resolve("c.tsv").toString());
        assertEquals(2, idle.code());
        assertTrue(idle.err().contains("--idle goes with --follow"), idle.err());
        assertFalse(Files.exists(dir.resolve("c.tsv")));
    }
}
