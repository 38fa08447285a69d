package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ratio-eta} between models of different K ({@link EtaRatio}: the smaller model padded to the larger's space with
 * a fixed Gaussian r(u | a) over the other coordinates) against exact log ratios, K = 2 against 3 and every pairing of
 * the three families (LDA, logistic-normal with a mixture decoder, logistic-normal with a product decoder; the dynamic
 * programme on an LDA, quadrature over eta on the others): each direction's weight is unbiased in probability for its
 * ratio, the two directions' means bracket the exact log ratio within their Monte Carlo error with the midpoint close,
 * and r without its normalising constant fails both checks.
 */
class DifferentKEtaRatioTest {
    private static final int BURN_IN = 30;
    /**
     * The probability-space checks' budget: at 100 temperatures two reverse runs into a product decoder of D = K held 1.2% and
     * 1.8% of their documents' totals, above the check's 1%.
     */
    private static final int TEMPERATURES = 200;

    /** A: the larger (K = 3), B: the smaller (K = 2), a document, and the exact log P(w | A) - log P(w | B). */
    private record Case(String name, TopicModel a, TopicModel b, Document document, double exactRatio) {
    }

    private static double exact(TopicModel model, Document doc) {
        return FamilyFixtures.exactLogProbability(model, doc);
    }

    /**
     * The three families at K (LDAs of alpha 1.5 to 3: below 1 the Dirichlet's tails in eta are heavier than a Gaussian's,
     * EtaRatioTest); the logistic-normal ones of both conventions D = K and K - 1, full and diagonal covariance.
     */
    private static List<TopicModel> families(int k, long seed) {
        double[] alpha = k == 2 ? new double[] {1.5, 2.5} : new double[] {2.0, 1.5, 3.0};
        return List.of(Fixtures.randomModel("lda" + k, 12, alpha, 0.5, seed),
                FamilyFixtures.model("ctm" + k, new FamilyFixtures.Shape(k, k == 2, false, false), 12, 1.0, seed + 1),
                FamilyFixtures.model("prodlda" + k, new FamilyFixtures.Shape(k, k == 3, true, true), 12, 1.0, seed + 2));
    }

    /** Every family at K = 3 against every family at K = 2, on documents of the given lengths. */
    private static List<Case> cases(int... lengths) {
        List<TopicModel> small = families(2, 200);
        List<TopicModel> large = families(3, 210);
        List<Case> cases = new ArrayList<>();
        long seed = 220;
        for (TopicModel a : large) {
            for (TopicModel b : small) {
                for (int length : lengths) {
                    Document doc = Fixtures.generate(small.get(0), 1, length, seed++).document(0);
                    cases.add(new Case(a.name() + " vs " + b.name() + " N" + length, a, b, doc, exact(a, doc) - exact(b, doc)));
                }
            }
        }
        return cases;
    }

    /** One run's log-weight as an estimate of the log ratio log P(w | A) - log P(w | B): forward anneals B to A, reverse A to B. */
    private static double logRatio(Case c, boolean forward, int temperatures, EtaRatio.Mistake mistake, SplittableRandom random) {
        double w = EtaRatio.logWeights(c.document(), forward ? c.a() : c.b(), forward ? c.b() : c.a(), temperatures, 1, BURN_IN,
                Schedule.UNIFORM, random, new CancelToken(), mistake).logWeights()[0];
        return forward ? w : -w;
    }

