package tmeval.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.cli.Cli;
import tmeval.progress.CancelToken;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code estimate}, {@code compare} and {@code curve} through {@link SparkMain} on Spark's local master write the local command's
 * file byte for byte (provenance included, under --no-timing) and print its summary. One context for the class.
 */
class SparkMainTest {
    private static JavaSparkContext sc;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        SparkLogging.quiet();
        // three slices on two cores: the slices are not the cores, and the driver has to interleave them back
        sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("SparkMainTest").set("spark.ui.enabled", "false")
                .set(SparkEngine.PARTITIONS, "3"));
    }

    @AfterAll
    static void stopSpark() {
        if (sc != null) {
            sc.stop();
        }
    }

    private record Run(int code, String out, String err, byte[] file) {
    }

    private Run run(boolean spark, String name, List<String> args) throws Exception {
        Path file = dir.resolve(name);
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--no-timing", "--out", file.toString()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            String[] a = all.toArray(new String[0]);
            int code = spark ? SparkMain.run(a, () -> sc, false, o, e, new CancelToken()) : new Cli().run(a, o, e);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                    Files.exists(file) ? Files.readAllBytes(file) : new byte[0]);
        }
    }

    /** The summary but for what differs between any two runs: the seconds taken (wall, and each table row's) and the output's name. */
    static String summary(String out) {
        return out.replaceAll("[0-9.]+ s wall", "S s wall").replaceAll("(?m)^(.*\\s\\d+)\\s+\\d+\\.\\d\\d$", "$1 S")
                .replaceAll("(?m)^wrote .*$", "wrote FILE");
    }

    private void sameAsLocal(String label, List<String> args) throws Exception {
        Run local = run(false, label + "-local.tsv", args);
        Run spark = run(true, label + "-spark.tsv", args);
        assertEquals(0, local.code(), local.err());
        assertEquals(0, spark.code(), spark.err());
        String text = new String(local.file(), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("# tmeval\t") && text.lines().filter(l -> !l.startsWith("#")).count() > 10, label + ": rows written\n" + text);
        assertArrayEquals(local.file(), spark.file(), label + ": the local command's file, byte for byte\n"
                + text + "\n---- spark:\n" + new String(spark.file(), StandardCharsets.UTF_8));
        assertEquals(summary(local.out()), summary(spark.out()), label + ": the local command's summary");
    }

    private static List<String> sample(String... more) {
        List<String> args = new ArrayList<>(List.of(more));
        // the 23 held-out documents of the sample data with at least 300 tokens
        args.addAll(List.of("--corpus", "sample-data/kos-heldout.tokens.gz", "--min-tokens", "300"));
        return args;
    }

    @Test
    void aComparisonOnSparkWritesTheLocalFile() throws Exception {
        sameAsLocal("compare", sample("compare", "--model-a", "sample-data/model-asymmetric.tsv.gz", "--model-b",
                "sample-data/model-perturbed.tsv.gz", "--method", "ratio-convex,lr-diff", "--temperatures", "20", "--burn-in", "3"));
    }

    @Test
    void anEstimateOnSparkWritesTheLocalFileAndSoDoesAShardOfIt() throws Exception {
        List<String> estimate = sample("estimate", "--model", "sample-data/model-asymmetric.tsv.gz", "--method", "ais",
                "--temperatures", "20", "--runs", "2", "--summary");
        sameAsLocal("estimate", estimate);
        List<String> shard = new ArrayList<>(estimate);
        shard.addAll(List.of("--shard", "2/3"));
        sameAsLocal("estimate-shard", shard);
    }

    @Test
    void aCurveOnSparkWritesTheLocalFileAndSoDoesAShardOfIt() throws Exception {
        // three snapshots of the sample series: iteration-AIS carries every document across them
        Path series = Files.createDirectories(dir.resolve("series"));
        for (int iteration : new int[] {10, 20, 30}) {
            Files.copy(Path.of("sample-data/series/iter-" + iteration + ".tsv.gz"), series.resolve("iter-" + iteration + ".tsv.gz"));
        }
        List<String> curve = sample("curve", "--series", series.toString(), "--method", "iteration-ais,ais,lr,vb", "--temperatures", "10",
                "--runs", "2");
        sameAsLocal("curve", curve);
        List<String> shard = new ArrayList<>(curve);
        shard.addAll(List.of("--shard", "2/3"));
        sameAsLocal("curve-shard", shard);
    }

    /** compare's default method re-runs documents in rounds: on a cluster it is refused, before a context starts, with the routes that work. */
    @Test
    void autoIsRefusedOnSparkWithTheRoutesThatWork() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = sample("compare", "--model-a", "sample-data/model-asymmetric.tsv.gz", "--model-b", "sample-data/model-perturbed.tsv.gz",
                "--out", dir.resolve("auto.tsv").toString());
        int code = SparkMain.run(args.toArray(new String[0]), () -> {
            throw new AssertionError("no context for a refused command");
        }, false, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8), new CancelToken());
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("runs on one machine only") && message.contains("--shard I/N") && message.contains("--method NAMES"), message);
        assertTrue(!Files.exists(dir.resolve("auto.tsv")));
    }

    @Test
    void commandsWithNothingToDistributeAreRefused() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SparkMain.run(new String[] {"train", "--help"}, () -> {
            throw new AssertionError("no context for a refused command");
        }, false, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8), new CancelToken());
        assertEquals(2, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("compare, curve, estimate"), err.toString(StandardCharsets.UTF_8));
    }
}
