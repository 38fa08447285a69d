package tmeval.compare;

import tmeval.model.Corpus;

import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows of Foulds and Smyth's Tables 1 and 2, one per method and direction: percent of documents where A is
 * estimated better, correlation of the per-document perplexity ratio with a reference, average empirical variance
 * of the per-document perplexity ratio across runs, corpus perplexity ratio, site updates and time. Collects the
 * per-document estimates as they stream in, then computes the rows and the forward/reverse convergence checks.
 */
public final class ComparisonTable {
    /** Log ratios within this many nats of zero are ties: floating-point noise, not a win (a model against itself). */
    public static final double TIE_NATS = 1e-9;

    /**
     * One row of the table. {@code correlation} and {@code variance} are NaN-free: absent values are null.
     * {@code winsInterval} and {@code ratioInterval} are 95% intervals (a seeded bootstrap over documents: what another
     * sample of documents like these would give) of the percentage of A wins and of the corpus perplexity ratio, null
     * with fewer than two documents.
     */
    public record Row(String method, Direction direction, int documents, double percentAWins, Double correlation,
                      Double variance, double corpusPerplexityRatio, long siteUpdates, double seconds, int refused,
                      double[] winsInterval, double[] ratioInterval) {
        public String label() {
            return direction == Direction.NONE ? method : method + " (" + direction.label() + ")";
        }
    }

    /** Bootstrap resamples of the documents for the table's intervals. */
    static final int BOOTSTRAP_RESAMPLES = 1000;

    /**
     * For a ratio path run both ways: forward is a stochastic lower bound on log P(w|A) - log P(w|B), reverse an upper
     * one (Jensen), so a document whose bracket lies above or below 0 by more than its noise ({@link Decided}) is decided;
     * any other is not.
     */
    public record Brackets(String method, int forA, int forB, int undecided) {
        public String describe() {
            return String.format(Locale.ROOT, "%s brackets (first forward and first reverse runs): %d documents decided for A (above 0),"
                    + " %d for B (below), %d undecided (a bracket is %s of its ends across runs)", method, forA, forB, undecided,
                    Decided.rule());
        }
    }

    /** The brackets of each ratio method run in both directions (first runs, as {@link #paired}). */
    public List<Brackets> brackets() {
        List<Brackets> out = new ArrayList<>();
        for (String method : methods()) {
            List<PairedEstimate> pairs = paired(method, Double.MAX_VALUE);
            if (pairs.isEmpty() || !pairs.get(0).directional()) {
                continue;
            }
            int a = 0;
            int b = 0;
            for (PairedEstimate p : pairs) {
                Verdict v = p.verdict();
                if (v == Verdict.FOR_A) {
                    a++;
                } else if (v == Verdict.FOR_B) {
                    b++;
                }
            }
            out.add(new Brackets(method, a, b, pairs.size() - a - b));
        }
        return out;
    }

    /** What a document's bracket or difference says ({@link Decided}): above 0 (A), below (B), or neither by more than its noise. */
    public enum Verdict {
        FOR_A("decided for A"), FOR_B("decided for B"), UNDECIDED("undecided");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One document's estimates of one method and direction across its runs: their mean, the standard error of one
     * run's estimate (the standard deviation across the runs, the noise {@code estimate} sets against the floor) and
     * the standard error of their mean (that over the square root of the runs).
     */
    public record Spread(int runs, double mean, double runStandardError, double meanStandardError) {
    }

    /** The {@link Spread} of a document's runs of a method and direction; null with fewer than two runs in. */
    public Spread spread(String method, Direction direction, int document) {
        Arm arm = arms.get(method + "/" + direction);
        if (arm == null) {
            return null;
        }
        int n = 0;
        double mean = 0;
        double squares = 0;
        for (double v : arm.logRatio[document]) {
            if (!Double.isNaN(v)) {
                n++;
                double delta = v - mean;
                mean += delta / n;
                squares += delta * (v - mean);
            }
        }
        if (n < 2) {
            return null;
        }
        double sd = Math.sqrt(squares / (n - 1));
        return new Spread(n, mean, sd, sd / Math.sqrt(n));
    }

