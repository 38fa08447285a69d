package tmeval.run.exec;

import org.apache.commons.math3.stat.StatUtils;
import tmeval.anneal.Schedule;
import tmeval.estimate.RunClock;
import tmeval.estimate.BidirectionalCheck;
import tmeval.estimate.EstimationException;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * How far a budget can be from the truth for a model at the lengths of a corpus: bidirectional Monte Carlo (Grosse,
 * Ghahramani and Adams 2015) on documents drawn from the model itself ({@link BidirectionalCheck}). For each simulated
 * document and budget, a stochastic lower bound of log P(w) (forward {@code ais} at n temperatures, or another method
 * whose log-estimate is one, {@link Methods#stochasticLowerBound}, at its budget) and a stochastic upper bound (reverse
 * AIS from the true topic assignments: at the same n for {@code ais}, at the largest budget for the other methods); the
 * width, upper - lower, bounds the lower side's error in expectation. The engine of {@code tmeval calibrate}, and what
 * {@code auto} reads to choose its starting budget ({@link Result#smallestBudget}).
 * <p>
 * Each document's simulation and runs draw from streams keyed by (seed, document, budget, method), so the result is
 * the same for any thread count.
 */
public final class Calibration {
    public static final List<Integer> DEFAULT_BUDGETS = List.of(10, 100, 1000);
    public static final int DEFAULT_DOCUMENTS = 20;
    public static final List<String> DEFAULT_METHODS = List.of(Methods.AIS);
    /** The default of a model with a logistic-normal prior: AIS over eta, whose reverse run is the upper side. */
    public static final List<String> DEFAULT_OTHER_FAMILY_METHODS = List.of(Methods.AIS_ETA);
    public static final long DEFAULT_SEED = 1;
    /** The one schedule of both directions: the one {@code ais} resolves its default to. */
    public static final Schedule SCHEDULE = Methods.get(Methods.AIS).defaults().schedule().resolve(Schedule.UNIFORM);

    private static final long SIMULATE = RandomStreams.key("calibrate/simulate");
    private static final long REVERSE = RandomStreams.key("calibrate/reverse");
    private static final long LENGTHS = RandomStreams.key("calibrate/lengths");

    private Calibration() {
    }

    /** {@link #DEFAULT_METHODS} for an LDA, {@link #DEFAULT_OTHER_FAMILY_METHODS} for a model of another family. */
    public static List<String> defaultMethods(TopicModel model) {
        return model.isLda() ? DEFAULT_METHODS : DEFAULT_OTHER_FAMILY_METHODS;
    }

    /** The method whose forward run shares the reverse run's temperatures: ais for an LDA, ais-eta for another family. */
    private static String annealing(TopicModel model) {
        return defaultMethods(model).get(0);
    }

    /**
     * One simulated document at one budget by one method.
     *
     * @param budget the method's budget: temperatures for {@code ais}, samples for the importance samplers, the chain
     *               length for {@code chib}
     * @param upperTemperatures the temperatures of the reverse run that gave {@code upper}
     * @param nanos the time of the lower side, plus the upper side's for {@code ais} (the other methods share one)
     * @param refusal why there is no width (the lower side refused the document or gave weight zero), or null
     */
    public record Row(int document, String documentId, int length, String method, int budget, double lower, double upper,
                      int upperTemperatures, long nanos, String refusal) {
        public boolean ok() {
            return refusal == null;
        }

        /** upper - lower, in nats (NaN when refused). */
        public double width() {
            return upper - lower;
        }
    }

    /**
     * The widths of one method at one budget over the documents that gave one.
     *
     * @param refused documents without a width (their reasons are in the rows)
     * @param seconds the computing time of the method's runs at this budget, summed over documents and threads
     */
    public record Summary(String method, int budget, int documents, int refused, double meanWidth, double meanWidthPerToken,
                          double medianWidth, double maxWidth, double seconds) {
    }

    /** Every row (documents in order, then methods, then budgets) and a summary per method and budget. */
    public record Result(List<Row> rows, List<Summary> summaries) {
        /**
         * The smallest budget of the method whose mean width per document is at most {@code nats}: where the bounds of
         * that method on such documents are, in expectation, that close to each other and so to the truth.
         */
        public OptionalInt smallestBudget(String method, double nats) {
            return summaries.stream().filter(s -> s.method().equals(method) && s.documents() > 0 && s.meanWidth() <= nats)
                    .mapToInt(Summary::budget).min();
        }

        /** {@link #smallestBudget(String, double)} of {@code ais}: the temperatures. */
        public OptionalInt smallestBudget(double nats) {
            return smallestBudget(Methods.AIS, nats);
        }
    }

    /** {@code ais}'s widths at each number of temperatures on documents of these lengths. */
    public static Result widths(TopicModel model, int[] lengths, List<Integer> budgets, long seed, int threads, CancelToken cancel) {
        return widths(model, lengths, DEFAULT_METHODS, budgets, seed, threads, row -> { }, Progress.NONE, cancel);
    }

    /**
     * The widths of each method at each budget on one simulated document per length.
     *
     * @param methods methods whose log-estimate is a stochastic lower bound ({@link Methods#stochasticLowerBound})
     * @param eachRow receives the rows in order (documents in order) as they are done, on the calling thread
     * @throws IllegalArgumentException naming a method that is not a stochastic lower bound, a budget below 1 or a
     *                                  length below 1
     */
    public static Result widths(TopicModel model, int[] lengths, List<String> methods, List<Integer> budgets, long seed, int threads,
                                Consumer<Row> eachRow, Progress progress, CancelToken cancel) {
        check(lengths, methods, budgets);
        List<Integer> sorted = budgets.stream().distinct().sorted().toList();
        int largest = sorted.get(sorted.size() - 1);
        BidirectionalCheck check = new BidirectionalCheck(model);
        List<Row> rows = new ArrayList<>();
        OrderedParallel.run(lengths.length, d -> document(check, model, d, lengths[d], methods, sorted, largest, seed, cancel), documentRows -> {
            for (Row r : documentRows) {
                rows.add(r);
                eachRow.accept(r);
            }
        }, threads, "tmeval-calibrate", progress, cancel, d -> "simulated document " + (d + 1) + " (N = " + lengths[d] + ")");
        List<Summary> summaries = new ArrayList<>();
        for (String method : methods) {
            for (int budget : sorted) {
                summaries.add(summarise(method, budget, rows.stream().filter(r -> r.method().equals(method) && r.budget() == budget).toList()));
            }
        }
        return new Result(Collections.unmodifiableList(rows), List.copyOf(summaries));
    }

    private static void check(int[] lengths, List<String> methods, List<Integer> budgets) {
        if (lengths.length == 0 || methods.isEmpty() || budgets.isEmpty()) {
            throw new IllegalArgumentException("calibration needs at least one document, one method and one budget");
        }
        for (int n : lengths) {
            if (n < 1) {
                throw new IllegalArgumentException("a simulated document needs at least 1 token, was " + n);
            }
        }
        for (int b : budgets) {
            if (b < 1) {
                throw new IllegalArgumentException("a budget must be at least 1, was " + b);
            }
        }
        checkMethods(methods);
    }

    /** @throws IllegalArgumentException naming a method that is unknown or whose log-estimate is no stochastic lower bound */
    public static void checkMethods(List<String> methods) {
        for (String m : methods) {
            Methods.get(m);
            if (!Methods.stochasticLowerBound(m)) {
                throw new IllegalArgumentException(m + "'s log-estimate is no stochastic lower bound of log P(w), so the sandwich does"
                        + " not apply to it; the methods it applies to: " + String.join(", ", Methods.stochasticLowerBounds()));
            }
        }
    }

    /** One simulated document: the reverse runs at each budget (shared by every method), then each method's lower side. */
    private static List<Row> document(BidirectionalCheck check, TopicModel model, int d, int length, List<String> methods,
                                      List<Integer> budgets, int largest, long seed, CancelToken cancel) {
        BidirectionalCheck.Simulated simulated = check.simulate("sim-" + (d + 1), length, RandomStreams.stream(seed, d, SIMULATE));
        double[] upper = new double[budgets.size()];
        long[] upperNanos = new long[budgets.size()];
        for (int i = 0; i < budgets.size(); i++) {
            long start = RunClock.now();
            upper[i] = check.upper(simulated, budgets.get(i), SCHEDULE, RandomStreams.stream(seed, d, budgets.get(i), REVERSE), cancel);
            upperNanos[i] = RunClock.now() - start;
        }
        List<Row> rows = new ArrayList<>();
        for (String method : methods) {
            boolean ais = method.equals(annealing(model));
            for (int i = 0; i < budgets.size(); i++) {
                int budget = budgets.get(i);
                int u = ais ? i : budgets.size() - 1;
                SplittableRandom random = RandomStreams.stream(seed, d, budget, MethodStreams.key(method));
                long start = RunClock.now();
                double lower;
                String refusal = null;
                try {
                    lower = Methods.get(method).create(Methods.withBudget(method, Methods.get(method).defaults(), budget)).estimate(simulated.document(), model, random, cancel).logValue();
                    if (!Double.isFinite(lower)) {
                        refusal = method + " gave no finite estimate (every sample had weight zero)";
                    }
                } catch (EstimationException | IllegalArgumentException e) {
                    lower = Double.NaN;
                    refusal = e.getMessage();
                }
                if (refusal == null && !Double.isFinite(upper[u])) {
                    refusal = "the reverse run gave no finite bound";
                }
                long nanos = RunClock.now() - start + (ais ? upperNanos[i] : 0);
                rows.add(new Row(d, simulated.document().id(), length, method, budget, refusal == null ? lower : Double.NaN,
                        refusal == null ? upper[u] : Double.NaN, ais ? budget : largest, nanos, refusal));
            }
        }
        return rows;
    }

    private static Summary summarise(String method, int budget, List<Row> rows) {
        List<Row> ok = rows.stream().filter(Row::ok).toList();
        double seconds = rows.stream().mapToLong(Row::nanos).sum() / 1e9;
        if (ok.isEmpty()) {
            return new Summary(method, budget, 0, rows.size(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, seconds);
        }
        double[] widths = ok.stream().mapToDouble(Row::width).toArray();
        double[] perToken = ok.stream().mapToDouble(r -> r.width() / r.length()).toArray();
        return new Summary(method, budget, ok.size(), rows.size() - ok.size(), StatUtils.mean(widths), StatUtils.mean(perToken),
                StatUtils.percentile(widths, 50), StatUtils.max(widths), seconds);
    }

    /**
     * A seeded sample of the corpus's document lengths: {@code documents} of them without replacement while the corpus
     * has that many, and further ones drawn with replacement.
     */
    public static int[] sampleLengths(Corpus corpus, int documents, long seed) {
        if (documents < 1) {
            throw new IllegalArgumentException("--documents must be at least 1");
        }
        int size = corpus.size();
        int[] order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        SplittableRandom random = RandomStreams.stream(seed, LENGTHS);
        int[] lengths = new int[documents];
        for (int i = 0; i < documents; i++) {
            int pick;
            if (i < size) {
                int j = i + random.nextInt(size - i); // a partial Fisher-Yates shuffle
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
                pick = order[i];
            } else {
                pick = random.nextInt(size);
            }
            lengths[i] = corpus.document(pick).length();
        }
        return lengths;
    }
}
