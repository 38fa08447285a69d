package tmeval.run.exec;

import tmeval.run.output.CorpusSummary;
import tmeval.run.output.EstimateTable;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.Estimator;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.progress.CancelledException;
import tmeval.progress.Progress;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EstimationRunnerTest {
    private static final TopicModel MODEL = Fixtures.randomModel("m", 60, new double[] {0.1, 0.3, 0.6, 1.0}, 0.1, 3);
    private static final Corpus CORPUS = Fixtures.generate(MODEL, 24, 30, 4);

    private static String table(Estimator e, int runs, int threads) {
        StringWriter out = new StringWriter();
        EstimateTable table = new EstimateTable(out, false);
        EstimationRunner.run(new EstimationRunner.Job(CORPUS, MODEL, e, runs, 42, threads), o -> {
            try {
                table.add(o);
            } catch (IOException ex) {
                throw new AssertionError(ex);
            }
        }, Progress.NONE, new CancelToken());
        try {
            table.finish();
        } catch (IOException ex) {
            throw new AssertionError(ex);
        }
        return out.toString();
    }

    @Test
    void sameSeedSameOutputForAnyThreadCountForEveryMethod() {
        for (Methods.Method m : Methods.all()) {
            MethodSettings s = m.defaults().withSamples(10).withTemperatures(10).withBurnIn(3).withParticles(3).withChainLength(5);
            Estimator e = m.create(s);
            String one = table(e, 2, 1);
            assertEquals(CORPUS.size() * 2, one.lines().count(), m.name());
            assertEquals(one, table(e, 2, 4), m.name() + ": 1 vs 4 threads");
            assertEquals(one, table(e, 2, 3), m.name() + ": 1 vs 3 threads");
        }
    }

    @Test
    void outcomesArriveInDocumentAndRunOrder() {
        List<String> order = new ArrayList<>();
        EstimationRunner.run(new EstimationRunner.Job(CORPUS, MODEL, AnnealedImportanceSampler.standard(20, 1, Schedule.UNIFORM), 3, 1, 4),
                o -> order.add(o.documentIndex() + ":" + o.run()), Progress.NONE, new CancelToken());
        List<String> expected = new ArrayList<>();
        for (int d = 0; d < CORPUS.size(); d++) {
            for (int r = 1; r <= 3; r++) {
                expected.add(d + ":" + r);
            }
        }
        assertEquals(expected, order);
    }

    @Test
    void cancelStopsAllWorkersPromptlyAndLeavesNoThread() throws Exception {
        CancelToken cancel = new CancelToken();
        AtomicLong delivered = new AtomicLong();
        Estimator slow = AnnealedImportanceSampler.standard(2_000_000, 1, Schedule.UNIFORM);
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException ignored) {
                return;
            }
            cancel.cancel();
        });
        canceller.start();
        long start = System.nanoTime();
        assertThrows(CancelledException.class, () -> EstimationRunner.run(new EstimationRunner.Job(CORPUS, MODEL, slow, 1, 1, 2),
                o -> delivered.incrementAndGet(), Progress.NONE, cancel));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 1.3, "cancel took " + seconds + " s after a 0.3 s start");
        assertEquals(0, delivered.get());
        Thread.sleep(50);
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!t.getName().startsWith("tmeval-ais") || !t.isAlive(), "worker left alive: " + t.getName());
        }
    }

    @Test
    void refusalsAreReportedAndWrittenWithTheirStatus() throws IOException {
        // exact refuses K = 4 documents above a tiny state limit
        Estimator exact = Methods.get("exact").create(MethodSettings.defaults().withMaxExactStates(10));
        CorpusSummary summary = new CorpusSummary(1);
        StringWriter out = new StringWriter();
        EstimateTable table = new EstimateTable(out, false);
        EstimationRunner.run(new EstimationRunner.Job(CORPUS, MODEL, exact, 1, 1, 2), o -> {
            summary.add(o);
            try {
                table.add(o);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }, Progress.NONE, new CancelToken());
        table.finish();
        assertEquals(CORPUS.size(), out.toString().lines().filter(l -> l.endsWith("\t\t\t0\t0\trefused\tno")).count(),
                "every refused run is written, with empty values: " + out);
        assertEquals(CORPUS.size(), summary.refused());
        assertTrue(summary.report("exact").contains("above the limit"), summary.report("exact"));
    }
}
