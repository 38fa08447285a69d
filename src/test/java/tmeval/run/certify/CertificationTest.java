package tmeval.run.certify;

import org.junit.jupiter.api.Test;
import tmeval.estimate.Methods;
import tmeval.run.exec.Status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CertificationTest {
    private static final Status[] TWO_OK = {Status.OK, Status.OK};
    private static final Status[] THREE_OK = {Status.OK, Status.OK, Status.OK};

    @Test
    void theTargetIsATenthOfAPercentOfPerplexityPerTokenAndATenthOfANatAtLeast() {
        assertEquals(0.1, Target.nats(5));
        assertEquals(0.1, Target.nats(100));
        assertEquals(0.5, Target.nats(500), 1e-12);
    }

    @Test
    void oneModelIsCertifiedWhenItsStandardErrorIsWithinTheTarget() {
        // two runs 0.2 apart: standard error 0.1; N = 200 gives a target of 0.2, N = 50 one of 0.1
        Verdict within = Certification.ofRuns(Methods.Guarantee.ESTIMATE, 200, TWO_OK, new double[] {-100.0, -100.2});
        assertEquals(Reason.WITHIN_TARGET, within.reason());
        assertEquals(0.1, within.error(), 1e-12);
        assertEquals(-100.1, within.value(), 1e-12);
        assertEquals("yes", within.label());
        Verdict noisy = Certification.ofRuns(Methods.Guarantee.ESTIMATE, 50, TWO_OK, new double[] {-100.0, -100.3});
        assertEquals(Reason.NOISY, noisy.reason());
        assertEquals("no", noisy.label());
        assertTrue(noisy.describe().contains("s.e. 0.15") && noisy.describe().contains("target 0.1"), noisy.describe());
    }

    @Test
    void oneRunABelowFloorRunOrAMissingValueIsNeverCertified() {
        assertEquals(Reason.ONE_RUN, Certification.ofRuns(Methods.Guarantee.ESTIMATE, 200, new Status[] {Status.OK}, new double[] {-1}).reason());
        assertEquals(Reason.BELOW_FLOOR, Certification.ofRuns(Methods.Guarantee.ESTIMATE, 200, new Status[] {Status.OK, Status.BELOW_FLOOR},
                new double[] {-100, -100}).reason(), "identical runs, but one below the floor");
        Verdict missing = Certification.ofRuns(Methods.Guarantee.ESTIMATE, 200, new Status[] {Status.OK, Status.ZERO_WEIGHT},
                new double[] {-100, Double.NaN});
        assertEquals(Reason.NO_VALUE, missing.reason());
        assertTrue(Double.isNaN(missing.value()));
    }

    @Test
    void exactIsCertifiedWithOneRunAndABoundOrTheHarmonicMeanNever() {
        assertEquals(Reason.EXACT, Certification.ofRuns(Methods.guarantee(Methods.EXACT), 9, new Status[] {Status.OK}, new double[] {-20}).reason());
        assertEquals(Reason.NO_VALUE, Certification.ofRuns(Methods.guarantee(Methods.EXACT), 9, new Status[] {Status.REFUSED},
                new double[] {Double.NaN}).reason(), "exact beyond its limit has no value");
        assertEquals(Reason.BOUND, Certification.ofRuns(Methods.guarantee(Methods.VB), 9, TWO_OK, new double[] {-20, -20}).reason());
        assertEquals(Reason.BIASED, Certification.ofRuns(Methods.guarantee(Methods.HM), 9, TWO_OK, new double[] {-20, -20}).reason());
    }

    @Test
    void aRatioPathIsCertifiedWhenItsDirectionsAgreeAndItsBracketIsTheirMeans() {
        Verdict v = Certification.ofDirections(40, TWO_OK, new double[] {0.50, 0.54}, TWO_OK, new double[] {0.58, 0.60});
        assertEquals(Reason.WITHIN_TARGET, v.reason(), v.describe());
        assertEquals(0.52, v.low(), 1e-12);
        assertEquals(0.59, v.high(), 1e-12);
        assertEquals(0.07, v.error(), 1e-12);
        assertTrue(v.describe().contains("gap 0.07"), v.describe());
        Verdict apart = Certification.ofDirections(40, TWO_OK, new double[] {0.1, 0.1}, TWO_OK, new double[] {0.3, 0.3});
        assertEquals(Reason.DIRECTIONS_DISAGREE, apart.reason());
        assertFalse(apart.certified());
        assertEquals(Reason.ONE_DIRECTION, Certification.ofDirections(40, TWO_OK, new double[] {0.1, 0.1}, new Status[0], new double[0]).reason());
        assertEquals(Reason.NO_VALUE, Certification.ofDirections(40, TWO_OK, new double[] {0.1, 0.1}, new Status[] {Status.REFUSED},
                new double[] {Double.NaN}).reason());
    }

    /**
     * Means that agree are evidence only if each is close to its direction's expectation: three forward runs from the
     * upper of two modes (a heavy lower tail not yet seen) can agree with the reverse ones and be 0.4 nats off, as
     * run.auto.AutoComparisonTest found between models of different K; their spread says so.
     */
    @Test
    void aRatioPathWhoseDirectionsAgreeButWhoseRunsSpreadBeyondTheTargetIsNotCertified() {
        Verdict spread = Certification.ofDirections(40, THREE_OK, new double[] {0.2, 0.6, 0.95}, THREE_OK, new double[] {0.55, 0.6, 0.62});
        assertTrue(spread.error() <= spread.target(), "the means agree: " + spread.describe());
        assertEquals(Reason.NOISY, spread.reason(), spread.describe());
        assertFalse(spread.certified());
        Verdict tight = Certification.ofDirections(40, THREE_OK, new double[] {0.55, 0.57, 0.6}, THREE_OK, new double[] {0.58, 0.6, 0.62});
        assertEquals(Reason.WITHIN_TARGET, tight.reason(), tight.describe());
    }

    @Test
    void countsSayHowManyAreCertifiedAndWhyTheOthersAreNot() {
        VerdictCounts counts = new VerdictCounts();
        counts.add("is-vb", Certification.ofRuns(Methods.Guarantee.ESTIMATE, 200, TWO_OK, new double[] {-100.0, -100.1}));
        counts.add("is-vb", Certification.ofRuns(Methods.Guarantee.ESTIMATE, 20, TWO_OK, new double[] {-100.0, -101}));
        counts.add("is-vb", Certification.ofRuns(Methods.Guarantee.ESTIMATE, 20, new Status[] {Status.OK}, new double[] {-100.0}));
        assertEquals(1, counts.certified("is-vb"));
        assertEquals(3, counts.documents("is-vb"));
        assertEquals("certified is-vb: 1 of 3 documents; not certified: 1 one run: no run-to-run error (2 or more runs, or auto),"
                + " 1 standard error above the target", counts.line("is-vb"));
    }
}
