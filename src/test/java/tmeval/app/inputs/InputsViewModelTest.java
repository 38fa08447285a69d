package tmeval.app.inputs;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.UserMessages;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.HeldTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.Workspace;
import tmeval.app.common.Workspace.Slot;
import tmeval.io.NativeModelFormat;
import tmeval.io.TextCorpusFormat;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class InputsViewModelTest {
    @TempDir
    Path dir;

    private final Workspace workspace = new Workspace();
    private final RecentFiles recent = RecentFiles.inMemory();
    private final List<String> errors = new ArrayList<>();
    private InputsViewModel vm;

    @BeforeEach
    void setUp() {
        vm = new InputsViewModel(workspace, new CurrentThreadTaskExecutor(), recent, (title, message) -> errors.add(title + ": " + message));
    }

    @Test
    void loadedFilesFillTheWorkspaceAndTheRecentList() throws Exception {
        Path a = dir.resolve("a.tsv");
        Path b = dir.resolve("b.tsv");
        Path corpus = dir.resolve("heldout.tokens");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        NativeModelFormat.write(AppFixtures.modelB(), b);
        TextCorpusFormat.writeTokenLines(AppFixtures.corpus(), corpus);
        int[] done = {0};
        vm.load(Slot.MODEL_A, a, () -> done[0]++);
        vm.load(Slot.MODEL_B, b);
        vm.load(Slot.CORPUS, corpus);
        assertEquals(1, done[0]);
        assertFalse(vm.loadingProperty().get());
        assertEquals(3, workspace.modelAProperty().get().numTopics());
        assertNotNull(workspace.pairProperty().get());
        assertEquals(AppFixtures.DOCUMENTS, workspace.corpusProperty().get().size());
        assertEquals(a, workspace.path(Slot.MODEL_A));
        assertEquals("loaded heldout.tokens as held-out corpus", vm.statusProperty().get());
        assertTrue(vm.summary(Slot.MODEL_A).get().contains("K = 3, V = 40"), vm.summary(Slot.MODEL_A).get());
        assertTrue(vm.pairSummary().get().startsWith("topic alignment (L1)"), vm.pairSummary().get());
        assertEquals(List.of(corpus.toString(), b.toString(), a.toString()), vm.recentFiles());
        assertEquals(List.of(a.toString()), vm.recentFiles(Slot.MODEL_A), "each slot keeps its own list");
        assertEquals(List.of(corpus.toString()), vm.recentFiles(Slot.CORPUS));
        assertEquals(List.of("model-a\t" + a, "model-b\t" + b, "corpus\t" + corpus), recent.load(),
                "the lists are saved in the store they were given, with their slots");
        assertTrue(errors.isEmpty(), errors.toString());
        // a minimum length no document reaches leaves no corpus and says why
        workspace.minTokensProperty().set(9);
        assertEquals(null, workspace.corpusProperty().get());
        assertEquals("no document of the corpus has at least 9 tokens", vm.statusProperty().get());
    }

    /**
     * A model of another family loads where an LDA loads, and its card says its family (the card read alpha before, which
     * such a model has not); a pair of it and an LDA says how they are compared, with no alignment.
     */
    @Test
    void aModelOfAnotherFamilyLoadsAndItsCardSaysItsFamily() throws Exception {
        Path a = dir.resolve("prodlda.tsv");
        Path b = dir.resolve("lda.tsv");
        NativeModelFormat.write(tmeval.FamilyFixtures.model("prodlda", new tmeval.FamilyFixtures.Shape(3, false, true, true), 40, 1.0, 3), a);
        NativeModelFormat.write(AppFixtures.modelB(), b);
        vm.load(Slot.MODEL_A, a);
        vm.load(Slot.MODEL_B, b);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals(3, workspace.modelAProperty().get().numTopics());
        assertEquals("prodlda\nK = 3, V = 40\nlogistic-normal (D = K, diagonal covariance) prior, product decoder",
                vm.summary(Slot.MODEL_A).get().replace(System.lineSeparator(), "\n"));
        assertTrue(vm.pairSummary().get().startsWith("A is logistic-normal"), vm.pairSummary().get());
    }

    @Test
    void aBadFileIsReportedAndTheSlotKeepsWhatItHad() throws Exception {
        TopicModel before = AppFixtures.modelA();
        workspace.put(Slot.MODEL_A, null, before);
        Path bad = dir.resolve("broken-model.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\nword\t0.5\n");
        vm.load(Slot.MODEL_A, bad);
        assertSame(before, workspace.modelAProperty().get());
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).startsWith("Cannot load model A: ") && errors.get(0).contains("broken-model.tsv, line 3"), errors.get(0));
        assertEquals("could not load broken-model.tsv; model A unchanged", vm.statusProperty().get());
        assertTrue(vm.recentFiles().isEmpty());
    }

    @Test
    void theRecentListStartsFromTheStoreAndKeepsTen() throws Exception {
        recent.save(List.of("/old/one"));
        InputsViewModel fresh = new InputsViewModel(workspace, new CurrentThreadTaskExecutor(), recent, UserMessages.NONE);
        assertEquals(List.of("/old/one"), fresh.recentFiles());
        Path a = dir.resolve("a.tsv");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        for (int i = 0; i < 12; i++) {
            Path copy = dir.resolve("a" + i + ".tsv");
            Files.copy(a, copy);
            fresh.load(Slot.MODEL_A, copy);
        }
        assertEquals(10, fresh.recentFiles().size());
        assertEquals(dir.resolve("a11.tsv").toString(), fresh.recentFiles().get(0));
    }

    @Test
    void aCorpusThatDoesNotFitModelAKeepsThePreviousCorpusAndSaysTheLoadFailed() throws Exception {
        AppFixtures.fill(workspace);
        var before = workspace.corpusProperty().get();
        Path foreign = dir.resolve("foreign.tokens");
        Files.writeString(foreign, "zebra quagga okapi\nokapi zebra\n");
        vm.load(Slot.CORPUS, foreign);
        assertSame(before, workspace.corpusProperty().get(), "the previous corpus (and so its results) stays");
        assertEquals("could not load foreign.tokens; held-out corpus unchanged", vm.statusProperty().get());
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(vm.recentFiles(Slot.CORPUS).isEmpty(), "a file that failed to load is not offered again");
    }

    @Test
    void aFileThatFailsToLoadLeavesItsSlotsRecentList() throws Exception {
        Path a = dir.resolve("a.tsv");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        vm.load(Slot.MODEL_A, a);
        assertEquals(List.of(a.toString()), vm.recentFiles(Slot.MODEL_A));
        Files.writeString(a, "#tmeval-model v1\n#alpha\t1\t1\nword\t0.5\n");
        vm.load(Slot.MODEL_A, a);
        assertTrue(vm.recentFiles(Slot.MODEL_A).isEmpty());
        assertTrue(vm.recentFiles().isEmpty());
    }

    @Test
    void theCorpusCardShowsEachModelsUnknownWordsAndWarnsAboveTwoPercentAsTheCommandLineDoes() throws Exception {
        // 100 tokens: 94 of words every model knows, one 'zzz' no model knows, five 'w35' only model A (40 words) knows
        StringBuilder known = new StringBuilder();
        for (int i = 0; i < 94; i++) {
            known.append(" w").append(i % 30);
        }
        Path corpus = dir.resolve("heldout.tokens");
        Files.writeString(corpus, "d1\t" + known.toString().trim() + "\nd2\tzzz w35 w35 w35 w35 w35\n");
        Path a = dir.resolve("a.tsv");
        Path b = dir.resolve("b30.tsv");
        NativeModelFormat.write(AppFixtures.modelA(), a);
        NativeModelFormat.write(tmeval.Fixtures.randomModel("B30", 30, new double[] {0.2, 0.2, 0.2}, 0.2, 12), b);
        vm.load(Slot.MODEL_A, a);
        vm.load(Slot.CORPUS, corpus);
        assertEquals("model A, out-of-vocabulary: 1 of 100 tokens (1.00%), 1 distinct words, dropped\n"
                + "model A, most frequent unknown words: zzz 1", vm.unknownWordsProperty().get());
        assertEquals("", vm.unknownWordsWarningProperty().get(), "1% is under the command line's threshold");
        vm.load(Slot.MODEL_B, b);
        assertTrue(vm.unknownWordsProperty().get().endsWith("model B, out-of-vocabulary: 6 of 100 tokens (6.00%), 2 distinct words, dropped\n"
                + "model B, most frequent unknown words: w35 5, zzz 1"), vm.unknownWordsProperty().get());
        String warning = vm.unknownWordsWarningProperty().get();
        assertTrue(warning.startsWith("model B: warning: 6.00% of the held-out tokens are not in the model's vocabulary (more than 2%)"), warning);
        assertEquals(1, warning.lines().count(), "only model B passes 2%: " + warning);
        assertEquals(List.of(), errors);
    }

    @Test
    void aSecondFileForASlotWinsEvenWhenTheFirstFinishesReadingLast() throws Exception {
        Path first = dir.resolve("first.tsv");
        Path second = dir.resolve("second.tsv");
        NativeModelFormat.write(AppFixtures.modelA(), first);
        NativeModelFormat.write(AppFixtures.modelB(), second);
        HeldTaskExecutor held = new HeldTaskExecutor();
        InputsViewModel slow = new InputsViewModel(workspace, held, recent, (title, message) -> errors.add(title + ": " + message));
        slow.load(Slot.MODEL_A, first);
        slow.load(Slot.MODEL_A, second);
        held.run(held.size() - 1); // the second file is read first
        held.run(0); // then the first (a slower disk, a larger file), if it runs at all
        assertEquals(second, workspace.path(Slot.MODEL_A), "the file chosen last is the one in the slot");
        assertEquals(List.of(second.toString()), slow.recentFiles(Slot.MODEL_A));
        assertFalse(slow.loadingProperty().get());
        assertEquals(List.of(), errors);
    }
}