    private static ProbabilitySpaceCheck.Pooled pooled(List<Case> cases, boolean forward, EtaRatio.Mistake mistake, long seed, int runs) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < cases.size(); d++) {
            Case c = cases.get(d);
            long document = d;
            // the weight over the exact ratio: forward exp(w - log ratio), reverse exp(w + log ratio), w the run's own log-weight
            samples.add(ProbabilitySpaceCheck.sample(c.name() + (forward ? " forward" : " reverse"), runs, r -> {
                double estimate = logRatio(c, forward, TEMPERATURES, mistake, RandomStreams.stream(seed, document, r));
                return forward ? estimate - c.exactRatio() : c.exactRatio() - estimate;
            }));
        }
        return ProbabilitySpaceCheck.pooledChiSquare("ratio-eta K = 3 against 2, " + (forward ? "forward" : "reverse") + ", " + mistake, samples);
    }

    /** Each direction's weight, padded start (forward) and padded target (reverse), unbiased for its ratio at 200 temperatures. */
    @Test
    void bothDirectionsAreUnbiasedForTheirRatiosAcrossFamiliesAndK() {
        List<Case> cases = cases(3, 6);
        ProbabilitySpaceCheck.assertAllUnbiased(List.of(pooled(cases, true, EtaRatio.Mistake.NONE, 231, 1500),
                pooled(cases, false, EtaRatio.Mistake.NONE, 232, 1500)));
    }

    /** r(u | a) without its normalising constant: the smaller model's normaliser is no longer P(w | S), and both directions see it. */
    @Test
    void theAuxiliaryDensityWithoutItsNormaliserIsCaught() {
        List<Case> cases = cases(3);
        ProbabilitySpaceCheck.Pooled forward = pooled(cases, true, EtaRatio.Mistake.NO_AUXILIARY_NORMALISER, 233, 300);
        ProbabilitySpaceCheck.Pooled reverse = pooled(cases, false, EtaRatio.Mistake.NO_AUXILIARY_NORMALISER, 234, 300);
        assertTrue(forward.rejects() && reverse.rejects(), forward + "\n" + reverse);
    }

    /** The two directions' means over runs, each with its standard error. */
    private record Bracket(double forward, double forwardError, double reverse, double reverseError) {
        double midpoint() {
            return (forward + reverse) / 2;
        }

        double midpointError() {
            return Math.hypot(forwardError, reverseError) / 2;
        }

        /** Forward below and reverse above the exact value, each within three of its standard errors. */
        boolean brackets(double exact) {
            return forward - 3 * forwardError <= exact && reverse + 3 * reverseError >= exact;
        }

        /** The midpoint within three of its standard errors and a tenth of the gap of the exact value. */
        boolean centred(double exact) {
            return Math.abs(midpoint() - exact) <= 3 * midpointError() + 0.1 * Math.abs(reverse - forward);
        }

        String describe(double exact) {
            return String.format(Locale.ROOT, "forward %.4f +- %.4f, reverse %.4f +- %.4f, midpoint %.4f, exact %.4f", forward, forwardError,
                    reverse, reverseError, midpoint(), exact);
        }
    }

    private static Bracket bracket(Case c, int temperatures, int runs, EtaRatio.Mistake mistake, long seed) {
        double[][] values = new double[2][runs];
        for (int r = 0; r < runs; r++) {
            values[0][r] = logRatio(c, true, temperatures, mistake, RandomStreams.stream(seed, 0, r));
            values[1][r] = logRatio(c, false, temperatures, mistake, RandomStreams.stream(seed, 1, r));
        }
        return new Bracket(EtaRatioTest.mean(values[0]), EtaRatioTest.standardError(values[0]), EtaRatioTest.mean(values[1]),
                EtaRatioTest.standardError(values[1]));
    }

    /**
     * On documents of 12 tokens at 20 temperatures (400 runs a direction), every family pairing: the forward mean lies below
     * the exact log ratio and the reverse mean above it, each within its Monte Carlo error, and the midpoint is close. With r's
     * normaliser left out, the same check fails on every pairing.
     */
    @Test
    void theDirectionsBracketTheExactLogRatioWithTheMidpointClose() {
        List<Case> cases = cases(12);
        StringBuilder report = new StringBuilder();
        boolean all = true;
        int planted = 0;
        for (int d = 0; d < cases.size(); d++) {
            Case c = cases.get(d);
            Bracket b = bracket(c, 20, 400, EtaRatio.Mistake.NONE, 240 + d);
            Bracket wrong = bracket(c, 20, 400, EtaRatio.Mistake.NO_AUXILIARY_NORMALISER, 240 + d);
            boolean ok = b.brackets(c.exactRatio()) && b.centred(c.exactRatio());
            all &= ok;
            planted += wrong.brackets(c.exactRatio()) && wrong.centred(c.exactRatio()) ? 0 : 1;
            report.append(String.format(Locale.ROOT, "%n%s: %s%s; without r's normaliser %s", c.name(), b.describe(c.exactRatio()), ok ? "" : " FAILS",
                    wrong.describe(c.exactRatio())));
        }
        System.out.println(report);
        assertTrue(all, report.toString());
        assertTrue(planted == cases.size(), "the planted mistake passed on " + (cases.size() - planted) + " pairings:" + report);
    }
}