    private int numDocuments;
    private final int runs;
    private int[] lengths;
    private final List<String> documentIds;
    private final Map<String, Arm> arms = new LinkedHashMap<>();
    private double[] reference;
    private boolean hasReference;

    /** Per (method, direction): logRatio[document][run], NaN where refused. */
    private static final class Arm {
        final String method;
        final Direction direction;
        /** Room for at least the table's documents (a table read from a file grows as its documents come). */
        double[][] logRatio;
        long siteUpdates;
        long nanos;
        int refused;

        Arm(String method, Direction direction, int numDocuments, int runs) {
            this.method = method;
            this.direction = direction;
            this.logRatio = new double[0][];
            grow(numDocuments, runs);
        }

        void grow(int capacity, int runs) {
            int from = logRatio.length;
            logRatio = java.util.Arrays.copyOf(logRatio, capacity);
            for (int d = from; d < capacity; d++) {
                logRatio[d] = new double[runs];
                java.util.Arrays.fill(logRatio[d], Double.NaN);
            }
        }
    }

    /** A table for every document of the corpus, in corpus order. */
    public static ComparisonTable forCorpus(Corpus corpus, int runs) {
        return forCorpus(corpus, runs, length -> length);
    }

    /** A table for every document of the corpus, in corpus order, comparing {@code tokens} of a document of each length. */
    public static ComparisonTable forCorpus(Corpus corpus, int runs, java.util.function.IntUnaryOperator tokens) {
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[corpus.size()];
        for (int d = 0; d < corpus.size(); d++) {
            ids.add(corpus.document(d).id());
            lengths[d] = tokens.applyAsInt(corpus.document(d).length());
        }
        return new ComparisonTable(ids, lengths, runs);
    }

    public ComparisonTable(List<String> documentIds, int[] lengths, int runs) {
        this.documentIds = new ArrayList<>(documentIds);
        this.numDocuments = documentIds.size();
        this.lengths = lengths.clone();
        this.runs = runs;
        this.reference = new double[numDocuments];
        java.util.Arrays.fill(reference, Double.NaN);
    }

    /** A table with no document yet, for documents read one by one ({@link #addDocument}) from a file of any length. */
    public ComparisonTable(int runs) {
        this(List.of(), new int[0], runs);
    }

    /** Adds a document after the others (its arms' rows get room by doubling); returns its index. */
    public int addDocument(String id, int length) {
        if (numDocuments == lengths.length) {
            int capacity = Math.max(16, 2 * numDocuments);
            lengths = java.util.Arrays.copyOf(lengths, capacity);
            int from = reference.length;
            reference = java.util.Arrays.copyOf(reference, capacity);
            java.util.Arrays.fill(reference, from, capacity, Double.NaN);
            arms.values().forEach(a -> a.grow(capacity, runs));
        }
        documentIds.add(id);
        lengths[numDocuments] = length;
        return numDocuments++;
    }

    /** The documents in the table. */
    public int documents() {
        return numDocuments;
    }

    public void add(String method, Direction direction, int document, int run, RatioResult result) {
        Arm arm = arms.computeIfAbsent(method + "/" + direction, k -> new Arm(method, direction, lengths.length, runs));
        arm.logRatio[document][run - 1] = result.logRatio();
        arm.siteUpdates += result.siteUpdates();
        arm.nanos += result.nanos();
    }

    public void refuse(String method, Direction direction) {
        arms.computeIfAbsent(method + "/" + direction, k -> new Arm(method, direction, lengths.length, runs)).refused++;
    }

    public void addReference(int document, double logRatio) {
        reference[document] = logRatio;
        hasReference = true;
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (Arm arm : arms.values()) {
            rows.add(row(arm));
        }
        return rows;
    }

