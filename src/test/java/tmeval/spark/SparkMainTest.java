package tmeval.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.cli.Cli;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;
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
 * {@code estimate}, {@code compare} (plain, adaptive and auto), {@code curve} and {@code select} through {@link SparkMain} on Spark's local master write the local command's
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

    /**
     * The summary but for what differs between any two runs: the seconds taken (wall, each table row's, an auto pilot's
     * and its rate per second) and the output's name.
     */
    static String summary(String out) {
        return out.replaceAll("[0-9.]+ s wall", "S s wall").replaceAll("in [0-9.]+ s", "in S s").replaceAll("[-+0-9.e]+ variance\\^-1 per s", "R per s").replaceAll("(?m)^(.*\\s\\d+)\\s+\\d+\\.\\d\\d$", "$1 S")
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

    /**
     * Two small models of one vocabulary (B of K 2) and twelve short documents drawn from A, as files: rounds and pilots
     * in seconds, and documents that need later rounds.
     */
    private Path[] smallData() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.05, 0.1, 0.2}, 0.1, 3);
        TopicModel other = Fixtures.randomModel("other", 30, new double[] {0.1, 0.1, 0.1}, 0.1, 8);
        TopicModel b = Fixtures.derived("B", a, new int[][] {{0, 1}, {2}}, other, 0.2, new double[] {0.2, 0.4});
        Path[] files = {dir.resolve("a.tsv"), dir.resolve("b.tsv"), dir.resolve("heldout.tsv")};
        NativeModelFormat.write(a, files[0]);
        NativeModelFormat.write(b, files[1]);
        Fixtures.writeCorpus(files[2], a, Fixtures.generate(a, 12, 15, 5).documents());
        return files;
    }

    /** The command and, as a second run, its shard 2 of 3: both the local command's file on Spark. */
    private void wholeAndShardSameAsLocal(String label, List<String> args) throws Exception {
        sameAsLocal(label, args);
        List<String> shard = new ArrayList<>(args);
        shard.addAll(List.of("--shard", "2/3"));
        sameAsLocal(label + "-shard", shard);
    }

    /**
     * compare --adaptive and compare's default, auto: each document's rounds run in its slice's task, on the streams of
     * its corpus position, so the file is the local one (it would not be if a stream followed the slice's own index).
     */
    @Test
    void adaptiveAndAutoComparisonsOnSparkWriteTheLocalFile() throws Exception {
        Path[] d = smallData();
        List<String> compare = List.of("compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString());
        List<String> adaptive = new ArrayList<>(compare);
        adaptive.addAll(List.of("--method", "ratio-convex,lr-diff", "--temperatures", "5", "--burn-in", "2", "--adaptive", "--agree-within", "0.2"));
        wholeAndShardSameAsLocal("adaptive", adaptive);
        List<String> table = Files.readAllLines(dir.resolve("adaptive-local.tsv")).stream().filter(l -> !l.startsWith("#")).toList();
        int column = List.of(table.get(0).split("\t")).indexOf("temperatures");
        assertTrue(table.stream().skip(1).map(l -> l.split("\t")[column]).distinct().count() > 1,
                "some documents needed later rounds, some not:\n" + String.join("\n", table));
        wholeAndShardSameAsLocal("auto-compare", compare);
    }

    /** estimate's default, auto (its pilot on the driver, each document's escalation and fallbacks in its task). */
    @Test
    void anAutoEstimateOnSparkWritesTheLocalFile() throws Exception {
        Path[] d = smallData();
        wholeAndShardSameAsLocal("auto-estimate", List.of("estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--summary"));
    }

    /** select, by auto (each model's own pilot) and by a named method with the adjacent pairs' ratio path. */
    @Test
    void aSelectionOnSparkWritesTheLocalFile() throws Exception {
        Path[] d = smallData();
        String models = d[0] + "," + d[1];
        sameAsLocal("select-auto", List.of("select", "--models", models, "--corpus", d[2].toString()));
        sameAsLocal("select-ais", List.of("select", "--models", models, "--corpus", d[2].toString(), "--method", "ais", "--temperatures", "10",
                "--pairs", "ratio-convex"));
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
