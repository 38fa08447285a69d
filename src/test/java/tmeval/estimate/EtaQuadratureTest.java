package tmeval.estimate;

import org.junit.jupiter.api.Test;
import tmeval.FamilyFixtures;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact answers over eta (issue 37, item 2): on every family of the hidden cases (K = 2 and 3, mixture and product,
 * full and diagonal covariance, D = K and K - 1) the grid agrees to 1e-8 with a second grid that shares none of its
 * nodes and with Gauss-Hermite on the Laplace approximation, another kind of rule; at K = 2 a third, plain grid written
 * here over all of eta (two dimensions when D = K, no reduction) with the test's own arithmetic of p(w | theta) agrees too.
 */
class EtaQuadratureTest {
    /** The cases the estimators over eta are tested against: every shape, documents of 1, 6 and 15 tokens. */
    static List<EtaCases.Case> cases() {
        return EtaCases.all();
    }

    @Test
    void theRulesAgreeOnEveryFamily() {
        for (EtaCases.Case c : cases()) {
            DocumentView view = DocumentView.of(c.document());
            double grid = EtaQuadrature.grid(view, c.model(), new CancelToken());
            double hermite = EtaQuadrature.gaussHermite(view, c.model(), new CancelToken());
            assertEquals(grid, hermite, EtaQuadrature.AGREEMENT, c.name());
            double shifted = EtaQuadrature.grid(view, c.model(), EtaQuadrature.SECOND_STEP, 0.5, EtaQuadrature.RADIUS + 1, new CancelToken());
            assertEquals(grid, shifted, EtaQuadrature.AGREEMENT, c.name());
            assertTrue(grid < 0, c.name());
        }
    }

    @Test
    void aPlainGridOverAllOfEtaAgreesAtKTwo() {
        for (EtaCases.Case c : cases()) {
            if (c.model().numTopics() == 2) {
                assertEquals(c.exact(), plainGrid(c.model(), c.document()), 1e-8, c.name());
            }
        }
    }

    /** The hard upper bound holds for both decoders (the product's: max_k B(w, k) + c(w) - log sum_v exp(min_k B(v, k) + c(v))). */
    @Test
    void theCeilingIsAboveEveryExactValue() {
        for (EtaCases.Case c : cases()) {
            assertTrue(c.exact() <= Ceiling.of(c.document(), c.model()), c.name() + ": " + c.exact() + " above " + Ceiling.of(c.document(), c.model()));
        }
    }

    @Test
    void quadratureRefusesWhatItCannotReach() {
        EtaCases.Case c = cases().get(0);
        TopicModel k4 = FamilyFixtures.model("k4", new FamilyFixtures.Shape(4, true, true, false), 8, 1, 3);
        EstimationException e = assertThrows(EstimationException.class,
                () -> EtaQuadrature.logProbability(DocumentView.of(c.document()), k4, new CancelToken()));
        assertTrue(e.getMessage().contains("K = 2 or 3"), e.getMessage());
    }

    /**
     * P(w) = integral of p(w | softmax(eta)) N(eta; mu, Sigma) over eta in D dimensions, by the midpoint rule on a box of
     * +-9 prior standard deviations around mu in each coordinate, the density written out here.
     */
    private static double plainGrid(TopicModel model, Document doc) {
        LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
        int d = prior.dimension();
        double[] mu = prior.mean();
        double[] sigma = prior.covariance();
        double det = d == 1 ? sigma[0] : sigma[0] * sigma[3] - sigma[1] * sigma[2];
        double[] precision = d == 1 ? new double[] {1 / sigma[0]} : new double[] {sigma[3] / det, -sigma[1] / det, -sigma[2] / det, sigma[0] / det};
        int n = d == 1 ? 20_000 : 400;
        double[] lo = new double[d];
        double[] h = new double[d];
        for (int i = 0; i < d; i++) {
            double sd = Math.sqrt(sigma[i * d + i]);
            lo[i] = mu[i] - 9 * sd;
            h[i] = 18 * sd / n;
        }
        double[] p = new double[model.numWords()];
        double[] logTheta = new double[2];
        List<Double> terms = new ArrayList<>();
        double[] eta = new double[d];
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int total = d == 1 ? n : n * n;
        for (int q = 0; q < total; q++) {
            eta[0] = lo[0] + (q % n + 0.5) * h[0];
            if (d == 2) {
                eta[1] = lo[1] + (q / n + 0.5) * h[1];
            }
            double e0 = eta[0] - mu[0];
            double quad = d == 1 ? e0 * e0 * precision[0] : e0 * e0 * precision[0] + 2 * e0 * (eta[1] - mu[1]) * precision[1]
                    + (eta[1] - mu[1]) * (eta[1] - mu[1]) * precision[3];
            double logPrior = -0.5 * (d * Math.log(2 * Math.PI) + Math.log(det) + quad);
            double second = d == 1 ? 0 : eta[1];
            double lse = Math.log(Math.exp(eta[0]) + Math.exp(second));
            logTheta[0] = eta[0] - lse;
            logTheta[1] = second - lse;
            FamilyFixtures.wordProbabilities(model, logTheta, p);
            double term = logPrior;
            for (int i = 0; i < doc.length(); i++) {
                term += Math.log(p[doc.word(i)]);
            }
            if (term > max) {
                sum = sum * Math.exp(max - term) + 1;
                max = term;
            } else {
                sum += Math.exp(term - max);
            }
        }
        double logCell = 0;
        for (int i = 0; i < d; i++) {
            logCell += Math.log(h[i]);
        }
        return max + Math.log(sum) + logCell;
    }
}
