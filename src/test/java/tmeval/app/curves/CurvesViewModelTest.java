package tmeval.app.curves;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.Fixtures;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace;
import tmeval.estimate.Methods;
import tmeval.model.ModelSeries;
import tmeval.run.plan.CurvePlan;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class CurvesViewModelTest {
    private final Workspace workspace = new Workspace();
    private CurvesViewModel vm;

    @BeforeEach
    void setUp() {
        vm = new CurvesViewModel(workspace, new CurrentThreadTaskExecutor());
    }

    private static ModelSeries series() {
        List<ModelSeries.Snapshot> snapshots = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            snapshots.add(new ModelSeries.Snapshot(10 * i, Fixtures.randomModel("s" + i, 40, new double[] {0.3, 0.2, 0.1}, 0.2, 20 + i)));
        }
        return new ModelSeries("series", snapshots);
    }

    /**
     * The walkthrough's curves said "press Run curves" while they ran, and "cancelled" with no word of what was kept:
     * while running the empty chart says the points are coming, and a cancel says how many snapshots of how many were done.
     */
    @Test
    void whileRunningTheEmptyChartSaysSoAndACancelSaysWhatIsKept() {
        tmeval.app.common.HeldTaskExecutor held = new tmeval.app.common.HeldTaskExecutor();
        CurvesViewModel running = new CurvesViewModel(workspace, held);
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        assertEquals(CurvesViewModel.READY, running.emptyMessageProperty().get());
        running.start();
        assertTrue(running.runningProperty().get());
        assertEquals(CurvesViewModel.RUNNING, running.emptyMessageProperty().get());
        running.cancel();
        held.clear();
        assertFalse(running.runningProperty().get());
        assertEquals("Cancelled after 0 of 3 snapshots; no point was drawn", running.messageProperty().get());
        assertEquals(CurvesViewModel.READY, running.emptyMessageProperty().get(), "stopped: the chart says what to press again");
    }

    @Test
    void theFormStartsFromTheCommandLinesDefaultCurve() {
        assertEquals(CurvePlan.defaults(), vm.plan());
    }

    @Test
    void withoutASeriesNothingStarts() {
        AppFixtures.fill(workspace);
        vm.start();
        assertEquals("load a model series and a held-out corpus first", vm.messageProperty().get());
        assertFalse(vm.runningProperty().get());
    }

    @Test
    void noMethodSelectedIsNamed() {
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        vm.methods().values().forEach(on -> on.set(false));
        vm.start();
        assertEquals("select at least one method", vm.messageProperty().get());
    }

    @Test
    void eachSnapshotGivesOnePointPerMethodAndRunTaggedWithItsSeries() {
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        vm.methods().forEach((name, on) -> on.set(name.equals(Methods.ITERATION_AIS) || name.equals(Methods.LR)));
        vm.temperaturesProperty().set(5);
        vm.runsProperty().set(2);
        List<CurvePoint> likelihood = new ArrayList<>();
        List<CurvePoint> variance = new ArrayList<>();
        int[] resets = {0};
        vm.onLikelihood(likelihood::addAll);
        vm.onVariance(variance::addAll);
        vm.onReset(() -> resets[0]++);
        vm.start();
        assertFalse(vm.runningProperty().get());
        assertTrue(vm.messageProperty().get().startsWith("finished 3 snapshots"), vm.messageProperty().get());
        assertEquals(1, resets[0]);
        assertEquals(3 * 2 * 2, likelihood.size(), "3 snapshots, 2 methods, 2 runs");
        assertEquals(3 * 2 * 2, vm.pointCount());
        assertTrue(likelihood.stream().anyMatch(p -> p.series().equals(new CurveSeries(Methods.LR, 2))));
        CurveSeries second = new CurveSeries(Methods.ITERATION_AIS, 2);
        CurveSeries first = new CurveSeries(Methods.ITERATION_AIS, 1);
        assertEquals(Methods.ITERATION_AIS + ", run 2 (dashed)", second.label());
        assertEquals(Methods.ITERATION_AIS + ", run 1 (solid)", first.label());
        assertTrue(second.dashed());
        assertFalse(first.dashed());
        assertTrue(first.shape() != second.shape(), "runs differ by marker too");
        assertEquals(first.colour(), second.colour(), "the method keeps its colour");
        assertEquals(3 * 2, variance.size(), "one variance point per snapshot and method");
        assertTrue(variance.stream().allMatch(p -> p.series().run() == 0));
    }

    /** The sample series with two methods, 5 temperatures and 2 runs, collecting the points and intervals drawn. */
    private void runTwoRuns(String first, String second, List<CurvePoint> likelihood, List<CurveInterval> intervals) {
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        vm.methods().forEach((name, on) -> on.set(name.equals(first) || name.equals(second)));
        vm.temperaturesProperty().set(5);
        vm.runsProperty().set(2);
        vm.onLikelihood(likelihood::addAll);
        vm.onInterval(intervals::addAll);
        vm.start();
    }

    /** vb draws no random numbers: its runs are one line, named so, with no zero-height interval beside the others'. */
    @Test
    void theDeterministicFloorIsDrawnOnceWithoutAnInterval() {
        List<CurvePoint> likelihood = new ArrayList<>();
        List<CurveInterval> intervals = new ArrayList<>();
        runTwoRuns(Methods.VB, Methods.LR, likelihood, intervals);
        assertEquals(3, likelihood.stream().filter(p -> p.series().method().equals(Methods.VB)).count(), "one vb point per snapshot");
        assertEquals(3 * 2, likelihood.stream().filter(p -> p.series().method().equals(Methods.LR)).count(), "lr: both runs");
        assertTrue(intervals.stream().noneMatch(i -> i.method().equals(Methods.VB)), intervals.toString());
        assertEquals(3, intervals.size(), "lr's interval at each snapshot");
        assertEquals(Methods.VB + " (deterministic: every run the same)", new CurveSeries(Methods.VB, 1).label());
        assertEquals(3 * 2 * 2, vm.points().size(), "the points kept (and saved) are every run's, as curve writes them");
    }

    @Test
    void theVarianceAxisNamesItsUnit() {
        assertTrue(CurvesViewModel.VARIANCE_AXIS.contains("nats\u00b2"), CurvesViewModel.VARIANCE_AXIS);
    }

    @Test
    void theEmptyViewSaysWhatIsMissingAndWhatToPress() {
        assertTrue(vm.emptyMessageProperty().get().contains("load"), vm.emptyMessageProperty().get());
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        assertFalse(vm.emptyMessageProperty().get().toLowerCase().contains("load a"), "the series is loaded: " + vm.emptyMessageProperty().get());
        assertTrue(vm.emptyMessageProperty().get().contains("press Run curves"), vm.emptyMessageProperty().get());
        assertEquals(vm.emptyMessageProperty().get(), vm.messageProperty().get());
        workspace.put(Workspace.Slot.SERIES, null, null);
        assertTrue(vm.messageProperty().get().startsWith("No model series loaded"), vm.messageProperty().get());
    }

    /** A series over other words than model A's is refused, and the view says so and what to do, never "press Run curves". */
    @Test
    void aSeriesOverAnotherVocabularyIsRefusedAndTheViewSaysWhyAndWhatToDo() {
        AppFixtures.fill(workspace);
        List<ModelSeries.Snapshot> snapshots = List.of(
                new ModelSeries.Snapshot(10, Fixtures.randomModel("other", 55, new double[] {0.3, 0.2, 0.1}, 0.2, 3)));
        workspace.put(Workspace.Slot.SERIES, null, new ModelSeries("other words", snapshots));
        String empty = vm.emptyMessageProperty().get();
        assertFalse(empty.contains("press Run curves"), empty);
        assertTrue(empty.contains("vocabulary (55 words) differs from model A's") && empty.contains("Load a series trained on model A's"), empty);
        assertEquals(empty, vm.messageProperty().get());
        vm.start();
        assertFalse(vm.runningProperty().get());
        assertEquals(empty, vm.messageProperty().get());
    }

    /**
     * With two runs each snapshot has one 95% interval per method around the mean of the runs' corpus log-likelihoods:
     * Student's t with one degree of freedom (12.706) times the standard error |a - b| / 2, written out here; the
     * interval {@code curve} prints, and reopening the points (a session) gives the same intervals.
     */
    @Test
    void withTwoRunsEachSnapshotHasTheCommandLinesIntervalOverTheRuns() {
        List<CurvePoint> likelihood = new ArrayList<>();
        List<CurveInterval> intervals = new ArrayList<>();
        runTwoRuns(Methods.AIS, Methods.LR, likelihood, intervals);
        assertEquals(3 * 2, intervals.size(), "3 snapshots, 2 methods");
        double t = 12.706204736174698; // the 97.5% quantile of Student's t with 1 degree of freedom
        for (CurveInterval i : intervals) {
            double[] runs = likelihood.stream().filter(p -> p.series().method().equals(i.method()) && p.iteration() == i.iteration())
                    .mapToDouble(CurvePoint::value).toArray();
            assertEquals(2, runs.length);
            double mean = (runs[0] + runs[1]) / 2;
            double half = t * Math.abs(runs[0] - runs[1]) / 2;
            assertEquals(mean, i.mean(), 1e-9);
            assertEquals(mean - half, i.low(), 1e-6);
            assertEquals(mean + half, i.high(), 1e-6);
            assertTrue(half > 0, "two seeded runs differ");
        }
        List<CurveInterval> reopened = new ArrayList<>();
        CurvesViewModel other = new CurvesViewModel(workspace, new CurrentThreadTaskExecutor());
        other.onInterval(reopened::addAll);
        other.restore(vm.points());
        assertEquals(intervals, reopened);

        vm.runsProperty().set(1);
        intervals.clear();
        vm.start();
        assertTrue(intervals.isEmpty(), "one run gives no interval over runs");
    }

    /** Points known to be wrong (a stochastic method below vb's floor) are said beside them: the curves' status line warns. */
    @Test
    void pointsBelowVbsFloorAreWarnedOf() {
        java.util.List<tmeval.run.exec.CurveRunner.Point> points = java.util.List.of(
                new tmeval.run.exec.CurveRunner.Point(10, tmeval.estimate.Methods.VB, 1, 100, -100.0, 0, 0, null, 0),
                new tmeval.run.exec.CurveRunner.Point(10, tmeval.estimate.Methods.AIS, 1, 100, -120.0, 0, 0, null, 0),
                new tmeval.run.exec.CurveRunner.Point(20, tmeval.estimate.Methods.VB, 1, 100, -90.0, 0, 0, null, 0),
                new tmeval.run.exec.CurveRunner.Point(20, tmeval.estimate.Methods.AIS, 1, 100, -80.0, 0, 0, null, 0));
        vm.restore(points);
        String warning = vm.floorWarning();
        org.junit.jupiter.api.Assertions.assertTrue(warning.contains("below vb's floor") && warning.contains("ais at 1 of 2 snapshots"), warning);
        org.junit.jupiter.api.Assertions.assertTrue(vm.messageProperty().get().endsWith(warning), "said on screen: " + vm.messageProperty().get());
    }

    /**
     * Issue 39, item 3: curves stayed on screen, unmarked, after another series or corpus was loaded. They are the user's
     * work (a session keeps them), so they stay, and the caption says they are of the inputs loaded before.
     */
    @Test
    void curvesOfAnotherSeriesOrCorpusAreMarkedAsSuch() {
        AppFixtures.fill(workspace);
        workspace.put(Workspace.Slot.SERIES, null, series());
        vm.methods().forEach((name, on) -> on.set(name.equals(Methods.LR)));
        vm.temperaturesProperty().set(5);
        vm.runsProperty().set(1);
        vm.start();
        assertEquals("", vm.caption().staleProperty().get(), "the curves of the inputs loaded");
        workspace.put(Workspace.Slot.SERIES, null, series());
        assertTrue(vm.caption().staleProperty().get().startsWith("these curves are of the series and corpus loaded before"),
                vm.caption().staleProperty().get());
        vm.start();
        assertEquals("", vm.caption().staleProperty().get());
        workspace.put(Workspace.Slot.CORPUS, null, Fixtures.generate(AppFixtures.modelA(), 5, 6, 77));
        assertFalse(vm.caption().staleProperty().get().isEmpty(), "a new corpus");
    }

    /** The workspace filled, a training corpus written in the folder, the form at iteration-AIS alone with 10 temperatures: the corpus. */
    private java.nio.file.Path readyToTrain(java.nio.file.Path dir) throws Exception {
        AppFixtures.fill(workspace);
        java.nio.file.Path training = dir.resolve("train.tokens");
        tmeval.io.TextCorpusFormat.writeTokenLines(AppFixtures.corpus(), training);
        vm.methods().forEach((m, on) -> on.set(m.equals(Methods.ITERATION_AIS)));
        vm.temperaturesProperty().set(10);
        return training;
    }

    /**
     * Run > Train watched live: the trainer writes its snapshots into a folder while the view draws each one's points as
     * it lands, with the step and the verdict; Stop training (pressed here as the first snapshot is drawn) ends training
     * after its current snapshot, and every snapshot written is drawn and kept.
     */
    @Test
    void aTrainingRunWatchedLiveGrowsItsPointsSnapshotBySnapshotAndStopTrainingKeepsWhatWasWritten(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path training = readyToTrain(dir);
        java.nio.file.Path series = dir.resolve("series");
        List<Integer> sizes = new ArrayList<>();
        vm.onLikelihood(points -> {
            sizes.add(points.size());
            vm.live().stopTraining();
        });
        vm.live().train(new TrainRequest(training, series, 3, 10_000_000, 50, 1));
        assertFalse(vm.runningProperty().get());
        assertFalse(vm.live().trainingProperty().get());
        long written;
        try (var files = java.nio.file.Files.list(series)) {
            written = files.filter(f -> f.getFileName().toString().matches("iter-\\d+\\.tsv\\.gz")).count();
        }
        assertTrue(written >= 1 && written < 10_000_000 / 50, written + " snapshots: training went on to its end");
        assertEquals(written, sizes.size(), "one drawing per snapshot written, each as it landed");
        assertTrue(sizes.stream().allMatch(n -> n == 2), "each snapshot's two runs: " + sizes);
        assertEquals(2 * written, vm.pointCount());
        assertTrue(vm.messageProperty().get().startsWith("Training ended (stopped); its snapshots are in"), vm.messageProperty().get());
        assertTrue(vm.seriesSummary().startsWith("series: watched in " + series), "the footer names the folder drawn: " + vm.seriesSummary());
        String verdict = vm.live().verdictProperty().get();
        // stopped after a few snapshots: once the run has ended the verdict says it had too few for the rule
        assertTrue(verdict.startsWith("not judged yet") || verdict.startsWith("still improving") || verdict.startsWith("held-out likelihood")
                || verdict.startsWith("no verdict: a verdict needs at least "), verdict);
        if (written > 1) {
            assertTrue(vm.live().stepProperty().get().startsWith("step "), vm.live().stepProperty().get());
        }
        // curves of the loaded series in their place: no verdict or step of the watched run stays beside them
        vm.methods().forEach((m, on) -> on.set(m.equals(Methods.LR)));
        vm.onLikelihood(points -> { });
        workspace.put(Workspace.Slot.SERIES, null, series());
        vm.start();
        assertEquals("", vm.live().verdictProperty().get());
        assertEquals("", vm.live().stepProperty().get());
        assertTrue(vm.seriesSummary().startsWith("series: series 3 snapshots"), vm.seriesSummary());
    }

    /**
     * The walkthrough's live curve said "waiting for the first snapshot" while that snapshot was scored, kept Stop training
     * enabled once training had ended, and a run of fewer snapshots than the convergence rule needs ended saying nothing
     * of why no verdict came.
     */
    @Test
    void aShortTrainingRunSaysWhatItScoresDisablesStopAtItsEndAndWhyNoVerdictCame(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path training = readyToTrain(dir);
        List<String> verdicts = new ArrayList<>();
        vm.live().verdictProperty().addListener((o, a, b) -> verdicts.add(b));
        List<Boolean> stoppable = new ArrayList<>();
        vm.onLikelihood(points -> stoppable.add(vm.live().trainingProperty().get()));
        vm.live().train(new TrainRequest(training, dir.resolve("series"), 3, 30, 10, 1));
        assertTrue(verdicts.get(0).startsWith("waiting for the first snapshot in " + dir.resolve("series")
                + "; a verdict needs at least 11 snapshots and this training run writes 3"), verdicts.get(0));
        assertTrue(verdicts.get(1).startsWith("scoring the snapshot at iteration 10 ("), verdicts.get(1));
        assertEquals(List.of(true, true, false), stoppable, "Stop training applies until the last snapshot lands");
        assertEquals("no verdict: a verdict needs at least 11 snapshots; this series has 3", vm.live().verdictProperty().get());
    }

    /** Cancel left the bar part-filled: it is emptied, and the message says cancelled. */
    @Test
    void cancellingAWatchEmptiesTheProgressBar(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        tmeval.app.common.HeldTaskExecutor held = new tmeval.app.common.HeldTaskExecutor();
        CurvesViewModel watching = new CurvesViewModel(workspace, held);
        AppFixtures.fill(workspace);
        watching.methods().forEach((m, on) -> on.set(m.equals(Methods.ITERATION_AIS)));
        watching.live().watch(dir);
        assertTrue(watching.runningProperty().get());
        watching.cancel();
        held.clear();
        assertFalse(watching.runningProperty().get());
        assertEquals(0, watching.progressProperty().get());
        assertTrue(watching.messageProperty().get().startsWith("Cancelled"), watching.messageProperty().get());
    }

    /**
     * Watching an empty folder by hand, the message line was blank and the empty chart said "Running the curves" until the
     * first snapshot landed: both say the folder is watched and what for.
     */
    @Test
    void aWatchedFolderSaysItIsWatchedWhileItWaits(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        AppFixtures.fill(workspace);
        vm.methods().forEach((m, on) -> on.set(m.equals(Methods.ITERATION_AIS)));
        List<String> empty = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        vm.messageProperty().addListener((o, a, b) -> {
            messages.add(b);
            empty.add(vm.emptyMessageProperty().get());
            if (b.startsWith("watching")) {
                vm.cancel(); // seen once: enough
            }
        });
        try {
            vm.live().watch(dir);
        } finally {
            Thread.interrupted(); // the cancel interrupts the job's thread, here the test's
        }
        assertTrue(messages.contains("watching " + dir + ": waiting for the next snapshot"), messages.toString());
        assertTrue(empty.contains("Watching " + dir + ": each snapshot's points appear here as it lands."), empty.toString());
    }

    /**
     * Run > Train wrote a provenance of its own (five settings) where train writes every setting that changes the
     * snapshots: the same run by both now carries the same lines, from train's one writer.
     */
    @Test
    void aTrainingRunOfTheWorkbenchCarriesTrainsProvenance(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path training = readyToTrain(dir);
        java.nio.file.Path cli = dir.resolve("cli-series");
        int code = new tmeval.cli.Cli().run(new String[] {"train", "--corpus", training.toString(), "--topics", "3", "--iterations", "20",
                "--snapshot-every", "10", "--seed", "1", "--series-dir", cli.toString(), "--out", dir.resolve("m.tsv").toString()},
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        assertEquals(0, code);
        java.nio.file.Path workbench = dir.resolve("workbench-series");
        vm.live().train(new TrainRequest(training, workbench, 3, 20, 10, 1));
        List<String> trains = tmeval.io.NativeModelFormat.provenance(cli.resolve(tmeval.io.ModelLoader.snapshotName(10)));
        assertTrue(trains.stream().anyMatch(l -> l.contains("alpha-sum")), trains.toString());
        assertEquals(trains, tmeval.io.NativeModelFormat.provenance(workbench.resolve(tmeval.io.ModelLoader.snapshotName(10))));
    }

    /** A MALLET state's snapshot, named "iteration 10" by its reader, was said as "the snapshot at iteration 10 (iteration 10)". */
    @Test
    void aSnapshotIsNamedWithoutRepeatingItsIteration() {
        ModelSeries.Snapshot mallet = new ModelSeries.Snapshot(10, Fixtures.randomModel("iteration 10", 5, new double[] {0.5, 0.5}, 0.2, 1));
        ModelSeries.Snapshot trained = new ModelSeries.Snapshot(10, Fixtures.randomModel("workbench @10", 5, new double[] {0.5, 0.5}, 0.2, 1));
        assertEquals("the snapshot at iteration 10", LiveCurveViewModel.snapshotName(mallet));
        assertEquals("the snapshot at iteration 10 (workbench @10)", LiveCurveViewModel.snapshotName(trained));
    }
}
