package tmeval.app.teaching;

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToyPosteriorTest {
    private static final Document DOCUMENT = new Document("toy", new int[] {0, 3, 3, 7, 12, 0, 19, 3});
    /** alpha below 1: the prior's density is infinite at the ends of [0, 1], which the grid must integrate right. */
    private static final TopicModel K2 = Fixtures.randomModel("toy2", 20, new double[] {0.3, 0.6}, 0.3, 11);
    private static final TopicModel K3 = Fixtures.randomModel("toy3", 20, new double[] {1.5, 1.2, 2.0}, 0.3, 12);

    private static double exactLogP(TopicModel m) {
        return new ExactEvaluator().logProbability(DocumentView.of(DOCUMENT), m, new CancelToken());
    }

    /**
     * log Z_beta = log sum_z p(z) p(w | z)^beta by enumerating every z: the normaliser of the distribution tmeval's AIS
     * samples at beta (p(z) the Dirichlet-multinomial), which its running weights estimate.
     */
    private static double bruteForceLogZ(TopicModel m, double beta) {
        int k = m.numTopics();
        int n = DOCUMENT.length();
        int states = (int) Math.pow(k, n);
        double[] terms = new double[states];
        for (int s = 0; s < states; s++) {
            int[] counts = new int[k];
            double logLikelihood = 0;
            int code = s;
            for (int i = 0; i < n; i++) {
                int z = code % k;
                code /= k;
                counts[z]++;
                logLikelihood += Math.log(m.phi(DOCUMENT.word(i), z));
            }
            double logPrior = Gamma.logGamma(m.alphaSum()) - Gamma.logGamma(n + m.alphaSum());
            for (int t = 0; t < k; t++) {
                logPrior += Gamma.logGamma(m.alpha(t) + counts[t]) - Gamma.logGamma(m.alpha(t));
            }
            terms[s] = logPrior + beta * logLikelihood;
        }
        return LogMath.logSumExp(terms);
    }

    private static double integral(ToyPosterior.Density f) {
        double sum = 0;
        for (double d : f.density()) {
            sum += d * f.thetaArea();
        }
        return sum;
    }

    @Test
    void theK2DensityIntegratesToOneAndItsNormaliserAtBetaOneIsTheExactPOfW() {
        ToyPosterior.Density posterior = ToyPosterior.density(K2, DOCUMENT, 1);
        assertFalse(posterior.simplex());
        assertEquals(1, integral(posterior), 1e-9);
        assertEquals(exactLogP(K2), posterior.logNormaliser(), 1e-4, "quadrature of the posterior's normaliser against the exact evaluator");
        ToyPosterior.Density prior = ToyPosterior.density(K2, DOCUMENT, 0);
        assertEquals(0, prior.logNormaliser(), 1e-9, "the prior is a density: Z_0 = 1");
    }

    /** At every beta the drawn distribution is the one AIS samples: its normaliser is sum_z p(z) p(w | z)^beta. */
    @Test
    void eachTemperaturesNormaliserIsTheOneTheSamplersDistributionHas() {
        for (double beta : new double[] {0.05, 0.3, 0.7}) {
            assertEquals(bruteForceLogZ(K2, beta), ToyPosterior.density(K2, DOCUMENT, beta).logNormaliser(), 1e-3, "K = 2, beta " + beta);
            assertEquals(bruteForceLogZ(K3, beta), ToyPosterior.density(K3, DOCUMENT, beta).logNormaliser(), 2e-3, "K = 3, beta " + beta);
        }
    }

    @Test
    void theK3DensityOnTheTriangleIntegratesToOneAndItsNormaliserIsPOfW() {
        ToyPosterior.Density posterior = ToyPosterior.density(K3, DOCUMENT, 1);
        assertTrue(posterior.simplex());
        assertEquals(1, integral(posterior), 1e-9);
        assertEquals(exactLogP(K3), posterior.logNormaliser(), 2e-3);
        for (int i = 0; i < posterior.x().length; i++) {
            double[] theta = ToyPosterior.theta(new double[] {posterior.x()[i], posterior.y()[i]});
            assertArrayEquals(new double[] {posterior.x()[i], posterior.y()[i]}, ToyPosterior.project(theta), 1e-12);
        }
    }

    /**
     * The logistic-normal twin drawn beside the Dirichlet: a prior over theta with Z_0 = 1 on the grid (the Jacobian
     * 1 / prod theta_k of the map from eta is in it: without it Z_0 is far from 1), and at beta = 1 the normaliser is
     * log P(w) under the twin, exact by quadrature over eta; K = 2 and 3.
     */
    @Test
    void theLogisticNormalTwinIsADensityOverThetaWhoseNormaliserIsItsPOfW() {
        for (TopicModel toy : new TopicModel[] {K2, K3}) {
            TopicModel twin = ToyPosterior.logisticNormalTwin(toy);
            assertEquals(toy.numTopics(), twin.numTopics());
            ToyPosterior.Density prior = ToyPosterior.logisticNormalDensity(twin, DOCUMENT, 0);
            assertEquals(toy.numTopics() == 3, prior.simplex());
            assertEquals(0, prior.logNormaliser(), 2e-3, "the prior is a density over theta: Z_0 = 1, K = " + toy.numTopics());
            ToyPosterior.Density posterior = ToyPosterior.logisticNormalDensity(twin, DOCUMENT, 1);
            assertEquals(1, integral(posterior), 1e-9);
            double exact = tmeval.estimate.EtaQuadrature.logProbability(DocumentView.of(DOCUMENT), twin, new CancelToken());
            assertEquals(exact, posterior.logNormaliser(), 3e-3, "K = " + toy.numTopics());
        }
    }

    /** The samples' running estimate of log Z_beta meets the grid's as they follow the drawn distributions (many samples). */
    @Test
    void theSamplesRunningEstimateMeetsTheDrawnNormaliserAndTheyEndOnTheSimplex() {
        ToyPosterior.ToyRun run = ToyPosterior.run(DOCUMENT, K3, 3, 50, 400, 5, new CancelToken());
        for (int j : new int[] {10, 25, 50}) {
            double grid = ToyPosterior.density(run.model(), DOCUMENT, run.run().beta(j)).logNormaliser();
            assertEquals(grid, ToyPosterior.runningEstimate(run, j), 0.05, "step " + j);
        }
        for (double[] theta : run.positionsAt(50)) {
            assertEquals(1, theta[0] + theta[1] + theta[2], 1e-12);
        }
        assertEquals(exactLogP(K3), run.run().exact(), 1e-9);
    }

    @Test
    void theToyModelKeepsTheTopicsTheDocumentUsesMost() {
        TopicModel five = Fixtures.randomModel("five", 20, new double[] {0.2, 0.2, 0.2, 0.2, 0.2}, 0.1, 3);
        int[] two = ToyPosterior.mostUsedTopics(five, DOCUMENT, 2);
        TopicModel toy = ToyPosterior.restrict(five, two);
        assertEquals(2, toy.numTopics());
        for (int j = 0; j < 2; j++) {
            assertEquals(five.phi(3, two[j]), toy.phi(3, j));
        }
        // every topic left out explains the document's tokens less than the ones kept
        double kept = Math.min(use(five, two[0]), use(five, two[1]));
        for (int t = 0; t < 5; t++) {
            if (t != two[0] && t != two[1]) {
                assertTrue(use(five, t) <= kept, "topic " + t);
            }
        }
    }

    private static double use(TopicModel m, int topic) {
        double sum = 0;
        for (int i = 0; i < DOCUMENT.length(); i++) {
            double all = 0;
            for (int t = 0; t < m.numTopics(); t++) {
                all += m.alpha(t) * m.phi(DOCUMENT.word(i), t);
            }
            sum += m.alpha(topic) * m.phi(DOCUMENT.word(i), topic) / all;
        }
        return sum;
    }

    @Test
    void theCaptionFollowsTheStepAndRevealsTheExactValueOnlyAtTheEnd() {
        ToyPosterior.ToyRun run = ToyPosterior.run(DOCUMENT, K2, 2, 20, 10, 1, new CancelToken());
        String start = ToyPosterior.describe(run, 0, ToyPosterior.density(run.model(), DOCUMENT, 0));
        String middle = ToyPosterior.describe(run, 10, ToyPosterior.density(run.model(), DOCUMENT, run.run().beta(10)));
        String end = ToyPosterior.describe(run, 20, ToyPosterior.density(run.model(), DOCUMENT, 1));
        assertTrue(start.contains("Step 0 of 20") && start.contains("prior"), start);
        assertTrue(middle.contains("Step 10 of 20, beta = 0.500"), middle);
        String exact = String.format(java.util.Locale.ROOT, "%.4f", run.run().exact());
        assertFalse(start.contains("exact") || middle.contains("exact " + exact), "the exact value waits for the end: " + middle);
        assertTrue(end.contains("exact " + exact) && end.contains("error"), end);
    }
}
