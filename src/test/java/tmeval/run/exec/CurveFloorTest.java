package tmeval.run.exec;

import org.junit.jupiter.api.Test;
import tmeval.estimate.Methods;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The curves showed AIS at 1,000 temperatures a thousand nats below vb's lower bound at most snapshots of the sample
 * series, with no word of it: a stochastic method below the floor beyond its noise is flagged, one within its noise
 * is not, and without vb nothing is claimed.
 */
class CurveFloorTest {
    private static CurveRunner.Point point(int iteration, String method, int run, double logLikelihood) {
        return new CurveRunner.Point(iteration, method, run, 1000, logLikelihood, 0, 0, null, 0);
    }

    @Test
    void aMethodBelowVbBeyondItsNoiseIsFlaggedAndOneWithinItIsNot() {
        List<CurveRunner.Point> points = List.of(
                point(10, Methods.VB, 1, -100.0), point(10, Methods.VB, 2, -100.0),
                point(10, Methods.AIS, 1, -110.0), point(10, Methods.AIS, 2, -111.0),
                point(10, Methods.LR, 1, -99.0), point(10, Methods.LR, 2, -101.5),
                point(20, Methods.VB, 1, -90.0), point(20, Methods.AIS, 1, -89.0));
        List<CurveFloor.BelowFloor> below = CurveFloor.belowFloor(points);
        assertEquals(1, below.size(), below.toString());
        assertEquals(Methods.AIS, below.get(0).method());
        assertEquals(10, below.get(0).iteration());
        assertEquals(-110.5, below.get(0).mean(), 1e-12);
        assertTrue(below.get(0).text().contains("below vb's floor -100.0"), below.get(0).text());
        assertEquals(List.of(), CurveFloor.belowFloor(points.stream().filter(p -> !p.method().equals(Methods.VB)).toList()),
                "without vb there is no floor to fall below");
    }
}
