package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.anneal.Schedule;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.List;

/**
 * Every single-model estimator that is unbiased for P(w) in probability space passes the pooled chi-square test of
 * {@link ProbabilitySpaceCheck}: for each document the weights P-hat / P(exact) over thousands of seeded runs must
 * average 1 within their own standard error, pooled over documents at p = 1e-6.
 * <p>
 * The budgets are deliberately small (10 or 20 temperatures, a chain of 10, one particle): a large budget hides a
 * wrong weight or a wrong transition behind a small variance, since every such mistake costs a bias that falls as
 * the budget grows. At these budgets the planted mistakes of issue 16 (the AIS weight taken after the Gibbs move,
 * forward sweeps in place of reversed ones in the Chib-style chain) fail these tests by far.
 */
class UnbiasedEstimatorsTest {
    /** Runs per document for the small-budget tests: the standard error of the mean weight is then about 0.005 to 0.02. */
    private static final int RUNS = 4000;

    /**
     * Runs per document for Chib-style: its weights are tightly spread on these documents (standard error 1e-4 to
     * 2e-3 at 40000 runs), and forward sweeps in place of reversed ones shift the mean by only 0.03% to 2%, so
     * this many runs are needed to see it (at 4000 the planted mistake gave chi-square 22, under the threshold 40.5).
     */
    private static final int CHIB_RUNS = 40_000;

    /** The pooled check of {@code estimator} over {@code cases}, run r of document d on stream (seed, d, r). */
    static ProbabilitySpaceCheck.Pooled check(String label, Estimator estimator, List<ExactCases.Case> cases, int runs, long seed) {
        List<ProbabilitySpaceCheck.Sample> samples = new ArrayList<>();
        for (int d = 0; d < cases.size(); d++) {
            ExactCases.Case c = cases.get(d);
            long document = d;
            samples.add(ProbabilitySpaceCheck.sample(c.name(), runs, r -> estimator.estimate(c.document(), c.model(),
                    RandomStreams.stream(seed, document, r), new CancelToken()).logValue() - c.exact()));
        }
        return ProbabilitySpaceCheck.assertUnbiased(label, samples);
    }

    @Test
    void isPrior() {
        check("is-prior, 200 samples", new PriorImportanceSampler(200), ExactCases.all(), 1000, 1);
    }

    @Test
    void isPzw() {
        check("is-pzw, 100 samples", TokenProposalSampler.pzw(100), ExactCases.all(), 1000, 2);
    }

    @Test
    void isIp() {
        check("is-ip, 100 samples", TokenProposalSampler.iteratedPseudoCounts(100, 10), ExactCases.all(), 1000, 3);
    }

    @Test
    void leeWithoutTruncation() {
        check("lee-is, 100 samples", new LeeDirichletSampler(100, 0.0), ExactCases.all(), 1000, 7);
    }

    /**
     * The variational mixture at a small budget (10 draws). Planted and caught: shares that do not add up to one
     * (chi-square 167,260), the prior's density taken from a widened component (109,341). Not mistakes, and passing:
     * a weight taken against the drawn component alone instead of the whole mixture (unbiased, more variance), an
     * exponent off in every density alike (it cancels in the weight).
     */
    @Test
    void isVbMixture() {
        check("is-vb, 10 samples", new VariationalImportanceSampler(10), ExactCases.all(), RUNS, 10);
    }

    /**
     * The Gibbs mixture at a small budget (10 draws, its default chains). Planted and caught: the components' ratio to the
     * prior without Gamma(A + sN) / Gamma(A) (chi-square 2,396,750 against the threshold 35.9), the prior's share left out
     * of the mixture's density (weights of a prior draw unbounded: the check refuses them as heavy-tailed).
     */
    @Test
    void isGibbsMixture() {
        check("is-gibbs, 10 samples", new GibbsMixtureSampler(10), ExactCases.all(), RUNS, 11);
    }

    /** Algorithm 1 with one sample of 10 temperatures: each weight is prod_j f_j(z_{j-1}) / f_{j-1}(z_{j-1}). */
    @Test
    void aisUniform() {
        check("ais, 10 uniform temperatures", AnnealedImportanceSampler.standard(10, 1, Schedule.UNIFORM), ExactCases.shortCases(), RUNS, 4);
    }

    @Test
    void aisGeometric() {
        check("ais, 20 geometric temperatures", AnnealedImportanceSampler.standard(20, 1, Schedule.GEOMETRIC), ExactCases.shortCases(), RUNS, 5);
    }

    /**
     * Murray and Salakhutdinov's estimator is unbiased for P(w) itself (Wallach et al. Eq. 23, "formally unbiased,
     * even for finite runs"): with s uniform, z_s ~ T-tilde(. <- z*), forward sweeps after s and reversed sweeps
     * before it, the chain's law is Q(Z) = P(Z) (1/S) sum_s T(z* <- z_s) / P(z* | w) for the stationary forward chain
     * P(Z), so E_Q[P(z*, w) / ((1/S) sum_s T(z* <- z_s))] = P(w). (So 1/P-hat is not unbiased for 1/P(w): by Jensen
     * E[P / P-hat] > 1, and log P-hat is a stochastic lower bound.) A chain of 10 on short documents, where the
     * order of the sweeps matters; plus the count-based model, whose chain takes the word-sparse draw.
     */
    @Test
    void chib() {
        List<ExactCases.Case> cases = new ArrayList<>(ExactCases.shortCases());
        cases.add(ExactCases.countBasedCase());
        check("chib, chain of 10", new ChibStyleEstimator(10), cases, CHIB_RUNS, 6);
    }

    /**
     * Left-to-right with one particle is sequential importance sampling, exactly unbiased for P(w) with or without
     * re-sampling the earlier tokens: by induction E[prod_{m<n} p_m h(z_<n)] = P(w_<n) E[h(z_<n) | w_<n], since a
     * re-sampling sweep leaves P(z_<n | w_<n) invariant and p_n z_n ~ P(w_n, z_n | z_<n). (With R > 1 the product
     * of per-position averages is biased: {@code ConsistentAndBiasedEstimatorsTest}.)
     */
    @Test
    void leftToRightWithOneParticle() {
        check("lr, 1 particle, re-sampling", LeftToRight.standard(1, true), ExactCases.shortCases(), RUNS, 8);
        check("lr, 1 particle, no re-sampling", LeftToRight.standard(1, false), ExactCases.shortCases(), RUNS, 9);
    }
}
