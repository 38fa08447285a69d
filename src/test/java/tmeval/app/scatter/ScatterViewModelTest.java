package tmeval.app.scatter;

import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.ComparisonRunner;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertEquals(0, vm.plotProperty().get().pointCount());
        assertTrue(vm.summaryProperty().get().startsWith("No results yet"), vm.summaryProperty().get());
    }

    @Test
    void eachDocumentIsOnePointPerMethodAndOnlyLargeDirectionalGapsAreFlagged() {
        feed();
        assertEquals(corpus.size(), vm.pointCount(ComparisonMethods.RATIO_CONVEX));
        assertEquals(corpus.size(), vm.pointCount(ComparisonMethods.LR_DIFF));
        assertEquals(List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.LR_DIFF, ComparisonMethods.AIS_DIFF), vm.methods());
        var flagged = vm.plotProperty().get().flagged();
        assertEquals(1, flagged.size(), "lr-diff's 3.8-nat run-to-run spread is noise, not a convergence failure");
        assertEquals(3, flagged.get(0).document());
        assertTrue(vm.summaryProperty().get().contains("1 ratio-AIS documents far from the diagonal"), vm.summaryProperty().get());
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
        vm.open(vm.plotProperty().get().flagged().get(0));
        assertEquals(3, selected.get());
        assertEquals(1, opened);
        assertTrue(vm.tooltip(ComparisonMethods.RATIO_CONVEX, vm.plotProperty().get().flagged().get(0)).startsWith("document "
                + corpus.document(3).id()));
    }

    @Test
    void newInputsClearThePlot() {
        feed();
        results.reset(corpus);
        assertEquals(0, vm.plotProperty().get().pointCount());
        assertTrue(vm.methods().isEmpty());
    }
}
