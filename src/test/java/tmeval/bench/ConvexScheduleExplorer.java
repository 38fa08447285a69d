package tmeval.bench;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.ConvexPath;
import tmeval.anneal.Schedule;
import tmeval.io.CorpusLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.RandomStreams;
import tmeval.sampling.TopicState;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Where the variance of a ratio-convex run (forward, B to A) lies along the path, and what another spacing of the
 * same n temperatures would give: the budget allocation of issue 16. A pilot on a fine-ended schedule measures, per
 * temperature, the variance across runs of the weight increment, divided by the step squared (the variance of
 * d log f / d beta, averaged over documents); the spacing that minimises sum_j Var_j (beta_j - beta_{j-1})^2 puts
 * temperatures with density proportional to its square root (Gelman and Meng 1998). Then every candidate spacing is
 * run on the same documents, alternating, and the mean per-document variance of the log ratio and the time are printed.
 * Any array of inverse temperatures can be tried here, without a schedule in the main code. The runs here take the
 * weight at the state before each sweep (Eq. 7), as the product did when this was measured; the product now takes it
 * token by token ({@link SitewiseVersusStateIncrements} compares the two).
 * Run: mvn -B -o -q test-compile exec:java -Dexec.mainClass=tmeval.bench.ConvexScheduleExplorer -Dexec.classpathScope=test
 * -Dexec.args="A.tsv.gz B.tsv.gz HELDOUT DOCUMENTS RUNS N [PILOT_DOCUMENTS] [burn-in]" (the first PILOT_DOCUMENTS, default
 * 30, are the pilot's; the rest are measured); -Dsharpness=2,6 adds sigmoid shapes, -Dblocks=2,4 partial sweeps
 */
public final class ConvexScheduleExplorer {
    private ConvexScheduleExplorer() {
    }

    public static void main(String[] args) throws Exception {
        TopicModel a = NativeModelFormat.read(Path.of(args[0]));
        TopicModel b = NativeModelFormat.read(Path.of(args[1]));
        Corpus all = Benchmark.firstDocuments(CorpusLoader.read(CorpusLoader.Spec.of(Path.of(args[2])), a.vocabulary()),
                Integer.parseInt(args[3]));
        int runs = Integer.parseInt(args[4]);
        int n = Integer.parseInt(args[5]);
        int pilotDocs = args.length > 6 ? Integer.parseInt(args[6]) : 30;
        int burnIn = args.length > 7 ? Integer.parseInt(args[7]) : 100;
        // the pilot's documents come first and are not among those measured, so the spacing is judged out of sample
        List<Document> pilotDocuments = all.documents().subList(0, pilotDocs);
        Corpus corpus = new Corpus(all.name(), all.vocabulary(), all.documents().subList(pilotDocs, all.size()), 0, 0);

        // pilot: a sigmoid of sharpness 10 resolves the ends down to steps of 1e-7
        double[] pilot = sigmoid(n, 10);
        double[] gradientVariance = new double[n + 1];
        for (int d = 0; d < pilotDocs; d++) {
            double[][] increments = new double[runs][];
            for (int r = 0; r < runs; r++) {
                increments[r] = run(pilotDocuments.get(d), a, b, pilot, burnIn, RandomStreams.stream(99, d, r), true, 1);
            }
            for (int j = 1; j <= n; j++) {
                double[] x = new double[runs];
                for (int r = 0; r < runs; r++) {
                    x[r] = increments[r][j];
                }
                double step = pilot[j] - pilot[j - 1];
                gradientVariance[j] += CertaintyVersusMallet.sampleVariance(x) / (step * step) / pilotDocs;
            }
        }
        double[] optimal = optimal(pilot, gradientVariance, n);
        System.out.println("pilot: variance of d log f / d beta along the path (mean over documents), and the share of the"
                + " predicted variance (independent increments) each tenth of the steps carries");
        Map<String, double[]> candidates = new LinkedHashMap<>();
        candidates.put("uniform", uniform(n));
        candidates.put("sigmoid d=4 (default)", sigmoid(n, 4));
        for (String sharp : System.getProperty("sharpness", "").split(",")) {
            if (!sharp.isEmpty()) {
                candidates.put("sigmoid d=" + sharp, sigmoid(n, Double.parseDouble(sharp)));
            }
        }
        candidates.put("pilot-optimal", optimal);
        // the same density mirrored about beta = 1/2 and averaged: what a symmetric shape could at best do
        double[] mirrored = new double[n + 1];
        for (int j = 1; j <= n; j++) {
            int lo = Math.max(1, Math.min(n, n - j + 1));
            mirrored[j] = 0.5 * (gradientVariance[j] + gradientVariance[lo]);
        }
        candidates.put("pilot-optimal symmetric", optimal(pilot, mirrored, n));
        String[] blockSpec = System.getProperty("blocks", "2,4").split(",");
        Map<String, Integer> blocks = new LinkedHashMap<>();
        for (String m : blockSpec) {
            if (m.isEmpty()) {
                continue;
            }
            int k = Integer.parseInt(m);
            candidates.put("uniform 1/" + k + " sweep x" + k, uniform(k * n));
            blocks.put("uniform 1/" + k + " sweep x" + k, k);
            candidates.put("optimal 1/" + k + " sweep x" + k, optimal(pilot, gradientVariance, k * n));
            blocks.put("optimal 1/" + k + " sweep x" + k, k);
        }
        for (int q = 0; q <= 10; q++) {
            int j = Math.max(1, Math.min(n, q * n / 10));
            System.out.printf(Locale.ROOT, "  beta %.3g: var(g) %.4g%n", pilot[j], gradientVariance[j]);
        }
        for (var e : candidates.entrySet()) {
            System.out.printf(Locale.ROOT, "predicted %-22s %.5g   tenths:", e.getKey(), predicted(e.getValue(), pilot, gradientVariance));
            double[] tenths = tenths(e.getValue(), pilot, gradientVariance);
            for (double t : tenths) {
                System.out.printf(Locale.ROOT, " %.2f", t);
            }
            System.out.println();
        }
        // measured: alternate candidates per document and run
        List<String> names = new ArrayList<>(candidates.keySet());
        double[][][] logRatio = new double[names.size()][corpus.size()][runs];
        double[] seconds = new double[names.size()];
        for (int r = 0; r < runs; r++) {
            for (int d = 0; d < corpus.size(); d++) {
                for (int c = 0; c < names.size(); c++) {
                    long start = System.nanoTime();
                    double[] w = run(corpus.document(d), a, b, candidates.get(names.get(c)), burnIn, RandomStreams.stream(7, r, d, c), false,
                            blocks.getOrDefault(names.get(c), 1));
                    seconds[c] += (System.nanoTime() - start) / 1e9;
                    logRatio[c][d][r] = w[0];
                }
            }
        }
        for (int c = 0; c < names.size(); c++) {
            double mean = 0;
            double meanValue = 0;
            for (int d = 0; d < corpus.size(); d++) {
                mean += CertaintyVersusMallet.sampleVariance(logRatio[c][d]) / corpus.size();
                for (int r = 0; r < runs; r++) {
                    meanValue += logRatio[c][d][r] / corpus.size() / runs;
                }
            }
            System.out.printf(Locale.ROOT, "measured %-22s mean var %.5g  mean log ratio %.4f  ms/run %.3f%n", names.get(c), mean, meanValue,
                    seconds[c] * 1000 / runs / corpus.size());
        }
    }

    /** One annealing run; with {@code increments}, every temperature's weight increment, else {final log-weight}. */
    static double[] run(Document document, TopicModel a, TopicModel b, double[] betas, int burnIn, SplittableRandom random, boolean increments,
                        int blocks) {
        DocumentView view = DocumentView.of(document);
        ConvexPath path = new ConvexPath(view, a, b);
        TopicState state = new TopicState(document.length(), a.numTopics());
        double[] scratch = new double[a.numTopics()];
        AnnealingEngine.start(new AnnealingEngine.Segment(path, Schedule.UNIFORM, 1), burnIn, state, random, scratch);
        int n = betas.length - 1;
        double[] out = increments ? new double[n + 1] : new double[1];
        double logWeight = 0;
        for (int j = 1; j <= n; j++) {
            double inc = path.logRatio(state, betas[j - 1], betas[j]);
            logWeight += inc;
            if (increments) {
                out[j] = inc;
            }
            path.setTemperature(betas[j]);
            // a Gibbs update of one block of tokens leaves f_j invariant as a full sweep does; blocks in turn
            int block = j % blocks;
            int length = state.length();
            GibbsSweep.forward(path, state, block * length / blocks, (block + 1) * length / blocks, random, scratch);
        }
        if (!increments) {
            out[0] = logWeight;
        }
        return out;
    }

    static double[] uniform(int n) {
        double[] x = new double[n + 1];
        for (int j = 0; j <= n; j++) {
            x[j] = j / (double) n;
        }
        return x;
    }

    static double[] sigmoid(int n, double d) {
        double[] x = new double[n + 1];
        double low = logistic(-d);
        double high = logistic(d);
        for (int j = 0; j <= n; j++) {
            x[j] = (logistic(d * (2.0 * j / n - 1)) - low) / (high - low);
        }
        x[0] = 0;
        x[n] = 1;
        return x;
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** Var(g) at beta, interpolated linearly from the pilot's grid. */
    private static double varianceAt(double beta, double[] grid, double[] v) {
        int lo = 1;
        int hi = grid.length - 1;
        if (beta <= grid[1]) {
            return v[1];
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (grid[mid] <= beta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double t = (beta - grid[lo]) / (grid[hi] - grid[lo]);
        return v[lo] + t * (v[hi] - v[lo]);
    }

    private static double predicted(double[] betas, double[] grid, double[] v) {
        double sum = 0;
        for (int j = 1; j < betas.length; j++) {
            double step = betas[j] - betas[j - 1];
            sum += varianceAt(0.5 * (betas[j] + betas[j - 1]), grid, v) * step * step;
        }
        return sum;
    }

    private static double[] tenths(double[] betas, double[] grid, double[] v) {
        double[] out = new double[10];
        double total = predicted(betas, grid, v);
        int n = betas.length - 1;
        for (int j = 1; j <= n; j++) {
            double step = betas[j] - betas[j - 1];
            out[Math.min(9, (j - 1) * 10 / n)] += varianceAt(0.5 * (betas[j] + betas[j - 1]), grid, v) * step * step / total;
        }
        return out;
    }

    /** Density proportional to sqrt(Var g): the inverse of its cumulative integral over the pilot's grid. */
    private static double[] optimal(double[] grid, double[] v, int n) {
        int m = grid.length - 1;
        double[] cumulative = new double[m + 1];
        for (int j = 1; j <= m; j++) {
            cumulative[j] = cumulative[j - 1] + Math.sqrt(v[j]) * (grid[j] - grid[j - 1]);
        }
        double total = cumulative[m];
        double[] out = new double[n + 1];
        int seg = 1;
        for (int i = 1; i < n; i++) {
            double target = total * i / n;
            while (cumulative[seg] < target) {
                seg++;
            }
            double t = (target - cumulative[seg - 1]) / (cumulative[seg] - cumulative[seg - 1]);
            out[i] = grid[seg - 1] + t * (grid[seg] - grid[seg - 1]);
        }
        out[n] = 1;
        return out;
    }
}
