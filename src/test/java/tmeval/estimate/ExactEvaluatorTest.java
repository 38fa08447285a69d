package tmeval.estimate;

import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.apache.commons.math3.special.Beta;
import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExactEvaluatorTest {
    @Test
    void matchesBruteForceOverAllAssignments() {
        for (ExactCases.Case c : ExactCases.all()) {
            int n = c.document().length();
            int k = c.model().numTopics();
            if (Math.pow(k, n) > 3e5) {
                continue;
            }
            assertEquals(bruteForce(c.model(), c.document()), c.exact(), 1e-10, c.name());
        }
        // and a few more tiny ones, K up to 5
        for (int numTopics = 2; numTopics <= 5; numTopics++) {
            double[] alpha = new double[numTopics];
            for (int i = 0; i < numTopics; i++) {
                alpha[i] = 0.1 + 0.4 * i;
            }
            TopicModel m = ExactCases.withZeros(Fixtures.randomModel("m", 8, alpha, 0.4, numTopics), numTopics);
            Document d = Fixtures.generate(m, 1, 7, 40 + numTopics).document(0);
            assertEquals(bruteForce(m, d), ExactCases.exact(m, d), 1e-10, "K = " + numTopics);
        }
    }

    /** sum over all K^N assignments of prod_i phi(w_i, z_i) P(z | alpha), with P(z | alpha) from log-gamma functions. */
    static double bruteForce(TopicModel model, Document doc) {
        int n = doc.length();
        int numTopics = model.numTopics();
        int[] z = new int[n];
        int[] counts = new int[numTopics];
        int total = (int) Math.pow(numTopics, n);
        double[] terms = new double[total];
        for (int a = 0; a < total; a++) {
            int rest = a;
            java.util.Arrays.fill(counts, 0);
            double lp = 0;
            for (int i = 0; i < n; i++) {
                z[i] = rest % numTopics;
                rest /= numTopics;
                counts[z[i]]++;
                lp += Math.log(model.phi(doc.word(i), z[i]));
            }
            terms[a] = lp + DirichletMultinomial.logProbability(counts, model.alpha());
        }
        return LogMath.logSumExp(terms);
    }

    @Test
    void matchesOneDimensionalIntegrationForTwoTopicsOnALongDocument() {
        double[] alpha = {1.5, 2.5};
        TopicModel m = Fixtures.randomModel("K2", 40, alpha, 0.3, 8);
        Document d = Fixtures.generate(m, 1, 300, 9).document(0);
        double exact = ExactCases.exact(m, d);
        // log of Beta(theta; a1, a2) prod_i (theta phi_1 + (1 - theta) phi_2), integrated after removing its maximum
        java.util.function.DoubleUnaryOperator logIntegrand = theta -> {
            double lp = (alpha[0] - 1) * Math.log(theta) + (alpha[1] - 1) * Math.log1p(-theta) - Beta.logBeta(alpha[0], alpha[1]);
            for (int i = 0; i < d.length(); i++) {
                lp += Math.log(theta * m.phi(d.word(i), 0) + (1 - theta) * m.phi(d.word(i), 1));
            }
            return lp;
        };
        double max = Double.NEGATIVE_INFINITY;
        for (int g = 1; g < 10_000; g++) {
            max = Math.max(max, logIntegrand.applyAsDouble(g / 10_000.0));
        }
        double shift = max;
        IterativeLegendreGaussIntegrator integrator = new IterativeLegendreGaussIntegrator(64, 1e-13, 1e-15);
        double integral = 0;
        for (int piece = 0; piece < 50; piece++) {
            integral += integrator.integrate(1_000_000, t -> Math.exp(logIntegrand.applyAsDouble(t) - shift), piece / 50.0, (piece + 1) / 50.0);
        }
        assertEquals(shift + Math.log(integral), exact, 1e-9);
    }

    @Test
    void refusesBeyondItsStateLimitWithAClearMessage() {
        TopicModel m = Fixtures.randomModel("K20", 30, filled(20, 0.1), 0.3, 1);
        Document d = Fixtures.generate(m, 1, 100, 2).document(0);
        EstimationException e = assertThrows(EstimationException.class, () -> new ExactEvaluator().estimate(d, m, null, new CancelToken()));
        assertTrue(e.getMessage().contains("above the limit"), e.getMessage());
        assertTrue(e.getMessage().contains("100 tokens under K = 20"), e.getMessage());
    }

    @Test
    void namesTheLimitItActuallyHits() {
        // one token under K = 100: 100 states, far below any state limit, but 100 bits of packed counts
        TopicModel m = Fixtures.randomModel("K100", 30, filled(100, 0.1), 0.3, 1);
        Document d = Fixtures.generate(m, 1, 1, 2).document(0);
        EstimationException e = assertThrows(EstimationException.class,
                () -> new ExactEvaluator(Long.MAX_VALUE).estimate(d, m, null, new CancelToken()));
        assertTrue(e.getMessage().contains("bits") && !e.getMessage().contains("above the limit of"), e.getMessage());
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    @Test
    void longDocumentWithTinyProbabilitiesStaysFinite() {
        TopicModel m = Fixtures.randomModel("K2", 20, new double[] {1e-3, 1e3}, 0.5, 3);
        double[] phi = m.phiMatrix();
        phi[0] = 1e-300;
        double[] sums = TopicModel.columnSums(phi, 2);
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % 2];
        }
        TopicModel tiny = new TopicModel("tiny", m.vocabulary(), phi, m.alpha());
        int[] words = new int[5000];
        for (int i = 0; i < words.length; i++) {
            words[i] = i % 20;
        }
        double lp = new ExactEvaluator().logProbability(DocumentView.of(new Document("long", words)), tiny, new CancelToken());
        assertTrue(Double.isFinite(lp), "log P = " + lp);
    }
}
