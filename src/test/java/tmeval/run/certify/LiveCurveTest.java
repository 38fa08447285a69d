package tmeval.run.certify;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.curve.ConvergenceRule;
import tmeval.estimate.Methods;
import tmeval.model.Corpus;
import tmeval.run.exec.CurveRunner;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LiveCurveTest {
    /** 10 documents of 20 tokens: each document's target is 0.1 nats, the corpus target 1 nat. */
    private static final Corpus CORPUS = Fixtures.generate(Fixtures.randomModel("m", 30, new double[] {0.5, 0.5}, 0.5, 1), 10, 20, 2);

    private static List<CurveRunner.Point> snapshot(int iteration, double... runs) {
        List<CurveRunner.Point> points = new java.util.ArrayList<>();
        for (int r = 0; r < runs.length; r++) {
            points.add(new CurveRunner.Point(iteration, Methods.ITERATION_AIS, r + 1, 200, runs[r], 0, 0, null, 0));
        }
        points.add(new CurveRunner.Point(iteration, Methods.VB, 1, 200, -1, 0, 0, null, 0)); // not judged
        return points;
    }

    @Test
    void aStepIsCertifiedWhenItsRunsAgreeWithinTheCorpusTargetAndNotOtherwise() {
        LiveCurve live = new LiveCurve(CORPUS, ConvergenceRule.DEFAULT);
        assertEquals(1.0, live.target(), 1e-12);
        assertNull(live.add(10, snapshot(10, -500, -520)), "no step into the first snapshot");
        // run by run +30.9 and +29.1: the paired standard error 0.9 is within 1 nat, though the runs' levels differ by 20
        LiveCurve.Step agreed = live.add(20, snapshot(20, -469.1, -490.9));
        assertEquals(30.0, agreed.mean(), 1e-9);
        assertEquals(0.9, agreed.standardError(), 1e-9);
        assertTrue(agreed.certified(), agreed.text(live.target()));
        assertTrue(agreed.text(live.target()).startsWith("step 10 -> 20: +30.000 nats (standard error 0.900 over 2 runs): certified"),
                agreed.text(live.target()));
        // +10.9 and +8.7: standard error 1.1, just beyond the target
        LiveCurve.Step apart = live.add(30, snapshot(30, -458.2, -482.2));
        assertEquals(1.1, apart.standardError(), 1e-9);
        assertFalse(apart.certified());
        assertTrue(apart.text(live.target()).endsWith("not certified (standard error above the corpus target 1.00)"), apart.text(live.target()));
        assertEquals(List.of(10, 20, 30), live.points().stream().map(ConvergenceRule.Point::iteration).toList());
        assertTrue(live.verdict().text().startsWith("not judged yet"), live.verdict().text());
    }

    @Test
    void aRunWithARefusedDocumentLeavesTheStepUncertified() {
        LiveCurve live = new LiveCurve(CORPUS, ConvergenceRule.DEFAULT);
        live.add(10, snapshot(10, -500, -520));
        List<CurveRunner.Point> refused = List.of(new CurveRunner.Point(20, Methods.ITERATION_AIS, 1, 180, -450, 0, 0, null, 1),
                new CurveRunner.Point(20, Methods.ITERATION_AIS, 2, 200, -490, 0, 0, null, 0));
        LiveCurve.Step step = live.add(20, refused);
        assertFalse(step.certified());
        assertTrue(step.text(live.target()).endsWith("not certified (a run was refused)"), step.text(live.target()));
    }
}
