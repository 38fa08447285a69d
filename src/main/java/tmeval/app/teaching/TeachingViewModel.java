package tmeval.app.teaching;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import tmeval.anneal.Schedule;
import tmeval.app.common.Form;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.compare.Direction;
import tmeval.compare.ModelPair;
import tmeval.compare.RatioAis;
import tmeval.compare.RatioResult;
import tmeval.anneal.AnnealingEngine;
import tmeval.sampling.TopicState;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * View-model of the teaching screen: standard AIS (prior to posterior) on one short document whose exact log P(w)
 * can be computed, so that a student can compare. It keeps every sample's running log-weight, the topic assignments
 * of the first sample at every temperature (coloured words in the view), the effective sample size
 * (sum w)^2 / sum w^2 at every temperature and a histogram of the log-weights; a step, play and pause state walks
 * through the temperatures. Beside it, ratio-AIS between models A and B in both directions (forward anneals B to A
 * and is a stochastic lower bound on log P_A(w)/P_B(w), reverse anneals A to B and is an upper one, by Jensen), and an
 * experiment repeating AIS at 10, 100 and 1000 temperatures. All runs go through the executor and can be cancelled;
 * a new run cancels the one still going.
 */
public final class TeachingViewModel {
    /** One AIS run on one document; {@code topics} holds the first sample's z at temperatures 0..n. */
    public record Run(Document document, String modelName, int temperatures, int samples, List<List<double[]>> traces,
                      double[] finalLogWeights, double estimate, double effectiveSampleSize, Double exact, long seed,
                      List<int[]> topics, double[] effectiveSampleSizes) {
        /** The inverse temperature of step j. */
        public double beta(int j) {
            return traces.get(0).get(j)[0];
        }

        /** Every sample's log-weight after step j. */
        public double[] logWeightsAt(int j) {
            double[] out = new double[traces.size()];
            for (int s = 0; s < out.length; s++) {
                out[s] = traces.get(s).get(j)[1];
            }
            return out;
        }
    }

    /** Ratio-AIS both ways; reverse traces are negated so that both end near log P_A(w) / P_B(w). */
    public record RatioRun(List<List<double[]>> forwardTraces, List<List<double[]>> reverseTraces, double forward, double reverse,
                           Double exact, String problem) {
        static RatioRun unavailable(String why) {
            return new RatioRun(List.of(), List.of(), Double.NaN, Double.NaN, null, why);
        }
    }

    /** AIS repeated {@code estimates[i].length} times at {@code temperatures[i]} temperatures. */
    public record Experiment(int[] temperatures, double[][] estimates, Double exact) {
        public double mean(int i) {
            double sum = 0;
            for (double x : estimates[i]) {
                sum += x;
            }
            return sum / estimates[i].length;
        }

        public double sd(int i) {
            double m = mean(i);
            double sum = 0;
            for (double x : estimates[i]) {
                sum += (x - m) * (x - m);
            }
            return Math.sqrt(sum / Math.max(1, estimates[i].length - 1));
        }

        public double min(int i) {
            return java.util.Arrays.stream(estimates[i]).min().orElse(Double.NaN);
        }

        public double max(int i) {
            return java.util.Arrays.stream(estimates[i]).max().orElse(Double.NaN);
        }
    }

    /** A histogram bin. */
    public record Bin(double from, double to, int count) {
    }

    /** A word of the document and the topic the first sample gives it at the current step. */
    public record Word(String text, int topic) {
    }

    /** Which model AIS runs under. */
    public enum Model {
        A("model A"), B("model B");

        private final String label;

