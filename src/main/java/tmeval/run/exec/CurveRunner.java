package tmeval.run.exec;

import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Shard;

import tmeval.anneal.Schedule;
import tmeval.compare.EstimateDifference;
import tmeval.curve.IterationAis;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.EstimationException;
import tmeval.estimate.LeftToRight;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.estimate.VariationalBound;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Held-out likelihood over the snapshots of a training run (Foulds and Smyth Figure 2): iteration-AIS carried from
 * snapshot to snapshot, and the baselines {@code ais} and {@code lr} run afresh at each snapshot with the same
 * per-snapshot budget (n temperatures; 2n/(N+1) particles). Snapshot by snapshot: every document is advanced to
 * snapshot t before any goes on, so each point of the curve is reported as soon as it exists.
 */
public final class CurveRunner {

    /** What to run. */
    public record Job(Corpus corpus, ModelSeries series, List<String> methods, MethodSettings settings, int extraFirstTemperatures,
                      int runs, long seed, int threads) {
        /** The job a plan describes on a series and a corpus mapped onto its vocabulary. */
        public static Job of(CurvePlan plan, Corpus corpus, ModelSeries series) {
            return new Job(corpus, series, plan.methods(), plan.settings(), plan.firstExtraTemperatures(), plan.runs(), plan.seed(),
                    plan.threads());
        }

        public Job {
            for (String m : methods) {
                if (!CurvePlan.CURVE_METHODS.contains(m)) {
                    throw new IllegalArgumentException("unknown curve method '" + m + "' (" + String.join(", ", CurvePlan.CURVE_METHODS) + ")");
                }
            }
        }
    }

    /** One document's estimate at one snapshot, or its refusal. */
    public record Row(int documentIndex, String documentId, int length, int iteration, String method, int run,
                      double logLikelihood, long siteUpdates, long nanos, String refusal) implements java.io.Serializable {
        public boolean refused() {
            return refusal != null;
        }
    }

    /**
     * The corpus-level point of one method and run at one snapshot, and the per-iteration variance across runs
     * (the mean over documents of the variance of their estimates; null with one run).
     */
    public record Point(int iteration, String method, int run, long tokens, double logLikelihood, long siteUpdates, long nanos,
                        Double perDocumentVariance, int refused) {
    }

    /** Receives rows in order and, after each snapshot, its corpus points. */
    public interface Listener {
        void row(Row row);

        void snapshotDone(int iteration, List<Point> points);
    }

    private CurveRunner() {
    }

    public static void run(Job job, Listener listener, Progress progress, CancelToken cancel) {
        run(job, Shard.ALL, listener, progress, cancel);
    }

    /**
     * Runs one shard of the job: its documents keep their corpus positions (and so their random streams and rows);
     * the points a shard's listener receives sum over the shard's documents only.
     */
    public static void run(Job job, Shard shard, Listener listener, Progress progress, CancelToken cancel) {
        int[] positions = shard.positions(job.corpus().size());
        run(job, positions, positions, listener, progress, cancel);
    }

    /**
     * Runs every document of {@code job.corpus()}, a slice of a larger corpus, as the documents at corpus positions
     * {@code positions[i]} (their random streams and rows), through the whole series: iteration-AIS's state stays in
     * this call. The points the listener receives sum over the slice only.
     */
    public static void runSlice(Job job, int[] positions, Listener listener, CancelToken cancel) {
        if (positions.length != job.corpus().size()) {
            throw new IllegalArgumentException(positions.length + " positions for a slice of " + job.corpus().size() + " documents");
        }
        run(job, IntStream.range(0, positions.length).toArray(), positions, listener, Progress.NONE, cancel);
    }

    /** Evaluates corpus documents {@code local[i]} as the documents at corpus positions {@code positions[i]}. */
    private static void run(Job job, int[] local, int[] positions, Listener listener, Progress progress, CancelToken cancel) {
        Live live = new Live(job, local, positions);
        int total = live.perSnapshot * job.series().size();
        for (ModelSeries.Snapshot snapshot : job.series().snapshots()) {
            int before = live.done;
            live.next(snapshot, listener, (a, b, msg) -> progress.update(before + a, total, msg), cancel);
        }
    }

    /**
     * A curve fed one snapshot at a time, as a training run writes them (a series watched live): the job's series
     * only says which plan to run; the snapshots are those handed to {@link #next}, in increasing iteration order.
     */
    public static Live live(Job job) {
        int[] all = IntStream.range(0, job.corpus().size()).toArray();
        return new Live(job, all, all);
    }

