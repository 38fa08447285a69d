package tmeval.run.exec;

import tmeval.run.output.CurveRowFormat;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Shard;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.ModelSeries;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A curve evaluated in interleaved slices (as on a cluster) and delivered back gives the rows and corpus lines of the
 * whole run, in its order, whatever order the slices' rows arrive in.
 */
class CurveRunnerSliceTest {
    private static final double[] ALPHA = {0.1, 0.3, 0.6};
    private static final TopicModel FIRST = Fixtures.randomModel("m10", 40, ALPHA, 0.1, 3);
    private static final ModelSeries SERIES = new ModelSeries("s", List.of(new ModelSeries.Snapshot(10, FIRST),
            new ModelSeries.Snapshot(20, Fixtures.randomModel("m20", 40, ALPHA, 0.1, 5)),
            new ModelSeries.Snapshot(30, Fixtures.randomModel("m30", 40, ALPHA, 0.1, 7))));
    private static final Corpus CORPUS = Fixtures.generate(FIRST, 11, 12, 4);
    private static final List<String> METHODS = List.of(Methods.ITERATION_AIS, Methods.AIS, Methods.LR, Methods.VB);
    private static final int RUNS = 2;

    private static CurveRunner.Job job(Corpus corpus) {
        return new CurveRunner.Job(corpus, SERIES, METHODS, CurvePlan.DEFAULT_METHOD_SETTINGS.withTemperatures(8), 4, RUNS, 9, 1);
    }

    /** The curve file's lines, as the listener receives them. */
    private static final class Lines implements CurveRunner.Listener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void row(CurveRunner.Row row) {
            lines.add(CurveRowFormat.write(CurveRowFormat.Row.of(row), false));
        }

        @Override
        public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
            points.forEach(p -> lines.add(CurveRowFormat.write(CurveRowFormat.Row.of(p), false) + " variance " + p.perDocumentVariance()));
        }
    }

    /** Every row of three interleaved slices, each run through the whole series on its own. */
    private static List<CurveRunner.Row> slices() {
        List<CurveRunner.Row> rows = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            int[] positions = new Shard(p, 3).positions(CORPUS.size());
            List<Document> docs = new ArrayList<>();
            for (int position : positions) {
                docs.add(CORPUS.document(position));
            }
            CurveRunner.runSlice(job(new Corpus("slice", CORPUS.vocabulary(), docs, 0, 0)), positions, new CurveRunner.Listener() {
                @Override
                public void row(CurveRunner.Row row) {
                    rows.add(row);
                }

                @Override
                public void snapshotDone(int iteration, List<CurveRunner.Point> points) {
                }
            }, new CancelToken());
        }
        return rows;
    }

    @Test
    void slicesDeliveredInAnyOrderGiveTheWholeRunsLines() {
        Lines whole = new Lines();
        CurveRunner.run(job(CORPUS), whole, Progress.NONE, new CancelToken());
        assertEquals(SERIES.size() * (CORPUS.size() + 1) * METHODS.size() * RUNS, whole.lines.size());
        List<CurveRunner.Row> rows = slices();
        Collections.shuffle(rows, new Random(1));
        Lines delivered = new Lines();
        CurveRunner.deliver(SERIES, METHODS, RUNS, CORPUS.size(), rows, delivered);
        assertEquals(whole.lines, delivered.lines);
    }

    @Test
    void aMissingRowIsAnErrorNotAShorterSum() {
        List<CurveRunner.Row> rows = slices();
        rows.remove(rows.size() / 2);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CurveRunner.deliver(SERIES, METHODS, RUNS, CORPUS.size(), rows, new Lines()));
        assertTrue(e.getMessage().contains("11 documents x 4 methods x 2 runs"), e.getMessage());
    }
}
