package tmeval.app.teaching;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class TeachingViewModelTest {
    private final Workspace workspace = new Workspace();
    private TeachingViewModel vm;

    @BeforeEach
    void setUp() {
        vm = new TeachingViewModel(workspace, new CurrentThreadTaskExecutor());
        vm.temperaturesProperty().set(10);
        vm.samplesProperty().set(4);
        AppFixtures.fill(workspace);
    }

    @Test
    void aNewCorpusOffersItsShortDocumentsAndRunsTheFirstUnderModelA() {
        assertEquals(AppFixtures.DOCUMENTS, vm.documents().size());
        assertEquals(vm.documents().get(0), vm.documentProperty().get());
        assertEquals(8, vm.tokensProperty().get(), "all 8 tokens: the exact evaluator can take them under 3 topics");
        AisWalkthrough.Run run = vm.runProperty().get();
        assertNotNull(run);
        assertEquals("A", run.modelName());
        assertEquals(4, run.traces().size());
        assertNotNull(run.exact());
        assertTrue(run.effectiveSampleSize() >= 1 && run.effectiveSampleSize() <= 4, "ESS " + run.effectiveSampleSize());
        assertTrue(vm.summaryProperty().get().contains("exact"), vm.summaryProperty().get());
    }

    /** Model B loaded after A and the corpus (a session's inputs finish in any order): the ratio-AIS tab runs then. */
    @Test
    void theRatioTabRunsOnceModelBArrivesAfterTheRest() {
        Workspace later = new Workspace();
        TeachingViewModel fresh = new TeachingViewModel(later, new CurrentThreadTaskExecutor());
        later.put(Workspace.Slot.MODEL_A, null, AppFixtures.modelA());
        later.put(Workspace.Slot.CORPUS, null, AppFixtures.corpus());
        assertNotNull(fresh.runProperty().get(), "AIS runs under model A alone");
        assertEquals("Load models A and B to compare them with ratio-AIS.", fresh.ratioProperty().get().problem(), "no ratio without model B");
        later.put(Workspace.Slot.MODEL_B, null, AppFixtures.modelB());
        assertEquals(null, fresh.ratioProperty().get().problem(), "model B in place: the ratio tab runs");
        assertFalse(fresh.ratioProperty().get().forwardTraces().isEmpty());
    }

    /** The caption follows the step: where the samples are before the end, the estimate and its error only at the end. */
    @Test
    void theCaptionFollowsTheStepAndGivesTheEstimateAndItsErrorOnlyAtTheEnd() {
        AisWalkthrough.Run run = vm.runProperty().get();
        String estimate = String.format(java.util.Locale.ROOT, "%.4f", run.estimate());
        vm.toStart();
        String start = vm.summaryProperty().get();
        assertTrue(start.contains("step 0 of 10, beta = 0.000") && start.contains("effective sample size 4.00 of 4"), start);
        assertFalse(start.contains(estimate) || start.contains("(error "), "no final estimate at step 0: " + start);
        vm.stepForward();
        String one = vm.summaryProperty().get();
        assertTrue(one.contains("step 1 of 10, beta = 0.100"), one);
        assertFalse(one.equals(start));
        vm.toEnd();
        String end = vm.summaryProperty().get();
        assertTrue(end.contains("AIS estimate log P(w) = " + estimate) && end.contains("(error "), end);
    }

    /** The distributions tab follows the same walk: its density and samples follow the step; K = 3 draws the triangle. */
    @Test
    void theToyModelsDistributionAndSamplesFollowTheStep() {
        ToyViewModel toy = vm.toy();
        assertNotNull(toy.runProperty().get());
        assertEquals(vm.runProperty().get().document(), toy.runProperty().get().run().document(), "the same document as the walk");
        assertEquals(2, toy.runProperty().get().model().numTopics());
        vm.toStart();
        assertEquals(0, toy.densityProperty().get().beta());
        assertTrue(toy.captionProperty().get().contains("Step 0 of 10"), toy.captionProperty().get());
        vm.stepForward();
        assertEquals(0.1, toy.densityProperty().get().beta(), 1e-12);
        assertTrue(toy.captionProperty().get().contains("Step 1 of 10"), toy.captionProperty().get());
        assertEquals(4, toy.positions().length, "one place per sample");
        toy.topicsProperty().set(3);
        assertEquals(3, toy.runProperty().get().model().numTopics());
        assertTrue(toy.densityProperty().get().simplex());
        vm.toEnd();
        assertTrue(toy.captionProperty().get().contains("exact"), toy.captionProperty().get());
    }

    /** Any document can be picked by its id or typed as words; words the vocabulary lacks are named, not silently dropped. */
    @Test
    void anyDocumentCanBePickedByItsIdOrTypedAsWords() {
        Document third = workspace.corpusProperty().get().document(3);
        vm.useTyped(third.id());
        assertEquals(third, vm.documentProperty().get());
        assertEquals(third, vm.runProperty().get().document());
        assertTrue(vm.typedNoteProperty().get().contains("Document " + third.id() + " of the corpus"), vm.typedNoteProperty().get());
        var vocabulary = workspace.corpusProperty().get().vocabulary();
        vm.useTyped(vocabulary.word(5) + " zzzunknown " + vocabulary.word(7) + " " + vocabulary.word(5));
        Document typed = vm.documentProperty().get();
        assertTrue(typed.id().startsWith("typed: "), typed.id());
        assertEquals(List.of(5, 7, 5), java.util.Arrays.stream(typed.tokens()).boxed().toList());
        assertEquals(typed, vm.documents().get(0), "offered in the list");
        assertEquals(typed, vm.runProperty().get().document());
        assertTrue(vm.typedNoteProperty().get().contains("left out: zzzunknown"), vm.typedNoteProperty().get());
        vm.useTyped("zzzunknown");
        assertEquals(typed, vm.documentProperty().get(), "nothing usable: the document stays");
        assertTrue(vm.typedNoteProperty().get().startsWith("No document has that id"), vm.typedNoteProperty().get());
    }

    /** Which N is which: the document's tokens in all, and the first ones AIS runs on. */
    @Test
    void theCaptionSaysHowManyTokensTheDocumentHasAndHowManyAisRunsOn() {
        vm.tokensProperty().set(3);
        vm.toEnd();
        String caption = vm.summaryProperty().get();
        assertTrue(caption.contains("(8 tokens; AIS runs on its first 3, within the exact evaluator's reach)"), caption);
        assertFalse(caption.contains("N ="), caption);
    }

    @Test
    void changingTheModelOrTheSettingsRunsAgain() {
        vm.whichProperty().set(TeachingViewModel.Model.B);
        assertEquals("B", vm.runProperty().get().modelName());
        vm.samplesProperty().set(6);
        assertEquals(6, vm.runProperty().get().finalLogWeights().length);
        vm.tokensProperty().set(3);
        assertEquals(3, vm.runProperty().get().document().length());
    }

    @Test
    void stepPlayAndPauseWalkThroughTheTemperatures() {
        AisWalkthrough.Run run = vm.runProperty().get();
        assertEquals(10, vm.stepProperty().get(), "a finished run is shown to its end");
        assertEquals(11, run.topics().size(), "the first sample's topics at the start and at each of 10 temperatures");
        assertEquals(11, run.effectiveSampleSizes().length);
        assertEquals(4.0, run.effectiveSampleSizes()[0], 1e-9, "all weights are 1 at the prior");
        vm.stepForward();
        assertEquals(10, vm.stepProperty().get(), "not past the end");
        vm.togglePlay();
        assertTrue(vm.playingProperty().get());
        assertEquals(0, vm.stepProperty().get(), "play from the end starts again");
        vm.tick();
        vm.tick();
        assertEquals(2, vm.stepProperty().get());
        vm.togglePlay();
        assertFalse(vm.playingProperty().get(), "pause");
        vm.tick();
        assertEquals(2, vm.stepProperty().get(), "paused: the timer does nothing");
        vm.stepBack();
        assertEquals(1, vm.stepProperty().get());
        List<AisWalkthrough.Word> words = vm.words();
        assertEquals(run.document().length(), words.size());
        for (int i = 0; i < words.size(); i++) {
            assertEquals(run.topics().get(1)[i], words.get(i).topic());
            assertEquals(workspace.corpusProperty().get().vocabulary().word(run.document().word(i)), words.get(i).text());
        }
        vm.toStart();
        assertEquals(4, vm.histogram(5).stream().mapToInt(AisWalkthrough.Bin::count).sum());
        vm.togglePlay();
        for (int i = 0; i < 20; i++) {
            vm.tick();
        }
        assertEquals(10, vm.stepProperty().get());
        assertFalse(vm.playingProperty().get(), "play stops at the end");
        assertTrue(vm.stepTextProperty().get().startsWith("step 10 of 10"), vm.stepTextProperty().get());
    }

    @Test
    void runningAgainWithANewSeedGivesOtherWeights() {
        double[] before = vm.runProperty().get().finalLogWeights();
        vm.runAgainWithNewSeed();
        assertEquals(2, vm.runProperty().get().seed());
        assertFalse(java.util.Arrays.equals(before, vm.runProperty().get().finalLogWeights()));
    }

    @Test
    void forwardAndReverseRatioAisBracketTheExactLogRatio() {
        RatioWalkthrough.RatioRun q = vm.ratioProperty().get();
        assertNotNull(q);
        assertNotNull(q.exact());
        assertEquals(4, q.forwardTraces().size());
        assertEquals(4, q.reverseTraces().size());
        assertEquals(11, q.forwardTraces().get(0).size());
        // few temperatures (10) between two different models: the Jensen gaps are wide
        assertTrue(q.forward() < q.exact() && q.exact() < q.reverse(), q.forward() + " " + q.exact() + " " + q.reverse());
        assertTrue(vm.ratioTextProperty().get().contains("bracket"), vm.ratioTextProperty().get());
        // the repeated runs: their means bracket the exact value (what holds in expectation)
        assertEquals(RatioWalkthrough.REPEATS, q.forwardRuns().length);
        assertTrue(q.forwardMean() < q.exact() && q.exact() < q.reverseMean(), q.forwardMean() + " " + q.exact() + " " + q.reverseMean());
        // more temperatures: the bracket narrows
        Document doc = vm.runProperty().get().document();
        RatioWalkthrough.RatioRun fine = RatioWalkthrough.ratio(doc, workspace.pairProperty().get(), 500, 4, 1, new CancelToken());
        assertTrue(fine.reverse() - fine.forward() < q.reverse() - q.forward(), (fine.reverse() - fine.forward()) + " vs " + (q.reverse() - q.forward()));
    }

    @Test
    void theExperimentsSpreadShrinksAroundTheExactValueAsTheTemperaturesGrow() {
        vm.runExperiment();
        AisWalkthrough.Experiment e = vm.experiment().experimentProperty().get();
        assertNotNull(e);
        assertFalse(vm.experiment().runningProperty().get());
        assertEquals(3, e.temperatures().length);
        assertEquals(20, e.estimates()[0].length);
        double exact = e.exact();
        assertTrue(e.sd(2) < e.sd(1) && e.sd(1) < e.sd(0), e.sd(0) + " " + e.sd(1) + " " + e.sd(2));
        assertTrue(Math.abs(e.mean(2) - exact) < Math.abs(e.mean(0) - exact));
        assertTrue(e.min(2) - 0.01 <= exact && exact <= e.max(2) + 0.01, "1000 temperatures: " + e.min(2) + ".." + e.max(2) + " around " + exact);
        assertTrue(e.max(2) - e.min(2) < e.max(0) - e.min(0));
        assertTrue(vm.experiment().textProperty().get().contains("1000 temperatures"), vm.experiment().textProperty().get());
        // the two-sided check on simulated documents: lower below upper in mean, the gap closing as the temperatures grow
        TwoSidedCheck.Result check = e.check();
        assertEquals(8, check.length(), "documents of the teaching document's length");
        for (int i = 0; i < 3; i++) {
            assertTrue(check.gap(i) > -0.05, "the bounds in the right order at " + check.temperatures()[i] + ": " + check.gap(i));
        }
        assertTrue(check.gap(2) < check.gap(0), check.gap(0) + " then " + check.gap(2));
        assertTrue(vm.experiment().textProperty().get().contains("Two-sided check on 8 documents of 8 tokens"), vm.experiment().textProperty().get());
    }

    @Test
    void aCancelledExperimentSaysSo() {
        TopicModel a = AppFixtures.modelA();
        Document doc = vm.runProperty().get().document();
        CancelToken cancelled = new CancelToken();
        cancelled.cancel();
        org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> AisWalkthrough.experiment(doc, a, new int[] {10}, 2, 2, 1,
                cancelled, (d, t) -> { }));
    }

    /**
     * Issue 39, item 3: the experiment tab kept the previous document's runs and exact line under a newly typed document,
     * and after new models and a new corpus. An experiment is cleared as soon as the document, model, samples or seed it
     * was made of is not the screen's any more.
     */
    @Test
    void theExperimentOfAnotherDocumentOrModelIsClearedNotShownUnderTheNewOne() {
        vm.runExperiment();
        assertNotNull(vm.experiment().experimentProperty().get());
        var vocabulary = workspace.corpusProperty().get().vocabulary();
        vm.useTyped(vocabulary.word(5) + " " + vocabulary.word(7));
        assertEquals(null, vm.experiment().experimentProperty().get(), "a typed document: the experiment was of the one before");
        assertFalse(vm.experiment().textProperty().get().contains("temperatures: mean"), vm.experiment().textProperty().get());
        vm.runExperiment();
        assertNotNull(vm.experiment().experimentProperty().get());
        vm.samplesProperty().set(5);
        assertEquals(null, vm.experiment().experimentProperty().get(), "other samples");
        vm.runExperiment();
        workspace.put(Workspace.Slot.MODEL_A, null, AppFixtures.modelB());
        assertEquals(null, vm.experiment().experimentProperty().get(), "a new model A");
        vm.runExperiment();
        workspace.put(Workspace.Slot.CORPUS, null, tmeval.Fixtures.generate(AppFixtures.modelA(), 6, 7, 99));
        assertEquals(null, vm.experiment().experimentProperty().get(), "a new corpus");
        // the same document and settings again keep it
        vm.runExperiment();
        vm.temperaturesProperty().set(11);
        assertNotNull(vm.experiment().experimentProperty().get(), "the experiment's temperatures are its own: the walk's do not touch it");
    }
}
