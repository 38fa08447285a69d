package tmeval.app.brackets;

import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable.Verdict;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.model.Corpus;
import tmeval.run.exec.ComparisonRunner;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * 20,000 documents, ratio-convex both ways, fed in batches of 200 as a run feeds them: after the last batch, the
 * sorted brackets are built and the chart drawn at 1280 x 800 well within a second or so (the view redraws at most
 * every 300 ms, so a slow draw would pile up).
 */
@ExtendWith(FxThread.class)
class BracketsResponsivenessTest {
    private static final int DOCUMENTS = 20_000;
    private static final int BATCH = 200;

    @Test
    void twentyThousandBracketsAreSortedAndDrawnQuickly() {
        Corpus corpus = tmeval.Fixtures.generate(AppFixtures.modelA(), DOCUMENTS, 4, 21);
        Results results = new Results();
        BracketsViewModel vm = new BracketsViewModel(results, new SimpleIntegerProperty(-1), () -> { });
        BracketsView view = new BracketsView(vm, (t, m) -> { });
        results.reset(corpus);
        Random random = new Random(5);
        BufferedImage image = new BufferedImage(1280, 800, BufferedImage.TYPE_INT_RGB);
        long last = 0;
        for (int start = 0; start < DOCUMENTS; start += BATCH) {
            List<ComparisonRunner.Result> batch = new ArrayList<>();
            for (int d = start; d < start + BATCH; d++) {
                double truth = random.nextGaussian();
                for (Direction direction : List.of(Direction.FORWARD, Direction.REVERSE)) {
                    batch.add(new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), ComparisonMethods.RATIO_CONVEX,
                            direction, 1, false, new RatioResult(truth + 0.3 * random.nextGaussian(), new double[0], 1, 1), null));
                }
            }
            results.addAll(batch);
        }
        long t0 = System.nanoTime();
        vm.drawing();
        long sorted = System.nanoTime() - t0;
        view.drawNow();
        long series = System.nanoTime() - t0;
        Graphics2D g = image.createGraphics();
        view.chart().draw(g, new Rectangle2D.Double(0, 0, 1280, 800));
        g.dispose();
        last = System.nanoTime() - t0;
        BracketsViewModel.Drawing d = vm.drawing();
        assertEquals(DOCUMENTS, d.brackets().size());
        assertEquals(DOCUMENTS, d.count(Verdict.FOR_A) + d.count(Verdict.FOR_B) + d.count(Verdict.UNDECIDED));
        System.out.printf("brackets, %d documents: sorted and drawn in %.0f ms (sorted after %.0f ms, series filled after %.0f ms)%n", DOCUMENTS,
                last / 1e6, sorted / 1e6, series / 1e6);
        assertTrue(last < 3_000_000_000L, "sorting and drawing 20,000 brackets took " + last / 1e6 + " ms");
    }
}