    private Row row(Arm arm) {
        int documents = 0;
        int wins2 = 0;
        double logRatioSum = 0;
        long tokens = 0;
        double varianceSum = 0;
        int varianceDocs = 0;
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int d = 0; d < numDocuments; d++) {
            double[] r = arm.logRatio[d];
            double mean = meanOf(r);
            if (Double.isNaN(mean)) {
                continue;
            }
            documents++;
            // a difference within floating-point noise is a tie, and a tie is half a win (a model against itself: 50%)
            wins2 += Math.abs(mean) <= TIE_NATS ? 1 : mean > 0 ? 2 : 0;
            logRatioSum += mean;
            tokens += lengths[d];
            double v = perplexityRatioVariance(r, lengths[d]);
            if (!Double.isNaN(v)) {
                varianceSum += v;
                varianceDocs++;
            }
            if (!Double.isNaN(reference[d])) {
                x.add(Math.exp(-r[0] / lengths[d]));
                y.add(Math.exp(-reference[d] / lengths[d]));
            }
        }
        Double correlation = null;
        if (hasReference && x.size() >= 3) {
            double c = new PearsonsCorrelation().correlation(toArray(x), toArray(y));
            correlation = Double.isNaN(c) ? null : c;
        }
        double[][] intervals = bootstrap(arm);
        return new Row(arm.method, arm.direction, documents, documents == 0 ? 0 : 50.0 * wins2 / documents, correlation,
                varianceDocs == 0 ? null : varianceSum / varianceDocs, Math.exp(-logRatioSum / Math.max(1, tokens)),
                arm.siteUpdates, arm.nanos / 1e9, arm.refused, intervals == null ? null : intervals[0], intervals == null ? null : intervals[1]);
    }

    /** 95% bootstrap intervals of A wins % and the corpus perplexity ratio, resampling documents with a fixed seed. */
    private double[][] bootstrap(Arm arm) {
        List<double[]> docs = new ArrayList<>();
        for (int d = 0; d < numDocuments; d++) {
            double mean = meanOf(arm.logRatio[d]);
            if (!Double.isNaN(mean)) {
                docs.add(new double[] {mean, lengths[d]});
            }
        }
        int n = docs.size();
        if (n < 2) {
            return null;
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(0x7ab1e);
        double[] wins = new double[BOOTSTRAP_RESAMPLES];
        double[] ratios = new double[BOOTSTRAP_RESAMPLES];
        for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
            double w = 0;
            double sum = 0;
            double tokens = 0;
            for (int i = 0; i < n; i++) {
                double[] doc = docs.get(random.nextInt(n));
                w += Math.abs(doc[0]) <= TIE_NATS ? 0.5 : doc[0] > 0 ? 1 : 0;
                sum += doc[0];
                tokens += doc[1];
            }
            wins[b] = 100.0 * w / n;
            ratios[b] = Math.exp(-sum / tokens);
        }
        java.util.Arrays.sort(wins);
        java.util.Arrays.sort(ratios);
        int low = (int) (0.025 * BOOTSTRAP_RESAMPLES);
        int high = (int) Math.ceil(0.975 * BOOTSTRAP_RESAMPLES) - 1;
        return new double[][] {{wins[low], wins[high]}, {ratios[low], ratios[high]}};
    }

    /** Mean over runs, or NaN if any run was refused. */
    private static double meanOf(double[] r) {
        double s = 0;
        for (double v : r) {
            s += v;
        }
        return s / r.length;
    }

    /** Sample variance across runs of exp(-logRatio / N); NaN with fewer than two runs. */
    private static double perplexityRatioVariance(double[] r, int length) {
        if (r.length < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double v : r) {
            mean += Math.exp(-v / length);
        }
        mean /= r.length;
        double s = 0;
        for (double v : r) {
            double dev = Math.exp(-v / length) - mean;
            s += dev * dev;
        }
        return s / (r.length - 1);
    }