        Model(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Documents longer than this are not offered (the point is to see every sample). */
    static final int MAX_DOCUMENT_LENGTH = 40;
    /** At most this many documents in the list. */
    static final int MAX_DOCUMENTS = 200;
    /** The first document has at least this many tokens, when one with an exact answer does: two words teach nothing. */
    static final int INSTRUCTIVE_LENGTH = 8;
    static final long EXACT_STATES = ExactEvaluator.DEFAULT_MAX_STATES;
    /** Few temperatures and samples on purpose: the spread of the weights is the lesson. */
    private static final int FIRST_TEMPERATURES = 50;
    private static final int FIRST_SAMPLES = 10;
    /** Estimates within this many nats of the exact value are called on target. */
    static final double ON_TARGET = 0.005;
    static final int[] EXPERIMENT_TEMPERATURES = {10, 100, 1000};
    static final int EXPERIMENT_RUNS = 20;
    private static final int RATIO_BURN_IN = 20;
    /** Play goes through a run in about this many ticks. */
    static final int TICKS_PER_RUN = 100;

    private final Workspace inputs;
    private final TaskExecutor executor;
    private final IntegerProperty temperatures = new SimpleIntegerProperty(FIRST_TEMPERATURES);
    private final IntegerProperty samples = new SimpleIntegerProperty(FIRST_SAMPLES);
    private final IntegerProperty tokens = new SimpleIntegerProperty(0);
    private final LongProperty seed = new SimpleLongProperty(1);
    private final ObjectProperty<Model> which = new SimpleObjectProperty<>(Model.A);
    private final ReadOnlyObjectWrapper<Document> document = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TopicModel> model = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Document> documents = FXCollections.observableArrayList();
    private final ObjectProperty<Run> run = new SimpleObjectProperty<>();
    private final ObjectProperty<RatioRun> ratio = new SimpleObjectProperty<>();
    private final ObjectProperty<Experiment> experiment = new SimpleObjectProperty<>();
    private final IntegerProperty step = new SimpleIntegerProperty(0);
    private final BooleanProperty playing = new SimpleBooleanProperty(false);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(
            "Choose a short document; changing temperatures or samples re-runs AIS at once.");
    private final ReadOnlyStringWrapper stepText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper ratioText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper experimentText = new ReadOnlyStringWrapper(
            "Repeat AIS " + EXPERIMENT_RUNS + " times at 10, 100 and 1000 temperatures to see the spread shrink around the exact value.");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final BooleanProperty experimentRunning = new SimpleBooleanProperty(false);
    private final DoubleProperty experimentProgress = new SimpleDoubleProperty(0);
    private boolean choosing;
    private CancelToken token;
    private CancelToken experimentToken;
    private final Form form = new Form();

    public TeachingViewModel(Workspace inputs, TaskExecutor executor) {
        this.inputs = inputs;
        this.executor = executor;
        temperatures.addListener((o, a, b) -> rerun());
        samples.addListener((o, a, b) -> rerun());
        tokens.addListener((o, a, b) -> rerun());
        seed.addListener((o, a, b) -> rerun());
        document.addListener((o, a, b) -> rerun());
        model.addListener((o, a, b) -> rerun());
        which.addListener((o, a, b) -> pickModel());
        inputs.modelAProperty().addListener((o, a, b) -> pickModel());
        inputs.modelBProperty().addListener((o, a, b) -> pickModel());
        inputs.corpusProperty().addListener((o, a, c) -> offer(c));
        run.addListener((o, a, r) -> {
            playing.set(false);
            step.set(r == null ? 0 : r.temperatures());
            summary.set(describe(r));
            stepText.set(describeStep());
        });
        step.addListener((o, a, b) -> stepText.set(describeStep()));
        ratio.addListener((o, a, r) -> ratioText.set(describe(r)));
        experiment.addListener((o, a, e) -> experimentText.set(describe(e)));
        pickModel();
        offer(inputs.corpusProperty().get());
    }

    private void pickModel() {
        model.set(which.get() == Model.B ? inputs.modelBProperty().get() : inputs.modelAProperty().get());
    }

    /** The short documents of a new corpus, shortest first; the instructive one is chosen. */
    private void offer(Corpus c) {
        List<Document> shortest = shortDocuments(c);
        documents.setAll(shortest);
        TopicModel a = inputs.modelAProperty().get();
        Document first = instructive(shortest, a == null ? 0 : a.numTopics());
        if (first != null) {
            choose(first);
        }
    }

    /**
     * The first document to show: the shortest with at least {@value #INSTRUCTIVE_LENGTH} tokens whose exact
     * log P(w) can be computed under K topics (K = 0: not known, length only); failing that the longest with an
     * exact answer; failing that the shortest.
     */
    static Document instructive(List<Document> shortestFirst, int numTopics) {
        if (shortestFirst.isEmpty()) {
            return null;
        }
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        Document longestExact = null;
        for (Document d : shortestFirst) {
            boolean computable = numTopics <= 0 || exact.canEvaluate(d.length(), numTopics);
            if (computable && d.length() >= INSTRUCTIVE_LENGTH) {
                return d;
            }
            if (computable) {
                longestExact = d;
            }
        }
        return longestExact != null ? longestExact : shortestFirst.get(0);
    }

    /** Runs AIS on a document, on as many of its first tokens as the exact evaluator can take under model A. */
    public void choose(Document d) {
        if (d == null || d == document.get()) {
            return;
        }
        TopicModel a = inputs.modelAProperty().get();
        choosing = true;
        try {
            if (a != null) {
                tokens.set(exactPrefix(d.length(), a.numTopics()));
            }
            document.set(d);
        } finally {
            choosing = false;
        }
        rerun();
    }

    /** The corpus's documents of at most {@value #MAX_DOCUMENT_LENGTH} tokens (all if none is), shortest first. */
    static List<Document> shortDocuments(Corpus c) {
        List<Document> out = new ArrayList<>();
        if (c != null) {
            for (Document d : c.documents()) {
                if (d.length() <= MAX_DOCUMENT_LENGTH) {
                    out.add(d);
                }
            }
            if (out.isEmpty()) {
                out.addAll(c.documents());
            }
            out.sort(Comparator.comparingInt(Document::length));
            if (out.size() > MAX_DOCUMENTS) {
                out = new ArrayList<>(out.subList(0, MAX_DOCUMENTS));
            }
        }
        return out;
    }

    /** The longest prefix of a document whose exact likelihood the evaluator can give under K topics (at least 1). */
    public static int exactPrefix(int length, int numTopics) {
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        int m = length;
        while (m > 1 && !exact.canEvaluate(m, numTopics)) {
            m--;
        }
        return m;
    }

    /** The document AIS runs on: the chosen one, cut to the first tokens when asked. */
    private Document current() {
        Document whole = document.get();
        if (whole == null) {
            return null;
        }
        return tokens.get() > 0 && tokens.get() < whole.length() ? whole.prefix(tokens.get()) : whole;
    }

    /** Runs again with the next seed: the same settings (what the fields show), other random numbers, to show the variability. */
    public void runAgainWithNewSeed() {
        if (committed()) {
            seed.set(seed.get() + 1);
        }
    }

    /** The fields' typed text, committed (a change re-runs at once); false, with the summary saying why, when one is not valid. */
    private boolean committed() {
        String typed = Form.commit(inputs.form(), form);
        if (typed != null) {
            summary.set("cannot run: " + typed);
        }
        return typed == null;
    }

    /** The teaching form's typed text, committed before a run (the view adds its fields). */
    public Form form() {
        return form;
    }

    private void rerun() {
        TopicModel m = model.get();
        Document doc = current();
        if (choosing || doc == null || m == null) {
            return;
        }
        if (token != null) {
            token.cancel();
        }
        CancelToken mine = new CancelToken();
        token = mine;
        int n = temperatures.get();
        int s = samples.get();
        long sd = seed.get();
        ModelPair pair = inputs.pairProperty().get();
        Task<Object[]> task = new Task<>() {
            @Override
            protected Object[] call() {
                Run r = ais(doc, m, n, s, sd, mine);
                RatioRun q = ratio(doc, pair, n, s, sd, mine);
                return new Object[] {r, q};
            }
        };
        busy.set(true);
        task.setOnSucceeded(e -> {
            if (token == mine) {
                run.set((Run) task.getValue()[0]);
                ratio.set((RatioRun) task.getValue()[1]);
                busy.set(false);
            }
        });
        task.setOnFailed(e -> {
            if (token == mine) {
                busy.set(false);
            }
        });
        task.setOnCancelled(e -> {
            if (token == mine) {
                busy.set(false);
            }
        });
        executor.execute(task);
    }

    /** Cancels the AIS run and the experiment still going, if any. */
    public void cancel() {
        if (token != null) {
            token.cancel();
            busy.set(false);
        }
        if (experimentToken != null) {
            experimentToken.cancel();
        }
    }

    static Run ais(Document doc, TopicModel m, int n, int s, long seed, CancelToken cancel) {
        List<List<double[]>> traces = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            List<double[]> t = new ArrayList<>();
            t.add(new double[] {0, 0});
            traces.add(t);
        }
        List<int[]> topics = new ArrayList<>();
        EstimateResult r = AnnealedImportanceSampler.standard(n, s, Schedule.UNIFORM).estimate(doc, m,
                RandomStreams.stream(seed, n, s), cancel, new AnnealedImportanceSampler.SampleTrace() {
                    @Override
                    public void step(int sample, int j, double beta, double logWeight) {
                        traces.get(sample).add(new double[] {beta, logWeight});
                    }

                    @Override
                    public void topics(int sample, int j, int[] z) {
                        if (sample == 0) {
                            topics.add(z.clone());
                        }
                    }
                });
        double[] w = r.logWeights();
        double[] ess = new double[n + 1];
        double[] at = new double[s];
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i < s; i++) {
                at[i] = traces.get(i).get(j)[1];
            }
            ess[j] = effectiveSampleSize(at);
        }
        Double exactValue = exact(doc, m, cancel);
        return new Run(doc, m.name(), n, s, traces, w, r.logValue(), effectiveSampleSize(w), exactValue, seed, topics, ess);
    }

    private static Double exact(Document doc, TopicModel m, CancelToken cancel) {
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        return exact.canEvaluate(doc.length(), m.numTopics()) ? exact.logProbability(DocumentView.of(doc), m, cancel) : null;
    }

    /** (sum w)^2 / sum w^2 of weights given by their logs. */
    static double effectiveSampleSize(double[] logWeights) {
        double[] sums = LogMath.shiftedWeightSums(logWeights);
        return sums[0] * sums[0] / sums[1];
    }

    /** Ratio-AIS on the geometric path, forward (B to A) and reverse (A to B), with the exact log ratio when known. */
    static RatioRun ratio(Document doc, ModelPair pair, int n, int s, long seed, CancelToken cancel) {
        if (pair == null) {
            return RatioRun.unavailable("Load models A and B to compare them with ratio-AIS.");
        }
        TopicModel a = pair.a();
        TopicModel b = pair.b();
        if (!a.vocabulary().equals(b.vocabulary())) {
            return RatioRun.unavailable("Ratio-AIS needs two models over the same vocabulary.");
        }
        RatioAis ais = new RatioAis(RatioAis.Path.GEOMETRIC, n, s, RATIO_BURN_IN, Schedule.UNIFORM);
        List<List<double[]>> forward = new ArrayList<>();
        List<List<double[]>> reverse = new ArrayList<>();
        RatioResult f = ais.estimate(doc, a, b, Direction.FORWARD, RandomStreams.stream(seed, n, s, 1), cancel, collector(forward, 1));
        RatioResult r = ais.estimate(doc, a, b, Direction.REVERSE, RandomStreams.stream(seed, n, s, 2), cancel, collector(reverse, -1));
        Double ea = exact(doc, a, cancel);
        Double eb = exact(doc, b, cancel);
        return new RatioRun(forward, reverse, f.logRatio(), r.logRatio(), ea == null || eb == null ? null : ea - eb, null);
    }

    /** Collects each sample's running log-weight (times sign); a new sample starts at temperature 1. */
    private static AnnealingEngine.Trace collector(List<List<double[]>> into, double sign) {
        return (segment, j, beta, logWeight) -> {
            if (j == 1) {
                List<double[]> t = new ArrayList<>();
                t.add(new double[] {0, 0});
                into.add(t);
            }
            into.get(into.size() - 1).add(new double[] {beta, sign * logWeight});
        };
    }

    /**
     * Repeats AIS {@value #EXPERIMENT_RUNS} times at each of 10, 100 and 1000 temperatures (with the samples set on
     * the form, a new seed per run) in the background, with cancel.
     */
    public void runExperiment() {
        if (!committed()) {
            return;
        }
        TopicModel m = model.get();
        Document doc = current();
        if (doc == null || m == null || experimentRunning.get()) {
            return;
        }
        CancelToken mine = new CancelToken();
        experimentToken = mine;
        int s = samples.get();
        long sd = seed.get();
        Task<Experiment> task = new Task<>() {
            @Override
            protected Experiment call() {
                return experiment(doc, m, EXPERIMENT_TEMPERATURES, EXPERIMENT_RUNS, s, sd, mine, this::updateProgress);
            }
        };
        experimentProgress.bind(task.progressProperty());
        experimentRunning.set(true);
        experimentText.set("Running AIS " + EXPERIMENT_RUNS + " times at each of 10, 100 and 1000 temperatures...");
        task.setOnSucceeded(e -> {
            endExperiment();
            experiment.set(task.getValue());
        });
        task.setOnFailed(e -> {
            endExperiment();
            experimentText.set("Experiment cancelled.");
        });
        task.setOnCancelled(e -> {
            endExperiment();
            experimentText.set("Experiment cancelled.");
        });
        executor.execute(task);
    }

    private void endExperiment() {
        experimentProgress.unbind();
        experimentRunning.set(false);
    }

    /** Receives (done, total) as the experiment's runs finish. */
    @FunctionalInterface
    interface Progress {
        void update(long done, long total);
    }

    static Experiment experiment(Document doc, TopicModel m, int[] temperatures, int runs, int samples, long seed, CancelToken cancel,
                                 Progress progress) {
        double[][] estimates = new double[temperatures.length][runs];
        long total = 0;
        for (int n : temperatures) {
            total += (long) n * runs;
        }
        long done = 0;
        for (int i = 0; i < temperatures.length; i++) {
            int n = temperatures[i];
            AnnealedImportanceSampler ais = AnnealedImportanceSampler.standard(n, samples, Schedule.UNIFORM);
            for (int r = 0; r < runs; r++) {
                cancel.check();
                estimates[i][r] = ais.estimate(doc, m, RandomStreams.stream(seed, n, r, 7), cancel).logValue();
                done += n;
                progress.update(done, total);
            }
        }
        return new Experiment(temperatures.clone(), estimates, exact(doc, m, cancel));
    }

    // ---- stepping through the temperatures

    /** One step on (or the end); stops playing. */
    public void stepForward() {
        playing.set(false);
        move(1);
    }

    public void stepBack() {
        playing.set(false);
        move(-1);
    }

    public void toStart() {
        playing.set(false);
        step.set(0);
    }

    public void toEnd() {
        playing.set(false);
        step.set(lastStep());
    }

    /** Play from where the step is (from the start when at the end), or pause. */
    public void togglePlay() {
        if (playing.get()) {
            playing.set(false);
        } else if (run.get() != null) {
            if (step.get() >= lastStep()) {
                step.set(0);
            }
            playing.set(true);
        }
    }

    /** What the view's timer calls: moves on by about a hundredth of the run; pauses at the end. */
    public void tick() {
        if (!playing.get()) {
            return;
        }
        move(Math.max(1, lastStep() / TICKS_PER_RUN));
        if (step.get() >= lastStep()) {
            playing.set(false);
        }
    }

    private void move(int by) {
        step.set(Math.max(0, Math.min(lastStep(), step.get() + by)));
    }

    private int lastStep() {
        Run r = run.get();
        return r == null ? 0 : r.temperatures();
    }

    /** The document's words with the topic the first sample gives them at the current step. */
    public List<Word> words() {
        Run r = run.get();
        Corpus c = inputs.corpusProperty().get();
        List<Word> out = new ArrayList<>();
        if (r == null || r.topics().isEmpty()) {
            return out;
        }
        int[] z = r.topics().get(Math.min(step.get(), r.topics().size() - 1));
        for (int i = 0; i < r.document().length(); i++) {
            int id = r.document().word(i);
            out.add(new Word(c != null && id < c.vocabulary().size() ? c.vocabulary().word(id) : "#" + id, z[i]));
        }
        return out;
    }

    /** The log-weights at the current step in {@code bins} equal bins (a zero-width range is widened by half a nat each way). */
    public List<Bin> histogram(int bins) {
        Run r = run.get();
        return r == null ? List.of() : histogram(r.logWeightsAt(Math.min(step.get(), r.temperatures())), bins);
    }

    static List<Bin> histogram(double[] values, int bins) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (!(hi > lo)) {
            lo -= 0.5;
            hi += 0.5;
        }
        int[] counts = new int[bins];
        double width = (hi - lo) / bins;
        for (double v : values) {
            counts[Math.min(bins - 1, (int) ((v - lo) / width))]++;
        }
        List<Bin> out = new ArrayList<>();
        for (int b = 0; b < bins; b++) {
            out.add(new Bin(lo + b * width, lo + (b + 1) * width, counts[b]));
        }
        return out;
    }

    // ---- texts

    private String describeStep() {
        Run r = run.get();
        if (r == null) {
            return "";
        }
        int j = Math.min(step.get(), r.temperatures());
        return String.format(Locale.ROOT, "step %d of %d, beta = %.3f, effective sample size %.2f of %d", j, r.temperatures(), r.beta(j),
                r.effectiveSampleSizes()[j], r.samples());
    }

    /** The lesson of a run, following its numbers: whether the estimate is below, above or on the exact value. */
    static String describe(Run r) {
        if (r == null) {
            return "";
        }
        String head = String.format(Locale.ROOT,
                "Document %s (first N = %d tokens) under %s, %d temperatures, %d samples, seed %d: AIS estimate log P(w) = %.4f",
                r.document().id(), r.document().length(), r.modelName(), r.temperatures(), r.samples(), r.seed(), r.estimate());
        String ess = String.format(Locale.ROOT, " Effective sample size %.2f of %d (the share of the weight the samples really carry).",
                r.effectiveSampleSize(), r.samples());
        String lines = " Each line starts at 0 (the prior) and adds (beta_j - beta_j-1) log P(w | z) at every temperature.";
        if (r.exact() == null) {
            return head + " (exact answer out of reach for this document)." + ess + lines
                    + " The average weight is unbiased for P(w), so its log is low on average; more temperatures shrink the gap.";
        }
        double error = r.estimate() - r.exact();
        String verdict;
        if (error < -ON_TARGET) {
            verdict = String.format(Locale.ROOT, " The estimate is low, %.4f nats below the exact value: the usual case with few"
                    + " temperatures, since the log of an unbiased average of weights is low on average (Jensen).", -error);
        } else if (error > ON_TARGET) {
            verdict = String.format(Locale.ROOT, " The estimate is high, %.4f nats above the exact value: the weights average to"
                    + " P(w), so a lucky run overshoots; run again with a new seed and it will often fall below.", error);
        } else {
            verdict = String.format(Locale.ROOT, " The estimate is within %.3f nats of the exact value.", ON_TARGET);
        }
        return head + String.format(Locale.ROOT, ", exact %.4f (error %+.4f).", r.exact(), error) + verdict + ess + lines;
    }

    static String describe(RatioRun q) {
        if (q == null) {
            return "";
        }
        if (q.problem() != null) {
            return q.problem();
        }
        String exact = q.exact() == null ? "the exact ratio is out of reach for this document"
                : String.format(Locale.ROOT, "exact %.4f", q.exact());
        boolean brackets = q.exact() != null && q.forward() <= q.exact() && q.exact() <= q.reverse();
        return String.format(Locale.ROOT, "log P_A(w) / P_B(w): forward (B to A) %.4f, reverse (A to B) %.4f, %s. Forward is a stochastic"
                + " lower bound and reverse an upper one (Jensen: E log of a mean weight <= log of its mean)%s; the gap between them"
                + " shrinks as the temperatures grow.", q.forward(), q.reverse(), exact,
                q.exact() == null ? "" : brackets ? ", and here they bracket the exact value" : ", though one run can fall outside");
    }

    static String describe(Experiment e) {
        if (e == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("AIS repeated ").append(e.estimates()[0].length).append(" times:");
        for (int i = 0; i < e.temperatures().length; i++) {
            b.append(String.format(Locale.ROOT, " %d temperatures: mean %.4f, sd %.4f, range %.4f to %.4f;", e.temperatures()[i], e.mean(i),
                    e.sd(i), e.min(i), e.max(i)));
        }
        if (e.exact() != null) {
            b.append(String.format(Locale.ROOT, " exact %.4f. The runs close in on the exact value as the temperatures grow.", e.exact()));
        }
        return b.toString();
    }

    // ---- properties

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty samplesProperty() {
        return samples;
    }

    /** Use only the first this many tokens of the document (0: all). */
    public IntegerProperty tokensProperty() {
        return tokens;
    }

    public LongProperty seedProperty() {
        return seed;
    }

    /** Model A or B. */
    public ObjectProperty<Model> whichProperty() {
        return which;
    }

    public ReadOnlyObjectProperty<Document> documentProperty() {
        return document.getReadOnlyProperty();
    }

    /** The documents offered, shortest first. */
    public ObservableList<Document> documents() {
        return documents;
    }

    public ObjectProperty<Run> runProperty() {
        return run;
    }

    public ObjectProperty<RatioRun> ratioProperty() {
        return ratio;
    }

    public ObjectProperty<Experiment> experimentProperty() {
        return experiment;
    }

    /** The temperature shown, 0 (the start, drawn from the prior) to n. */
    public IntegerProperty stepProperty() {
        return step;
    }

    public BooleanProperty playingProperty() {
        return playing;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stepTextProperty() {
        return stepText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty ratioTextProperty() {
        return ratioText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty experimentTextProperty() {
        return experimentText.getReadOnlyProperty();
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public BooleanProperty experimentRunningProperty() {
        return experimentRunning;
    }

    public DoubleProperty experimentProgressProperty() {
        return experimentProgress;
    }
}
