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
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code vb} for a logistic-normal prior with a mixture decoder (issue 37, item 2): the correlated topic model's bound is
 * never above the exact log P(w) by quadrature, wherever its parameters are, and is close at its optimum.
 */
class EtaVariationalBoundTest {
    /** A model of a mixture shape, a document and the exact log P(w). */
    private record Case(String name, TopicModel model, Document document, double exact) {
    }

    private static List<Case> cases;

    /** Every mixture shape at K = 2 and 3, prior scales 0.3, 1 and 3, V = 15, 3 documents each of 1, 5 and 15 tokens (made once). */
    private static synchronized List<Case> cases() {
        if (cases != null) {
            return cases;
        }
        cases = new ArrayList<>();
        long seed = 700;
        for (FamilyFixtures.Shape shape : FamilyFixtures.allShapes()) {
            if (shape.product()) {
                continue;
            }
            for (double spread : new double[] {0.3, 1, 3}) {
                TopicModel model = FamilyFixtures.model(shape + " x" + spread, shape, 15, spread, seed++);
                for (int length : new int[] {1, 5, 15}) {
                    var docs = FamilyFixtures.generate(model, 3, length, seed++);
                    for (int i = 0; i < docs.size(); i++) {
                        Document doc = docs.document(i);
                        cases.add(new Case(model.name() + " N" + length + " #" + i, model, doc, EtaCases.exact(model, doc)));
                    }
                }
            }
        }
        return cases;
    }

    /**
     * 216 documents: the bound at its optimum is never above the exact value, and its mean gap (the KL divergence from q
     * to the posterior plus the Jensen step's slack) is pinned loosely to what was measured, so that a change that moves
     * it is seen.
     */
    @Test
    void theBoundIsAFloorAndCloseOnEveryMixtureFamily() {
        double total = 0;
        double worst = 0;
        List<Case> cases = cases();
        java.util.Map<String, double[]> byShape = new java.util.TreeMap<>();
        for (Case c : cases) {
            EtaVariationalBound.Fit fit = EtaVariationalBound.fit(DocumentView.of(c.document()), c.model(), new CancelToken());
            double gap = c.exact() - fit.bound();
            assertTrue(gap >= -1e-9, c.name() + ": bound " + fit.bound() + " above the exact " + c.exact());
            assertTrue(fit.iterations() < EtaVariationalBound.MAX_ITERATIONS, c.name() + ": " + fit.iterations() + " sweeps");
            total += gap;
            worst = Math.max(worst, gap);
            double[] g = byShape.computeIfAbsent(c.name().substring(0, c.name().indexOf(" N")), k -> new double[2]);
            g[0] += gap;
            g[1]++;
        }
        byShape.forEach((shape, g) -> System.out.printf("  %s: mean gap %.4f nats over %d documents%n", shape, g[0] / g[1], (int) g[1]));
        double mean = total / cases.size();
        System.out.printf("vb over eta: %d documents, mean gap %.4f nats, largest %.4f%n", cases.size(), mean, worst);
        assertTrue(mean > 0 && mean < 1, "mean gap " + mean);
    }

    /**
     * A floor wherever the ascent stops: at random lambda and t, the bound with its responsibilities r at their optimum is
     * below the exact value; and the full bound written out here (the three Jensen steps, D = K or K - 1 as the model has
     * it, any r, any zeta > 0) is below that.
     */
    @Test
    void anyLambdaVarianceAndResponsibilitiesGiveAFloor() {
        SplittableRandom random = new SplittableRandom(5);
        for (Case c : cases()) {
            if (c.document().length() > 15) {
                continue;
            }
            EtaVariationalBound.Objective f = new EtaVariationalBound.Objective(DocumentView.of(c.document()), c.model());
            int d = f.d;
            for (int trial = 0; trial < 5; trial++) {
                double[] lambda = new double[d];
                double[] t = new double[d];
                for (int i = 0; i < d; i++) {
                    lambda[i] = 3 * random.nextGaussian();
                    t[i] = Math.exp(2 * random.nextGaussian());
                }
                double collapsed = f.value(lambda, t);
                assertTrue(collapsed <= c.exact() + 1e-9, c.name() + ": " + collapsed + " above " + c.exact());
                double full = writtenOut(c.model(), c.document(), random);
                assertTrue(full <= c.exact() + 1e-9, c.name() + ": the written-out bound " + full + " above " + c.exact());
            }
        }
    }

