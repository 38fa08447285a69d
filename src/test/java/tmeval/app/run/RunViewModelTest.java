package tmeval.app.run;

import tmeval.run.plan.ComparisonJob;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.UserMessages;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.local.Throughput;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class RunViewModelTest {
    @TempDir
    Path dir;

    private Workspace workspace;
    private Results results;
    private final List<String> errors = new ArrayList<>();

    @BeforeEach
    void setUp() {
        workspace = new Workspace();
        results = new Results();
        workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
    }

    /** What runs a plain job in a test: its results as they finish, its progress, the cancel. */
    @FunctionalInterface
    private interface PlainRunner {
        void run(tmeval.run.exec.ComparisonRunner.Job job, java.util.function.Consumer<tmeval.run.exec.ComparisonRunner.Result> asFinished,
                 tmeval.progress.Progress progress, tmeval.progress.CancelToken cancel);
    }

    /** The machine's load is unknown to these view-models (other processes' load comes and goes): the rates alone price a job. */
    private RunViewModel model(TaskExecutor executor, RunEngines.Engine engine) {
        RunViewModel vm = new RunViewModel(workspace, results, executor, dir.resolve("throughput.tsv"), (title, message) -> errors.add(title + ": " + message),
                engine);
        vm.cost().setLoad(() -> Double.NaN);
        return vm;
    }

    /** A plain job run by {@code runner} in place of the engine, told of as the engine's entry tells of it. */
    private RunViewModel model(TaskExecutor executor, PlainRunner runner) {
        return model(executor, (job, corpus, pair, listener, cancel) -> runner.run(tmeval.run.exec.ComparisonRunner.Job.of(job.plan(), corpus, pair),
                listener::finished, listener.running(new tmeval.run.services.Comparisons.Ready(job, job, null)), cancel));
    }

    private RunViewModel model() {
        RunViewModel vm = new RunViewModel(workspace, results, new CurrentThreadTaskExecutor(), dir.resolve("throughput.tsv"), UserMessages.NONE);
        vm.cost().setLoad(() -> Double.NaN);
        return vm;
    }

    /** One cheap method, two runs. */
    private static void small(RunViewModel vm, String method) {
        vm.methods().forEach((name, on) -> on.set(name.equals(method)));
        vm.temperaturesProperty().set(5);
        vm.burnInProperty().set(2);
        vm.runsProperty().set(2);
    }

    @Test
    void theFormOpensOnAutoTheCommandLinesDefaultAndThePresetIsThePapersPlan() {
        RunViewModel vm = model();
        assertTrue(vm.autoProperty().get(), "the form opens on auto, compare's default");
        assertEquals(tmeval.run.auto.AutoComparison.pilotPlan(ComparisonPlan.defaults(ComparisonPlan.defaultSelection())
                .withThreads(vm.threadsProperty().get())), vm.plan(), "compare with no --method runs this pilot");
        assertEquals(null, vm.budget());
        vm.presetTable1();
        assertFalse(vm.autoProperty().get());
        assertEquals(ComparisonPlan.defaults(ComparisonPlan.defaultSelection()), vm.plan());
    }

    @Test
    void theTable1PresetPutsThePapersComparisonBackInTheFormKeepingTheSeed() {
        RunViewModel vm = model();
        small(vm, "chib-diff");
        vm.seedProperty().set(7);
        vm.apply(new tmeval.run.plan.ComparisonJob(vm.plan().withMethods(List.of("exact")), new tmeval.run.plan.AdaptiveBudget(0.5, 64)));
        vm.presetTable1();
        ComparisonPlan paper = ComparisonPlan.defaults(ComparisonPlan.defaultSelection());
        assertEquals(paper.methods(), vm.plan().methods());
        assertEquals(paper.settings(), vm.plan().settings());
        assertEquals(paper.runs(), vm.plan().runs());
        assertEquals(7, vm.plan().seed(), "the seed the user chose stays");
        assertEquals(null, vm.budget(), "a plain run, as the paper's");
    }

    @Test
    void anInvalidSettingIsNamedAndNothingRuns() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        vm.methods().values().forEach(on -> on.set(false));
        vm.start();
        assertEquals("select at least one method", vm.messageProperty().get());
        assertFalse(vm.runningProperty().get());
        assertTrue(results.all().isEmpty());
        vm.methods().get(ComparisonMethods.LR_DIFF).set(true);
        vm.runsProperty().set(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, vm::plan);
        assertTrue(e.getMessage().contains("runs"), e.getMessage());
    }

    @Test
    void withoutInputsNothingStartsAndTheUserIsToldWhatToLoad() {
        RunViewModel vm = model();
        vm.start();
        assertEquals("load models A and B and a held-out corpus first", vm.messageProperty().get());
        assertNull(vm.lastPlanProperty().get());
    }

    @Test
    void theCostPreviewFollowsTheInputsTheMethodsAndTheSavedRates() throws Exception {
        new Throughput(Map.of(Throughput.estimatorFor(ComparisonMethods.RATIO_CONVEX), 1e6), 3, "bench").write(dir.resolve("throughput.tsv"), "today");
        RunViewModel vm = model();
        assertEquals("load models and a corpus to see the cost", vm.costProperty().get());
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        // S (B + n) N per direction and run: 1 * (2 + 5) * 8 tokens * 2 directions * 2 runs * 12 documents
        assertTrue(vm.costProperty().get().startsWith("2.69e+03 site updates, about 1 s (rates:"), vm.costProperty().get());
        vm.methods().values().forEach(on -> on.set(false));
        assertEquals("cannot run: select at least one method", vm.costProperty().get());
    }

    @Test
    void theSavedRatesOfModelsOfAnotherKDoNotPriceTheseModels() throws Exception {
        // a site update of K = 50 costs far more than one of K = 3: a bench of other models must not price this job
        new Throughput(Map.of(Throughput.estimatorFor(ComparisonMethods.RATIO_CONVEX), 1e3), 50, "bench").write(dir.resolve("throughput.tsv"), "today");
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        String text = vm.costProperty().get();
        assertTrue(text.contains("(rates: quick calibration; the saved rates of K = 50 not used)"), text);
        assertTrue(vm.costSecondsProperty().get() < 2.69e3 / 1e3 / 2, "priced by the calibration, not at 1,000 updates a second: " + text);
    }

    /**
     * Before any job has finished, the preview leaves a core to the workbench's own threads (its live charts, their
     * rendering, the JIT: measured at about one core of two during a job): the workers get the cores left, at least one.
     * A view model without a window prices every thread.
     */
    @Test
    void beforeAnyJobThePreviewLeavesACoreToTheWindow() {
        RunViewModel vm = model();
        vm.cost().setLoad(() -> Double.NaN);
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        vm.threadsProperty().set(2);
        double withWindow = vm.costSecondsProperty().get();
        vm.cost().withoutWindow();
        double without = vm.costSecondsProperty().get();
        int cores = Runtime.getRuntime().availableProcessors();
        double expected = Math.min(2, cores) / (double) Math.max(1, Math.min(2, cores - 1));
        assertEquals(expected, withWindow / without, 1e-9, vm.costProperty().get());
    }

    @Test
    void aBusyMachineStretchesThePreviewIntoARangeThatSaysItsLoad() {
        RunViewModel vm = model();
        vm.cost().setLoad(() -> 0); // the calibration runs on a free machine
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        double free = vm.costSecondsProperty().get();
        assertFalse(vm.costProperty().get().contains("load"), vm.costProperty().get());
        vm.cost().setLoad(() -> 8);
        int cores = Runtime.getRuntime().availableProcessors();
        int threads = Math.min(vm.threadsProperty().get(), cores);
        double factor = Math.max(1, (8.0 + threads) / cores) / Math.max(1, 1.0 / cores);
        assertEquals(free * factor, vm.costSecondsProperty().get(), 1e-9 * free * factor, vm.costProperty().get());
        assertTrue(vm.costProperty().get().contains(String.format(java.util.Locale.ROOT, "on a free machine to %s at its load now (8.0 on %d cores)",
                CostPreview.seconds(free * factor), cores)), vm.costProperty().get());
        vm.cost().setLoad(() -> -1); // unknown (no load average on this system): the rates as measured
        assertEquals(free, vm.costSecondsProperty().get(), 1e-12);
    }

    @Test
    void aFinishedJobDeliversEveryResultAndKeepsItsPlan() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        ComparisonPlan plan = vm.plan();
        int[] finished = {0};
        vm.setOnJobFinished(() -> finished[0]++);
        vm.start();
        assertFalse(vm.runningProperty().get());
        assertTrue(vm.messageProperty().get().startsWith("finished " + ComparisonMethods.RATIO_CONVEX), vm.messageProperty().get());
        assertEquals(AppFixtures.DOCUMENTS * 2 * 2, results.all().size(), "every document, both directions, two runs");
        assertEquals(plan, vm.lastPlanProperty().get());
        assertEquals(plan.gapThreshold(), results.gapThreshold());
        assertEquals(1, finished[0]);
        assertEquals(1.0, vm.progressProperty().get());
    }

    /**
     * A document-completion job runs on its own: its results and the views' table count the second half of each
     * document; ticked beside a whole-document method it is refused, naming why, and nothing runs.
     */
    @Test
    void aCompletionJobCountsTheSecondHalfAndIsNotMixedWithWholeDocuments() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.COMPLETION_RATIO_CONVEX);
        vm.start();
        assertTrue(vm.messageProperty().get().startsWith("finished " + ComparisonMethods.COMPLETION_RATIO_CONVEX), vm.messageProperty().get());
        assertEquals(AppFixtures.DOCUMENTS * 2 * 2, results.all().size(), "every document, both directions, two runs");
        for (var r : results.all()) {
            int length = results.corpus().document(r.documentIndex()).length();
            assertEquals(tmeval.estimate.DocumentCompletion.scoredLength(length), r.length(), "a row counts the second half");
        }
        for (var p : results.paired(ComparisonMethods.COMPLETION_RATIO_CONVEX)) {
            assertEquals(tmeval.estimate.DocumentCompletion.scoredLength(results.corpus().document(p.document()).length()), p.length(),
                    "the table's per-token figures count the second half");
        }
        int before = results.all().size();
        vm.methods().get(ComparisonMethods.RATIO_CONVEX).set(true);
        vm.start();
        assertTrue(vm.messageProperty().get().contains("separate comparisons"), vm.messageProperty().get());
        assertEquals(before, results.all().size(), "nothing ran");
    }

    @Test
    void aRunStartedWhileAnotherRunsIsQueuedAndRunsNext() {
        List<javafx.concurrent.Task<?>> held = new ArrayList<>();
        TaskExecutor later = new TaskExecutor() {
            @Override
            public <T> javafx.concurrent.Task<T> execute(javafx.concurrent.Task<T> task) {
                held.add(task);
                return task;
            }

            @Override
            public void shutdown() {
            }
        };
        RunViewModel vm = model(later, (PlainRunner) tmeval.run.exec.ComparisonRunner::run);
        held.clear(); // the saved-rates read
        AppFixtures.fill(workspace);
        held.clear(); // the calibrations
        small(vm, ComparisonMethods.LR_DIFF);
        vm.start();
        assertTrue(vm.runningProperty().get());
        small(vm, ComparisonMethods.RATIO_CONVEX);
        vm.start();
        assertEquals(1, vm.queue().size());
        assertEquals(ComparisonMethods.RATIO_CONVEX + " (n = 5, 2 runs)", vm.queue().get(0).label());
        CurrentThreadTaskExecutor now = new CurrentThreadTaskExecutor();
        now.execute(held.remove(0));
        assertEquals(0, vm.queue().size(), "the queued job started when the first finished");
        now.execute(held.remove(0));
        assertFalse(vm.runningProperty().get());
        assertEquals(AppFixtures.DOCUMENTS * 2 * 2, results.all().size(), "the queued run on screen");
        assertEquals(2, vm.history().runs().size(), "each job a run of the history");
        assertEquals(AppFixtures.DOCUMENTS * 2, vm.history().rowsOf(vm.history().runs().get(0)).rows().size());
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX), vm.lastPlanProperty().get().methods());
    }

    @Test
    void aFailedJobIsReportedOnceAndKeepsWhatArrivedBeforeTheFailure() {
        RunViewModel vm = model(new CurrentThreadTaskExecutor(), (job, consumer, progress, cancel) -> {
            tmeval.run.exec.ComparisonRunner.run(new tmeval.run.exec.ComparisonRunner.Job(job.corpus(), job.a(), job.b(), job.arms(), 1, job.seed(), 1, null),
                    consumer, progress, cancel);
            throw new IllegalStateException("disk on fire");
        });
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.LR_DIFF);
        vm.start();
        assertFalse(vm.runningProperty().get());
        assertEquals("failed: disk on fire after 12 of 12 documents (12 of them not complete); run 1 is kept, marked failed",
                vm.messageProperty().get());
        assertEquals(tmeval.app.common.RunHistory.Status.FAILED, vm.history().runs().get(0).status());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).startsWith("The job failed: " + ComparisonMethods.LR_DIFF), errors.get(0));
        assertEquals(AppFixtures.DOCUMENTS, results.all().size(), "the results that arrived are kept");
    }

    /**
     * Issue 39, item 4: Ctrl+. with a job queued cancelled the running one and dropped the queued one without a word. A
     * cancel keeps the queue, held (not started), and says so; Run > Run the queued jobs starts it, Run > Drop the
     * queued jobs drops it, saying which.
     */
    @Test
    void aCancelledJobSaysSoKeepsTheQueueHeldAndSaysWhatBecameOfIt() {
        RunViewModel[] vm = new RunViewModel[1];
        boolean[] first = {true};
        vm[0] = model(new CurrentThreadTaskExecutor(), (job, consumer, progress, cancel) -> {
            if (first[0]) {
                first[0] = false;
                vm[0].start(); // queued behind this one
                vm[0].cancel();
                cancel.check();
            }
            tmeval.run.exec.ComparisonRunner.run(job, consumer, progress, cancel);
        });
        AppFixtures.fill(workspace);
        small(vm[0], ComparisonMethods.LR_DIFF);
        vm[0].start();
        assertFalse(vm[0].runningProperty().get());
        String said = vm[0].messageProperty().get();
        assertTrue(said.startsWith("cancelled " + ComparisonMethods.LR_DIFF), said);
        assertTrue(said.endsWith("; the queued job kept, not started (Run > Run the queued jobs starts it, Run > Drop the queued jobs drops it)"), said);
        assertEquals(1, vm[0].queue().size(), "the queue is kept");
        assertEquals("queued, held after a cancel: " + ComparisonMethods.LR_DIFF + " (n = 5, 2 runs)", vm[0].queueTextProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
        vm[0].runQueue();
        assertTrue(vm[0].queue().isEmpty());
        assertTrue(vm[0].messageProperty().get().startsWith("finished"), vm[0].messageProperty().get());
        assertEquals(AppFixtures.DOCUMENTS * 2, results.all().size(), "the queued job ran");
    }

    /**
     * Issue 39: after Cancel the run panel's bar stayed part-filled, as if the job were still going, and with no job
     * queued the message did not say what became of the queue. The bar empties; the message says cancelled, and that no
     * job was queued (or, after Cancel all, which were dropped).
     */
    @Test
    void aCancelledJobEmptiesItsBarAndSaysNoJobWasQueued() {
        RunViewModel[] vm = new RunViewModel[1];
        double[] during = {Double.NaN};
        vm[0] = model(new CurrentThreadTaskExecutor(), (job, consumer, progress, cancel) -> {
            progress.update(5, 12, "document 5");
            during[0] = vm[0].progressProperty().get();
            vm[0].cancel();
            cancel.check();
        });
        AppFixtures.fill(workspace);
        small(vm[0], ComparisonMethods.LR_DIFF);
        vm[0].start();
        assertFalse(vm[0].runningProperty().get());
        assertTrue(during[0] > 0 && during[0] < 1, "the bar part-filled while it ran: " + during[0]);
        assertEquals(0, vm[0].progressProperty().get(), "the bar after the cancel");
        String said = vm[0].messageProperty().get();
        assertTrue(said.startsWith("cancelled " + ComparisonMethods.LR_DIFF) && said.endsWith("; no job was queued"), said);
    }

    @Test
    void dropTheQueueAndCancelAllSayWhichJobsWereDropped() {
        RunViewModel[] vm = new RunViewModel[1];
        vm[0] = model(new CurrentThreadTaskExecutor(), (job, consumer, progress, cancel) -> {
            vm[0].start(); // queued behind this one
            vm[0].cancelAll();
            cancel.check();
        });
        AppFixtures.fill(workspace);
        small(vm[0], ComparisonMethods.LR_DIFF);
        vm[0].start();
        assertTrue(vm[0].queue().isEmpty());
        // said once the cancelled job has ended, on its line (not "no job was queued")
        String said = vm[0].messageProperty().get();
        assertTrue(said.startsWith("cancelled " + ComparisonMethods.LR_DIFF) && said.endsWith("; dropped the queued job: " + ComparisonMethods.LR_DIFF
                + " (n = 5, 2 runs)"), said);
        vm[0].queue().add(new RunViewModel.JobSpec(vm[0].plan(), "lr-diff (n = 5, 2 runs)"));
        vm[0].dropQueue();
        assertTrue(vm[0].queue().isEmpty());
        assertTrue(vm[0].messageProperty().get().endsWith("dropped the queued job: lr-diff (n = 5, 2 runs)"), vm[0].messageProperty().get());
    }

    @Test
    void resultsReachTheViewsAsTheyFinishNotInCorpusOrder() {
        List<Integer> order = new ArrayList<>();
        results.onAdded(batch -> batch.forEach(r -> order.add(r.documentIndex())));
        RunViewModel vm = model(new CurrentThreadTaskExecutor(), (job, asFinished, progress, cancel) -> {
            // the last document finishes first: the views see it first
            List<tmeval.run.exec.ComparisonRunner.Result> all = new ArrayList<>();
            tmeval.run.exec.ComparisonRunner.run(job, all::add, progress, cancel);
            for (int i = all.size() - 1; i >= 0; i--) {
                asFinished.accept(all.get(i));
            }
        });
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.LR_DIFF);
        vm.start();
        assertEquals(AppFixtures.DOCUMENTS - 1, order.get(0));
        assertEquals(AppFixtures.DOCUMENTS * 2, results.all().size());
    }

    @Test
    void aCancelLeavesNoEtaAndMarksTheResultsPartial() {
        RunViewModel[] vm = new RunViewModel[1];
        vm[0] = model(new CurrentThreadTaskExecutor(), (job, asFinished, progress, cancel) -> {
            // three documents finish (both runs), then the user cancels; a late progress report follows the cancel
            tmeval.run.exec.ComparisonRunner.run(job, r -> {
                if (r.documentIndex() < 3) {
                    asFinished.accept(r);
                }
            }, progress, new tmeval.progress.CancelToken());
            vm[0].cancel();
            progress.update(7, 24, "d7");
            cancel.check();
        });
        AppFixtures.fill(workspace);
        small(vm[0], ComparisonMethods.LR_DIFF);
        vm[0].start();
        assertEquals("", vm[0].etaProperty().get(), "no 'about N s left' after a cancel");
        assertEquals("partial: cancelled after 3 of " + AppFixtures.DOCUMENTS + " documents", results.partialProperty().get());
    }

    @Test
    void anAutoRunSaysItsChoiceWhileItRunsAndACancelKeepsItsRoundsMarkedPartial() {
        RunViewModel[] vm = new RunViewModel[1];
        String[] during = new String[1];
        vm[0] = new RunViewModel(workspace, results, new CurrentThreadTaskExecutor(), dir.resolve("throughput.tsv"),
                (title, message) -> errors.add(title + ": " + message), (job, corpus, pair, listener, cancel) -> {
            // the engine's pilot and choice; three documents' rounds arrive, the progress says so, then the user cancels
            tmeval.progress.Progress[] progress = new tmeval.progress.Progress[1];
            RunEngines.LOCAL.run(job, corpus, pair, new tmeval.run.services.Comparisons.Listener() {
                @Override
                public tmeval.progress.Progress piloting(ComparisonPlan pilotPlan, int documents) {
                    return listener.piloting(pilotPlan, documents);
                }

                @Override
                public void chosen(tmeval.run.auto.AutoComparison.Choice choice) {
                    listener.chosen(choice);
                }

                @Override
                public tmeval.progress.Progress running(tmeval.run.services.Comparisons.Ready ready) {
                    progress[0] = listener.running(ready);
                    return tmeval.progress.Progress.NONE;
                }

                @Override
                public void round(List<tmeval.run.exec.AdaptiveComparison.Row> round) {
                    if (round.get(0).result().documentIndex() < 3) {
                        listener.round(round);
                    }
                }
            }, new tmeval.progress.CancelToken());
            progress[0].update(3, corpus.size(), "d2");
            during[0] = vm[0].messageProperty().get();
            vm[0].cancel();
            cancel.check();
        });
        AppFixtures.fill(workspace);
        assertTrue(vm[0].autoProperty().get());
        vm[0].start();
        assertTrue(during[0].startsWith("auto chose "), "the choice in words where the run's status is: " + during[0]);
        assertTrue(during[0].endsWith(": 3 of " + AppFixtures.DOCUMENTS + " documents done, last d2"), during[0]);
        assertTrue(vm[0].messageProperty().get().startsWith("cancelled auto"), vm[0].messageProperty().get());
        assertFalse(vm[0].runningProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
        assertNotNull(results.planProperty().get().auto(), "the rows that arrived keep the plan auto chose");
        assertEquals(java.util.Set.of(0, 1, 2), results.all().stream().map(r -> r.documentIndex()).collect(java.util.stream.Collectors.toSet()));
        assertEquals("partial: cancelled after 3 of " + AppFixtures.DOCUMENTS + " documents", results.partialProperty().get());
    }

    /**
     * The preview's pilot is the job's: an auto job started on the inputs and plan the preview priced does not run its
     * pilot again (its "a pilot runs" message never shows), and chooses what the preview's pilot chose. Planted: a
     * listener that ignores the known choice shows the message.
     */
    @Test
    void anAutoJobUsesThePilotThePreviewRan() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        assertTrue(vm.costProperty().get().startsWith("auto: its pilot (done, "), vm.costProperty().get());
        List<String> messages = new ArrayList<>();
        vm.messageProperty().addListener((o, a, b) -> messages.add(b));
        vm.start();
        assertTrue(messages.stream().noneMatch(m -> m.startsWith("auto: a pilot runs")), messages.toString());
        assertNotNull(results.planProperty().get().auto(), "the rows keep the plan auto chose");
        String chosen = vm.costProperty().get().replaceAll(".* chose ([a-z-]+);.*", "$1");
        assertEquals(List.of(chosen), results.planProperty().get().plan().methods(), vm.costProperty().get());
    }

    @Test
    void autosCostIsItsPilotThenTheRangeOfWhatItMayChooseNotItsPilotsPlanOnEveryDocument() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        String text = vm.costProperty().get();
        // the pilot runs in the background as the inputs arrive (here at once) and prices the job by what it chose
        assertTrue(text.startsWith("auto: its pilot (done, ") && text.contains(" chose ") && text.contains(" for the " + AppFixtures.DOCUMENTS
                + " documents, as the pilot's asked for budgets"), text);
        assertTrue(text.endsWith(" if every document's budget doubles to the cap (16x)") && text.contains("; up to "),
                "the upper end counts auto's escalation: " + text);
        double auto = vm.costSecondsProperty().get();
        vm.presetTable1();
        assertFalse(vm.costProperty().get().startsWith("auto"), vm.costProperty().get());
        assertTrue(auto > 0 && Double.isFinite(auto), "auto's least time: " + auto);
    }

    @Test
    void exactIsPricedByItsStatesNotAtZero() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.EXACT);
        assertTrue(vm.costSecondsProperty().get() > 0, vm.costProperty().get());
        assertTrue(vm.costProperty().get().contains("exact state updates"), vm.costProperty().get());
        assertTrue(ExactCost.work(8, 3, 2_000_000) > ExactCost.work(4, 3, 2_000_000));
        assertEquals(0, ExactCost.work(500, 50, 2_000_000), "a document above the state limit is refused at once");
    }

    @Test
    void thePreviewOfARepeatedJobIsWithin30PercentOfItsMeasuredTime() {
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        // enough work (well over the 0.1 s a rate needs) for timer noise not to matter: ratio-convex both ways and
        // differenced AIS, two runs, two threads
        vm.methods().forEach((name, on) -> on.set(name.equals(ComparisonMethods.RATIO_CONVEX) || name.equals(ComparisonMethods.AIS_DIFF)));
        vm.temperaturesProperty().set(30000);
        vm.burnInProperty().set(10);
        vm.runsProperty().set(2);
        vm.threadsProperty().set(2);
        vm.start();
        double measured = vm.lastJobSecondsProperty().get();
        double predicted = vm.costSecondsProperty().get();
        assertTrue(Math.abs(predicted - measured) <= 0.3 * measured,
                String.format(java.util.Locale.ROOT, "predicted %.3f s for a job that took %.3f s (%s)", predicted, measured, vm.costProperty().get()));
    }

    @Test
    void modelsOfDifferentKRunByTheRatioPathsAsByTheOtherMethodsWithNoDialog() {
        RunViewModel vm = model(new CurrentThreadTaskExecutor(), RunEngines.LOCAL);
        workspace.put(Workspace.Slot.MODEL_A, null, AppFixtures.modelA());
        workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B4", 40, new double[] {0.2, 0.2, 0.2, 0.2}, 0.2, 5));
        workspace.put(Workspace.Slot.CORPUS, null, AppFixtures.corpus());
        small(vm, ComparisonMethods.RATIO_CONVEX);
        assertNotNull(workspace.pairProperty().get());
        assertEquals("", workspace.pairProblemProperty().get());
        vm.start();
        assertTrue(vm.messageProperty().get().startsWith("finished " + ComparisonMethods.RATIO_CONVEX), vm.messageProperty().get());
        vm.methods().get(ComparisonMethods.RATIO_CONVEX).set(false);
        vm.methods().get(ComparisonMethods.LR_DIFF).set(true);
        vm.start();
        assertTrue(vm.messageProperty().get().startsWith("finished " + ComparisonMethods.LR_DIFF), vm.messageProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void aPairThatCannotBeComparedShowsWhyInsteadOfACost() {
        RunViewModel vm = model();
        small(vm, ComparisonMethods.LR_DIFF);
        workspace.put(Workspace.Slot.MODEL_A, null, AppFixtures.modelA());
        workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B41", 41, new double[] {0.2, 0.2, 0.2}, 0.2, 12));
        workspace.put(Workspace.Slot.CORPUS, null, AppFixtures.corpus());
        String problem = workspace.pairProblemProperty().get();
        assertFalse(problem.isEmpty(), "models of two vocabularies cannot be compared");
        assertEquals("cannot run: " + problem, vm.costProperty().get());
        assertTrue(Double.isNaN(vm.costSecondsProperty().get()), "no seconds for a job that cannot run");
        workspace.put(Workspace.Slot.MODEL_B, null, AppFixtures.modelB());
        assertFalse(vm.costProperty().get().startsWith("cannot run"), vm.costProperty().get());
    }

    @Test
    void thePairCardOfModelsOfDifferentKSaysHowEachMethodSeesThemAndThrowsNothing() {
        // a binding that throws is logged by JavaFX (java.util.logging, "javafx.beans") and shows an empty or stale text
        List<java.util.logging.LogRecord> logged = new ArrayList<>();
        java.util.logging.Logger beans = java.util.logging.Logger.getLogger("javafx.beans");
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        beans.addHandler(handler);
        try {
            RunViewModel vm = model(new CurrentThreadTaskExecutor(), RunEngines.LOCAL);
            tmeval.app.inputs.InputsViewModel inputs = new tmeval.app.inputs.InputsViewModel(workspace, new CurrentThreadTaskExecutor(),
                    tmeval.app.inputs.RecentFiles.inMemory(), (title, message) -> errors.add(title + ": " + message));
            javafx.beans.binding.StringBinding pairCard = inputs.pairSummary();
            javafx.beans.property.StringProperty shown = new javafx.beans.property.SimpleStringProperty();
            shown.bind(pairCard); // as the pair card's label is
            workspace.put(Workspace.Slot.MODEL_A, null, AppFixtures.modelA());
            workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B4", 40, new double[] {0.2, 0.2, 0.2, 0.2}, 0.2, 5));
            workspace.put(Workspace.Slot.CORPUS, null, AppFixtures.corpus());
            small(vm, ComparisonMethods.RATIO_CONVEX);
            assertEquals("ready", vm.messageProperty().get());
            String card = shown.get(); // bindings are lazy: the card's text is computed when read
            assertTrue(logged.isEmpty(), () -> "nothing thrown: " + logged.stream().map(r -> r.getMessage() + " " + r.getThrown()).toList());
            String differentK = "models of different K (A 3, B 4): the ratio paths anneal between the larger and the smaller split to its K"
                    + " (the same likelihood); the other methods evaluate each on its own";
            assertEquals(differentK, card);
            // the card does not follow the selection: it says how each kind of method sees the pair
            vm.methods().get(ComparisonMethods.RATIO_CONVEX).set(false);
            vm.methods().get(ComparisonMethods.LR_DIFF).set(true);
            assertEquals("ready", vm.messageProperty().get());
            assertEquals(differentK, shown.get());
            // the models of one K show their alignment
            workspace.put(Workspace.Slot.MODEL_B, null, AppFixtures.modelB());
            assertEquals("ready", vm.messageProperty().get());
            assertTrue(shown.get().startsWith("topic alignment (L1)"), shown.get());
        } finally {
            beans.removeHandler(handler);
        }
    }

    @Test
    void aRunCancelledBeforeItsEndStaysPartialBesideTheFinishedOneCountingTheDocumentsItsRowsCover() {
        RunViewModel[] vm = new RunViewModel[1];
        boolean[] cancelEarly = {false};
        vm[0] = model(new CurrentThreadTaskExecutor(), (job, asFinished, progress, cancel) -> {
            if (!cancelEarly[0]) {
                tmeval.run.exec.ComparisonRunner.run(job, asFinished, progress, cancel);
                return;
            }
            // three documents finish both runs, a fourth only its first, then the user cancels
            tmeval.run.exec.ComparisonRunner.run(job, r -> {
                if (r.documentIndex() < 3 || r.documentIndex() == 3 && r.run() == 1) {
                    asFinished.accept(r);
                }
            }, progress, new tmeval.progress.CancelToken());
            vm[0].cancel();
            cancel.check();
        });
        AppFixtures.fill(workspace);
        small(vm[0], ComparisonMethods.LR_DIFF);
        vm[0].start();
        List<tmeval.run.exec.ComparisonRunner.Result> finished = results.all();
        tmeval.run.plan.ComparisonJob plan = results.planProperty().get();
        assertEquals(AppFixtures.DOCUMENTS * 2, finished.size());
        cancelEarly[0] = true;
        vm[0].temperaturesProperty().set(50);
        vm[0].start();
        tmeval.app.common.RunHistory history = vm[0].history();
        assertEquals(2, history.runs().size(), "the cancelled run is kept beside the finished one");
        assertEquals(tmeval.app.common.RunHistory.Status.FINISHED, history.runs().get(0).status());
        assertEquals(tmeval.app.common.RunHistory.Status.PARTIAL, history.runs().get(1).status());
        long documents = results.all().stream().mapToInt(r -> r.documentIndex()).distinct().count();
        assertEquals(4, documents);
        assertEquals("partial: cancelled after 4 of 12 documents (1 of them not complete)", results.partialProperty().get(),
                "the count is that of the documents whose rows are kept");
        assertTrue(vm[0].messageProperty().get().startsWith("cancelled " + ComparisonMethods.LR_DIFF + " (n = 50, 2 runs) after 4 of 12"
                + " documents (1 of them not complete); run 2 is kept, marked partial"), vm[0].messageProperty().get());
        assertTrue(history.show(history.runs().get(0)));
        assertEquals(finished, results.all(), "the finished run, whole");
        assertEquals(plan, results.planProperty().get());
        assertEquals("", results.partialProperty().get());
        assertTrue(history.show(history.runs().get(1)));
        assertEquals("partial: cancelled after 4 of 12 documents (1 of them not complete)", results.partialProperty().get());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void theQueueIsNamedAndEveryMethodHasHelp() {
        RunViewModel vm = model();
        assertEquals("", vm.queueTextProperty().get());
        vm.queue().add(new RunViewModel.JobSpec(vm.plan(), "lr-diff (n = 5, 2 runs)"));
        assertEquals("queued: lr-diff (n = 5, 2 runs)", vm.queueTextProperty().get());
        for (String name : ComparisonMethods.names()) {
            String help = vm.methodHelp(name);
            assertTrue(help.contains(ComparisonMethods.get(name).description()), help);
            assertTrue(help.contains("Cost"), help);
        }
    }

    /** The run screen at saved rates that make the form's job take {@code seconds} on one thread. */
    private RunViewModel atRate(double seconds) throws Exception {
        RunViewModel probe = model();
        AppFixtures.fill(workspace);
        small(probe, ComparisonMethods.RATIO_CONVEX);
        probe.temperaturesProperty().set(1000);
        probe.threadsProperty().set(1);
        long updates = tmeval.run.cost.CostModel.siteUpdatesByMethod(workspace.corpusProperty().get(), probe.plan()).get(ComparisonMethods.RATIO_CONVEX);
        new Throughput(Map.of(Throughput.estimatorFor(ComparisonMethods.RATIO_CONVEX), updates / seconds), 3, "bench")
                .write(dir.resolve("throughput.tsv"), "today");
        setUp();
        RunViewModel vm = model();
        AppFixtures.fill(workspace);
        small(vm, ComparisonMethods.RATIO_CONVEX);
        vm.temperaturesProperty().set(1000);
        vm.threadsProperty().set(1);
        return vm;
    }

    @Test
    void aJobPredictedOverAnHourIsCalledTooBigAndOffersTheClusterCommands() throws Exception {
        RunViewModel under = atRate(3590);
        assertEquals(3590, under.costSecondsProperty().get(), 1e-5 * 3590);
        assertFalse(under.tooBigProperty().get(), under.costProperty().get());
        assertEquals("", under.tooBigTextProperty().get());

        RunViewModel over = atRate(3610);
        assertEquals(3610, over.costSecondsProperty().get(), 1e-5 * 3610);
        assertTrue(over.tooBigProperty().get(), over.costProperty().get());
        assertTrue(over.tooBigTextProperty().get().startsWith("Too big for this machine: about 60.2 min predicted here (over 1 h)"),
                over.tooBigTextProperty().get());
        // the workspace of the fixtures has no files: the commands say what they need
        ClusterCommands commands = over.clusterCommands();
        assertEquals(3, commands.shardsProperty().get(), "about half an hour of this machine per shard");
        assertTrue(commands.textProperty().get().startsWith("# load models A and B and the corpus from files first"), commands.textProperty().get());
        workspace.put(Workspace.Slot.MODEL_A, dir.resolve("A.tsv"), workspace.modelAProperty().get());
        workspace.put(Workspace.Slot.MODEL_B, dir.resolve("B.tsv"), workspace.modelBProperty().get());
        workspace.put(Workspace.Slot.CORPUS, dir.resolve("heldout.tokens"), AppFixtures.corpus());
        commands = over.clusterCommands();
        String text = commands.textProperty().get();
        assertTrue(text.contains(" --burn-in 2 --runs 2 --seed 1 ") && text.contains(" --shard {}/3 ") && text.contains(" merge --no-timing "), text);
        commands.kindProperty().set(ClusterCommands.Kind.SPARK);
        assertTrue(commands.textProperty().get().contains("spark-submit --class tmeval.spark.SparkMain --master MASTER target/tmeval-spark.jar compare "),
                commands.textProperty().get());
        Path saved = dir.resolve("commands.sh");
        commands.save(saved);
        assertEquals(commands.textProperty().get(), java.nio.file.Files.readString(saved));
        over.temperaturesProperty().set(100);
        assertFalse(over.tooBigProperty().get(), "a tenth of the work is six minutes");
        // a job of days over 12 documents: never more shards than documents
        over.temperaturesProperty().set(1_000_000);
        assertEquals(12, over.clusterCommands().shardsProperty().get(), "a shard per document at most");
    }
}
