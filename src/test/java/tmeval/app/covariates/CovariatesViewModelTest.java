package tmeval.app.covariates;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.CurrentThreadTaskExecutor;
import tmeval.app.common.FxThread;
import tmeval.app.common.HeldTaskExecutor;
import tmeval.app.common.Results;
import tmeval.app.common.Workspace;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.covariates.CovariatesTable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@ExtendWith(FxThread.class)
class CovariatesViewModelTest {
    @TempDir
    Path dir;

    private final Workspace workspace = AppFixtures.loaded();
    private final Corpus corpus = workspace.corpusProperty().get();
    private final Results results = new Results();
    private final List<String> errors = new ArrayList<>();
    private CovariatesViewModel vm;

    @BeforeEach
    void setUp() {
        results.reset(corpus);
        vm = new CovariatesViewModel(results, workspace, new CurrentThreadTaskExecutor(), (title, text) -> errors.add(title + ": " + text));
        vm.shownProperty().set(true);
    }

    /** Two runs of is-vb-diff per document, close together (certified) but for document 0, whose runs are 50 nats apart. */
    private void feed() {
        List<ComparisonRunner.Result> batch = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            double value = 0.1 * d;
            for (int run = 1; run <= 2; run++) {
                double v = d == 0 && run == 2 ? 50 : value + 0.001 * run;
                batch.add(new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), ComparisonMethods.IS_VB_DIFF,
                        Direction.NONE, run, false, new RatioResult(v, new double[0], 1, 1), null));
            }
        }
        results.addAll(batch);
    }

    /** A view-model whose analyses wait in {@code held} until the test runs them. */
    private CovariatesViewModel heldBy(HeldTaskExecutor held) {
        CovariatesViewModel slow = new CovariatesViewModel(results, workspace, held, (title, text) -> errors.add(title + ": " + text));
        slow.shownProperty().set(true);
        return slow;
    }

    /** Issue 39: while the analysis ran the empty chart said "No document analysed yet"; it says it is under way, and how far. */
    @Test
    void whileItAnalysesTheEmptyChartSaysItIsUnderWayAndHowFar() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        CovariatesViewModel slow = heldBy(held);
        assertEquals(CovariatesViewModel.IDLE, slow.placeholderProperty().get());
        feed();
        assertTrue(slow.runningProperty().get());
        assertTrue(slow.placeholderProperty().get().startsWith("Under way: analysing"), slow.placeholderProperty().get());
        assertEquals(slow.placeholderProperty().get(), slow.statusProperty().get(), "the line under the controls says it too");
        assertEquals("Under way: the topic covariates: fitting each document under A and B, 3 of 12 (25%).",
                CovariatesViewModel.underWay("the topic covariates: fitting each document under A and B, 3 of 12", 0.25));
        held.run(0);
        assertFalse(slow.runningProperty().get());
        assertEquals("", slow.statusProperty().get());
        assertFalse(slow.points().isEmpty());
    }

    /** Issue 39: a cancelled analysis left its bar part-filled; it empties, and the line says cancelled and what waits. */
    @Test
    void aCancelledAnalysisEmptiesItsBarAndSaysWhatWaits() {
        HeldTaskExecutor held = new HeldTaskExecutor();
        CovariatesViewModel slow = heldBy(held);
        feed();
        assertTrue(slow.runningProperty().get());
        slow.cancel();
        assertFalse(slow.runningProperty().get());
        assertEquals(0, slow.progressProperty().get(), "the bar after the cancel");
        assertEquals("analysis cancelled; nothing waits to be analysed", slow.statusProperty().get());
        assertEquals("No document analysed: analysis cancelled; nothing waits to be analysed.", slow.placeholderProperty().get());
    }

    @Test
    void theStreamedResultsAreAnalysedAgainstEveryBuiltInCovariateCertifiedDocumentsOnly() {
        feed();
        assertEquals(List.of(ComparisonMethods.IS_VB_DIFF), vm.methods());
        assertEquals(ComparisonMethods.IS_VB_DIFF, vm.methodProperty().get());
        assertEquals(List.of("length", "out-of-vocabulary rate", "dominant topic (A)", "dominant topic (B)", "topic entropy (A)", "topic entropy (B)"),
                vm.covariates());
        assertEquals("length", vm.covariateProperty().get());
        assertEquals(corpus.size() - 1, vm.points().size(), "the noisy document is not certified, and left out");
        assertTrue(vm.documentsProperty().get().contains(corpus.size() + " documents, " + (corpus.size() - 1) + " certified"),
                vm.documentsProperty().get());
        // the value drawn is the runs' mean per token
        CovariatesViewModel.Point p = vm.points().stream().filter(x -> x.documentId().equals(corpus.document(3).id())).findFirst().orElseThrow();
        assertEquals((0.3 + 0.0015) / corpus.document(3).length(), p.y(), 1e-12);
        assertEquals(corpus.document(3).length(), p.x(), 0);

        vm.allProperty().set(true);
        assertEquals(corpus.size(), vm.points().size());
        assertFalse(vm.points().stream().filter(x -> x.documentId().equals(corpus.document(0).id())).findFirst().orElseThrow().certified());

        vm.covariateProperty().set("dominant topic (A)");
        assertFalse(vm.analysisProperty().get().covariate().numeric());
        int levels = vm.analysisProperty().get().groups().size();
        assertTrue(vm.points().stream().allMatch(x -> x.x() > -0.5 && x.x() < levels - 0.5), "each document within its level's column");
        assertNull(vm.line(), "a categorical covariate has no slope line");
    }

    /** Results that stream in while the screen is not shown are analysed once, when it is shown. */
    @Test
    void resultsArrivingWhileTheScreenIsHiddenAreAnalysedWhenItIsShown() {
        int[] analyses = {0};
        vm.studyProperty().addListener((o, a, b) -> analyses[0]++);
        vm.shownProperty().set(false);
        feed();
        assertEquals(0, analyses[0]);
        assertTrue(vm.points().isEmpty());
        vm.shownProperty().set(true);
        assertEquals(1, analyses[0]);
        assertEquals(corpus.size() - 1, vm.points().size());
    }

    /** Replacing a picker's items clears the value it shows: methods and covariates that arrive are appended, nothing replaced. */
    @Test
    void methodsAndCovariatesThatArriveAreAppendedSoThatThePickersKeepTheirChoice() {
        feed();
        List<String> removed = new ArrayList<>();
        javafx.collections.ListChangeListener<String> watch = c -> {
            while (c.next()) {
                removed.addAll(c.getRemoved());
            }
        };
        vm.methods().addListener(watch);
        vm.covariates().addListener(watch);
        List<ComparisonRunner.Result> more = new ArrayList<>();
        for (int d = 0; d < corpus.size(); d++) {
            more.add(new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), ComparisonMethods.LR_DIFF,
                    Direction.NONE, 1, false, new RatioResult(0.1, new double[0], 1, 1), null));
        }
        results.addAll(more);
        assertEquals(List.of(ComparisonMethods.IS_VB_DIFF, ComparisonMethods.LR_DIFF), vm.methods());
        assertEquals(ComparisonMethods.IS_VB_DIFF, vm.methodProperty().get());
        assertEquals(List.of(), removed);
    }

    @Test
    void aMetadataFileAddsItsColumnsAndABadOneIsRefusedWithItsLine() throws Exception {
        feed();
        Path meta = dir.resolve("meta.tsv");
        StringBuilder sb = new StringBuilder("id\tyear\n");
        for (int d = 0; d < corpus.size(); d++) {
            sb.append(corpus.document(d).id()).append('\t').append(2000 + d).append('\n');
        }
        Files.writeString(meta, sb);
        vm.metadataPathProperty().set(meta);
        assertTrue(vm.covariates().contains("year"), vm.covariates().toString());
        vm.covariateProperty().set("year");
        assertTrue(vm.sentenceProperty().get().startsWith("year: the log ratio per token rises"), vm.sentenceProperty().get());
        double[] line = vm.line();
        assertEquals(2001, line[0], 0);
        assertEquals(2000 + corpus.size() - 1, line[2], 0);

        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, "id\tyear\nd1\t1\nd1\t2\n");
        vm.metadataPathProperty().set(bad);
        assertNull(vm.metadataPathProperty().get(), "a file that cannot be read is not kept");
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains(bad + ":3") || errors.get(0).contains("line 3"), errors.get(0));
    }

    /** The walkthrough's metadata ids that matched no document were ignored in silence: both counts are shown. */
    @Test
    void metadataIdsMatchingNoDocumentAndDocumentsItDoesNotListAreBothCounted() throws Exception {
        feed();
        Path meta = dir.resolve("meta.tsv");
        StringBuilder sb = new StringBuilder("id\tyear\n");
        for (int d = 1; d < corpus.size(); d++) { // the first document not listed
            sb.append(corpus.document(d).id()).append('\t').append(2000 + d).append('\n');
        }
        sb.append("no-such-document\t1999\nanother-stray\t1998\n");
        Files.writeString(meta, sb);
        assertEquals("", vm.metadataMatchesProperty().get(), "no file, nothing to say");
        vm.metadataPathProperty().set(meta);
        assertEquals("Metadata: 1 of the " + corpus.size() + " documents are not in " + meta + " (missing from its columns' analyses); 2 of its "
                + (corpus.size() + 1) + " ids match no document of the results (ignored).", vm.metadataMatchesProperty().get());
        vm.metadataPathProperty().set(null);
        assertEquals("", vm.metadataMatchesProperty().get(), "the file put away, its counts go with it");
    }

    @Test
    void theTsvExportCarriesProvenanceTitleAndCaptionAndTheFigureItsCaption() throws Exception {
        feed();
        Path out = dir.resolve("covariates.tsv");
        vm.exportTsv(out);
        String text = Files.readString(out);
        assertTrue(text.startsWith("# tmeval\t"), text);
        assertTrue(text.contains("# setting\tmethod\tis-vb-diff\n"), text);
        assertTrue(text.contains("# title\tLog ratio per token against length\n"), text);
        assertTrue(text.contains(CovariatesTable.HEADER), text);
        String caption = vm.caption();
        for (String part : List.of("A A vs B B", "is-vb-diff: " + corpus.size() + " documents, " + (corpus.size() - 1) + " certified", LocalDate.now().toString())) {
            assertTrue(caption.contains(part), caption + " lacks " + part);
        }
    }

    /**
     * Issue 39, item 3: the caption kept the previous models ("A k10 vs B k30") and the old metadata file during the next
     * run. Results of other inputs clear what is drawn at once, shown or not; the caption names the models of the study
     * drawn; a new corpus lets the metadata file go, saying so.
     */
    @Test
    void newInputsClearWhatIsDrawnAtOnceAndANewCorpusLetsTheMetadataFileGo() throws Exception {
        feed();
        Path meta = dir.resolve("meta.tsv");
        StringBuilder sb = new StringBuilder("id\tyear\n");
        for (int d = 0; d < corpus.size(); d++) {
            sb.append(corpus.document(d).id()).append('\t').append(2000 + d).append('\n');
        }
        Files.writeString(meta, sb);
        vm.metadataPathProperty().set(meta);
        assertTrue(vm.caption().startsWith("A A vs B B;"), vm.caption());
        assertFalse(vm.points().isEmpty());
        // new models, the screen hidden (its analysis waits until it is shown): the old study is not kept on screen
        vm.shownProperty().set(false);
        workspace.put(Workspace.Slot.MODEL_B, null, tmeval.Fixtures.randomModel("B2", 40, new double[] {0.2, 0.2, 0.2}, 0.2, 99));
        results.reset(corpus); // as the workbench does on new inputs
        assertNull(vm.studyProperty().get(), "the study of the models before is gone");
        assertTrue(vm.points().isEmpty());
        assertEquals("", vm.sentenceProperty().get());
        assertEquals("", vm.metadataMatchesProperty().get());
        assertFalse(vm.caption().contains("A A vs B B;"), vm.caption());
        feed();
        vm.shownProperty().set(true);
        assertTrue(vm.caption().startsWith("A A vs B B2;"), "the models of the study drawn: " + vm.caption());
        // a new corpus: the metadata file named the documents of the one before
        Corpus other = tmeval.Fixtures.generate(AppFixtures.modelA(), 5, 6, 77);
        workspace.put(Workspace.Slot.CORPUS, null, other);
        assertNull(vm.metadataPathProperty().get());
        assertTrue(vm.metadataNoteProperty().get().contains("meta.tsv was of the corpus loaded before"), vm.metadataNoteProperty().get());
    }
}
