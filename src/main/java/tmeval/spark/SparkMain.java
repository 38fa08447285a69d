package tmeval.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import tmeval.cli.Cli;
import tmeval.io.OutputFile;
import tmeval.progress.CancelOnShutdown;
import tmeval.progress.CancelToken;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code spark-submit --class tmeval.spark.SparkMain --master MASTER target/tmeval-spark.jar COMMAND OPTIONS...}:
 * {@code estimate}, {@code compare}, {@code curve} or {@code select} with exactly the local command's options, parsed, planned, written and summed up
 * by the command line itself; only the documents are evaluated on the cluster. The driver reads the inputs (so their
 * paths are the driver's) and writes {@code --out}: the file the local command writes, byte for byte under
 * {@code --no-timing}. Without spark-submit, {@code --master MASTER} before the command sets the master.
 */
public final class SparkMain {
    /** The commands that run on the cluster; the others have nothing to distribute. */
    static final Set<String> COMMANDS = Set.of("estimate", "compare", "curve", "select");

    private SparkMain() {
    }

    public static void main(String[] args) {
        try {
            Class.forName("org.apache.spark.SparkConf");
        } catch (ClassNotFoundException e) {
            System.err.println("tmeval-spark.jar carries no Spark: run it with spark-submit, or with Spark's jars on the class path");
            System.exit(2);
        }
        // before anything of Spark's logs (a SparkConf already may)
        SparkLogging.quiet();
        Launch launch;
        try {
            launch = Launch.of(Arrays.asList(args));
        } catch (IllegalArgumentException e) {
            System.err.println("tmeval on Spark: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkConf conf = new SparkConf();
        if (launch.master() != null) {
            conf.setMaster(launch.master());
        }
        String[] command = launch.command().toArray(new String[0]);
        boolean help = Arrays.asList(command).contains("--help") || Arrays.asList(command).contains("-h");
        if (command.length > 0 && COMMANDS.contains(command[0]) && !help) {
            if (!conf.contains("spark.master")) {
                System.err.println("tmeval on Spark: no master; run through spark-submit --master MASTER, or give --master MASTER before the command");
                System.exit(2);
            }
            // Spark itself retries an absent standalone master for a minute and then reports its own exceptions
            String unreachable = unreachable(conf.get("spark.master"), MASTER_TIMEOUT);
            if (unreachable != null) {
                System.err.println("tmeval on Spark: " + unreachable);
                System.exit(1);
            }
        }
        CancelToken cancel = new CancelToken();
        // Ctrl-C cancels the job (and its Spark job) as the local command's does
        int code = CancelOnShutdown.run(cancel, OutputFile::stopAndRemoveTemporaryFiles, () -> run(command, () -> start(conf, command[0]), true, System.out, System.err, cancel));
        // exit only on failure: under YARN's cluster mode the application master reads a normal return as success
        if (code != 0) {
            System.exit(code);
        }
    }

    /** How long a standalone master's address is given to answer, per address. */
    static final Duration MASTER_TIMEOUT = Duration.ofSeconds(10);

    /**
     * The master given before the command ({@code --master MASTER}; null when none is, as under spark-submit) and the
     * command with its options.
     */
    record Launch(String master, List<String> command) {
        /** @throws IllegalArgumentException for {@code --master} without a value (at the end, or before an option or a command) */
        static Launch of(List<String> args) {
            if (args.isEmpty() || !args.get(0).equals("--master")) {
                return new Launch(null, args);
            }
            String value = args.size() > 1 ? args.get(1) : "";
            if (value.isEmpty() || value.startsWith("-") || COMMANDS.contains(value)) {
                throw new IllegalArgumentException("missing value for --master" + (value.isEmpty() ? ""
                        : " (what follows it, '" + value + "', is " + (COMMANDS.contains(value) ? "the command" : "an option") + ")")
                        + ": give --master MASTER before the command, as --master local[4] or --master spark://HOST:7077");
            }
            return new Launch(value, args.subList(2, args.size()));
        }
    }

    /**
     * Why a standalone master ({@code spark://HOST:PORT}, or several addresses comma-separated) cannot be reached, in
     * words, or null when one of its addresses accepts a connection within {@code timeout} (or the master is not a
     * standalone one: local, YARN and Kubernetes are found by their own means).
     */
    static String unreachable(String master, Duration timeout) {
        if (master == null || !master.startsWith("spark://")) {
            return null;
        }
        List<String> problems = new ArrayList<>();
        for (String address : master.substring("spark://".length()).split(",")) {
            int colon = address.lastIndexOf(':');
            String host = colon > 0 ? address.substring(0, colon) : address;
            int port;
            try {
                port = colon > 0 ? Integer.parseInt(address.substring(colon + 1)) : 7077;
            } catch (NumberFormatException e) {
                problems.add(address + ": '" + address.substring(colon + 1) + "' is not a port number");
                continue;
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
                return null;
            } catch (UnknownHostException e) {
                problems.add(address + ": no such host");
            } catch (SocketTimeoutException e) {
                problems.add(address + ": no answer within " + timeout.toSeconds() + " s");
            } catch (IOException e) {
                problems.add(address + ": " + (e.getMessage() == null ? "cannot connect" : e.getMessage().toLowerCase(java.util.Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                problems.add(address + ": not a host and port");
            }
        }
        return "cannot reach the Spark master " + master + " (" + String.join("; ", problems) + "): is the master running, and is this"
                + " the spark:// address its web page shows?";
    }

    /**
     * Runs one command with a context started on first need.
     *
     * @param stopContext whether to stop the context afterwards (not when the caller owns it)
     * @return the command's exit code
     */
    static int run(String[] args, Supplier<JavaSparkContext> context, boolean stopContext, PrintStream out, PrintStream err, CancelToken cancel) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            out.println("usage: spark-submit --class tmeval.spark.SparkMain --master MASTER tmeval-spark.jar COMMAND OPTIONS...");
            out.println("       COMMAND is estimate, compare, curve or select, with the options of 'java -jar tmeval.jar COMMAND --help'");
            out.println("       (without spark-submit: java [add-opens] -cp tmeval-spark.jar:SPARK_JARS tmeval.spark.SparkMain --master MASTER COMMAND ...)");
            return args.length == 0 ? 2 : 0;
        }
        if (!COMMANDS.contains(args[0])) {
            err.println("tmeval on Spark: '" + args[0] + "' does not run on a cluster; the commands that do are "
                    + String.join(", ", COMMANDS.stream().sorted().toList()));
            return 2;
        }
        try (SparkEngine engine = new SparkEngine(context, stopContext)) {
            return new Cli(cancel, engine).run(args, out, err);
        } catch (RuntimeException e) {
            // Spark's failures (a lost executor past its retries, a cluster that cannot start): one line in words, as the
            // CLI's; the exception's class only where it has no message
            String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("").strip();
            err.println("tmeval " + args[0] + " on Spark failed: " + (message.isEmpty() ? e.getClass().getSimpleName() : message));
            return 1;
        }
    }

    private static JavaSparkContext start(SparkConf conf, String command) {
        conf.setAppName("tmeval " + command);
        JavaSparkContext sc = new JavaSparkContext(conf);
        sc.setLogLevel("WARN");
        return sc;
    }
}
