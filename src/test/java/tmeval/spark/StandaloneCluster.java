package tmeval.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A Spark standalone cluster of separate processes on this machine, from the Spark jars Maven provides: a master and
 * workers of one core each, every one its own JVM listening on the loopback address only, and {@link #submit} as
 * {@code spark-submit} runs a job on it (one more JVM, the driver, in client mode). {@link #close()} stops every
 * process it started, with their children (the executors the workers launched).
 */
final class StandaloneCluster implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Path home;
    private final Path jar;
    private final List<String> addOpens;
    private final String masterUrl;
    private final int masterUi;
    private final List<Process> processes = new ArrayList<>();
    private final List<Process> workers = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Thread stopOnExit = new Thread(this::stopAll, "stop the standalone cluster");

    /**
     * Starts the master and the workers and waits until every worker has registered.
     *
     * @param dir         an empty directory for SPARK_HOME, the workers' directories and the logs
     * @param sparkJars   Spark's class path (the {@code provided} scope), as {@code mvn dependency:build-classpath} writes it
     * @param jar         the job jar, {@code target/tmeval-spark.jar}
     * @param addOpens    the JVM flags Spark needs on Java 17 (the pom's {@code spark.add-opens})
     */
    StandaloneCluster(Path dir, Path sparkJars, Path jar, String addOpens, int workerCount) throws IOException, InterruptedException {
        this.dir = dir;
        this.home = dir.resolve("spark-home");
        this.jar = jar;
        this.addOpens = Arrays.asList(addOpens.trim().split("\\s+"));
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        // A worker launches each executor with SPARK_HOME/jars/* as its class path (Spark's launcher refuses to start
        // one without that folder): a Spark distribution's folder, here links to the jars Maven resolved for Spark
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String entry : Files.readString(sparkJars).trim().split(java.io.File.pathSeparator)) {
            Path target = Path.of(entry);
            Files.createSymbolicLink(jars.resolve(target.getFileName()), target);
        }
        int port = freePort();
        masterUi = freePort();
        masterUrl = "spark://" + LOOPBACK + ":" + port;
        start("master", List.of("org.apache.spark.deploy.master.Master", "--host", LOOPBACK, "--port", String.valueOf(port),
                "--webui-port", String.valueOf(masterUi)));
        for (int w = 1; w <= workerCount; w++) {
            Path work = Files.createDirectories(dir.resolve("worker-" + w));
            workers.add(start("worker-" + w, List.of("org.apache.spark.deploy.worker.Worker", masterUrl, "--host", LOOPBACK, "--cores", "1",
                    "--memory", "1g", "--webui-port", String.valueOf(freePort()), "--work-dir", work.toString())));
        }
        await(Duration.ofMinutes(3), () -> json("http://" + LOOPBACK + ":" + masterUi + "/json/").map(j -> j.path("aliveworkers").asInt()).orElse(0) == workerCount,
                "the workers registering with the master");
    }

    String masterUrl() {
        return masterUrl;
    }

    /**
     * The environment of every process: SPARK_HOME for the workers' executors; SPARK_LOCAL_IP binds every server
     * (RPC, block manager, web UI, which binds to all interfaces without it) to the loopback address;
     * SPARK_SCALA_VERSION is what a distribution's {@code bin/load-spark-env.sh} sets (without it the launcher looks
     * for a source build's folders and the worker cannot build an executor's command).
     */
    private Map<String, String> environment() {
        return Map.of("SPARK_HOME", home.toString(), "SPARK_LOCAL_IP", LOOPBACK, "SPARK_SCALA_VERSION", "2.13");
    }

    /** @param heap the JVM's heap: a driver needs Spark's least, 450 MB (spark-submit gives it 1 GB) */
    private List<String> java(String heap, List<String> mainAndArgs) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.addAll(addOpens);
        command.addAll(List.of("-cp", home.resolve("jars") + "/*"));
        command.addAll(mainAndArgs);
        return command;
    }

    private Process start(String name, List<String> mainAndArgs) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(java("256m", mainAndArgs)).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        builder.environment().putAll(environment());
        Process process = builder.start();
        synchronized (processes) {
            processes.add(process);
        }
        return process;
    }

    /** A finished submission: its exit code and what it printed. */
    record Submitted(int code, String out, String err) {
    }

    /**
     * Runs {@code spark-submit --class tmeval.spark.SparkMain --master URL [sparkOptions] tmeval-spark.jar COMMAND...}
     * (the driver in a JVM of its own, as spark-submit starts it) and returns when it ends.
     *
     * @param whileRunning called once the driver has started, with its web UI's port (for its REST API)
     */
    Submitted submit(List<String> sparkOptions, List<String> command, WhileRunning whileRunning) throws IOException, InterruptedException {
        int ui = freePort();
        List<String> args = new ArrayList<>(List.of("org.apache.spark.deploy.SparkSubmit", "--master", masterUrl, "--class", "tmeval.spark.SparkMain",
                "--executor-memory", "512m", "--conf", "spark.driver.host=" + LOOPBACK, "--conf", "spark.ui.port=" + ui));
        args.addAll(sparkOptions);
        args.add(jar.toString());
        args.addAll(command);
        Path out = Files.createTempFile(dir, "driver", ".out");
        Path err = Files.createTempFile(dir, "driver", ".err");
        ProcessBuilder builder = new ProcessBuilder(java("1g", args)).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment());
        Process driver = builder.start();
        synchronized (processes) {
            processes.add(driver);
        }
        try {
            whileRunning.accept(driver, ui);
            if (!driver.waitFor(10, TimeUnit.MINUTES)) {
                throw new AssertionError("the job did not end within 10 minutes: " + command);
            }
            return new Submitted(driver.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            stop(driver);
        }
    }

    /** What to do while a submitted job runs. */
    @FunctionalInterface
    interface WhileRunning {
        WhileRunning NOTHING = (driver, ui) -> {
        };

        void accept(Process driver, int uiPort) throws IOException, InterruptedException;
    }

    /** The executor processes the workers have launched and that are still alive, by their executor id. */
    Map<String, ProcessHandle> executors() {
        Map<String, ProcessHandle> byId = new HashMap<>();
        workers.stream().flatMap(Process::descendants).filter(ProcessHandle::isAlive).forEach(p -> {
            List<String> args = Arrays.asList(p.info().arguments().orElse(new String[0]));
            int id = args.indexOf("--executor-id");
            if (args.contains("org.apache.spark.executor.CoarseGrainedExecutorBackend") && id >= 0 && id + 1 < args.size()) {
                byId.put(args.get(id + 1), p);
            }
        });
        return byId;
    }

    /** A JSON document from one of the cluster's web servers, or empty while it does not answer. */
    Optional<JsonNode> json(String url) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(JSON.readTree(response.body())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Polls every 200 ms until the condition holds. */
    static void await(Duration limit, BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("gave up after " + limit.toSeconds() + " s waiting for " + what);
            }
            Thread.sleep(200);
        }
    }

    /** The last lines of each process's log, for a failure's message. */
    String logs() {
        StringBuilder text = new StringBuilder();
        try (var files = Files.list(dir)) {
            for (Path log : files.filter(f -> f.toString().endsWith(".log")).sorted().toList()) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                text.append("---- ").append(log.getFileName()).append('\n');
                lines.subList(Math.max(0, lines.size() - 30), lines.size()).forEach(l -> text.append(l).append('\n'));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Kills a process and every process it started, children first, and waits for them to be gone. */
    private static void stop(Process process) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                // a process that will not die within 30 s: nothing more a test can do about it
            }
        }
    }

    private void stopAll() {
        List<Process> all;
        synchronized (processes) {
            all = new ArrayList<>(processes);
            processes.clear();
        }
        // the drivers and workers first (they would start new executors), then the master
        for (int i = all.size() - 1; i >= 0; i--) {
            stop(all.get(i));
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs stopAll, which finds nothing left
        }
    }
}
