package tmeval.app.scatter;

import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tmeval.app.common.AppFixtures;
import tmeval.app.common.FxThread;
import tmeval.app.common.Results;
import tmeval.compare.ComparisonMethods;
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
 * A 20,000-document held-out set, two ratio paths both ways (80,000 results, 40,000 points), fed in batches of 200
 * documents as a run feeds them: each batch appends its own points, and the time from the last batch to a drawn
 * scatter (the view-model's update, the series appended, the chart drawn at 1280 x 800) stays well under a second.
 */
@ExtendWith(FxThread.class)
class ScatterResponsivenessTest {
    private static final int DOCUMENTS = 20_000;
    private static final int BATCH = 200;

    @Test
    void theLastBatchOfTwentyThousandDocumentsIsDrawnQuickly() {
        Corpus corpus = tmeval.Fixtures.generate(AppFixtures.modelA(), DOCUMENTS, 4, 21);
        Results results = new Results();
        ScatterViewModel vm = new ScatterViewModel(results, new SimpleIntegerProperty(-1), () -> { });
        ScatterView view = new ScatterView(vm, (t, m) -> { });
        results.reset(corpus);
        Random random = new Random(5);
        BufferedImage image = new BufferedImage(1280, 800, BufferedImage.TYPE_INT_RGB);
        long slowest = 0;
        long last = 0;
        long modelTime = 0;
        for (int start = 0; start < DOCUMENTS; start += BATCH) {
            List<ComparisonRunner.Result> batch = new ArrayList<>();
            for (int d = start; d < start + BATCH; d++) {
                for (String method : List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.RATIO_GEOMETRIC)) {
                    double truth = random.nextGaussian();
                    for (Direction direction : List.of(Direction.FORWARD, Direction.REVERSE)) {
                        double noise = random.nextDouble() < 0.01 ? 3 : 0.1;
                        batch.add(new ComparisonRunner.Result(d, corpus.document(d).id(), corpus.document(d).length(), method, direction, 1,
                                false, new RatioResult(truth + noise * random.nextGaussian(), new double[0], 1, 1), null));
                    }
                }
            }
            long t0 = System.nanoTime();
            results.addAll(batch);
            modelTime = System.nanoTime() - t0;
            Graphics2D g = image.createGraphics();
            view.chart().draw(g, new Rectangle2D.Double(0, 0, 1280, 800));
            g.dispose();
            last = System.nanoTime() - t0;
            slowest = Math.max(slowest, last);
        }
        assertEquals(2 * DOCUMENTS, vm.drawnPointCount());
        System.out.printf("scatter, %d documents (%d results): last batch to drawn chart %.0f ms (of which results and view-model %.0f ms),"
                + " slowest batch %.0f ms%n", DOCUMENTS, 4 * DOCUMENTS, last / 1e6, modelTime / 1e6, slowest / 1e6);
        assertTrue(last < 3_000_000_000L, "last batch to a drawn scatter took " + last / 1e6 + " ms");
    }
}
