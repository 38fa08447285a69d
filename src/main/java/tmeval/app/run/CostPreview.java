package tmeval.app.run;

import tmeval.run.plan.AutoPilot;
import tmeval.run.plan.AdaptiveBudget;

import java.util.function.DoubleSupplier;
import tmeval.model.TopicModel;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import tmeval.app.common.BackgroundJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ModelPair;
import tmeval.model.Corpus;
import tmeval.run.auto.AutoComparison;
import tmeval.run.auto.AutoEstimation;
import tmeval.run.plan.ComparisonJob;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.cost.CostModel;
import tmeval.run.local.Throughput;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The run screen's cost preview: the form's job in site updates and seconds on this machine, from the rates 'tmeval
 * bench' saved, a quick calibration on the loaded inputs, and then what each finished job measured; and whether the
 * job is too big for this machine ({@link #TOO_BIG_SECONDS}).
 */
final class CostPreview {
    /** Above this predicted time the run screen offers the shard and spark-submit commands instead of a local run. */
    static final double TOO_BIG_SECONDS = 3600;

    private final Workspace inputs;
    private final BackgroundJob<Throughput.Saved> savedRates;
    /** The quick measurement of this corpus and pair: new inputs cancel the one still going, which would price the old ones. */
    private final BackgroundJob<double[]> calibration;
    private final Path ratesFile;
    /**
     * The comparison the form describes (its mode its own: for auto, the plan is its pilot's, whose candidates one is
     * chosen from); throws IllegalArgumentException naming a bad setting.
     */
    private final Supplier<ComparisonJob> form;
    private final Supplier<Integer> threads;
    private final Consumer<String> problem;
    private final StringProperty cost = new SimpleStringProperty("");
    private final DoubleProperty costSeconds = new SimpleDoubleProperty(Double.NaN);
    private final BooleanProperty tooBig = new SimpleBooleanProperty(false);
    /** Exact's speed in {@link #exactWork} units per second per thread: measured once by the calibration, then by jobs. */
    private final DoubleProperty exactRate = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty siteUpdatesPerSecond = new SimpleDoubleProperty(Double.NaN);
    private final ObjectProperty<Throughput> throughput = new SimpleObjectProperty<>(Throughput.none());
    /**
     * The share of min(threads, cores) a finished job actually kept busy (its tasks' summed time over its wall time):
     * a busy machine, a tail of long documents, the workers' start; NaN until a job has finished (then the cores left by
     * {@link #windowCores} price it).
     */
    private double parallelEfficiency = Double.NaN;
    /**
     * Before a job has finished, the cores the workbench's own threads take while a job runs: its live charts, their
     * rendering and the JIT's compiling. Measured (top -H, the sample pair at 2 threads on 2 cores, software rendering
     * under Xvfb): the FX thread 29 to 31% of a core, the renderer 10 to 12%, the compilers 45 to 51%, and the job's two
     * workers 50% each. A view model driven without a window has none ({@link #withoutWindow}).
     */
    private int windowCores = 1;
    private final MachineLoad load = new MachineLoad();
    /**
     * Auto's own pilot on the inputs and plan in view: what it chose, and the rounds its documents asked for, price the
     * job (priced without it, from the candidates' first rounds, a job whose documents escalated took 21 times the preview).
     */
    private final BackgroundJob<PricedPilot> pilotRun;
    private PricedPilot priced;
    private PilotKey piloting;

    /** The inputs and plan a pilot ran on: a preview uses its choice only for these. */
    private record PilotKey(ComparisonPlan plan, ModelPair pair, Corpus corpus) {
    }

    /** A finished pilot: its choice, and its wall seconds at its threads. */
    private record PricedPilot(PilotKey key, AutoComparison.Choice choice, double seconds) {
    }

    /**
     * @param problem told when the saved rates cannot be read (the run screen shows it unless a job owns its message)
     */
    CostPreview(Workspace inputs, TaskExecutor executor, Path ratesFile, Supplier<ComparisonJob> form, Supplier<Integer> threads, Consumer<String> problem) {
        this.inputs = inputs;
        this.savedRates = new BackgroundJob<>(executor);
        this.calibration = new BackgroundJob<>(executor);
        this.pilotRun = new BackgroundJob<>(executor);
        this.ratesFile = ratesFile;
        this.form = form;
        this.threads = threads;
        this.problem = problem;
        exactRate.addListener((o, a, b) -> update());
        siteUpdatesPerSecond.addListener((o, a, b) -> update());
        throughput.addListener((o, a, b) -> update());
    }

    /** Reads the saved rates and follows the inputs: a new corpus or pair is calibrated. */
    void start() {
        loadSavedRates();
        update();
        inputs.corpusProperty().addListener((o, a, b) -> {
            update();
            calibrate();
        });
        inputs.pairProperty().addListener((o, a, b) -> calibrate());
        inputs.pairProblemProperty().addListener((o, a, b) -> update());
    }

    void update() {
        Corpus corpus = inputs.corpusProperty().get();
        if (corpus == null) {
            set("load models and a corpus to see the cost", Double.NaN);
            return;
        }
        ComparisonJob job;
        try {
            job = form.get();
        } catch (IllegalArgumentException e) {
            set("cannot run: " + e.getMessage(), Double.NaN);
            return;
        }
        // no cost for a plan these inputs cannot run (models of different K for a method that needs one K, say): why not
        String cannot = inputs.pairProblemProperty().get();
        if (!cannot.isEmpty()) {
            set("cannot run: " + cannot, Double.NaN);
            return;
        }
        ComparisonPlan plan = job.plan();
        AdaptiveBudget budget = job.budget();
        Map<String, Long> updates = CostModel.siteUpdatesByMethod(corpus, plan);
        long total = updates.values().stream().mapToLong(Long::longValue).sum();
        Throughput rates = ratesFor(inputs.modelAProperty().get());
        if (job.isAuto()) {
            auto(new PilotKey(plan, inputs.pairProperty().get(), corpus), updates, rates);
            return;
        }
        // each method's updates at its own per-thread rate (the reference run's too), then spread over the threads
        // the machine really gives a job: min(threads, cores), times the share the last job achieved
        double s = CostModel.seconds(updates, rates, siteUpdatesPerSecond.get(), 1);
        double exactWork = 0;
        if (plan.methods().contains(ComparisonMethods.EXACT) && inputs.modelAProperty().get() != null && inputs.modelBProperty().get() != null) {
            // the larger K decides which documents exact refuses, and bounds the work of the others
            int k = Math.max(inputs.modelAProperty().get().numTopics(), inputs.modelBProperty().get().numTopics());
            exactWork = ExactCost.work(corpus, k, plan.settings().maxExactStates()) * plan.runs();
            s += exactWork == 0 ? 0 : exactWork / exactRate.get();
        }
        s /= parallelism(threads.get());
        String source = CostModel.allMeasured(updates, rates) ? rates.source()
                : rates.rates().isEmpty() ? "quick calibration" : rates.source() + "; calibration for the rest";
        if (rates != throughput.get()) {
            source += String.format(Locale.ROOT, "; the saved rates of K = %d not used", throughput.get().numTopics());
        }
        // the load now against the load the rates were measured at: a busy machine stretches the job (a preview of
        // 62 s took 140 s at a load of 6 to 10 on 2 cores): the range runs from the rates as measured to the load's
        double factor = load.factor(threads.get());
        String time;
        if (Double.isNaN(s)) {
            time = "calibrating...";
        } else if (factor > 1.2) {
            time = String.format(Locale.ROOT, "about %s on a free machine to %s at its load now (%.1f on %d cores) (rates: %s)", seconds(s),
                    seconds(s * factor), load.now(), Runtime.getRuntime().availableProcessors(), source);
            s *= factor;
        } else {
            time = "about " + seconds(s) + " (rates: " + source + ")";
        }
        String exact = exactWork > 0 ? String.format(Locale.ROOT, " + %.3g exact state updates", exactWork) : "";
        String adaptive = "";
        if (budget != null) {
            // the first round is certain; the documents whose directions disagree add rounds of 2n, 4n, ... up to the cap
            Map<String, Long> worst = CostModel.adaptiveWorstCase(corpus, plan, budget);
            double worstSeconds = CostModel.seconds(worst, rates, siteUpdatesPerSecond.get(), 1) / parallelism(threads.get());
            adaptive = Double.isNaN(worstSeconds) ? "" : String.format(Locale.ROOT, "; adaptive: at most %.3g site updates, %s, if no document agrees",
                    (double) worst.values().stream().mapToLong(Long::longValue).sum(), seconds(worstSeconds));
        }
        set(String.format(Locale.ROOT, "%.3g site updates%s, %s%s", (double) total, exact, time, adaptive), s);
    }

    /**
     * Auto's cost cannot be known before its pilot chooses: the pilot (every candidate on its documents, a share of the
     * corpus by count), then the chosen candidate on every document at compare's budget, from the cheapest to the
     * dearest; documents not yet certified cost more (their budget doubles). The seconds kept are the least: the pilot
     * and the cheapest.
     */
    private void auto(PilotKey key, Map<String, Long> updates, Throughput rates) {
        if (priced != null && priced.key().equals(key)) {
            pricedByPilot(priced, key.corpus());
            return;
        }
        // after the calibration, which warms the samplers' code: a pilot run cold priced a 16 s job at 34 s
        if (key.pair() != null && !key.equals(piloting) && !Double.isNaN(siteUpdatesPerSecond.get())) {
            runPilot(key);
        }
        Corpus corpus = key.corpus();
        double share = (double) Math.min(AutoEstimation.PILOT_DOCUMENTS, corpus.size()) / Math.max(1, corpus.size());
        double parallel = parallelism(threads.get());
        double pilot = 0;
        double cheapest = Double.POSITIVE_INFINITY;
        double dearest = 0;
        for (var e : updates.entrySet()) {
            double s = CostModel.seconds(Map.of(e.getKey(), e.getValue()), rates, siteUpdatesPerSecond.get(), 1) / parallel;
            pilot += s * share;
            cheapest = Math.min(cheapest, s);
            dearest = Math.max(dearest, s);
        }
        if (Double.isNaN(pilot)) {
            set("auto: calibrating...", Double.NaN);
            return;
        }
        // a document not certified at its budget runs again at twice it, up to 2^MAX_DOUBLINGS times: at worst every
        // document pays 1 + 2 + ... + 16 = 31 times its first round, at the dearest candidate
        int cap = 1 << AutoPilot.MAX_DOUBLINGS;
        double factor = load.factor(threads.get()); // a busy machine stretches it all, as for a named plan
        pilot *= factor;
        cheapest *= factor;
        dearest *= factor;
        double worst = pilot + dearest * (2 * cap - 1);
        set(String.format(Locale.ROOT, "auto: a pilot of about %s, then the method it chooses on every document: about %s to %s at the"
                + " start; up to %s if every document's budget doubles to the cap (%dx)", seconds(pilot), seconds(cheapest), seconds(dearest),
                seconds(worst), cap) + (factor > 1.2 ? String.format(Locale.ROOT, " (at the machine's load now, %.1f on %d cores)", load.now(),
                Runtime.getRuntime().availableProcessors()) : ""), pilot + cheapest);
    }

    /**
     * Auto priced by its pilot: the chosen method's rounds on every document as the pilot's documents asked for them
     * (the pilot itself is done: a job on these inputs and plan takes its choice, {@link #choiceFor}) ({@link AutoEstimation.Trial#roundsPerDocument}), at the pilot's
     * own speed, spread over the threads; up to every document's budget doubled to the cap.
     */
    private void pricedByPilot(PricedPilot p, Corpus corpus) {
        AutoComparison.Choice choice = p.choice();
        AutoEstimation.Trial chosen = choice.trials().get(0);
        double parallel = parallelism(threads.get());
        // at the speed the pilot ran at, under the load of its time: no load factor on top
        double documents = chosen.predictedSeconds(choice.pilot().length, corpus.size()) / parallel;
        double firstRounds = documents / chosen.roundsPerDocument() * chosen.startFactor();
        double worst = firstRounds * (2 * (1 << AutoPilot.MAX_DOUBLINGS) - 1);
        set(String.format(Locale.ROOT, "auto: its pilot (done, %s) chose %s; about %s for the %d documents, as the pilot's asked for"
                        + " budgets; up to %s if every document's budget doubles to the cap (%dx)", seconds(p.seconds()), chosen.method(),
                seconds(documents), corpus.size(), seconds(worst), 1 << AutoPilot.MAX_DOUBLINGS), documents);
    }

    /** The choice of a pilot the preview ran on exactly these inputs and this plan, or null: a job need not run it again. */
    AutoComparison.Choice choiceFor(ComparisonPlan plan, ModelPair pair, Corpus corpus) {
        return priced != null && priced.key().equals(new PilotKey(plan, pair, corpus)) ? priced.choice() : null;
    }

    /** Runs auto's pilot on these inputs and plan in the background; the preview is priced by it when it ends. */
    private void runPilot(PilotKey key) {
        piloting = key;
        pilotRun.of((sink, cancel) -> {
            long start = System.nanoTime();
            AutoComparison.Choice choice = AutoComparison.choose(key.plan(), key.corpus(), key.pair(), cancel);
            return new PricedPilot(key, choice, (System.nanoTime() - start) / 1e9);
        }).onSuccess(p -> {
            priced = p;
            update();
        }).start(); // a pilot that fails (no method compares the pair) leaves the preview as it was: the job says why
    }

    /**
     * The rates that price these models: a site update's cost grows with K, so rates measured on models of another K
     * ('tmeval bench' on other models, say) would price this job wrongly (one preview said 1.5 min for an 11 s job):
     * they are left out, and the calibration on these models prices it.
     */
    private Throughput ratesFor(TopicModel a) {
        Throughput rates = throughput.get();
        // a job's own measurements replace the others whatever their K: Throughput.with keeps one K, this job's
        return a == null || rates.rates().isEmpty() || rates.numTopics() == a.numTopics() ? rates : Throughput.none();
    }

    /** The machine's load now (NaN or negative: unknown), for a job to say what load its rates were measured at. */
    double loadNow() {
        return load.now();
    }

    /** The machine's load (runnable threads, the one-minute average): the operating system's; tests set their own. */
    void setLoad(DoubleSupplier supplier) {
        load.set(supplier);
        update();
    }

    private void set(String text, double seconds) {
        cost.set(text);
        costSeconds.set(seconds);
        tooBig.set(seconds > TOO_BIG_SECONDS);
    }

    /** Threads a job of this many threads keeps busy on this machine, as the last job measured it. */
    private double parallelism(int threadCount) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (Double.isNaN(parallelEfficiency)) {
            return Math.max(1, Math.min(threadCount, cores - windowCores));
        }
        return Math.max(1e-3, Math.min(threadCount, cores) * parallelEfficiency);
    }

    /** For a view model driven without a window (a benchmark): no core goes to drawing while a job runs. */
    void withoutWindow() {
        windowCores = 0;
        update();
    }

    /** The rates 'tmeval bench' saved, if any (read off the FX thread; a damaged file is reported, not fatal). */
    private void loadSavedRates() {
        savedRates.of((sink, cancel) -> Throughput.readSaved(ratesFile))
                .onSuccess(saved -> {
                    if (saved.damaged()) {
                        problem.accept("saved speed measurements not used: " + saved.problem());
                    } else if (throughput.get().rates().isEmpty()) {
                        load.ratesOfAFreeMachine(); // a bench's rates
                        throughput.set(saved.rates());
                    }
                })
                .onFailure(f -> problem.accept("saved speed measurements not used: " + f.message()))
                .start();
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

    static String seconds(double s) {
        return CostModel.duration(s);
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
        ComparisonPlan defaults = RunForm.DEFAULTS;
        long maxStates = defaults.settings().maxExactStates();
        calibration.of((sink, cancel) -> new double[] {QuickCalibration.siteUpdatesPerSecond(pair, corpus, defaults.settings(), cancel),
                measureExact ? ExactCost.rate(corpus, pair, maxStates) : Double.NaN
        }).onSuccess(rates -> {
            if (throughput.get().rates().isEmpty()) { // the calibration prices the job: its load is the rates'
                load.ratesMeasuredAt(load.now(), 1);
            }
            siteUpdatesPerSecond.set(rates[0]);
            if (!Double.isNaN(rates[1]) && Double.isNaN(exactRate.get())) {
                exactRate.set(rates[1]);
            }
        }).start();
    }

    /**
     * What a finished job teaches the preview: per-thread rates, exact's speed and the parallelism achieved.
     *
     * @param loadAtStart the machine's load when it started ({@link #loadNow}), before its own threads counted
     */
    void learnFrom(List<ComparisonRunner.Result> mine, long wallNanos, int jobThreads, int numTopics, long maxStates, double loadAtStart) {
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
                exactWorkDone += ExactCost.work(r.length(), numTopics, maxStates); // both models: one result is their difference
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
            // the others' load when it started (the one-minute average before its own threads counted) is the rates'
            load.ratesMeasuredAt(loadAtStart, jobThreads);
            throughput.set(throughput.get().with(measured, numTopics, "last run"));
        }
        update();
    }

    ReadOnlyStringProperty costProperty() {
        return cost;
    }

    ReadOnlyDoubleProperty costSecondsProperty() {
        return costSeconds;
    }

    ReadOnlyBooleanProperty tooBigProperty() {
        return tooBig;
    }
}
