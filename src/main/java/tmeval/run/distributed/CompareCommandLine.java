package tmeval.run.distributed;

import tmeval.run.auto.AutoComparison;
import tmeval.run.plan.AdaptiveBudget;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Vocabulary;

import tmeval.compare.ComparisonMethods;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A comparison plan as the {@code compare} command line that runs it, and the scripts that run it beyond this machine:
 * N shards ({@code --shard I/N}) for GNU parallel or a Slurm job array and the {@code merge} that joins them, or one
 * {@code spark-submit}. The one place a plan becomes a command line: every option the plan's methods read is written
 * where it differs from the plan's defaults (seed and runs always), so that {@code compare} parses it back into the
 * same plan. Settings none of the chosen methods reads cannot be passed (compare refuses them) and stay at their defaults.
 * The thread count is left out: each node uses its own cores, and the output is the same for any.
 */
public final class CompareCommandLine {
    /** The files a distributed run reads, as every node must see them (a shared file system or object storage path). */
    public record Inputs(Path modelA, Path modelB, Path corpus, int minTokens) {
        public Inputs {
            Objects.requireNonNull(modelA, "model A's file");
            Objects.requireNonNull(modelB, "model B's file");
            Objects.requireNonNull(corpus, "the corpus file");
        }
    }

    /** The Spark entry point's class and job jar, built by {@code mvn package} beside the workbench's jar. */
    public static final String SPARK_MAIN = "tmeval.spark.SparkMain";
    public static final String SPARK_JAR = "target/tmeval-spark.jar";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:,@%+-]+");

    private CompareCommandLine() {
    }

    /**
     * The arguments after the jar ({@code compare ...}) that run this comparison on these inputs, without {@code --out};
     * for auto, whose plan is then its pilot's ({@link AutoComparison#pilotPlan}), the command names only what auto does
     * not choose: {@code --method auto} and the settings it leaves to the user ({@link ComparisonJob#LEFT_TO_THE_USER_BY_AUTO}).
     */
    public static List<String> arguments(ComparisonJob job, Inputs inputs, boolean noTiming) {
        ComparisonPlan plan = job.plan();
        AdaptiveBudget budget = job.budget();
        ComparisonPlan defaults = ComparisonPlan.defaults(plan.methods());
        List<String> a = new ArrayList<>(List.of("compare", "--model-a", inputs.modelA().toString(), "--model-b", inputs.modelB().toString(),
                "--corpus", inputs.corpus().toString()));
        if (inputs.minTokens() != Setting.DEFAULT_MIN_TOKENS) {
            a.addAll(List.of(SettingName.MIN_TOKENS.dashed(), Integer.toString(inputs.minTokens())));
        }
        if (job.isAuto()) {
            a.addAll(List.of(SettingName.METHODS.dashed(), AutoComparison.NAME, SettingName.SEED.dashed(), Long.toString(plan.seed())));
            sharedWithAuto(a, plan, defaults);
            if (noTiming) {
                a.add("--no-timing");
            }
            return a;
        }
        a.addAll(List.of(SettingName.METHODS.dashed(), String.join(",", plan.methods())));
        if (plan.directions() != defaults.directions()) {
            a.addAll(List.of(SettingName.DIRECTION.dashed(), plan.directions().label()));
        }
        a.addAll(methodOptions(plan.settings(), defaults.settings(), plan.methods()));
        a.addAll(List.of(SettingName.RUNS.dashed(), Integer.toString(plan.runs()), SettingName.SEED.dashed(), Long.toString(plan.seed())));
        if (plan.reference() != defaults.reference()) {
            a.addAll(List.of(SettingName.REFERENCE.dashed(), plan.reference().label()));
        }
        if (plan.reference() == ComparisonPlan.Reference.LR && plan.referenceParticles() != defaults.referenceParticles()) {
            a.addAll(List.of(SettingName.REFERENCE_PARTICLES.dashed(), Integer.toString(plan.referenceParticles())));
        }
        sharedWithAuto(a, plan, defaults);
        if (budget != null) {
            a.addAll(List.of(SettingName.ADAPTIVE.dashed(), SettingName.AGREE_WITHIN.dashed(), number(budget.agreeWithin()),
                    SettingName.MAX_TEMPERATURES.dashed(), Integer.toString(budget.maxTemperatures())));
        }
        if (noTiming) {
            a.add("--no-timing");
        }
        return a;
    }

    /** The settings auto leaves to the user ({@link ComparisonJob#LEFT_TO_THE_USER_BY_AUTO}) but the seed, where they differ from the defaults. */
    private static void sharedWithAuto(List<String> a, ComparisonPlan plan, ComparisonPlan defaults) {
        if (plan.align() != defaults.align()) {
            a.add(plan.align() ? SettingName.ALIGN.dashed() : "--" + SettingName.ALIGN.negated());
        }
        if (plan.intersectVocabularies()) {
            a.addAll(List.of(SettingName.VOCABULARY.dashed(), Vocabulary.INTERSECT.label()));
        }
        if (plan.gapThreshold() != defaults.gapThreshold()) {
            a.addAll(List.of(SettingName.GAP_THRESHOLD.dashed(), number(plan.gapThreshold())));
        }
    }

    /** The method options that differ from the defaults, each only if a chosen method reads it. */
    private static List<String> methodOptions(MethodSettings settings, MethodSettings defaults, List<String> methods) {
        Set<MethodOption> read = EnumSet.noneOf(MethodOption.class);
        methods.forEach(m -> read.addAll(ComparisonMethods.get(m).options()));
        List<String> out = new ArrayList<>();
        for (MethodOption option : read) {
            String value = option.text(settings);
            if (value.equals(option.text(defaults))) {
                continue;
            }
            // the flag is the setting's one value other than the default's (resampling false)
            out.addAll(option.kind() == MethodOption.Kind.FLAG ? List.of("--" + option.option()) : List.of("--" + option.option(), value));
        }
        return out;
    }

    private static String number(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }

    /** The arguments as one line a POSIX shell reads back into the same words. */
    public static String shellLine(List<String> words) {
        return String.join(" ", words.stream().map(CompareCommandLine::quote).toList());
    }

    static String quote(String word) {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Everything to run the plan as {@code shards} pieces and join them: a GNU parallel one-liner, a Slurm job array
     * script, the command of shard I (as a loop over I), and the merge (see distributed.md).
     *
     * @param jar the tmeval jar as the nodes see it
     * @param out the merged file; shards are written to {@code shards/NAME-I.tsv} beside it
     */
    public static String shardScript(ComparisonJob job, Inputs inputs, boolean noTiming, int shards, String jar, Path out) {
        if (shards < 1) {
            throw new IllegalArgumentException("the number of shards must be at least 1");
        }
        List<String> args = arguments(job, inputs, noTiming);
        String java = "java -jar " + quote(jar) + " ";
        String stem = stem(out);
        Path dir = out.toAbsolutePath().getParent().resolve("shards");
        String shardFile = dir.resolve(stem + "-").toString();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# %s as %d shards (--shard I/%d) and their merge; every node must read the inputs at these paths%n",
                job.isAuto() ? List.of(AutoComparison.NAME) : job.plan().methods(), shards, shards));
        sb.append("mkdir -p ").append(quote(dir.toString())).append("\n\n");
        sb.append("# GNU parallel: each shard on one core (--threads 1), -j of them at a time (set it to the cores you have),"
                + " on this machine or over ssh (--sshlogin)\n");
        sb.append("parallel -j ").append(Math.min(shards, 64)).append(' ').append(java).append(shellLine(args)).append(" --threads 1 --shard {}/")
                .append(shards).append(" --out ").append(quote(shardFile)).append("{}.tsv ::: $(seq 1 ").append(shards).append(")\n");
        sb.append("\n# or a Slurm job array: save the lines between the markers as ").append(stem).append(".sbatch and run sbatch ")
                .append(stem).append(".sbatch\n");
        sb.append("# ---8<---\n#!/bin/bash\n#SBATCH --job-name=tmeval-").append(stem).append("\n#SBATCH --array=1-").append(shards)
                .append("\n#SBATCH --cpus-per-task=4\n#SBATCH --mem=8G\n");
        sb.append(java).append(shellLine(args)).append(" --threads \"$SLURM_CPUS_PER_TASK\" --shard \"$SLURM_ARRAY_TASK_ID/").append(shards)
                .append("\" --out ").append(quote(shardFile)).append("\"$SLURM_ARRAY_TASK_ID\".tsv\n# ---8<---\n");
        sb.append("\n# or any other way: shard I of ").append(shards).append(" is this command, for I = 1 to ").append(shards).append('\n');
        sb.append("for I in $(seq 1 ").append(shards).append("); do ").append(java).append(shellLine(args)).append(" --shard $I/").append(shards)
                .append(" --out ").append(quote(shardFile)).append("$I.tsv; done\n");
        sb.append("\n# then, once every shard has finished, the file the unsharded run writes\n");
        sb.append(mergeCommand(jar, noTiming, out, shardFile)).append('\n');
        return sb.toString();
    }

    private static String mergeCommand(String jar, boolean noTiming, Path out, String shardFile) {
        return "java -jar " + quote(jar) + " merge" + (noTiming ? " --no-timing" : "") + " --out " + quote(out.toString()) + " "
                + quote(shardFile) + "*.tsv";
    }

    /** The comparison as one Spark job ({@code spark-submit}), its inputs and output on a shared file system or object storage. */
    public static String sparkSubmit(ComparisonJob job, Inputs inputs, boolean noTiming, Path out) {
        return sparkSubmit(job, inputs, noTiming, out, SPARK_JAR);
    }

    /**
     * As {@link #sparkSubmit(ComparisonJob, Inputs, boolean, Path)} with the job jar at this path (for auto, the driver
     * runs the pilot once, the executors every document's rounds).
     */
    public static String sparkSubmit(ComparisonJob job, Inputs inputs, boolean noTiming, Path out, String sparkJar) {
        List<String> words = new ArrayList<>(List.of("spark-submit", "--class", SPARK_MAIN, "--master", "MASTER", sparkJar));
        words.addAll(arguments(job, inputs, noTiming));
        words.addAll(List.of("--out", out.toString()));
        return "# MASTER: yarn, spark://HOST:7077, k8s://..., or local[*]; every path must be readable by the executors\n"
                + shellLine(words) + "\n";
    }

    /** The Spark job jar that {@code mvn package} builds beside this workbench jar (the relative default otherwise). */
    public static String sparkJarBeside(String workbenchJar) {
        Path p = Path.of(workbenchJar);
        return p.getFileName() != null && p.getFileName().toString().equals("tmeval.jar")
                ? p.resolveSibling("tmeval-spark.jar").toString() : SPARK_JAR;
    }

    private static String stem(Path out) {
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
