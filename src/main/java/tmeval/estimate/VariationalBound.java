package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

import java.util.SplittableRandom;

/**
 * A certified floor. For a model of the logistic-normal family with a mixture decoder, the correlated topic model's bound
 * ({@link EtaVariationalBound}); for an LDA, the mean-field variational lower bound on log P(w | Phi, alpha) of the ordered token sequence
 * (Blei, Ng and Jordan 2003, with the topics fixed), q(theta) = Dirichlet(gamma), q(z_n) = Categorical(r_n),
 * <pre>
 *   L = E_q[log p(theta | alpha)] + sum_n E_q[log p(z_n | theta) + log phi(w_n, z_n)] - E_q[log q(theta)] - sum_n E_q[log q(z_n)]
 * </pre>
 * maximised by coordinate ascent (r_nk proportional to phi(w_n, k) exp(digamma(gamma_k)); gamma_k = alpha_k + sum_n r_nk)
 * until L changes by less than {@link #TOLERANCE} nats. By Jensen's inequality L is at most log P(w) for every q, so
 * an estimate below it by more than its own noise cannot be right. Tokens of one word share their r at the optimum,
 * so the updates run over the document's distinct words. Deterministic: it draws no random numbers.
 */
public final class VariationalBound implements Estimator {
    /** Stop when the bound moves by less than this many nats. */
    public static final double TOLERANCE = 1e-9;
    /** Coordinate ascent converges in tens to hundreds of steps; this only guards against a cycle of rounding. */
    static final int MAX_ITERATIONS = 100_000;

    @Override
    public String method() {
        return Methods.VB;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        if (!model.isLda()) {
            if (!EtaVariationalBound.reaches(model)) {
                throw new EstimationException(Methods.refusal(Methods.VB, model));
            }
            EtaVariationalBound.Fit fit = EtaVariationalBound.fit(DocumentView.of(document), model, cancel);
            // cost: one pass over the distinct words per sweep, counted like a site update per token
            return EstimateResult.since(start, fit.bound(), new double[0], (long) Math.max(1, fit.iterations()) * document.length(), document.length());
        }
        Fit fit = fit(document, model, cancel);
        // cost: one update of every token's responsibilities per iteration, counted like a Gibbs site update
        return EstimateResult.since(start, fit.bound(), new double[0], (long) fit.iterations() * document.length(), document.length());
    }

    /**
     * The converged bound, the iterations it took, and q(theta)'s parameters gamma (the proposal of
     * {@link VariationalImportanceSampler}).
     */
    public record Fit(double bound, int iterations, double[] gamma) {
    }

    /**
     * The document's floor under the model: the bound of an LDA, or of a logistic-normal prior with a mixture decoder
     * ({@link EtaVariationalBound}); NaN for a product decoder, which has no closed-form floor, so that no estimate is
     * judged below it.
     */
    public static double floor(Document document, TopicModel model, CancelToken cancel) {
        if (model.isLda()) {
            return fit(document, model, cancel).bound();
        }
        return EtaVariationalBound.reaches(model) ? EtaVariationalBound.fit(DocumentView.of(document), model, cancel).bound() : Double.NaN;
    }

    public static Fit fit(Document document, TopicModel model, CancelToken cancel) {
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        int words = view.numLocalWords();
        double[] logRows = view.logRows(model);
        double[] alpha = model.alpha();
        double alphaSum = 0;
        double priorNormaliser = 0;
        for (double a : alpha) {
            alphaSum += a;
            priorNormaliser -= Gamma.logGamma(a);
        }
        priorNormaliser += Gamma.logGamma(alphaSum);
        int length = view.length();
        double[] gamma = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            gamma[k] = alpha[k] + (double) length / numTopics;
        }
        double[] responsibility = new double[words * numTopics];
        double[] digamma = new double[numTopics];
        double[] nextGamma = new double[numTopics];
        double previous = Double.NEGATIVE_INFINITY;
        for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
            cancel.checkEvery(iteration);
            for (int k = 0; k < numTopics; k++) {
                digamma[k] = Gamma.digamma(gamma[k]);
                nextGamma[k] = alpha[k];
            }
            // responsibilities of each distinct word, normalised in log space (log phi may be -infinity)
            double expected = 0; // sum_n E_q[log phi(w_n, z_n)] - sum_n E_q[log q(z_n)] + the digamma part, per word
            for (int s = 0; s < words; s++) {
                int row = s * numTopics;
                double max = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < numTopics; k++) {
                    max = Math.max(max, logRows[row + k] + digamma[k]);
                }
                double sum = 0;
                for (int k = 0; k < numTopics; k++) {
                    double v = Math.exp(logRows[row + k] + digamma[k] - max);
                    responsibility[row + k] = v;
                    sum += v;
                }
                double logSum = max + Math.log(sum);
                int count = view.count(s);
                // with r_k = exp(log phi_k + digamma_k - logSum): sum_k r_k (log phi_k + digamma_k - log r_k) = logSum
                expected += count * logSum;
                for (int k = 0; k < numTopics; k++) {
                    double r = responsibility[row + k] / sum;
                    responsibility[row + k] = r;
                    nextGamma[k] += count * r;
                }
            }
            // the bound at (gamma, r(gamma)): the token terms above used digamma(gamma_k) in place of E[log theta_k],
            // which differ by the digamma of the sum; the Dirichlet terms complete it
            double digammaSum = Gamma.digamma(sumOf(gamma));
            double bound = priorNormaliser + expected - length * digammaSum
                    - Gamma.logGamma(sumOf(gamma));
            for (int k = 0; k < numTopics; k++) {
                double eLogTheta = digamma[k] - digammaSum;
                bound += (alpha[k] - 1) * eLogTheta + Gamma.logGamma(gamma[k]) - (gamma[k] - 1) * eLogTheta;
            }
            // the bound was taken at gamma; gamma moves on to its update only if the bound has not converged
            if (Math.abs(bound - previous) < TOLERANCE) {
                return new Fit(bound, iteration, gamma);
            }
            System.arraycopy(nextGamma, 0, gamma, 0, numTopics);
            previous = bound;
        }
        return new Fit(previous, MAX_ITERATIONS, gamma);
    }

    private static double sumOf(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s;
    }
}
