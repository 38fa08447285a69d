package tmeval.app.scatter;

import tmeval.run.plan.ComparisonJob;
import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.ArmKey;
import tmeval.app.common.FxThread;
import tmeval.app.common.KnownVerdicts;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import tmeval.compare.ComparisonTable;
import tmeval.compare.ComparisonTable.PairedEstimate;
import tmeval.compare.ConvergenceCheck;

import java.util.ArrayList;
import java.util.List;

import tmeval.report.NiceTicks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class ScatterViewModelTest {
    private final Corpus corpus = AppFixtures.corpus();
    private final Results results = new Results();
    private final SimpleIntegerProperty selected = new SimpleIntegerProperty(-1);
    private int opened;
    private ScatterViewModel vm;

    @BeforeEach
    void setUp() {
        vm = new ScatterViewModel(results, selected, () -> opened++);
        results.reset(corpus);
    }

    private ComparisonRunner.Result result(int doc, String method, Direction d, int run, double logRatio) {
        return new ComparisonRunner.Result(doc, corpus.document(doc).id(), corpus.document(doc).length(), method, d, run, false,
                new RatioResult(logRatio, new double[0], 1, 1), null);
    }

    /** ratio-convex both ways on every document, document 3 three nats apart; lr-diff and ais-diff twice. */
    private void feed() {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            batch.add(result(d, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 1, d == 3 ? 3.5 : 0.5));
            batch.add(result(d, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 1, 0.4));
            batch.add(result(d, ComparisonMethods.LR_DIFF, Direction.NONE, 1, 0.2));
            batch.add(result(d, ComparisonMethods.LR_DIFF, Direction.NONE, 2, 4.0));
            batch.add(result(d, ComparisonMethods.AIS_DIFF, Direction.NONE, 1, -40));
            batch.add(result(d, ComparisonMethods.AIS_DIFF, Direction.NONE, 2, 40));
        }
        results.addAll(batch.subList(0, batch.size() / 2));
        results.addAll(batch.subList(batch.size() / 2, batch.size()));
    }

    @Test
    void beforeAnyResultTheSummarySaysWhatToDo() {
        assertEquals(0, vm.plot().pointCount());
        assertTrue(vm.summaryProperty().get().startsWith("No points yet: choose methods in the run panel and press Run"), vm.summaryProperty().get());
    }

    /** Issue 39: during a run the empty plot said "with no run under way: choose methods ... and press Run". */
    @Test
    void duringARunTheEmptyPlotSaysItsPointsAreComing() {
        javafx.beans.property.BooleanProperty running = new javafx.beans.property.SimpleBooleanProperty(true);
        vm.followRun(running);
        String said = vm.summaryProperty().get();
        assertTrue(said.startsWith("No points yet: the run is under way"), said);
        assertFalse(said.contains("press Run"), said);
        running.set(false);
        assertTrue(vm.summaryProperty().get().contains("press Run"), vm.summaryProperty().get());
    }

    @Test
    void eachDocumentIsOnePointPerMethodAndOnlyLargeDirectionalGapsAreFlagged() {
        feed();
        assertEquals(corpus.size(), vm.pointCount(ComparisonMethods.RATIO_CONVEX));
        assertEquals(corpus.size(), vm.pointCount(ComparisonMethods.LR_DIFF));
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF, ComparisonMethods.AIS_DIFF), vm.methods());
        var flagged = vm.plot().flagged();
        assertEquals(1, flagged.size(), "lr-diff's 3.8-nat run-to-run spread is noise, not a convergence failure");
        assertEquals(3, flagged.get(0).document());
        assertTrue(vm.summaryProperty().get().contains("1 document far from the diagonal"), vm.summaryProperty().get());
        assertTrue(vm.summaryProperty().get().contains(ComparisonMethods.RATIO_CONVEX + ": the two annealing directions"), vm.summaryProperty().get());
    }

    @Test
    void theAxesLeaveOutAisDiffUnlessItIsAllThatIsShown() {
        feed();
        ScatterViewModel.Range r = vm.rangeProperty().get();
        assertTrue(r.high() < 2 && r.low() > 0.5, "fitted to ratio-convex and lr-diff: " + r);
        vm.visibleProperty(ComparisonMethods.RATIO_CONVEX).set(false);
        vm.visibleProperty(ComparisonMethods.LR_DIFF).set(false);
        ScatterViewModel.Range alone = vm.rangeProperty().get();
        assertTrue(alone.high() > 100 && alone.low() < 0.01, "ais-diff alone is fitted to itself: " + alone);
    }

    @Test
    void aClickOpensTheDocument() {
        feed();
        vm.selection().open(vm.plot().flagged().get(0));
        assertEquals(3, selected.get());
        assertEquals(1, opened);
        assertTrue(vm.tooltip(ComparisonMethods.RATIO_CONVEX, vm.plot().flagged().get(0)).startsWith("document "
                + corpus.document(3).id()));
    }

    @Test
    void newInputsClearThePlot() {
        feed();
        results.reset(corpus);
        assertEquals(0, vm.plot().pointCount());
        assertTrue(vm.methods().isEmpty());
    }

    /** Both ratio paths flag document 3, geometric also document 5: three per-path flags, two documents. */
    private List<ComparisonRunner.Result> twoPaths() {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            batch.add(result(d, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 1, d == 3 ? 3.5 : 0.5));
            batch.add(result(d, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 1, 0.4));
            batch.add(result(d, ComparisonMethods.RATIO_GEOMETRIC, Direction.FORWARD, 1, d == 3 || d == 5 ? -2 : 0.3));
            batch.add(result(d, ComparisonMethods.RATIO_GEOMETRIC, Direction.REVERSE, 1, 0.4));
        }
        return batch;
    }

    @Test
    void farFromTheDiagonalCountsEachDocumentOnceAndMatchesTheCommandLine() {
        List<ComparisonRunner.Result> all = twoPaths();
        results.addAll(all);
        // what the compare command prints: the checks of a table recorded from the same results
        ComparisonTable table = ComparisonTable.forCorpus(corpus, 1);
        all.forEach(r -> ComparisonRunner.record(table, r));
        List<ConvergenceCheck> printed = table.convergenceChecks(results.gapThreshold());
        java.util.Set<String> union = new java.util.HashSet<>();
        for (ConvergenceCheck c : printed) {
            assertEquals(c.flagged().size(), vm.farDocumentCount(c.method()), c.method());
            assertTrue(vm.summaryProperty().get().contains(c.method() + " " + c.flagged().size() + " of " + c.documents()), vm.summaryProperty().get());
            assertTrue(vm.summaryProperty().get().contains(c.verdict()));
            union.addAll(c.flagged());
        }
        assertEquals(2, union.size());
        assertEquals(union.size(), vm.farDocumentCount(), "documents, not flags: document 3 is flagged by both paths");
        assertTrue(vm.summaryProperty().get().contains("2 documents far from the diagonal"), vm.summaryProperty().get());
        assertEquals(3, vm.flaggedDocuments().size(), "one ring (and one list entry) per flagged point");
        assertTrue(vm.farDocumentCount() <= corpus.size());
    }

    @Test
    void withOnlyOneDirectionInNoDocumentIsFarFromTheDiagonal() {
        // a run cancelled after the forward estimates: nothing is paired, nothing is counted
        List<ComparisonRunner.Result> forwardOnly = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            forwardOnly.add(result(d, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 1, d == 3 ? 3.5 : 0.5));
        }
        results.addAll(forwardOnly);
        assertEquals(0, vm.farDocumentCount());
        assertTrue(vm.flaggedDocuments().isEmpty());
    }

    /** A selection, the fitted axes and a hover text belong to the results they were made on: other documents or models drop them. */
    @Test
    void theSelectionTheAxesAndTheHoverGoWithResultsOfOtherDocumentsOrModels() {
        ScatterViewModel shared = new ScatterViewModel(results, results.selectedDocumentProperty(), () -> { });
        feed();
        ScatterViewModel.Range empty = new ScatterViewModel.Range(0.5, 2, false);
        results.selectedDocumentProperty().set(3);
        shared.hover().show("document " + corpus.document(3).id());
        assertTrue(!shared.rangeProperty().get().equals(empty), "fitted to the points");
        assertEquals(corpus.size(), shared.plot().points().get(ComparisonMethods.RATIO_CONVEX).size());

        // another run over the same documents and models keeps the selection
        results.reset(corpus, new tmeval.run.plan.ComparisonJob(tmeval.run.plan.ComparisonPlan.defaults(List.of(ComparisonMethods.RATIO_CONVEX)), null));
        assertEquals(3, results.selectedDocumentProperty().get());
        assertEquals(null, shared.hover().textProperty().get(), "the hover text described a point no longer drawn");
        feed();
        shared.hover().show("document " + corpus.document(3).id());

        // new inputs (other models, the same corpus), then another corpus
        results.reset(corpus);
        assertEquals(-1, results.selectedDocumentProperty().get(), "new models: no document selected");
        assertEquals(null, shared.hover().textProperty().get());
        assertEquals(empty, shared.rangeProperty().get(), "no points: the default axes, not the last results' range");
        feed();
        results.selectedDocumentProperty().set(5);
        results.reset(tmeval.Fixtures.generate(AppFixtures.modelA(), 4, 8, 9), null);
        assertEquals(-1, results.selectedDocumentProperty().get(), "other documents: no document selected");
        assertTrue(shared.selection().pointsProperty().get().isEmpty());
    }

    @Test
    void oneDocumentIsOnePointDrawn() {
        results.addAll(List.of(result(0, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 1, 0.5),
                result(0, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 1, 0.6)));
        assertTrue(vm.summaryProperty().get().startsWith("1 point drawn (ratio-convex 1). "), vm.summaryProperty().get());
        assertTrue(vm.summaryProperty().get().contains("(one document: no noise estimate, no test of a bias)"), vm.summaryProperty().get());
        assertFalse(vm.summaryProperty().get().contains("p = 1"), vm.summaryProperty().get());
    }

    @Test
    void hiddenMethodsStayHiddenAndCountedOutAfterASecondRun() {
        feed();
        vm.visibleProperty(ComparisonMethods.LR_DIFF).set(false);
        assertEquals(2 * corpus.size(), vm.drawnPointCount(), "lr-diff's points are not drawn, nor counted");
        assertTrue(vm.summaryProperty().get().startsWith((2 * corpus.size()) + " points drawn"), vm.summaryProperty().get());
        var before = vm.visibleProperty(ComparisonMethods.LR_DIFF);
        List<ScatterViewModel.Update> updates = new ArrayList<>();
        vm.onUpdate(updates::add);
        // the second run: the run screen forgets the methods' earlier results and feeds new ones
        results.forget(List.of(new ArmKey(ComparisonMethods.RATIO_CONVEX, Direction.FORWARD), new ArmKey(ComparisonMethods.RATIO_CONVEX, Direction.REVERSE),
                new ArmKey(ComparisonMethods.LR_DIFF, Direction.NONE), new ArmKey(ComparisonMethods.AIS_DIFF, Direction.NONE)));
        assertTrue(vm.methods().isEmpty(), "nothing left to show between the runs");
        feed();
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF, ComparisonMethods.AIS_DIFF), vm.methods());
        assertTrue(before == vm.visibleProperty(ComparisonMethods.LR_DIFF), "the check box stays bound to the same state");
        assertFalse(vm.visibleProperty(ComparisonMethods.LR_DIFF).get(), "still hidden after the second run");
        assertEquals(2 * corpus.size(), vm.drawnPointCount());
        assertTrue(updates.stream().anyMatch(ScatterViewModel.Update::cleared), "the view is told to start over");
        int appended = updates.get(updates.size() - 1).added().values().stream().mapToInt(List::size).sum();
        assertEquals(3 * corpus.size() / 2, appended, "the last batch appends only its own points");
    }

    @Test
    void ticksAreRoundAndFewEnoughToRead() {
        assertEquals(List.of(0.5, 1.0, 2.0), NiceTicks.ticks(0.45, 2.2, true, 8));
        List<Double> narrow = NiceTicks.ticks(0.9, 1.1, true, 8);
        assertTrue(narrow.contains(1.0) && narrow.size() >= 3 && narrow.size() <= 8, narrow.toString());
        for (double t : narrow) {
            assertEquals(t, Math.round(t * 100) / 100.0, 1e-12, "round: " + narrow);
        }
        List<Double> wide = NiceTicks.ticks(1e-4, 1e4, true, 5);
        assertTrue(wide.size() <= 5 && wide.contains(1.0), wide.toString());
        assertTrue(NiceTicks.ticks(0.5, 2, true, 2).size() <= 3, "a short axis gets few ticks");
        assertEquals(List.of(-0.2, -0.1, 0.0, 0.1, 0.2), NiceTicks.ticks(-0.25, 0.25, false, 5));
        assertEquals("0.95", NiceTicks.tickLabel(0.95));
        assertEquals("2", NiceTicks.tickLabel(2.0));
    }

    @Test
    void logRatioAxesShowNatsPerTokenAroundZero() {
        feed();
        var p = vm.plot().flagged().get(0);
        assertEquals(p.firstPerplexityRatio(), vm.x(p), 1e-12);
        vm.logRatioAxesProperty().set(true);
        assertEquals(3.5 / p.length(), vm.x(p), 1e-12);
        assertEquals(0.4 / p.length(), vm.y(p), 1e-12);
        ScatterViewModel.Range r = vm.rangeProperty().get();
        assertTrue(r.logRatio() && r.low() < 0 && r.high() > 3.5 / p.length(), r.toString());
        assertEquals(0, vm.tie());
        assertEquals(r, vm.fittedRange(), "reset-zoom returns to the fitted range");
    }

    @Test
    void theTooltipNamesTheMethodAndTheGap() {
        feed();
        String tip = vm.tooltip(ComparisonMethods.RATIO_CONVEX, vm.plot().flagged().get(0));
        assertTrue(tip.contains(ComparisonMethods.RATIO_CONVEX) && tip.contains("gap 3.100 nats") && tip.contains("far from the diagonal"), tip);
        for (String line : tip.split("\\R")) {
            assertTrue(line.length() <= 60, "short lines keep the tooltip inside the window: " + line);
        }
    }

    @Test
    void withTwoRunsTheTooltipGivesEachEstimatesStandardErrorAcrossTheRuns() {
        feed();
        String single = vm.tooltip(ComparisonMethods.RATIO_CONVEX, vm.plot().flagged().get(0));
        assertFalse(single.contains("\u00b1"), "one run of each direction: no standard error: " + single);
        results.addAll(List.of(result(3, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, 2, 2.5),
                result(3, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, 2, 1.0)));
        String tip = vm.tooltip(ComparisonMethods.RATIO_CONVEX, vm.plot().flagged().get(0));
        // forward runs 3.5 and 2.5, reverse 0.4 and 1.0: standard deviations |a - b| / sqrt(2)
        assertTrue(tip.contains(String.format(java.util.Locale.ROOT, "forward 3.5000 \u00b1 %.4f nats", 1.0 / Math.sqrt(2))), tip);
        assertTrue(tip.contains(String.format(java.util.Locale.ROOT, "reverse 0.4000 \u00b1 %.4f nats", 0.6 / Math.sqrt(2))), tip);
        assertTrue(tip.contains("2 runs"), tip);
        for (String line : tip.split("\\R")) {
            assertTrue(line.length() <= 60, "short lines keep the tooltip inside the window: " + line);
        }
        PairedEstimate baseline = vm.plot().points().get(ComparisonMethods.LR_DIFF).get(0);
        String lr = vm.tooltip(ComparisonMethods.LR_DIFF, baseline);
        assertTrue(lr.contains(String.format(java.util.Locale.ROOT, "run 1 0.2000 \u00b1 %.4f nats", 3.8 / Math.sqrt(2))), lr);
    }

    @Test
    void flaggedDocumentsAndSearchOpenTheDocumentAndItIsHighlighted() {
        feed();
        assertEquals(1, vm.flaggedDocuments().size());
        assertTrue(vm.flaggedDocuments().get(0).startsWith(corpus.document(3).id()));
        vm.openFlagged(0);
        assertEquals(3, selected.get());
        assertEquals(1, opened);
        assertEquals(3, vm.selection().pointsProperty().get().size(), "one highlighted point per visible method");
        vm.selection().searchProperty().set(corpus.document(7).id());
        vm.selection().find();
        assertEquals(7, selected.get());
        assertEquals(2, opened);
        assertTrue(vm.selection().pointsProperty().get().stream().allMatch(q -> q.document() == 7));
        vm.selection().searchProperty().set("no-such-id");
        vm.selection().find();
        assertEquals(7, selected.get());
        assertTrue(vm.selection().searchMessageProperty().get().contains("no document no-such-id"));
    }

    @Test
    void theHoverTextStaysInsideTheChartWhereverThePointerIs() {
        double w = 300;
        double h = 60;
        for (double[] pointer : new double[][] {{10, 10}, {990, 10}, {10, 590}, {995, 598}, {500, 300}}) {
            double[] at = tmeval.app.common.HoverPlacement.inside(pointer[0], pointer[1], w, h, 1000, 600);
            org.junit.jupiter.api.Assertions.assertTrue(at[0] >= 0 && at[0] + w <= 1000 && at[1] >= 0 && at[1] + h <= 600,
                    java.util.Arrays.toString(pointer) + " -> " + java.util.Arrays.toString(at));
            boolean coversPointer = pointer[0] >= at[0] && pointer[0] <= at[0] + w && pointer[1] >= at[1] && pointer[1] <= at[1] + h;
            org.junit.jupiter.api.Assertions.assertFalse(coversPointer, "the text does not hide the point it describes");
        }
    }

    /** A point is drawn filled when its document is certified by its method, hollow when not; the tooltip and summary say so. */
    @Test
    void eachPointCarriesItsDocumentsVerdictAndTheSummaryCountsThem() {
        results.addAll(KnownVerdicts.results(corpus));
        for (PairedEstimate p : vm.plot().points().get(ComparisonMethods.RATIO_CONVEX)) {
            assertEquals(p.document() < KnownVerdicts.CONVEX_CERTIFIED, vm.certified(p), "ratio-convex, document " + p.document());
        }
        for (PairedEstimate p : vm.plot().points().get(ComparisonMethods.LR_DIFF)) {
            assertEquals(p.document() < KnownVerdicts.LR_CERTIFIED, vm.certified(p), "lr-diff, document " + p.document());
        }
        PairedEstimate uncertified = vm.plot().points().get(ComparisonMethods.RATIO_CONVEX).get(10);
        assertTrue(vm.tooltip(ComparisonMethods.RATIO_CONVEX, uncertified)
                .contains("not certified:\ndirections disagree beyond the target\n(gap 0.400, target 0.100 nats)"), vm.tooltip(ComparisonMethods.RATIO_CONVEX, uncertified));
        PairedEstimate certified = vm.plot().points().get(ComparisonMethods.LR_DIFF).get(0);
        assertTrue(vm.tooltip(ComparisonMethods.LR_DIFF, certified).contains("\ncertified:\nwithin the target\n(s.e. 0.0100, target 0.100 nats)"),
                vm.tooltip(ComparisonMethods.LR_DIFF, certified));
        for (String line : vm.tooltip(ComparisonMethods.RATIO_CONVEX, uncertified).split("\\R")) {
            assertTrue(line.length() <= 60, "short lines keep the tooltip inside the window: " + line);
        }
        assertTrue(vm.summaryProperty().get().contains("Certified: ratio-convex 9 of 12, lr-diff 4 of 12 documents (filled marks; hollow: not"
                + " certified"), vm.summaryProperty().get());
        assertEquals("filled: certified", vm.certifiedLabel());
        assertEquals("hollow: not certified", vm.uncertifiedLabel());
    }
}
