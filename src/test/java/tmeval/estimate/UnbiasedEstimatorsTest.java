package tmeval.estimate;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tmeval.anneal.Schedule;

import java.util.List;

/**
 * Every unbiased single-model estimator, averaged in probability space over seeded runs, agrees with the exact
 * answer within four of its own standard errors, on models with K from 2 to 6, asymmetric alpha, zero entries
 * (and, for Chib-style, whose chain runs at temperature 1, a model estimated from sparse counts).
 */
class UnbiasedEstimatorsTest {
    static List<ExactCases.Case> cases() {
        return ExactCases.all();
    }

    /** Also a count-based model, where the posterior Gibbs draw takes the word-sparse split. */
    static List<ExactCases.Case> casesWithCounts() {
        return ExactCases.withCountBased();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isPrior(ExactCases.Case c) {
        Unbiased.check("is-prior " + c, new PriorImportanceSampler(200), c.model(), c.document(), c.exact(), 300, 1, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isPzw(ExactCases.Case c) {
        Unbiased.check("is-pzw " + c, TokenProposalSampler.pzw(100), c.model(), c.document(), c.exact(), 300, 2, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isIp(ExactCases.Case c) {
        Unbiased.check("is-ip " + c, TokenProposalSampler.iteratedPseudoCounts(100, 10), c.model(), c.document(), c.exact(), 300, 3, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aisUniform(ExactCases.Case c) {
        Unbiased.check("ais " + c, AnnealedImportanceSampler.standard(100, 4, Schedule.UNIFORM), c.model(), c.document(), c.exact(), 600, 4, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aisGeometric(ExactCases.Case c) {
        Unbiased.check("ais geometric " + c, AnnealedImportanceSampler.standard(300, 4, Schedule.GEOMETRIC), c.model(), c.document(), c.exact(), 1200, 5, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("casesWithCounts")
    void chib(ExactCases.Case c) {
        Unbiased.check("chib " + c, new ChibStyleEstimator(20), c.model(), c.document(), c.exact(), 400, 6, 0.05);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void leeWithoutTruncation(ExactCases.Case c) {
        Unbiased.check("lee-is " + c, new LeeDirichletSampler(100, 0.0), c.model(), c.document(), c.exact(), 300, 7, 0.05);
    }
}
