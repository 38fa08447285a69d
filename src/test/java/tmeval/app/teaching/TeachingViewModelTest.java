package tmeval.app.teaching;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.Fixtures;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace;
import tmeval.model.Corpus;
import tmeval.model.Document;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        TeachingViewModel.Run run = vm.runProperty().get();
        assertNotNull(run);
        assertEquals("A", run.modelName());
        assertEquals(4, run.traces().size());
        assertNotNull(run.exact());
        assertTrue(run.effectiveSampleSize() >= 1 && run.effectiveSampleSize() <= 4, "ESS " + run.effectiveSampleSize());
        assertTrue(vm.summaryProperty().get().contains("exact"), vm.summaryProperty().get());
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
    void onlyShortDocumentsAreOfferedShortestFirstOrAllWhenNoneIsShort() {
        Corpus mixed = new Corpus("mixed", AppFixtures.modelA().vocabulary(), List.of(new Document("long", new int[60]),
                new Document("five", new int[5]), new Document("two", new int[2])), 0, 0);
        assertEquals(List.of("two", "five"), TeachingViewModel.shortDocuments(mixed).stream().map(Document::id).toList());
        Corpus longOnly = Fixtures.generate(AppFixtures.modelA(), 3, 100, 1);
        assertEquals(3, TeachingViewModel.shortDocuments(longOnly).size());
        assertTrue(TeachingViewModel.exactPrefix(100, 20) < 100, "20 topics: only a prefix has an exact answer");
        assertEquals(1, TeachingViewModel.exactPrefix(1, 20));
    }
}
