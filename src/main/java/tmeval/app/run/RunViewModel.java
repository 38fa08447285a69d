package tmeval.app.run;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;
import javafx.util.Duration;
import tmeval.app.common.Failures;
import tmeval.app.common.Results;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.compare.ModelPair;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;
import tmeval.run.ComparisonPlan;
import tmeval.run.ComparisonRunner;
import tmeval.run.CostModel;
import tmeval.run.Throughput;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * View-model of the run screen: the methods and their settings (the same {@link MethodSettings} the command line
 * fills), the predicted cost, and the comparison job itself, run as a {@link Task} whose results stream into
 * {@link Results} in batches; progress, ETA and a cancel that stops every worker within a second. Starting while
 * a job runs queues the new one.
 */
public final class RunViewModel {
    /** A queued comparison: the plan captured when Run was pressed. */
    public record JobSpec(ComparisonPlan plan, String label) {
    }

    /**
     * What executes a job, handing each result to {@code asFinished} the moment it is computed (not in corpus order:
     * the views need no file order, and one long document must not hold back the others); tests put a failing one
     * in its place.
     */
    @FunctionalInterface
    interface Runner {
        void run(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel);
    }

    /** The engine, results as they finish; nothing needs them in corpus order here. */
    static void runAsFinished(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> asFinished, Progress progress, CancelToken cancel) {
        ComparisonRunner.run(job, asFinished, r -> { }, progress, cancel);
    }

