package tmeval.cli;

import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.AdaptiveBudget;

import org.junit.jupiter.api.Test;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.progress.CancelToken;
import tmeval.run.distributed.CompareCommandLine;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Shard;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command lines the workbench writes for a plan are read back by compare's own parser as the same plan. */
class CompareCommandLineTest {
    private static final CompareCommandLine.Inputs INPUTS = new CompareCommandLine.Inputs(Path.of("/data/models/A.tsv.gz"),
            Path.of("/data/models/B's model.tsv"), Path.of("/data/held out/kos.tokens"), 3);

    /** A plan whose every setting differs from the defaults (except the ones its methods do not read). */
    private static ComparisonPlan unusual() {
        ComparisonPlan d = ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_GEOMETRIC, ComparisonMethods.AIS_DIFF, ComparisonMethods.LR_DIFF));
        return d.withDirections(ComparisonPlan.Directions.BOTH).withSettings(d.settings().withTemperatures(300).withBurnIn(20).withSamples(2)
                .withSchedule(Schedule.GEOMETRIC)).withRuns(3).withSeed(42).withReference(ComparisonPlan.Reference.LR).withReferenceParticles(50)
                .withAlign(false).withIntersectVocabularies(true).withGapThreshold(0.5);
    }

    /** The plan and budget {@code compare} parses from these words (the first is the command's name). */
    private static Parsed parse(List<String> words) throws UsageException {
        assertEquals("compare", words.get(0));
        Options o = Options.parse(words.toArray(String[]::new), 1, new CompareCommand(new CancelToken()).options());
        ComparisonPlan plan = CompareCommand.plan(o);
        return new Parsed(plan, CompareCommand.budget(o, plan), o);
    }

    private record Parsed(ComparisonPlan plan, AdaptiveBudget budget, Options options) {
    }

    /** The plan with the parsed thread count: the command line leaves threads to each node (the output is the same for any). */
    private static ComparisonPlan withThreads(ComparisonPlan p, int threads) {
        return p.withThreads(threads);
    }

    @Test
    void theWorkbenchsPlanComesBackFromCompareUnchanged() throws Exception {
        for (ComparisonPlan plan : List.of(unusual(), ComparisonPlan.defaults(ComparisonPlan.defaultSelection()),
                ComparisonPlan.defaults(List.of(ComparisonMethods.EXACT)))) {
            Parsed back = parse(CompareCommandLine.arguments(new ComparisonJob(plan, null), INPUTS, false));
            assertEquals(withThreads(plan, back.plan().threads()), back.plan());
            assertEquals(plan.toSettings(), back.plan().toSettings(), "the provenance lines are the same");
            assertNull(back.budget());
            assertEquals("3", back.options().string("min-tokens", "1"));
            assertEquals(INPUTS.modelB(), back.options().path("model-b"));
        }
    }

    @Test
    void anAdaptiveBudgetComesBackToo() throws Exception {
        ComparisonPlan plan = unusual();
        AdaptiveBudget budget = new AdaptiveBudget(0.25, 2400);
        Parsed back = parse(CompareCommandLine.arguments(new ComparisonJob(plan, budget), INPUTS, true));
        assertEquals(budget, back.budget());
        assertTrue(back.options().has("no-timing"));
        assertEquals(plan.defaultBudget(), parse(CompareCommandLine.arguments(new ComparisonJob(plan, plan.defaultBudget()), INPUTS, false)).budget());
    }

    @Test
    void everyShardLineOfTheScriptIsThePlanWithItsShardAndTheMergeNamesTheirFiles() throws Exception {
        ComparisonPlan plan = unusual();
        String script = CompareCommandLine.shardScript(new ComparisonJob(plan, null), INPUTS, true, 3, "/opt/tmeval/tmeval.jar", Path.of("/results/kos compare.tsv"));
        String loop = script.lines().filter(l -> l.startsWith("for I in $(seq 1 3); do ")).findFirst().orElseThrow(() -> new AssertionError(script));
        String body = loop.substring(loop.indexOf("; do ") + 5, loop.lastIndexOf("; done"));
        for (int i = 1; i <= 3; i++) {
            List<String> words = shellWords(body.replace("$I", Integer.toString(i)));
            assertEquals(List.of("java", "-jar", "/opt/tmeval/tmeval.jar"), words.subList(0, 3));
            Parsed back = parse(words.subList(3, words.size()));
            assertEquals(withThreads(plan, back.plan().threads()), back.plan());
            assertEquals(new Shard(i, 3), MethodOptions.shard(back.options()));
            assertEquals(Path.of("/results/shards/kos compare-" + i + ".tsv"), back.options().path("out"));
        }
        assertTrue(script.contains("parallel -j 3 java -jar /opt/tmeval/tmeval.jar compare "), script);
        assertTrue(script.contains("#SBATCH --array=1-3"), script);
        assertTrue(script.contains("--shard \"$SLURM_ARRAY_TASK_ID/3\""), script);
        String merge = script.lines().filter(l -> l.contains(" merge ")).findFirst().orElseThrow();
        assertEquals("java -jar /opt/tmeval/tmeval.jar merge --no-timing --out '/results/kos compare.tsv' '/results/shards/kos compare-'*.tsv", merge);
        String spark = CompareCommandLine.sparkSubmit(new ComparisonJob(plan, null), INPUTS, false, Path.of("s3://bucket/kos.tsv"));
        List<String> words = shellWords(spark.lines().filter(l -> l.startsWith("spark-submit")).findFirst().orElseThrow());
        assertEquals(List.of("spark-submit", "--class", "tmeval.spark.SparkMain", "--master", "MASTER", "target/tmeval-spark.jar"), words.subList(0, 6));
        assertEquals(withThreads(plan, parse(words.subList(6, words.size())).plan().threads()), parse(words.subList(6, words.size())).plan());
        assertEquals("/opt/tmeval/tmeval-spark.jar", CompareCommandLine.sparkJarBeside("/opt/tmeval/tmeval.jar"), "beside the workbench's jar");
        assertEquals(CompareCommandLine.SPARK_JAR, CompareCommandLine.sparkJarBeside("target/classes"));
    }

    /** auto runs on Spark too: its spark-submit line is compare with --method auto, which parses back into auto's pilot plan. */
    @Test
    void anAutoPlansSparkCommandComesBackAsAuto() throws Exception {
        ComparisonPlan pilot = tmeval.run.auto.AutoComparison.pilotPlan(ComparisonPlan.defaults(ComparisonPlan.defaultSelection())
                .withSeed(7).withThreads(1).withAlign(false));
        String spark = CompareCommandLine.sparkSubmit(ComparisonJob.auto(pilot), INPUTS, true, Path.of("/results/auto.tsv"), CompareCommandLine.SPARK_JAR);
        List<String> words = shellWords(spark.lines().filter(l -> l.startsWith("spark-submit")).findFirst().orElseThrow(() -> new AssertionError(spark)));
        List<String> command = words.subList(6, words.size());
        Parsed back = parse(command);
        assertTrue(CompareCommand.auto(back.options()), spark);
        assertEquals(withThreads(pilot, back.plan().threads()), back.plan());
        assertNull(back.budget());
    }

    /** A POSIX shell's words of a line without variables: single quotes, and the '\'' of a quote inside them. */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    w.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                any = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                any = true;
            } else if (c == ' ') {
                if (any || w.length() > 0) {
                    words.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || w.length() > 0) {
            words.add(w.toString());
        }
        return words;
    }
}
