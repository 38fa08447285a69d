package tmeval.bench;

import tmeval.Fixtures;
import tmeval.compare.ComparisonMethods;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How busy the workers stay on a corpus whose document lengths vary a hundredfold (10 to 1,000 tokens, log-uniform,
 * in random order): CPU time of the process over wall time times threads, for a ratio-convex comparison in both
 * directions. Issue 15 asks for at least 0.9 on all cores.
 * Run: mvn -B -q test-compile exec:java -Dexec.mainClass=tmeval.bench.WorkerUtilisation -Dexec.classpathScope=test
 */
public final class WorkerUtilisation {
    private WorkerUtilisation() {
    }

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        int documents = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        double[] alpha = new double[20];
        java.util.Arrays.fill(alpha, 0.1);
        TopicModel a = Fixtures.randomModel("A", 2000, alpha, 0.05, 1);
        TopicModel b = Fixtures.randomModel("B", 2000, alpha, 0.05, 2);
        SplittableRandom random = new SplittableRandom(3);
        List<Document> docs = new ArrayList<>();
        for (int d = 0; d < documents; d++) {
            int length = (int) Math.round(Math.exp(Math.log(10) + random.nextDouble() * Math.log(100)));
            int[] words = new int[length];
            for (int i = 0; i < length; i++) {
                words[i] = random.nextInt(a.numWords());
            }
            docs.add(new Document("d" + d, words));
        }
        Corpus corpus = new Corpus("lengths 10 to 1000", a.vocabulary(), docs, 0, 0);
        ComparisonPlan plan = ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX)).withDirections(ComparisonPlan.Directions.BOTH)
                .withSettings(ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(100).withBurnIn(10)).withRuns(1).withSeed(1).withThreads(threads)
                .withReference(ComparisonPlan.Reference.NONE).withReferenceParticles(1).withAlign(false).withIntersectVocabularies(false)
                .withGapThreshold(1);
        var job = new ComparisonRunner.Job(corpus, a, b, plan.arms(), plan.runs(), plan.seed(), threads, null);
        ComparisonRunner.run(job, r -> { }, Progress.NONE, new CancelToken()); // warm-up
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int repetition = 0; repetition < 3; repetition++) {
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            ComparisonRunner.run(job, r -> { }, Progress.NONE, new CancelToken());
            double wall = (System.nanoTime() - wall0) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            System.out.printf(Locale.ROOT, "%d documents (10 to 1000 tokens), %d threads: wall %.2f s, CPU %.2f s, utilisation %.3f%n",
                    documents, threads, wall, cpu, cpu / (wall * threads));
        }
    }
}
