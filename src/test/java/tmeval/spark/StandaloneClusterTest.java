package tmeval.spark;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tmeval.cli.Cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs submitted to a Spark standalone cluster of separate processes (a master and two workers of one core, each
 * executor a JVM of its own, so every closure and broadcast is serialised) write the one-process command's file byte
 * for byte under {@code --no-timing}, and print its summary; an executor killed in the middle of a job costs its
 * tasks, which Spark runs again, and not a byte. Run by failsafe in {@code mvn verify}, after {@code package} has
 * built {@code target/tmeval-spark.jar}, the jar it submits.
 */
class StandaloneClusterTest {
    private static final String A = "sample-data/model-asymmetric.tsv.gz";
    private static final String B = "sample-data/model-perturbed.tsv.gz";

    @TempDir
    static Path dir;
    private static StandaloneCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        // three snapshots of the sample series: iteration-AIS carries every document across them
        Path series = Files.createDirectories(dir.resolve("series"));
        for (int iteration : new int[] {10, 20, 30}) {
            Files.copy(Path.of("sample-data/series/iter-" + iteration + ".tsv.gz"), series.resolve("iter-" + iteration + ".tsv.gz"));
        }
        cluster = new StandaloneCluster(dir.resolve("cluster"), built("tmeval.spark.classpath"), built("tmeval.spark.jar"),
                System.getProperty("tmeval.spark.addOpens", ""), 2);
    }

    /** A file the build makes before failsafe runs this test, named by a system property the pom sets. */
    private static Path built(String property) {
        String path = System.getProperty(property);
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            throw new IllegalStateException(property + " (" + path + "): run this test with mvn verify (failsafe, after package), e.g. "
                    + "mvn -B verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=StandaloneClusterTest");
        }
        return Path.of(path);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** A command and its arguments, the output added by {@link #output}. */
    record Job(String name, List<String> args) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Job job(String name, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        // the 23 held-out documents of the sample data with at least 300 tokens, unless the job says fewer
        if (!all.contains("--min-tokens")) {
            all.addAll(List.of("--min-tokens", "300"));
        }
        all.addAll(List.of("--corpus", "sample-data/kos-heldout.tokens.gz", "--no-timing"));
        return new Job(name, all);
    }

    /** The commands that run on a cluster today: each must write the local file (called after {@link #startCluster}). */
    static List<Job> running() {
        return List.of(
                job("estimate", "estimate", "--model", A, "--method", "ais", "--temperatures", "20", "--runs", "2", "--summary"),
                job("curve", "curve", "--series", dir.resolve("series").toString(), "--method", "iteration-ais,ais,lr", "--temperatures", "10", "--runs", "2"));
    }

    /** The modes of issue 28, items 2 and 3: their rounds, pilots and per-model blocks run on the cluster as in one process. */
    static List<Job> modes() {
        return List.of(
                job("compare --adaptive", "compare", "--model-a", A, "--model-b", B, "--method", "ratio-convex", "--temperatures", "10",
                        "--burn-in", "3", "--adaptive", "--max-temperatures", "40"),
                job("compare auto", "compare", "--model-a", A, "--model-b", B, "--min-tokens", "420"),
                job("estimate auto", "estimate", "--model", A, "--min-tokens", "420"),
                job("select", "select", "--models", "sample-data/model-k5.tsv.gz,sample-data/model-k10.tsv.gz", "--method", "ais",
                        "--temperatures", "20"),
                job("select auto", "select", "--models", "sample-data/model-k5.tsv.gz,sample-data/model-k10.tsv.gz", "--min-tokens", "420"));
    }

    private record Local(int code, String out, String err, byte[] file) {
    }

    private static List<String> output(Job job, String suffix) {
        List<String> args = new ArrayList<>(job.args());
        args.addAll(List.of("--out", dir.resolve(job.name().replace(' ', '-') + "-" + suffix + ".tsv").toString()));
        return args;
    }

    /** The same command in this one process, as {@code java -jar tmeval.jar} runs it. */
    private static Local local(Job job) throws Exception {
        List<String> args = output(job, "local");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int code = new Cli().run(args.toArray(new String[0]), o, e);
            Path file = Path.of(args.get(args.size() - 1));
            return new Local(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                    Files.exists(file) ? Files.readAllBytes(file) : new byte[0]);
        }
    }

    private static StandaloneCluster.Submitted submit(Job job, List<String> sparkOptions, StandaloneCluster.WhileRunning whileRunning) throws Exception {
        return cluster.submit(sparkOptions, output(job, "cluster"), whileRunning);
    }

    private static void sameAsLocal(Job job, StandaloneCluster.Submitted cluster) throws Exception {
        assertEquals(0, cluster.code(), job + " on the cluster:\n" + cluster.err() + "\n" + StandaloneClusterTest.cluster.logs());
        Local local = local(job);
        assertEquals(0, local.code(), local.err());
        String text = new String(local.file(), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("# tmeval\t") && text.lines().filter(l -> !l.startsWith("#")).count() > 5, job + ": rows written\n" + text);
        List<String> args = output(job, "cluster");
        byte[] written = Files.readAllBytes(Path.of(args.get(args.size() - 1)));
        assertArrayEquals(local.file(), written, job + ": the local command's file, byte for byte\n" + text + "\n---- cluster:\n"
                + new String(written, StandardCharsets.UTF_8));
        assertEquals(SparkMainTest.summary(local.out()), SparkMainTest.summary(cluster.out()), job + ": the local command's summary");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("running")
    void aJobOnTheClusterWritesTheLocalFile(Job job) throws Exception {
        sameAsLocal(job, submit(job, List.of(), StandaloneCluster.WhileRunning.NOTHING));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modes")
    void everyModeRunsOnTheClusterAsInOneProcess(Job job) throws Exception {
        sameAsLocal(job, submit(job, List.of(), StandaloneCluster.WhileRunning.NOTHING));
    }

    /**
     * A comparison in two slices, one per executor, each a few seconds of work: once an executor runs a task (whichever
     * registered first may run both, one after the other), it is killed (SIGKILL). The driver loses its task, the
     * worker starts another executor, Spark runs the task again, and the file is the local one.
     */
    @Test
    void anExecutorKilledInTheMiddleOfAJobCostsItsTasksNotAByte() throws Exception {
        Job job = job("compare", "compare", "--model-a", A, "--model-b", B, "--method", "ratio-convex,lr-diff", "--temperatures", "500",
                "--burn-in", "10");
        AtomicReference<String> killed = new AtomicReference<>();
        AtomicInteger failedTasks = new AtomicInteger();
        StandaloneCluster.Submitted submitted = submit(job, List.of("--conf", SparkEngine.PARTITIONS + "=2"), (driver, ui) -> {
            String api = "http://127.0.0.1:" + ui + "/api/v1/applications";
            StandaloneCluster.await(Duration.ofMinutes(5), () -> !driver.isAlive() || killOneRunningExecutor(api, killed),
                    "a task running on an executor");
            // the driver's own account: the killed executor's task failed (and the job, to end well, ran it again)
            StandaloneCluster.await(Duration.ofMinutes(5), () -> !driver.isAlive() || failedTasks(api, failedTasks) > 0,
                    "the driver counting the lost task");
        });
        assertTrue(killed.get() != null, "the job ended before an executor could be killed:\n" + submitted.err());
        assertTrue(failedTasks.get() > 0, "executor " + killed.get() + " killed, and its task lost and run again:\n" + submitted.err());
        sameAsLocal(job, submitted);
    }

    /** The failed tasks of the application's stages, as its driver's REST API counts them. */
    private static int failedTasks(String api, AtomicInteger failed) {
        cluster.json(api).filter(j -> j.size() > 0).flatMap(j -> cluster.json(api + "/" + j.get(0).path("id").asText() + "/stages"))
                .ifPresent(stages -> {
                    int sum = 0;
                    for (JsonNode stage : stages) {
                        sum += stage.path("numFailedTasks").asInt();
                    }
                    failed.set(sum);
                });
        return failed.get();
    }

    /** Kills an executor the driver says runs a task now; true once done. */
    private static boolean killOneRunningExecutor(String api, AtomicReference<String> killed) {
        Optional<String> app = cluster.json(api).filter(j -> j.size() > 0).map(j -> j.get(0).path("id").asText());
        if (app.isEmpty()) {
            return false;
        }
        Map<String, ProcessHandle> running = cluster.executors();
        Optional<JsonNode> executors = cluster.json(api + "/" + app.get() + "/executors");
        if (executors.isEmpty()) {
            return false;
        }
        for (JsonNode executor : executors.get()) {
            ProcessHandle process = running.get(executor.path("id").asText());
            if (process != null && executor.path("activeTasks").asInt() > 0) {
                process.destroyForcibly();
                killed.set(executor.path("id").asText());
                return true;
            }
        }
        return false;
    }
}