    private static double[] toArray(List<Double> values) {
        double[] a = new double[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }

    /**
     * One document's two estimates of a method, side by side (Foulds and Smyth's Figure 1): for a method annealed
     * both ways its forward and reverse estimates of log P(w | A) - log P(w | B) in the first run (the pair of runs
     * that is complete first, and the same whatever the number of runs), for a method without a direction its first
     * and second runs. A directional pair whose gap exceeds the threshold is
     * flagged ({@link ConvergenceCheck#exceeds}); the run-to-run spread of a baseline is noise, not a convergence
     * failure, and is never flagged.
     */
    public record PairedEstimate(String method, int document, String documentId, int length, boolean directional,
                                 double first, double second, boolean flagged, double noise) {
        /**
         * For a ratio path run both ways: whether the bracket between the two estimates decides the document, by the one
         * rule ({@link Decided}) with {@code noise}, the combined standard error of one forward and one reverse run across
         * the runs (NaN with one run: then nothing is decided).
         */
        public Verdict verdict() {
            return Decided.of(first, second, noise);
        }

        /** first - second, in nats. */
        public double gap() {
            return first - second;
        }

        /** perp(A) / perp(B) of the first estimate. */
        public double firstPerplexityRatio() {
            return Math.exp(-first / length);
        }

        public double secondPerplexityRatio() {
            return Math.exp(-second / length);
        }
    }

    /** The methods with at least one result (not the reference), in the order their first result came. */
    public List<String> methods() {
        List<String> out = new ArrayList<>();
        for (Arm arm : arms.values()) {
            if (!out.contains(arm.method)) {
                out.add(arm.method);
            }
        }
        return out;
    }

    /**
     * Every document whose two estimates of a method are both in, in corpus order: forward against reverse (run 1)
     * when the method ran both ways, otherwise run 1 against run 2 (none with a single run).
     */
    public List<PairedEstimate> paired(String method, double threshold) {
        List<PairedEstimate> out = new ArrayList<>();
        Arm forward = arms.get(method + "/" + Direction.FORWARD);
        Arm reverse = arms.get(method + "/" + Direction.REVERSE);
        Arm none = arms.get(method + "/" + Direction.NONE);
        boolean directional = forward != null && reverse != null;
        if (!directional && (none == null || runs < 2)) {
            return out;
        }
        for (int d = 0; d < numDocuments; d++) {
            double first = directional ? forward.logRatio[d][0] : none.logRatio[d][0];
            double second = directional ? reverse.logRatio[d][0] : none.logRatio[d][1];
            if (!Double.isNaN(first) && !Double.isNaN(second)) {
                out.add(new PairedEstimate(method, d, documentIds.get(d), lengths[d], directional, first, second,
                        directional && ConvergenceCheck.exceeds(first - second, threshold), directional ? bracketNoise(method, d) : Double.NaN));
            }
        }
        return out;
    }

    /** The combined standard error of one forward and one reverse run of a document (NaN unless both have two runs or more). */
    private double bracketNoise(String method, int document) {
        Spread forward = spread(method, Direction.FORWARD, document);
        Spread reverse = spread(method, Direction.REVERSE, document);
        return forward == null || reverse == null ? Double.NaN : Decided.combined(forward.runStandardError(), reverse.runStandardError());
    }

    /** The forward/reverse check of every ratio method run in both directions, over its {@link #paired} documents. */
    public List<ConvergenceCheck> convergenceChecks(double threshold) {
        List<ConvergenceCheck> checks = new ArrayList<>();
        for (String method : methods()) {
            List<PairedEstimate> pairs = paired(method, threshold);
            if (pairs.isEmpty() || !pairs.get(0).directional()) {
                continue;
            }
            List<String> ids = new ArrayList<>();
            double[] f = new double[pairs.size()];
            double[] r = new double[pairs.size()];
            for (int i = 0; i < pairs.size(); i++) {
                ids.add(pairs.get(i).documentId());
                f[i] = pairs.get(i).first();
                r[i] = pairs.get(i).second();
            }
            checks.add(ConvergenceCheck.of(method, ids, f, r, threshold));
        }
        return checks;
    }

    /**
     * One method's 95% interval of the corpus perplexity ratio: a method run both ways has a row per direction, and its
     * interval is the hull of theirs (the two directions bracket the truth, so neither alone speaks for the method), its
     * ratio their geometric mean (the ratio of the directions' mean log ratio).
     */
    public record MethodInterval(String method, double ratio, double low, double high) {
        /** perp(A) / perp(B) below 1 over the whole interval: A predicts better; above 1: B; across 1: neither is shown. */
        public String answer() {
            return high < 1 ? "A predicts better" : low > 1 ? "B predicts better" : "cannot tell A from B";
        }
    }

    /** Two methods whose corpus intervals exclude each other: the first's lies wholly below the second's, or above it. */
    public record Disagreement(MethodInterval first, MethodInterval second) {
    }

    /** Each method's {@link MethodInterval}, in the order of the rows; a method none of whose rows has an interval has none. */
    public static List<MethodInterval> methodIntervals(List<Row> rows) {
        Map<String, List<Row>> byMethod = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.ratioInterval() != null) {
                byMethod.computeIfAbsent(r.method(), m -> new ArrayList<>()).add(r);
            }
        }
        List<MethodInterval> out = new ArrayList<>();
        byMethod.forEach((method, own) -> {
            double logSum = 0;
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (Row r : own) {
                logSum += Math.log(r.corpusPerplexityRatio());
                low = Math.min(low, r.ratioInterval()[0]);
                high = Math.max(high, r.ratioInterval()[1]);
            }
            out.add(new MethodInterval(method, Math.exp(logSum / own.size()), low, high));
        });
        return out;
    }

    /**
     * Every pair of methods whose corpus intervals ({@link #methodIntervals}) do not overlap, in the order of the rows:
     * two estimates of one corpus ratio that cannot both be right, which no summary may leave unsaid.
     */
    public static List<Disagreement> disagreements(List<Row> rows) {
        List<MethodInterval> intervals = methodIntervals(rows);
        List<Disagreement> out = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            for (int j = i + 1; j < intervals.size(); j++) {
                MethodInterval a = intervals.get(i);
                MethodInterval b = intervals.get(j);
                if (a.high() < b.low() || b.high() < a.low()) {
                    out.add(new Disagreement(a, b));
                }
            }
        }
        return out;
    }

    /** The table as aligned text, for the terminal. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-28s %6s %9s %11s %12s %10s %14s %9s%n", "method", "docs", "A wins %",
                "corr. ref", "var(ratio)", "corpus pr", "site updates", "seconds"));
        for (Row r : rows()) {
            sb.append(String.format(Locale.ROOT, "%-28s %6d %9.1f %11s %12s %10.4f %14d %9.2f%n", r.label(), r.documents(), r.percentAWins(),
                    r.correlation() == null ? "-" : String.format(Locale.ROOT, "%.4f", r.correlation()),
                    r.variance() == null ? "-" : String.format(Locale.ROOT, "%.3e", r.variance()),
                    r.corpusPerplexityRatio(), r.siteUpdates(), r.seconds()));
        }
        if (rows().stream().anyMatch(r -> r.winsInterval() != null)) {
            sb.append("95% intervals (seeded bootstrap over documents):\n");
            for (Row r : rows()) {
                if (r.winsInterval() != null) {
                    sb.append(String.format(Locale.ROOT, "  %-26s A wins %.1f%% to %.1f%%, corpus pr %.4f to %.4f%n", r.label(),
                            r.winsInterval()[0], r.winsInterval()[1], r.ratioInterval()[0], r.ratioInterval()[1]));
                }
            }
        }
        for (Brackets b : brackets()) {
            sb.append(b.describe()).append('\n');
        }
        return sb.toString();
    }
}
