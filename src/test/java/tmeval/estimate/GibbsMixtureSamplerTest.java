package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.MultiModalCases;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.certify.Target;
import tmeval.sampling.RandomStreams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** is-gibbs on what breaks other samplers: several posterior modes, alpha near zero. */
class GibbsMixtureSamplerTest {
    private static final double PRIOR_SHARE = GibbsMixtureSampler.PRIOR_SHARE;

    /**
     * At its defaults, ten runs on each document of the multi-modal exact cases: every run within two targets of the exact
     * value (measured worst 0.078 nats), and none flagged heavy-tailed more than rarely.
     */
    @Test
    void everyRunIsCloseToTheExactValueOnMultiModalCases() {
        int runs = 0;
        int heavy = 0;
        for (MultiModalCases.Case c : MultiModalCases.all()) {
            for (int d = 0; d < c.corpus().size(); d++) {
                Document doc = c.corpus().document(d);
                for (int r = 0; r < 10; r++) {
                    EstimateResult res = new GibbsMixtureSampler(1000).estimate(doc, c.model(), RandomStreams.stream(3, d, r), new CancelToken());
                    double off = Math.abs(res.logValue() - c.exact()[d]);
                    assertTrue(off < 2 * Target.nats(doc.length()), c.name() + " " + doc.id() + " run " + r + ": " + off + " nats off");
                    heavy += WeightDiagnostics.heavyTailed(res.logWeights()) ? 1 : 0;
                    runs++;
                }
            }
        }
        assertTrue(heavy <= runs / 20, heavy + " of " + runs + " runs flagged heavy-tailed");
    }

    /**
     * The planted failure the chains started apart exist for: one chain of four draws, which finds one mode of a document
     * that is half one topic and half another at alpha 0.01. Its three runs can miss the same mass and agree with each
     * other (seen: 3.05 nats low, runs within 0.05 of each other, light-tailed weights), and neither AIS (which at alpha
     * 0.01 stays in the prior's corners: 2.5 to 3.5 nats low on the same document) nor the weights see it: what prevents
     * it is the sixteen chains started apart, which on the same cases leave every run within two targets
     * ({@link #everyRunIsCloseToTheExactValueOnMultiModalCases}). This test pins that the planted sampler does fail here,
     * so that the cases keep the power to show a proposal missing a mode.
     */
    @Test
    void oneChainMissesAModeThatSixteenChainsFind() {
        MultiModalCases.Case c = MultiModalCases.all().get(1);
        int missedByOne = 0;
        for (int d = 0; d < c.corpus().size(); d++) {
            Document doc = c.corpus().document(d);
            for (int r = 0; r < 5; r++) {
                double one = new GibbsMixtureSampler(1000, 1, 4, 0.01).estimate(doc, c.model(), RandomStreams.stream(5, d, r), new CancelToken()).logValue();
                missedByOne += one < c.exact()[d] - 3 * Target.nats(doc.length()) ? 1 : 0;
            }
        }
        assertTrue(missedByOne >= 5, "the one-chain sampler should miss a mode on some runs: " + missedByOne + " of 50");
    }

    /**
     * The chains' coverage of each other (issue 34): on the multi-modal exact cases the default sixteen chains cover each
     * other on every run, no false alarm (the cases' modes are few, and several chains find each). What coverage catches
     * is measured on the field models (performance.md: runs off by more than their target had coverage under 0.19); what
     * it cannot catch is chains that all miss the same mode (they cover each other): a planted sampler of four chains was
     * 3 targets low on 3 of 90 runs here with coverage above the threshold, which is why the AIS check stays.
     */
    @Test
    void theDefaultChainsCoverEachOtherOnTheExactCases() {
        int runs = 0;
        int flagged = 0;
        for (MultiModalCases.Case c : MultiModalCases.all()) {
            for (int d = 0; d < c.corpus().size(); d++) {
                Document doc = c.corpus().document(d);
                for (int r = 0; r < 3; r++) {
                    EstimateResult mixed = new GibbsMixtureSampler(1000).estimate(doc, c.model(), RandomStreams.stream(7, d, r), new CancelToken());
                    assertTrue(mixed.chainCoverage() > 0 && mixed.chainCoverage() < 1.5, doc.id() + ": coverage " + mixed.chainCoverage());
                    flagged += WeightDiagnostics.chainsApart(mixed) ? 1 : 0;
                    runs++;
                }
            }
        }
        assertEquals(0, flagged, flagged + " of " + runs + " runs of the default chains flagged apart on the exact cases");
    }