    /** The state a curve carries from one snapshot to the next (iteration-AIS's runs); used by one thread at a time. */
    public static final class Live {
        private final Job job;
        private final int[] local;
        private final int[] positions;
        private final int perSnapshot;
        private final IterationAis iterationAis;
        private final AnnealedImportanceSampler ais;
        private final IterationAis.DocumentRun[][] carried;
        private final boolean[][] dead;
        private int done;

        private Live(Job job, int[] local, int[] positions) {
            this.job = job;
            this.local = local;
            this.positions = positions;
            this.perSnapshot = local.length * job.methods().size() * job.runs();
            MethodSettings s = job.settings();
            this.iterationAis = new IterationAis(s.temperatures(), job.extraFirstTemperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM));
            this.ais = AnnealedImportanceSampler.standard(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM));
            this.carried = new IterationAis.DocumentRun[local.length][job.runs()];
            this.dead = new boolean[local.length][job.runs()];
        }

        /** Evaluates the next snapshot, handing its rows and then its points to the listener; progress counts this snapshot's tasks. */
        public void next(ModelSeries.Snapshot snapshot, Listener listener, Progress progress, CancelToken cancel) {
            Corpus corpus = job.corpus();
            int numMethods = job.methods().size();
            int runs = job.runs();
            MethodSettings s = job.settings();
            int iteration = snapshot.iteration();
            TopicModel model = snapshot.model();
            List<Row> snapshotRows = new ArrayList<>();
            int[] tasks = {0};
            OrderedParallel.run(perSnapshot, task -> {
                int i = task / (numMethods * runs);
                int d = positions[i];
                int m = task / runs % numMethods;
                int r = task % runs;
                String method = job.methods().get(m);
                Document doc = corpus.document(local[i]);
                try {
                    if (method.equals(Methods.ITERATION_AIS)) {
                        if (dead[i][r]) {
                            return refusal(doc, d, iteration, method, r, "refused at an earlier snapshot");
                        }
                        if (carried[i][r] == null) {
                            carried[i][r] = iterationAis.start(doc, model.numTopics(),
                                    RandomStreams.stream(job.seed(), d, r + 1, MethodStreams.key(method)));
                        }
                        IterationAis.SnapshotEstimate e = carried[i][r].advance(model, cancel);
                        return row(doc, d, iteration, method, r, e.logLikelihood(), e.siteUpdates(), e.nanos());
                    }
                    if (method.equals(Methods.VB)) {
                        // the certified floor under every curve: deterministic, the same for every run
                        VariationalBound.Fit fit = VariationalBound.fit(doc, model, cancel);
                        return row(doc, d, iteration, method, r, fit.bound(), (long) fit.iterations() * doc.length(), 0);
                    }
                    var random = RandomStreams.stream(job.seed(), d, r + 1, MethodStreams.key(method, "@" + iteration));
                    EstimateResult e = method.equals(Methods.AIS)
                            ? ais.estimate(doc, model, random, cancel)
                            : LeftToRight.standard(EstimateDifference.particlesForBudget(s.temperatures(), doc.length()), s.resampling())
                                    .estimate(doc, model, random, cancel);
                    return row(doc, d, iteration, method, r, e.logValue(), e.siteUpdates(), e.nanos());
                } catch (EstimationException | IllegalArgumentException e) {
                    if (method.equals(Methods.ITERATION_AIS)) {
                        dead[i][r] = true;
                    }
                    return refusal(doc, d, iteration, method, r, e.getMessage());
                }
            }, row -> {
                snapshotRows.add(row);
                listener.row(row);
            }, job.threads(), "tmeval-curve", (a, b, msg) -> progress.update(++tasks[0], perSnapshot, "iteration " + iteration), cancel,
                    task -> corpus.document(local[task / (numMethods * runs)]).id());
            done += perSnapshot;
            listener.snapshotDone(iteration, points(iteration, job.methods(), runs, snapshotRows));
        }
    }

    /**
     * Hands rows evaluated elsewhere (in slices, on a cluster) to the listener as {@link #run} would: snapshot by
     * snapshot in the series' order, each snapshot's rows in corpus order (then method, then run, as the plan lists
     * them), followed by the snapshot's points.
     *
     * @param documents how many documents were evaluated: every snapshot must hold all their rows
     * @throws IllegalStateException if a snapshot's rows are missing or extra
     */
    public static void deliver(ModelSeries series, List<String> methods, int runs, int documents, Collection<Row> rows, Listener listener) {
        Map<Integer, List<Row>> bySnapshot = new HashMap<>();
        for (Row row : rows) {
            bySnapshot.computeIfAbsent(row.iteration(), k -> new ArrayList<>()).add(row);
        }
        Comparator<Row> order = Comparator.comparingInt(Row::documentIndex).thenComparingInt(r -> methods.indexOf(r.method()))
                .thenComparingInt(Row::run);
        for (ModelSeries.Snapshot s : series.snapshots()) {
            List<Row> snapshot = new ArrayList<>(bySnapshot.getOrDefault(s.iteration(), List.of()));
            if (snapshot.size() != documents * methods.size() * runs) {
                throw new IllegalStateException("iteration " + s.iteration() + ": " + snapshot.size() + " rows where "
                        + documents + " documents x " + methods.size() + " methods x " + runs + " runs were evaluated");
            }
            snapshot.sort(order);
            snapshot.forEach(listener::row);
            listener.snapshotDone(s.iteration(), points(s.iteration(), methods, runs, snapshot));
        }
    }

    private static Row row(Document doc, int d, int iteration, String method, int r, double value, long siteUpdates, long nanos) {
        if (!Double.isFinite(value)) {
            return refusal(doc, d, iteration, method, r, method + " gave no finite estimate (every sample had weight zero)");
        }
        return new Row(d, doc.id(), doc.length(), iteration, method, r + 1, value, siteUpdates, nanos, null);
    }

    private static Row refusal(Document doc, int d, int iteration, String method, int r, String why) {
        return new Row(d, doc.id(), doc.length(), iteration, method, r + 1, Double.NaN, 0, 0, why);
    }

    /**
     * The corpus points of one snapshot from its document rows in corpus order: the one computation behind the corpus
     * lines, for a run and for a merge of shards (so that both sum in the same order and give the same bits).
     * Refused rows are counted and left out of the sums.
     */
    public static List<Point> points(int iteration, List<String> methods, int runs, List<Row> rows) {
        List<Point> points = new ArrayList<>();
        for (String method : methods) {
            // each document's estimates across runs, in corpus order; NaN where refused
            Map<Integer, double[]> values = new LinkedHashMap<>();
            for (Row row : rows) {
                if (row.method().equals(method)) {
                    double[] v = values.computeIfAbsent(row.documentIndex(), d -> new double[runs]);
                    v[row.run() - 1] = row.refused() ? Double.NaN : row.logLikelihood();
                }
            }
            Double variance = runs >= 2 ? meanVariance(values.values()) : null;
            for (int r = 1; r <= runs; r++) {
                long tokens = 0;
                double sum = 0;
                long cost = 0;
                long nanos = 0;
                int refused = 0;
                for (Row row : rows) {
                    if (row.method().equals(method) && row.run() == r) {
                        if (row.refused()) {
                            refused++;
                        } else {
                            tokens += row.length();
                            sum += row.logLikelihood();
                            cost += row.siteUpdates();
                            nanos += row.nanos();
                        }
                    }
                }
                points.add(new Point(iteration, method, r, tokens, sum, cost, nanos, variance, refused));
            }
        }
        return points;
    }

    /** Mean over documents (with every run present) of the sample variance of their estimates across runs. */
    private static Double meanVariance(Collection<double[]> perDocument) {
        double sum = 0;
        int docs = 0;
        for (double[] runs : perDocument) {
            double mean = 0;
            boolean complete = true;
            for (double v : runs) {
                complete &= !Double.isNaN(v);
                mean += v / runs.length;
            }
            if (!complete) {
                continue;
            }
            double squares = 0;
            for (double v : runs) {
                squares += (v - mean) * (v - mean);
            }
            sum += squares / (runs.length - 1);
            docs++;
        }
        return docs == 0 ? null : sum / docs;
    }

    /** A method's 95% interval over runs at one snapshot. */
    public record Interval(int iteration, String method, RunInterval interval) {
    }

    /**
     * The 95% interval over runs ({@link RunInterval}) of the corpus log-likelihood of every (snapshot, method) among
     * these points, in the order they first appear; none with fewer than two runs.
     */
    public static List<Interval> intervals(List<Point> points) {
        java.util.Map<String, List<Point>> groups = new java.util.LinkedHashMap<>();
        for (Point p : points) {
            groups.computeIfAbsent(p.iteration() + "\t" + p.method(), k -> new ArrayList<>()).add(p);
        }
        List<Interval> out = new ArrayList<>();
        for (List<Point> group : groups.values()) {
            RunInterval interval = RunInterval.of(group.stream().mapToDouble(Point::logLikelihood).toArray());
            if (interval != null) {
                out.add(new Interval(group.get(0).iteration(), group.get(0).method(), interval));
            }
        }
        return out;
    }
}