    /**
     * The bound of Blei and Lafferty written out in the model's own D (K or K - 1), term by term, at random lambda, nu^2,
     * r and zeta: E_q[log N(eta; mu, Sigma)] + sum_n E_q[log theta_{z_n} + log phi(w_n, z_n)] + H(q(eta)) + sum_n H(r_n),
     * E_q[log theta_k] >= lambda_k - (sum_j exp(lambda_j + nu_j^2 / 2) / zeta - 1 + log zeta).
     */
    private static double writtenOut(TopicModel model, Document doc, SplittableRandom random) {
        LogisticNormalPrior prior = (LogisticNormalPrior) model.prior();
        int k = model.numTopics();
        int d = prior.dimension();
        double[] mu = prior.mean();
        double[] precision = EtaLaplace.inverse(prior.covariance(), d);
        double[] lambda = new double[k];
        double[] nu2 = new double[k];
        for (int i = 0; i < d; i++) {
            lambda[i] = mu[i] + random.nextGaussian();
            nu2[i] = Math.exp(random.nextGaussian() - 1);
        }
        double expected = 0;
        for (int i = 0; i < k; i++) {
            expected += Math.exp(lambda[i] + nu2[i] / 2);
        }
        double zeta = expected * Math.exp(0.3 * random.nextGaussian());
        double eLogSum = expected / zeta - 1 + Math.log(zeta);
        double bound = -0.5 * (d * Math.log(2 * Math.PI) + prior.logDeterminant());
        for (int i = 0; i < d; i++) {
            bound += 0.5 * (Math.log(2 * Math.PI) + 1 + Math.log(nu2[i]));
            for (int j = 0; j < d; j++) {
                bound -= 0.5 * precision[i * d + j] * ((lambda[i] - mu[i]) * (lambda[j] - mu[j]) + (i == j ? nu2[i] : 0));
            }
        }
        double[] r = new double[k];
        for (int n = 0; n < doc.length(); n++) {
            double sum = 0;
            for (int j = 0; j < k; j++) {
                r[j] = random.nextDouble() + 1e-3;
                sum += r[j];
            }
            for (int j = 0; j < k; j++) {
                double rj = r[j] / sum;
                bound += rj * (lambda[j] - eLogSum + Math.log(model.phi(doc.word(n), j)) - Math.log(rj));
            }
        }
        return bound;
    }

    /**
     * Beyond quadrature's reach (K = 10 and 20, V = 300, 10 documents of 80 tokens): the bound converges, is finite, and
     * lies below is-eta's mean of three runs of 1,000 draws (unbiased in probability) less three of their standard errors.
     */
    @Test
    void atLargerKTheBoundIsBelowIsEta() {
        for (int k : new int[] {10, 20}) {
            TopicModel model = FamilyFixtures.model("K" + k, new FamilyFixtures.Shape(k, k == 20, false, false), 300, 1, k);
            var docs = FamilyFixtures.generate(model, 10, 80, k + 1);
            Estimator isEta = new EtaImportanceSampler(1000);
            double gap = 0;
            for (int i = 0; i < docs.size(); i++) {
                Document doc = docs.document(i);
                EtaVariationalBound.Fit fit = EtaVariationalBound.fit(DocumentView.of(doc), model, new CancelToken());
                assertTrue(Double.isFinite(fit.bound()) && fit.iterations() < EtaVariationalBound.MAX_ITERATIONS, "K " + k + " #" + i);
                double[] runs = new double[3];
                for (int r = 0; r < 3; r++) {
                    runs[r] = isEta.estimate(doc, model, new SplittableRandom(31L * i + r), new CancelToken()).logValue();
                }
                double mean = (runs[0] + runs[1] + runs[2]) / 3;
                double sd = Math.sqrt(((runs[0] - mean) * (runs[0] - mean) + (runs[1] - mean) * (runs[1] - mean) + (runs[2] - mean) * (runs[2] - mean)) / 2);
                assertTrue(fit.bound() <= mean + 3 * sd / Math.sqrt(3) + 1e-9, "K " + k + " #" + i + ": " + fit.bound() + " above is-eta's " + mean);
                gap += mean - fit.bound();
            }
            System.out.printf("vb over eta at K = %d: %.3f nats below is-eta's mean per document%n", k, gap / docs.size());
        }
    }

    @Test
    void aOneTopicModelIsExact() {
        TopicModel one = FamilyFixtures.model("K1", new FamilyFixtures.Shape(1, false, true, false), 10, 1, 3);
        Document doc = FamilyFixtures.generate(one, 1, 9, 4).document(0);
        double exact = 0;
        for (int n = 0; n < doc.length(); n++) {
            exact += Math.log(one.phi(doc.word(n), 0));
        }
        assertEquals(exact, EtaVariationalBound.fit(DocumentView.of(doc), one, new CancelToken()).bound(), 1e-12);
    }

    /** vb through the registry: a number for a mixture decoder, deterministic; a refusal naming the reason for a product decoder. */
    @Test
    void vbEvaluatesTheMixtureAndRefusesTheProduct() {
        TopicModel mixture = FamilyFixtures.model("ctm", new FamilyFixtures.Shape(5, true, false, false), 40, 1, 8);
        Document doc = FamilyFixtures.generate(mixture, 1, 60, 9).document(0);
        Estimator vb = Methods.get(Methods.VB).create(Methods.get(Methods.VB).defaults());
        assertTrue(Methods.supports(Methods.VB, mixture));
        double first = vb.estimate(doc, mixture, new SplittableRandom(1), new CancelToken()).logValue();
        assertTrue(Double.isFinite(first));
        assertEquals(first, vb.estimate(doc, mixture, new SplittableRandom(2), new CancelToken()).logValue(), 0.0);
        assertEquals(first, VariationalBound.floor(doc, mixture, new CancelToken()), 0.0);

        TopicModel product = FamilyFixtures.model("prodlda", new FamilyFixtures.Shape(5, false, true, true), 40, 1, 8);
        assertTrue(!Methods.supports(Methods.VB, product));
        String refusal = Methods.refusal(Methods.VB, product);
        assertTrue(refusal.contains("no closed-form variational floor for a product decoder") && refusal.contains("is-eta"), refusal);
        EstimationException e = assertThrows(EstimationException.class,
                () -> vb.estimate(doc, product, new SplittableRandom(1), new CancelToken()));
        assertEquals(refusal, e.getMessage());
        assertTrue(Double.isNaN(VariationalBound.floor(doc, product, new CancelToken())));
    }
}