    /** The plan the form starts from: the command line's defaults (one place for both). */
    private static final ComparisonPlan DEFAULTS = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());

    private final Workspace inputs;
    private final Results results;
    private final TaskExecutor executor;
    private final Path ratesFile;
    private final Runner runner;
    private BiConsumer<String, String> errorHandler = (title, message) -> { };
    private final Map<String, BooleanProperty> methods = new LinkedHashMap<>();
    private final IntegerProperty temperatures = new SimpleIntegerProperty(DEFAULTS.settings().temperatures());
    private final IntegerProperty samples = new SimpleIntegerProperty(DEFAULTS.settings().samples());
    private final IntegerProperty burnIn = new SimpleIntegerProperty(DEFAULTS.settings().burnIn());
    private final ObjectProperty<Schedule> schedule = new SimpleObjectProperty<>(DEFAULTS.settings().schedule());
    private final IntegerProperty runs = new SimpleIntegerProperty(DEFAULTS.runs());
    private final IntegerProperty seed = new SimpleIntegerProperty((int) DEFAULTS.seed());
    private final IntegerProperty threads = new SimpleIntegerProperty(DEFAULTS.threads());
    private final ObjectProperty<ComparisonPlan.Reference> reference = new SimpleObjectProperty<>(DEFAULTS.reference());
    private final IntegerProperty referenceParticles = new SimpleIntegerProperty(DEFAULTS.referenceParticles());
    private final StringProperty cost = new SimpleStringProperty("");
    private final DoubleProperty costSeconds = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty lastJobSeconds = new SimpleDoubleProperty(Double.NaN);
    private final StringProperty queueText = new SimpleStringProperty("");
    /** Exact's speed in {@link #exactWork} units per second per thread: measured once by the calibration, then by jobs. */
    private final DoubleProperty exactRate = new SimpleDoubleProperty(Double.NaN);
    /**
     * The share of min(threads, cores) a finished job actually kept busy (its tasks' summed time over its wall time):
     * a busy machine, a tail of long documents, the workers' start; 1 until a job has finished.
     */
    private double parallelEfficiency = 1;
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty message = new SimpleStringProperty("ready");
    private final StringProperty eta = new SimpleStringProperty("");
    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final ObservableList<JobSpec> queue = FXCollections.observableArrayList();
    private final DoubleProperty siteUpdatesPerSecond = new SimpleDoubleProperty(Double.NaN);
    private final ObjectProperty<Throughput> throughput = new SimpleObjectProperty<>(Throughput.none());
    private final ObjectProperty<ComparisonPlan> lastPlan = new SimpleObjectProperty<>();
    private CancelToken cancelToken;
    private Task<Void> current;
    private Runnable onJobFinished = () -> { };

    /** Receives (title, message) when a job fails other than by a cancel; the workbench shows a dialog. */
    public void setErrorHandler(BiConsumer<String, String> handler) {
        this.errorHandler = handler;
    }

    /**
     * @param ratesFile where 'tmeval bench' saved its speed measurements ({@link Throughput#defaultFile()} in the
     *                  workbench; tests point it into a temporary folder)
     */
    public RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile) {
        this(inputs, results, executor, ratesFile, RunViewModel::runAsFinished);
    }

    RunViewModel(Workspace inputs, Results results, TaskExecutor executor, Path ratesFile, Runner runner) {
        this.runner = runner;
        this.inputs = inputs;
        this.results = results;
        this.executor = executor;
        this.ratesFile = ratesFile;
        for (String name : ComparisonMethods.names()) {
            BooleanProperty p = new SimpleBooleanProperty(DEFAULTS.methods().contains(name));
            p.addListener((o, a, b) -> updateCost());
            methods.put(name, p);
        }
        for (var p : List.of(temperatures, samples, burnIn, runs, threads, referenceParticles)) {
            p.addListener((o, a, b) -> updateCost());
        }
        reference.addListener((o, a, b) -> updateCost());
        schedule.addListener((o, a, b) -> updateCost());
        exactRate.addListener((o, a, b) -> updateCost());
        siteUpdatesPerSecond.addListener((o, a, b) -> updateCost());
        // the pair is prepared for the first selected method that anneals between the models (it needs the same K)
        for (BooleanProperty on : methods.values()) {
            on.addListener((o, a, b) -> inputs.annealingMethodProperty().set(annealingMethod()));
        }
        inputs.annealingMethodProperty().set(annealingMethod());
        queue.addListener((javafx.collections.ListChangeListener<JobSpec>) c -> queueText.set(queue.isEmpty() ? ""
                : "queued: " + String.join("; ", queue.stream().map(JobSpec::label).toList())));
        throughput.addListener((o, a, b) -> updateCost());
        loadSavedRates();
        updateCost();
        inputs.corpusProperty().addListener((o, a, b) -> {
            updateCost();
            calibrate();
        });
        inputs.pairProperty().addListener((o, a, b) -> calibrate());
    }

    public MethodSettings settings() {
        return DEFAULTS.settings().withTemperatures(temperatures.get()).withSamples(samples.get()).withBurnIn(burnIn.get())
                .withSchedule(schedule.get());
    }

    /**
     * The comparison the form describes, as the command line would build it from the same settings.
     *
     * @throws IllegalArgumentException naming the setting that is not valid (no method selected, say)
     */
    public ComparisonPlan plan() {
        return new ComparisonPlan(selectedMethods(), DEFAULTS.directions(), settings(), runs.get(), seed.get(), threads.get(),
                reference.get(), referenceParticles.get(), inputs.alignProperty().get(), false, DEFAULTS.gapThreshold());
    }

    /**
     * Help for a method's check box: its registry description, its bias and its cost in words, the cost at the
     * form's settings for a document of 100 tokens.
     */
    public String methodHelp(String name) {
        ComparisonMethods.Method m = ComparisonMethods.get(name);
        String bias;
        if (name.equals(ComparisonMethods.EXACT)) {
            bias = "No bias and no variance: the exact answer, for documents short enough that their topic-count states fit the limit;"
                    + " longer documents are refused. Cost: grows with the number of states, C(N + K - 1, K - 1), not with the settings.";
        } else {
            String cost = String.format(Locale.ROOT, "Cost: about %,d Gibbs site updates for a 100-token document at the current settings.",
                    m.siteUpdates(settings(), 100, DEFAULTS.directions().count()));
            bias = (m.directional()
                    ? "Anneals between the two models: run forward and reverse, the two directions bracket the true ratio"
                    + " (a stochastic lower and upper bound), so their gap shows how far from converged it is; needs models of the same K."
                    : "Estimates each model on its own and subtracts: each estimate's bias (an underestimate of log P(w) on average)"
                    + " and noise do not cancel in the difference; works for models of different K.") + " " + cost;
        }
        return name + ": " + m.description() + ".\n" + bias;
    }

    /** The first selected method that anneals between the models, as {@link ComparisonPlan#annealingMethod()} says. */
    private String annealingMethod() {
        return selectedMethods().stream().filter(n -> ComparisonMethods.get(n).directional()).findFirst().orElse(null);
    }

    public List<String> selectedMethods() {
        List<String> out = new ArrayList<>();
        methods.forEach((name, on) -> {
            if (on.get()) {
                out.add(name);
            }
        });
        return out;
    }

    private void updateCost() {
        Corpus corpus = inputs.corpusProperty().get();
        if (corpus == null) {
            cost.set("load models and a corpus to see the cost");
            costSeconds.set(Double.NaN);
            return;
        }
        ComparisonPlan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            cost.set(e.getMessage());
            costSeconds.set(Double.NaN);
            return;
        }
        Map<String, Long> updates = CostModel.siteUpdatesByMethod(corpus, plan);
        long total = updates.values().stream().mapToLong(Long::longValue).sum();
        Throughput rates = throughput.get();
        // each method's updates at its own per-thread rate (the reference run's too), then spread over the threads
        // the machine really gives a job: min(threads, cores), times the share the last job achieved
        double s = CostModel.seconds(updates, rates, siteUpdatesPerSecond.get(), 1);
        double exactWork = 0;
        if (plan.methods().contains(ComparisonMethods.EXACT) && inputs.modelAProperty().get() != null) {
            exactWork = exactWork(corpus, inputs.modelAProperty().get().numTopics(), plan.settings().maxExactStates()) * plan.runs();
            s += exactWork == 0 ? 0 : exactWork / exactRate.get();
        }
        s /= parallelism(threads.get());
        costSeconds.set(s);
        String source = CostModel.allMeasured(updates, rates) ? rates.source()
                : rates.rates().isEmpty() ? "quick calibration" : rates.source() + "; calibration for the rest";
        String time = Double.isNaN(s) ? "calibrating..." : "about " + seconds(s) + " (rates: " + source + ")";
        String exact = exactWork > 0 ? String.format(Locale.ROOT, " + %.3g exact state updates", exactWork) : "";
        cost.set(String.format(Locale.ROOT, "%.3g site updates%s, %s", (double) total, exact, time));
    }

    /** Threads a job of this many threads keeps busy on this machine, as the last job measured it. */
    private double parallelism(int threadCount) {
        return Math.max(1e-3, Math.min(threadCount, Runtime.getRuntime().availableProcessors()) * parallelEfficiency);
    }

    /**
     * Exact's work on a corpus in both models: its dynamic programme visits, token by token, every topic-count vector
     * of the prefix, each with K successors (C(i + K - 1, K - 1) states after i tokens, {@link ExactEvaluator#stateCount});
     * a document above the state limit is refused at once and costs nothing.
     */
    static double exactWork(Corpus corpus, int numTopics, long maxStates) {
        double work = 0;
        for (Document d : corpus.documents()) {
            work += exactWork(d.length(), numTopics, maxStates);
        }
        return work;
    }

    static double exactWork(int length, int numTopics, long maxStates) {
        if (ExactEvaluator.stateCount(length, numTopics) > maxStates) {
            return 0;
        }
        double work = 0;
        for (int i = 1; i <= length; i++) {
            work += ExactEvaluator.stateCount(i, numTopics) * numTopics;
        }
        return 2 * work;
    }

    /** The rates 'tmeval bench' saved, if any (read off the FX thread; a damaged file is reported, not fatal). */
    private void loadSavedRates() {
        Task<Throughput> task = new Task<>() {
            @Override
            protected Throughput call() throws Exception {
                return Throughput.read(ratesFile);
            }
        };
        task.setOnSucceeded(e -> {
            if (throughput.get().rates().isEmpty()) {
                throughput.set(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (!message.isBound()) { // a job's progress owns the message while it runs
                message.set("saved speed measurements not used: " + task.getException().getMessage());
            }
        });
        executor.execute(task);
    }

    /**
     * Site updates per second per thread of each method in a finished job, from the tasks' own times: the best
     * estimate of what the next job on this machine and these models will cost.
     */
    private static Map<String, Double> measuredRates(List<ComparisonRunner.Result> results) {
        Map<String, long[]> sums = new LinkedHashMap<>();
        for (ComparisonRunner.Result r : results) {
            if (r.refused() || r.method().equals(ComparisonMethods.EXACT)) { // exact is priced by its states
                continue;
            }
            String key = Throughput.estimatorFor(r.method());
            long[] sum = sums.computeIfAbsent(key, k -> new long[2]);
            sum[0] += r.result().siteUpdates();
            sum[1] += r.result().nanos();
        }
        Map<String, Double> rates = new LinkedHashMap<>();
        sums.forEach((k, v) -> {
            if (v[0] > 0 && v[1] > 100_000_000L) { // at least 0.1 s of work, or the rate is mostly timer noise
                rates.put(k, v[0] / (v[1] / 1e9));
            }
        });
        return rates;
    }

    private static String seconds(double s) {
        return s < 90 ? String.format(Locale.ROOT, "%.0f s", Math.max(1, s)) : String.format(Locale.ROOT, "%.1f min", s / 60);
    }

    /**
     * Measures site updates per second per thread with a quick ratio-convex run on a few documents, and, once, the
     * speed of exact on the shortest documents it evaluates (exact costs no Gibbs sweeps, so no site-update rate
     * prices it).
     */
    private void calibrate() {
        ModelPair pair = inputs.pairProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (pair == null || corpus == null || corpus.size() == 0) {
            return;
        }
        boolean measureExact = Double.isNaN(exactRate.get());
        long maxStates = DEFAULTS.settings().maxExactStates();
        Task<double[]> task = new Task<>() {
            @Override
            protected double[] call() {
                // short runs are all set-up and a cold JIT (a 30-temperature probe read a tenth of the real rate): warm up,
                // then time runs long enough per document, for at least half a second
                ModelComparison warmUp = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(DEFAULTS.settings().withTemperatures(30).withBurnIn(5));
                ModelComparison probe = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(DEFAULTS.settings().withTemperatures(300).withBurnIn(30));
                int documents = Math.min(20, corpus.size());
                for (int d = 0; d < documents; d++) {
                    warmUp.estimate(corpus.document(d), pair.a(), pair.b(), Direction.FORWARD, new SplittableRandom(d), new CancelToken());
                }
                long updates = 0;
                long start = System.nanoTime();
                for (int round = 0; round < 20 && (round == 0 || System.nanoTime() - start < 500_000_000L); round++) {
                    for (int d = 0; d < documents; d++) {
                        Document doc = corpus.document(d);
                        updates += probe.estimate(doc, pair.a(), pair.b(), Direction.FORWARD, new SplittableRandom(d), new CancelToken()).siteUpdates();
                    }
                }
                double rate = updates / ((System.nanoTime() - start) / 1e9);
                return new double[] {rate, measureExact ? exactRate(corpus, pair, maxStates) : Double.NaN};
            }
        };
        task.setOnSucceeded(e -> {
            siteUpdatesPerSecond.set(task.getValue()[0]);
            if (!Double.isNaN(task.getValue()[1]) && Double.isNaN(exactRate.get())) {
                exactRate.set(task.getValue()[1]);
            }
        });
        executor.execute(task);
    }

    /** Exact's work units per second on up to 20 documents it evaluates (for at most about half a second), or NaN. */
    private static double exactRate(Corpus corpus, ModelPair pair, long maxStates) {
        ModelComparison exact = ComparisonMethods.get(ComparisonMethods.EXACT).create(DEFAULTS.settings());
        int k = pair.a().numTopics();
        double work = 0;
        long nanos = 0;
        int measured = 0;
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up, as above
            work = 0;
            measured = 0;
            long start = System.nanoTime();
            for (int d = 0; d < corpus.size() && measured < 20 && System.nanoTime() - start < 500_000_000L; d++) {
                Document doc = corpus.document(d);
                double w = exactWork(doc.length(), k, maxStates);
                if (w > 0) {
                    exact.estimate(doc, pair.a(), pair.b(), Direction.NONE, new SplittableRandom(d), new CancelToken());
                    work += w;
                    measured++;
                }
            }
            nanos = System.nanoTime() - start;
        }
        return work > 0 && nanos > 0 ? work / (nanos / 1e9) : Double.NaN;
    }

    /** Runs the selected methods now, or queues them behind the running job. */
    public void start() {
        ComparisonPlan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            message.set(e.getMessage());
            return;
        }
        JobSpec spec = new JobSpec(plan, String.join(", ", plan.methods())
                + String.format(Locale.ROOT, " (n = %d, %d runs)", plan.settings().temperatures(), plan.runs()));
        if (running.get()) {
            // the running job's progress owns the message line; the queue shows beside it
            queue.add(spec);
            return;
        }
        launch(spec);
    }

    private void launch(JobSpec spec) {
        ModelPair pair = inputs.pairProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (pair == null || corpus == null) {
            message.set(inputs.pairProblemProperty().get().isEmpty() ? "load models A and B and a held-out corpus first"
                    : "cannot run: " + inputs.pairProblemProperty().get());
            return;
        }
        ComparisonRunner.Job job = ComparisonRunner.Job.of(spec.plan(), corpus, pair);
        List<String> keys = new ArrayList<>();
        for (ComparisonRunner.Arm arm : job.arms()) {
            keys.add(arm.key());
        }
        if (job.reference() != null) {
            keys.add("reference");
        }
        results.forget(keys);
        results.setGapThreshold(spec.plan().gapThreshold());
        results.partialProperty().set("");
        lastPlan.set(spec.plan());
        CancelToken token = new CancelToken();
        ConcurrentLinkedQueue<ComparisonRunner.Result> pending = new ConcurrentLinkedQueue<>();
        int perDocument = job.arms().size() * job.runs() + (job.reference() == null ? 0 : 1);
        int[] perDocumentDone = new int[corpus.size()];
        int[] documentsDone = {0};
        long start = System.nanoTime();
        double predicted = costSeconds.get();
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() {
                runner.run(job, pending::add, (done, total, doc) -> {
                    updateProgress(done, total);
                    updateMessage(String.format(Locale.ROOT, "%s: %d of %d tasks done, last document %s", spec.label(), done, total, doc));
                }, token);
                return null;
            }
        };
        Runnable updateEta = () -> {
            if (current != task) {
                return; // a late progress report of a finished or cancelled job must not bring its ETA back
            }
            double p = task.getProgress();
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (p > 0 && p < 1) {
                eta.set("about " + seconds(elapsed * (1 - p) / p) + " left");
            } else if (p <= 0 && predicted > 0) {
                eta.set("about " + seconds(Math.max(1, predicted - elapsed)) + " left (predicted)");
            }
        };
        // results reach the views in batches, at most ten times a second, never one FX call per document;
        // the ETA follows the clock every second even while no task finishes. A view that redraws slowly must not
        // starve the FX thread (progress, ETA and Cancel live there too): the next batch waits at least three times
        // as long as the last one took to show
        int[] ticks = {0};
        long[] nextDrain = {0};
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(100), e -> {
            long now = System.nanoTime();
            if (now >= nextDrain[0]) {
                drain(pending, perDocument, perDocumentDone, documentsDone);
                long took = System.nanoTime() - now;
                nextDrain[0] = System.nanoTime() + Math.max(0, 3 * took - 100_000_000L);
            }
            if (++ticks[0] % 10 == 0) {
                updateEta.run();
            }
        }));
        drain.setCycleCount(Timeline.INDEFINITE);
        progress.bind(task.progressProperty());
        message.bind(task.messageProperty());
        task.progressProperty().addListener((o, a, b) -> updateEta.run());
        task.setOnSucceeded(e -> {
            // each method's rate in this job replaces the saved or calibrated one in the next cost preview, and how
            // many threads it kept busy replaces the assumption of all of them
            long wall = System.nanoTime() - start;
            drain(pending, perDocument, perDocumentDone, documentsDone);
            List<ComparisonRunner.Result> mine = results.all().stream().filter(r -> keys.contains(Results.key(r))).toList();
            learnFrom(mine, wall, job.threads(), pair.a().numTopics(), spec.plan().settings().maxExactStates());
            lastJobSeconds.set(wall / 1e9);
            finish(drain, pending, String.format(Locale.ROOT, "finished %s in %.1f s", spec.label(), wall / 1e9), () -> { });
        });
        Runnable partial = () -> results.partialProperty().set(String.format(Locale.ROOT, "partial: cancelled after %d of %d documents",
                documentsDone[0], corpus.size()));
        task.setOnCancelled(e -> finish(drain, pending, "cancelled " + spec.label(), partial));
        task.setOnFailed(e -> {
            boolean cancelled = task.getException() instanceof CancelledException;
            finish(drain, pending, cancelled ? "cancelled " + spec.label() : "failed: " + Failures.describe(task.getException()),
                    cancelled ? partial : () -> results.partialProperty().set(String.format(Locale.ROOT,
                            "partial: the job failed after %d of %d documents", documentsDone[0], corpus.size())));
            if (!cancelled) {
                errorHandler.accept("The job failed", spec.label() + ": " + Failures.describe(task.getException()));
            }
        });
        cancelToken = token;
        current = task;
        drainJob = () -> drain(pending, perDocument, perDocumentDone, documentsDone);
        running.set(true);
        drain.play();
        executor.execute(task);
    }

    /** What a finished job teaches the cost preview: per-thread rates, exact's speed and the parallelism achieved. */
    private void learnFrom(List<ComparisonRunner.Result> mine, long wallNanos, int jobThreads, int numTopics, long maxStates) {
        Map<String, Double> measured = measuredRates(mine);
        long taskNanos = 0;
        double exactWorkDone = 0;
        long exactNanos = 0;
        for (ComparisonRunner.Result r : mine) {
            if (r.refused()) {
                continue;
            }
            taskNanos += r.result().nanos();
            if (r.method().equals(ComparisonMethods.EXACT)) {
                exactWorkDone += exactWork(r.length(), numTopics, maxStates); // both models: one result is their difference
                exactNanos += r.result().nanos();
            }
        }
        if (exactNanos > 100_000_000L && exactWorkDone > 0) {
            exactRate.set(exactWorkDone / (exactNanos / 1e9));
        }
        if (wallNanos > 200_000_000L && taskNanos > 0) {
            double threadsBusy = (double) taskNanos / wallNanos;
            parallelEfficiency = Math.max(0.05, Math.min(1, threadsBusy / Math.min(jobThreads, Runtime.getRuntime().availableProcessors())));
        }
        if (!measured.isEmpty()) {
            throughput.set(throughput.get().with(measured, numTopics, "last run"));
        }
        updateCost();
    }

    private Runnable drainJob = () -> { };

    private void drain(ConcurrentLinkedQueue<ComparisonRunner.Result> pending, int perDocument, int[] perDocumentDone, int[] documentsDone) {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        ComparisonRunner.Result r;
        while ((r = pending.poll()) != null) {
            batch.add(r);
            if (r.documentIndex() < perDocumentDone.length && ++perDocumentDone[r.documentIndex()] == perDocument) {
                documentsDone[0]++;
            }
        }
        if (!batch.isEmpty()) {
            results.addAll(batch);
        }
    }

    private void finish(Timeline drain, ConcurrentLinkedQueue<ComparisonRunner.Result> pending, String finalMessage, Runnable mark) {
        drain.stop();
        drainJob.run();
        drainJob = () -> { };
        current = null;
        progress.unbind();
        message.unbind();
        eta.set("");
        message.set(finalMessage);
        mark.run();
        running.set(false);
        onJobFinished.run();
        if (!queue.isEmpty() && !finalMessage.startsWith("cancelled")) {
            launch(queue.remove(0));
        }
    }

    /** Stops the running job (every worker within about a second) and drops the queue. */
    public void cancel() {
        queue.clear();
        if (cancelToken != null) {
            cancelToken.cancel();
        }
        if (current != null) {
            current.cancel(true);
        }
    }

    public void setOnJobFinished(Runnable r) {
        onJobFinished = r;
    }

    public Map<String, BooleanProperty> methods() {
        return methods;
    }

    public IntegerProperty temperaturesProperty() {
        return temperatures;
    }

    public IntegerProperty samplesProperty() {
        return samples;
    }

    public IntegerProperty burnInProperty() {
        return burnIn;
    }

    public ObjectProperty<Schedule> scheduleProperty() {
        return schedule;
    }

    public IntegerProperty runsProperty() {
        return runs;
    }

    public IntegerProperty seedProperty() {
        return seed;
    }

    public IntegerProperty threadsProperty() {
        return threads;
    }

    public ObjectProperty<ComparisonPlan.Reference> referenceProperty() {
        return reference;
    }

    public IntegerProperty referenceParticlesProperty() {
        return referenceParticles;
    }

    public StringProperty costProperty() {
        return cost;
    }

    /** The cost preview's seconds for the form's job on the loaded inputs, NaN while some rate is unknown. */
    public DoubleProperty costSecondsProperty() {
        return costSeconds;
    }

    /** Wall-clock seconds of the last job that finished, NaN before one has. */
    public DoubleProperty lastJobSecondsProperty() {
        return lastJobSeconds;
    }

    /** "queued: ..." naming the jobs waiting behind the running one, or empty. */
    public StringProperty queueTextProperty() {
        return queueText;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public StringProperty etaProperty() {
        return eta;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public ObservableList<JobSpec> queue() {
        return queue;
    }

    /** The plan of the last job started: what made the results, for the provenance of their export. */
    public ObjectProperty<ComparisonPlan> lastPlanProperty() {
        return lastPlan;
    }

    /** Permute B's topics to A's before annealing: part of the plan, and of how the pair is prepared. */
    public BooleanProperty alignProperty() {
        return inputs.alignProperty();
    }
}
