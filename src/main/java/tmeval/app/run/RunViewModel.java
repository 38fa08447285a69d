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

    /** What executes a job: {@link ComparisonRunner#run} (tests put a failing one in its place). */
    @FunctionalInterface
    interface Runner {
        void run(ComparisonRunner.Job job, Consumer<ComparisonRunner.Result> consumer, Progress progress, CancelToken cancel);
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
        this(inputs, results, executor, ratesFile, ComparisonRunner::run);
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
        siteUpdatesPerSecond.addListener((o, a, b) -> updateCost());
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
            return;
        }
        ComparisonPlan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            cost.set(e.getMessage());
            return;
        }
        Map<String, Long> updates = CostModel.siteUpdatesByMethod(corpus, plan);
        long total = updates.values().stream().mapToLong(Long::longValue).sum();
        Throughput rates = throughput.get();
        double parallel = Math.min(threads.get(), Runtime.getRuntime().availableProcessors());
        double s = CostModel.seconds(updates, rates, siteUpdatesPerSecond.get(), parallel);
        String source = CostModel.allMeasured(updates, rates) ? rates.source()
                : rates.rates().isEmpty() ? "quick calibration" : rates.source() + "; calibration for the rest";
        String time = Double.isNaN(s) ? "calibrating..." : "about " + seconds(s) + " (rates: " + source + ")";
        cost.set(String.format(Locale.ROOT, "%.3g site updates, %s", (double) total, time));
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
            if (r.refused() || r.method().equals(ComparisonMethods.EXACT)) {
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

    /** Measures site updates per second per thread with a quick ratio-convex run on a few documents. */
    private void calibrate() {
        ModelPair pair = inputs.pairProperty().get();
        Corpus corpus = inputs.corpusProperty().get();
        if (pair == null || corpus == null || corpus.size() == 0) {
            return;
        }
        Task<Double> task = new Task<>() {
            @Override
            protected Double call() {
                ModelComparison probe = ComparisonMethods.get(ComparisonMethods.RATIO_CONVEX).create(DEFAULTS.settings().withTemperatures(30).withBurnIn(5));
                double rate = Double.NaN;
                // twice: the first pass pays for class loading and compilation, the second measures
                for (int pass = 0; pass < 2; pass++) {
                    long updates = 0;
                    long start = System.nanoTime();
                    for (int d = 0; d < Math.min(20, corpus.size()); d++) {
                        Document doc = corpus.document(d);
                        updates += probe.estimate(doc, pair.a(), pair.b(), Direction.FORWARD, new SplittableRandom(d), new CancelToken()).siteUpdates();
                    }
                    rate = updates / ((System.nanoTime() - start) / 1e9);
                }
                return rate;
            }
        };
        task.setOnSucceeded(e -> siteUpdatesPerSecond.set(task.getValue()));
        executor.execute(task);
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
            // the running job's progress owns the message line; the queue's length shows beside it
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
                    : inputs.pairProblemProperty().get());
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
        lastPlan.set(spec.plan());
        CancelToken token = new CancelToken();
        ConcurrentLinkedQueue<ComparisonRunner.Result> pending = new ConcurrentLinkedQueue<>();
        long start = System.nanoTime();
        Task<Void> task = new Task<>() {
            @Override
            protected Void call() {
                runner.run(job, pending::add, (done, total, doc) -> {
                    updateProgress(done, total);
                    updateMessage(String.format(Locale.ROOT, "%s: document %s (%d of %d tasks)", spec.label(), doc, done, total));
                }, token);
                return null;
            }
        };
        // results reach the views in batches, ten times a second, never one FX call per document
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(100), e -> drain(pending)));
        drain.setCycleCount(Timeline.INDEFINITE);
        progress.bind(task.progressProperty());
        message.bind(task.messageProperty());
        task.progressProperty().addListener((o, a, b) -> {
            double p = b.doubleValue();
            double elapsed = (System.nanoTime() - start) / 1e9;
            eta.set(p > 0 && p < 1 ? "about " + seconds(elapsed * (1 - p) / p) + " left" : "");
        });
        task.setOnSucceeded(e -> {
            // each method's rate in this job replaces the saved or calibrated one in the next cost preview
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Double> measured = measuredRates(results.all().stream().filter(r -> keys.contains(Results.key(r))).toList());
            if (!measured.isEmpty()) {
                throughput.set(throughput.get().with(measured, pair.a().numTopics(), "last run"));
            }
            finish(drain, pending, String.format(Locale.ROOT, "finished %s in %.1f s", spec.label(), seconds));
        });
        task.setOnCancelled(e -> finish(drain, pending, "cancelled " + spec.label()));
        task.setOnFailed(e -> {
            boolean cancelled = task.getException() instanceof CancelledException;
            finish(drain, pending, cancelled ? "cancelled " + spec.label() : "failed: " + Failures.describe(task.getException()));
            if (!cancelled) {
                errorHandler.accept("The job failed", spec.label() + ": " + Failures.describe(task.getException()));
            }
        });
        cancelToken = token;
        current = task;
        running.set(true);
        drain.play();
        executor.execute(task);
    }

    private void drain(ConcurrentLinkedQueue<ComparisonRunner.Result> pending) {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        ComparisonRunner.Result r;
        while ((r = pending.poll()) != null) {
            batch.add(r);
        }
        if (!batch.isEmpty()) {
            results.addAll(batch);
        }
    }

    private void finish(Timeline drain, ConcurrentLinkedQueue<ComparisonRunner.Result> pending, String finalMessage) {
        drain.stop();
        drain(pending);
        progress.unbind();
        message.unbind();
        eta.set("");
        message.set(finalMessage);
        running.set(false);
        current = null;
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
