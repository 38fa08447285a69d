package tmeval.bench;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.io.CorpusLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.ComparisonPlan;
import tmeval.sampling.RandomStreams;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a pair's variance is, and what spending the budget there could gain (performance.md, "Budget where the variance
 * is"): per document, a first round as compare's auto runs one (ratio-convex at n, RUNS runs each way, on streams of its
 * own), the variance and mean time of RUNS_MEASURED forward runs at n, and both models' vb bounds, written as a table
 * that src/test/python/allocation_gain.py reads. One thread.
 * Run: java -cp target/test-classes:target/classes:CP tmeval.bench.AllocationDiagnostic A.tsv.gz B.tsv.gz HELDOUT DOCUMENTS RUNS_MEASURED OUT.tsv [n] [seed]
 */
public final class AllocationDiagnostic {
    private AllocationDiagnostic() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel a = NativeModelFormat.read(Path.of(args[0]));
        TopicModel b = NativeModelFormat.read(Path.of(args[1]));
        Corpus corpus = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[2])), a.vocabulary()), Integer.parseInt(args[3]));
        int runs = Integer.parseInt(args[4]);
        int n = args.length > 6 ? Integer.parseInt(args[6]) : ComparisonPlan.DEFAULT_METHOD_SETTINGS.temperatures();
        long seed = args.length > 7 ? Long.parseLong(args[7]) : 1;
        ModelComparison method = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(n));
        CancelToken cancel = new CancelToken();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[5])))) {
            out.println("doc\tN\tforward\treverse\tmeasured\tseconds\tvbA\tvbB");
            for (int d = 0; d < corpus.size(); d++) {
                Document doc = corpus.document(d);
                double[][] first = new double[2][AutoEstimation.RUNS];
                for (int r = 0; r < AutoEstimation.RUNS; r++) {
                    first[0][r] = method.estimate(doc, a, b, Direction.FORWARD, RandomStreams.stream(seed + 77, d, r, 0), cancel).logRatio();
                    first[1][r] = method.estimate(doc, a, b, Direction.REVERSE, RandomStreams.stream(seed + 77, d, r, 1), cancel).logRatio();
                }
                double[] measured = new double[runs];
                long nanos = 0;
                for (int r = 0; r < runs; r++) {
                    long t0 = System.nanoTime();
                    measured[r] = method.estimate(doc, a, b, Direction.FORWARD, RandomStreams.stream(seed, r, d, 0), cancel).logRatio();
                    nanos += System.nanoTime() - t0;
                }
                out.printf(Locale.ROOT, "%s\t%d\t%s\t%s\t%.6g\t%.6g\t%.8g\t%.8g%n", doc.id(), doc.length(), join(first[0]), join(first[1]),
                        org.apache.commons.math3.stat.StatUtils.variance(measured), nanos / 1e9 / runs,
                        tmeval.estimate.VariationalBound.fit(doc, a, cancel).bound(), tmeval.estimate.VariationalBound.fit(doc, b, cancel).bound());
            }
        }
    }

    private static String join(double[] x) {
        return Arrays.stream(x).mapToObj(v -> String.format(Locale.ROOT, "%.8g", v)).collect(Collectors.joining(","));
    }
}