    /**
     * The planted failure the chains' coverage is there to catch (issue 34): a proposal of two chains of two draws, which
     * on the multi-modal exact cases often leaves a mode to one chain or to none. Of its runs beyond three targets of the
     * exact value, the coverage flags most as {@code chains-apart} (measured: 21 of 31), and it flags them more often than
     * the runs within (56 of 119: low coverage is often a right value, unproven, so a flag is a "no", never a "wrong").
     * A coverage that saw nothing (always 1, or unweighted so that the wrong chains count) fails the first assertion.
     */
    @Test
    void coverageCatchesMostRunsOfAPlantedProposalThatMissesAMode() {
        int off = 0;
        int offFlagged = 0;
        int within = 0;
        int withinFlagged = 0;
        for (MultiModalCases.Case c : MultiModalCases.all()) {
            for (int d = 0; d < c.corpus().size(); d++) {
                Document doc = c.corpus().document(d);
                for (int r = 0; r < 5; r++) {
                    EstimateResult res = new GibbsMixtureSampler(1000, 2, 2, PRIOR_SHARE).estimate(doc, c.model(), RandomStreams.stream(5, d, r), new CancelToken());
                    boolean flagged = WeightDiagnostics.chainsApart(res);
                    if (Math.abs(res.logValue() - c.exact()[d]) > 3 * Target.nats(doc.length())) {
                        off++;
                        offFlagged += flagged ? 1 : 0;
                    } else {
                        within++;
                        withinFlagged += flagged ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(off >= 10, "the planted proposal should miss modes: " + off + " runs beyond three targets");
        assertTrue(2 * offFlagged >= off, "coverage flags " + offFlagged + " of the " + off + " runs beyond three targets");
        assertTrue((double) offFlagged / off > (double) withinFlagged / within,
                "flagged beyond three targets " + offFlagged + "/" + off + ", within " + withinFlagged + "/" + within);
    }

    /**
     * The coverage's arithmetic: draws whose density the other chains give in the share of mixed chains cover fully;
     * draws only their own chain explains cover nothing; a chain stuck where the posterior has no mass (weights e^-50 of
     * the others) does not lower it (planted: without the weights, a quarter of the draws at share 0 gave 0.75).
     */
    @Test
    void coverageIsOneForMixedChainsZeroForChainsApartAndWeighedByThePosterior() {
        int chains = 4;
        double mixedShare = (chains - 1.0) / chains;
        assertEquals(1.0, GibbsMixtureSampler.chainCoverage(new double[] {0, -1, -2, 0.5}, new double[] {mixedShare, mixedShare, mixedShare, mixedShare}, chains), 1e-12);
        assertEquals(0.0, GibbsMixtureSampler.chainCoverage(new double[] {0, -1, -2, 0.5}, new double[] {0, 0, 0, 0}, chains), 1e-12);
        double withStuckChain = GibbsMixtureSampler.chainCoverage(new double[] {0, 0, 0, -50}, new double[] {mixedShare, mixedShare, mixedShare, 0}, chains);
        assertEquals(1.0, withStuckChain, 1e-12);
        assertTrue(Double.isNaN(GibbsMixtureSampler.chainCoverage(new double[] {0, 0}, new double[] {Double.NaN, Double.NaN}, chains)),
                "draws from the prior only: no coverage to measure");
    }

    /**
     * Alpha 1e-300: the prior is a mixture of the simplex's corners, so P(w) = sum_k (alpha_k / sum alpha) prod_n phi(w_n, k)
     * to within a relative 1e-297; the chains' components are the corners themselves. Every run within four of its own
     * standard errors of it and none above the hard bound.
     */
    @Test
    void alphaNearZeroGivesTheCornersMixture() {
        TopicModel base = MultiModalCases.sharedWordsModel("tiny alpha", 4, 1e-300, 7);
        Document doc = tmeval.Fixtures.generate(MultiModalCases.sharedWordsModel("gen", 4, 0.5, 7), 1, 80, 3).document(0);
        double[] corners = new double[4];
        for (int k = 0; k < 4; k++) {
            corners[k] = Math.log(0.25);
            for (int i = 0; i < doc.length(); i++) {
                corners[k] += Math.log(base.phi(doc.word(i), k));
            }
        }
        double limit = tmeval.sampling.LogMath.logSumExp(corners);
        double ceiling = Ceiling.of(doc, base);
        for (int r = 0; r < 5; r++) {
            EstimateResult res = new GibbsMixtureSampler(1000).estimate(doc, base, RandomStreams.stream(1, 0, r), new CancelToken());
            // the prior's draws fall on the corners by a multinomial: the run's own standard error, about 0.04 nats here
            double se = WeightDiagnostics.standardErrorOfLogMean(res.logWeights());
            assertEquals(limit, res.logValue(), 4 * se + 1e-9, "run " + r + ", standard error " + se);
            assertTrue(res.logValue() <= ceiling, "above the hard bound");
        }
    }
}
