package tmeval.app.document;

import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class DocumentScreenViewModelTest {
    private final Workspace workspace = new Workspace();
    private final Results results = new Results();
    private final SimpleIntegerProperty selected = new SimpleIntegerProperty(-1);
    private DocumentScreenViewModel vm;
    private Corpus corpus;

    @BeforeEach
    void setUp() {
        workspace.corpusProperty().addListener((o, a, b) -> results.reset(b));
        vm = new DocumentScreenViewModel(workspace, results, new CurrentThreadTaskExecutor(), new SimpleIntegerProperty(20),
                new SimpleIntegerProperty(2), selected);
        AppFixtures.fill(workspace);
        corpus = workspace.corpusProperty().get();
    }

    private ComparisonRunner.Result result(int doc, Direction d, double logRatio) {
        return new ComparisonRunner.Result(doc, corpus.document(doc).id(), corpus.document(doc).length(), ComparisonMethods.RATIO_GEOMETRIC,
                d, 1, false, new RatioResult(logRatio, new double[0], 1, 1), null);
    }

    @Test
    void theDocumentListFollowsTheCorpus() {
        assertEquals(AppFixtures.DOCUMENTS, vm.documentLabels().size());
        assertTrue(vm.documentLabels().get(0).endsWith("(N = 8)"), vm.documentLabels().get(0));
    }

    /**
     * Issue 39: with no document chosen the estimates table said "No estimates for this document yet". It says how to
     * choose one; once one is chosen and has no row, that its rows are still to come.
     */
    @Test
    void theEmptyTablesSayToChooseADocumentUntilOneIsChosen() {
        assertEquals(DocumentScreenViewModel.CHOOSE, vm.estimatesPlaceholderProperty().get());
        assertEquals(DocumentScreenViewModel.CHOOSE, vm.tokensPlaceholderProperty().get());
        assertTrue(DocumentScreenViewModel.CHOOSE.startsWith("No document chosen: click a point of the scatter plot"));
        vm.choose(2);
        assertTrue(vm.estimates().stream().noneMatch(r -> !r.run().equals(DocumentScreenViewModel.CHART_RUN)), "no comparison row yet");
        assertEquals(DocumentScreenViewModel.NO_ESTIMATES, vm.estimatesPlaceholderProperty().get());
        selected.set(-1);
        assertEquals(DocumentScreenViewModel.CHOOSE, vm.estimatesPlaceholderProperty().get());
    }

    @Test
    void choosingADocumentShowsItsWordsTraceAndExactRatio() {
        vm.choose(2);
        assertEquals(2, selected.get());
        assertEquals(8, vm.tokens().size(), "one row per token");
        assertTrue(vm.headerProperty().get().startsWith("document " + corpus.document(2).id() + ": N = 8"), vm.headerProperty().get());
        assertTrue(vm.headerProperty().get().contains("exact"), "8 tokens and 3 topics are within the exact evaluator's reach");
        DocumentScreenViewModel.Trace trace = vm.traceProperty().get();
        assertNotNull(trace.exactLogRatio());
        assertEquals(20, trace.forward().size(), "one point per temperature");
        assertTrue(!vm.busyProperty().get());
    }

    /**
     * Model B of another K: the trace anneals between A and B split to B's K; with K = 4 the document's states fit the
     * exact evaluator and the exact ratio is shown, with K = 40 they do not (C(47, 8) states for B) and the trace comes
     * without it, rather than not at all.
     */
    @Test
    void aModelBOfAnotherKGetsItsTraceWithTheExactRatioWhereBothModelsStatesFit() {
        var k4 = tmeval.Fixtures.randomModel("B4", 40, new double[] {0.2, 0.2, 0.2, 0.2}, 0.2, 5);
        workspace.put(Workspace.Slot.MODEL_B, null, k4);
        vm.choose(2);
        DocumentScreenViewModel.Trace trace = vm.traceProperty().get();
        assertNotNull(trace);
        var exact = new tmeval.estimate.ExactEvaluator();
        var view = tmeval.sampling.DocumentView.of(corpus.document(2));
        assertEquals(exact.logProbability(view, AppFixtures.modelA(), new tmeval.progress.CancelToken())
                - exact.logProbability(view, k4, new tmeval.progress.CancelToken()), trace.exactLogRatio(), 1e-9);
        assertEquals(20, trace.forward().size());
        double[] alpha = new double[40];
        java.util.Arrays.fill(alpha, 0.05);
        workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B40", 40, alpha, 0.2, 6));
        vm.choose(3);
        trace = vm.traceProperty().get();
        assertNotNull(trace);
        assertEquals(null, trace.exactLogRatio(), "B's states do not fit: no exact ratio");
        assertEquals(20, trace.forward().size(), "one point per temperature");
        assertTrue(!vm.busyProperty().get());
    }

    @Test
    void theGapOfEachRatioPathIsFlaggedWhereTheEngineFlagsIt() {
        vm.choose(4);
        results.addAll(List.of(result(4, Direction.FORWARD, 2.5), result(4, Direction.REVERSE, 0.5), result(5, Direction.FORWARD, 1)));
        assertEquals(2, vm.estimates().stream().filter(r -> !r.run().equals(DocumentScreenViewModel.CHART_RUN)).count(),
                "the estimates of this document only");
        assertTrue(vm.gapsProperty().get().startsWith(ComparisonMethods.RATIO_GEOMETRIC + ": forward - reverse gap 2.0000 nats (large"),
                vm.gapsProperty().get());
        vm.choose(5);
        assertTrue(!vm.gapsProperty().get().contains(ComparisonMethods.RATIO_GEOMETRIC), "no reverse estimate, no gap: " + vm.gapsProperty().get());
    }

    @Test
    void theChartIsLabelledAsItsOwnRunAndItsNumbersAreRowsOfTheTable() {
        results.addAll(List.of(result(2, Direction.FORWARD, -2.07), result(2, Direction.REVERSE, -0.66)));
        vm.choose(2);
        DocumentScreenViewModel.Trace trace = vm.traceProperty().get();
        assertTrue(trace.title().startsWith(DocumentScreenViewModel.RERUN), trace.title());
        assertTrue(trace.forwardLabel().startsWith(DocumentScreenViewModel.RERUN) && trace.reverseLabel().startsWith(DocumentScreenViewModel.RERUN));
        var rerun = vm.estimates().stream().filter(r -> r.run().equals(DocumentScreenViewModel.CHART_RUN)).toList();
        assertEquals(2, rerun.size(), "the re-run's forward and reverse estimates are rows of their own");
        assertTrue(rerun.get(0).method().contains(DocumentScreenViewModel.RERUN));
        // every number the legend shows is in the table, in the re-run's rows, and the runs' rows keep their own
        assertTrue(trace.forwardLabel().endsWith(String.format(java.util.Locale.ROOT, "%.4f", rerun.get(0).logRatio())), trace.forwardLabel());
        assertTrue(trace.reverseLabel().endsWith(String.format(java.util.Locale.ROOT, "%.4f", rerun.get(1).logRatio())), trace.reverseLabel());
        assertEquals(trace.reverse().get(trace.reverse().size() - 1)[1], rerun.get(1).logRatio(), 1e-9, "the reverse trace ends at its row");
        assertEquals(trace.forward().get(trace.forward().size() - 1)[1], rerun.get(0).logRatio(), 1e-9, "the forward trace ends at its row");
        assertTrue(vm.estimates().stream().anyMatch(r -> r.run().equals("1") && r.logRatio() == -2.07));
    }

    @Test
    void withTwoRunsTheSpreadAcrossRunsIsShownOnceOnTheMeansRowNotRepeatedOnEachRun() {
        List<ComparisonRunner.Result> two = new java.util.ArrayList<>();
        double[] forward = {1.0, 1.5};
        double[] reverse = {0.4, 0.1};
        for (int run = 1; run <= 2; run++) {
            two.add(new ComparisonRunner.Result(3, corpus.document(3).id(), 8, ComparisonMethods.RATIO_CONVEX, Direction.FORWARD, run, false,
                    new RatioResult(forward[run - 1], new double[0], 1, 1), null));
            two.add(new ComparisonRunner.Result(3, corpus.document(3).id(), 8, ComparisonMethods.RATIO_CONVEX, Direction.REVERSE, run, false,
                    new RatioResult(reverse[run - 1], new double[0], 1, 1), null));
        }
        // one run only of another method: no standard error to show
        two.add(result(3, Direction.FORWARD, 0.7));
        results.addAll(two);
        selected.set(3);
        var rows = vm.estimates().stream().filter(r -> !r.run().equals(DocumentScreenViewModel.CHART_RUN)).toList();
        // the sample standard deviation of two values is |a - b| / sqrt(2); the standard error of their mean |a - b| / 2
        for (var r : rows) {
            if (r.method().equals(ComparisonMethods.RATIO_GEOMETRIC)) {
                assertEquals(null, r.standardError(), "a single run has no standard error");
                assertEquals("", r.standardErrorText());
                continue;
            }
            double[] runs = r.direction().equals(Direction.FORWARD.label()) ? forward : reverse;
            if (r.run().equals(DocumentScreenViewModel.MEAN_RUN)) {
                assertEquals((runs[0] + runs[1]) / 2, r.logRatio(), 1e-12);
                assertEquals(Math.abs(runs[0] - runs[1]) / 2, r.standardError(), 1e-12);
                assertEquals(Math.abs(runs[0] - runs[1]) / Math.sqrt(2), r.runSpread(), 1e-12);
                assertEquals(Math.exp(-r.logRatio() / 8), r.perplexityRatio(), 1e-12);
            } else {
                assertEquals(runs[Integer.parseInt(r.run()) - 1], r.logRatio());
                assertEquals(null, r.standardError(), "the spread is the runs' together, not a run's own: " + r);
                assertEquals(null, r.runSpread(), "the spread is the runs' together, not a run's own: " + r);
                assertEquals("", r.standardErrorText() + r.runSpreadText());
            }
        }
        assertEquals(2, rows.stream().filter(r -> r.run().equals(DocumentScreenViewModel.MEAN_RUN)).count(), "a mean per direction");
        assertEquals(4 + 1 + 2, rows.size());
        assertEquals(String.format(java.util.Locale.ROOT, "\u00b1 %.4f", 0.5 / Math.sqrt(2)), rows.get(2).runSpreadText());
        assertEquals(String.format(java.util.Locale.ROOT, "\u00b1 %.4f", 0.5 / 2), rows.get(2).standardErrorText());
        assertEquals(String.format(java.util.Locale.ROOT, "%.4f / %.4f", 0.5 / Math.sqrt(2), 0.5 / 2), rows.get(2).spreadText());
        assertEquals("", rows.get(0).spreadText(), "nothing on a run's row");
        assertEquals(List.of("1", "2", DocumentScreenViewModel.MEAN_RUN), rows.subList(0, 3).stream().map(r -> r.run()).toList(),
                "a method and direction's runs in order, then their mean");
    }

    /** The document's verdict by each method in words, with its value, error, target and (for a ratio path) bracket. */
    @Test
    void theDocumentsVerdictByEachMethodIsSaidInWords() {
        results.addAll(tmeval.app.common.KnownVerdicts.results(corpus));
        vm.choose(10);
        assertEquals("ratio-convex: not certified: directions disagree beyond the target (gap 0.400, target 0.100 nats); log-ratio 0.7000"
                + " nats, bracket 0.5000 to 0.9000\n"
                + "lr-diff: not certified: standard error above the target (s.e. 0.500, target 0.100 nats); log-ratio 0.5000 nats",
                vm.verdictsProperty().get());
        vm.choose(0);
        assertEquals("ratio-convex: certified: within the target (gap 0.0200, target 0.100 nats); log-ratio 0.5100 nats, bracket 0.5000 to"
                + " 0.5200\n"
                + "lr-diff: certified: within the target (s.e. 0.0100, target 0.100 nats); log-ratio 0.3100 nats", vm.verdictsProperty().get());
    }

    /**
     * Issue 39, item 3: a document's words, header and re-run were kept when new models came in (the selection is kept
     * by its index). They are made again on the new pair; a selection let go leaves nothing of the document before.
     */
    @Test
    void newModelsRedoTheDocumentAndALetGoSelectionLeavesNothingOfIt() {
        vm.choose(2);
        String before = vm.headerProperty().get();
        DocumentScreenViewModel.Trace trace = vm.traceProperty().get();
        workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B2", 40, new double[] {0.3, 0.1, 0.2}, 0.2, 77));
        assertTrue(vm.traceProperty().get() != trace, "the re-run is made again on the new pair");
        assertTrue(!vm.headerProperty().get().equals(before), "the header is of the new pair: " + vm.headerProperty().get());
        selected.set(-1);
        assertTrue(vm.tokens().isEmpty() && vm.estimates().isEmpty() && vm.traceProperty().get() == null, "nothing of the document is left");
        assertEquals("", vm.verdictsProperty().get());
        assertEquals("", vm.gapsProperty().get());
    }
}
