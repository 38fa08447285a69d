package tmeval.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import tmeval.cli.Cli;
import tmeval.io.OutputFile;
import tmeval.progress.CancelOnShutdown;
import tmeval.progress.CancelToken;

import java.io.PrintStream;
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
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        SparkConf conf = new SparkConf();
        if (rest.size() >= 2 && rest.get(0).equals("--master")) {
            conf.setMaster(rest.get(1));
            rest = rest.subList(2, rest.size());
        }
        String[] command = rest.toArray(new String[0]);
        boolean help = Arrays.asList(command).contains("--help") || Arrays.asList(command).contains("-h");
        if (command.length > 0 && COMMANDS.contains(command[0]) && !help && !conf.contains("spark.master")) {
            System.err.println("tmeval on Spark: no master; run through spark-submit --master MASTER, or give --master MASTER before the command");
            System.exit(2);
        }
        CancelToken cancel = new CancelToken();
        // Ctrl-C cancels the job (and its Spark job) as the local command's does
        int code = CancelOnShutdown.run(cancel, OutputFile::stopAndRemoveTemporaryFiles, () -> run(command, () -> start(conf, command[0]), true, System.out, System.err, cancel));
        // exit only on failure: under YARN's cluster mode the application master reads a normal return as success
        if (code != 0) {
            System.exit(code);
        }
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
            // Spark's failures (a lost executor past its retries, a cluster that cannot start): one line, as the CLI's
            err.println("tmeval " + args[0] + " on Spark: " + e.getClass().getSimpleName() + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
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
