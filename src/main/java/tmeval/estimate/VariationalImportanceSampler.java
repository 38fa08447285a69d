package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * {@code is-vb}: importance sampling over theta alone, the topics summed out (P(w | theta) = prod_n sum_k theta_k
 * phi(w_n, k) is exact), from a proposal built on the converged variational posterior q(theta) = Dir(gamma).
 * <p>
 * Mean field makes Dir(gamma) narrower than the posterior, and a proposal narrower than its target gives weights of
 * unbounded variance; so the proposal is a mixture (multiple importance sampling, each draw weighted against the
 * whole mixture density): Dir(alpha + s (gamma - alpha)) for the widenings s of {@link #WIDENINGS}, keeping the
 * variational mean but spreading it over fewer pseudo-counts, plus a defensive share {@link #PRIOR_SHARE} of the prior
 * Dir(alpha). The mixture is never worse than 1/(its share) times its best component, whichever that is for this
 * document, and the prior share bounds every weight by P(w | theta) / PRIOR_SHARE, so the weights' variance is finite
 * for any model (Hesterberg's defensive importance sampling). Unbiased in probability space: E_q[P(w | theta)
 * Dir(theta; alpha) / q(theta)] = P(w) for any q that covers the prior's support.
 * <p>
 * Cost: the variational fit plus S evaluations of P(w | theta) over the document's distinct words, S x distinct
 * words x K multiply-adds; no Gibbs sweep, so long documents cost little more than short ones.
 */
public final class VariationalImportanceSampler implements Estimator {
    /** Widenings of the variational pseudo-counts, each an equal share of what the prior leaves. */
    static final double[] WIDENINGS = {1.0, 0.5, 0.25};
    /** The prior's share of the mixture: bounds every weight (see the class comment). */
    static final double PRIOR_SHARE = 0.1;

    private final int samples;
    private final double[] widenings;
    private final double priorShare;

    public VariationalImportanceSampler(int samples) {
        this(samples, WIDENINGS, PRIOR_SHARE);
    }

    /** A mixture of other widenings and prior share, for measurement; the method registered is the default one. */
    VariationalImportanceSampler(int samples, double[] widenings, double priorShare) {
        if (!(priorShare > 0 && priorShare <= 1) || (priorShare < 1 && widenings.length == 0)) {
            throw new IllegalArgumentException("the prior's share must be in (0, 1], and below 1 only with a widening");
        }
        this.samples = samples;
        this.widenings = widenings.clone();
        this.priorShare = priorShare;
    }

    @Override
    public String method() {
        return Methods.IS_VB;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = System.nanoTime();
        VariationalBound.Fit fit = VariationalBound.fit(document, model, cancel);
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        double[] logRows = view.logRows(model);
        double[] alpha = model.alpha();
        double[] gamma = fit.gamma();

        // the components: widened variational posteriors, then the prior; their log shares and normalisers
        int n = priorShare < 1 ? widenings.length + 1 : 1;
        double[][] parameters = new double[n][];
        double[] logShare = new double[n];
        double[] logNormaliser = new double[n];
        for (int c = 0; c < n; c++) {
            boolean prior = c == n - 1;
            double[] p = new double[numTopics];
            for (int k = 0; k < numTopics; k++) {
                p[k] = prior ? alpha[k] : alpha[k] + widenings[c] * (gamma[k] - alpha[k]);
            }
            parameters[c] = p;
            logShare[c] = Math.log(prior ? priorShare : (1 - priorShare) / widenings.length);
            logNormaliser[c] = logNormaliser(p);
        }
        double[] logTheta = new double[numTopics];
        double[] logComponent = new double[n];
        double[] logWeights = new double[samples];
        for (int s = 0; s < samples; s++) {
            Dirichlet.logDraw(parameters[pick(logShare, random)], random, logTheta);
            for (int c = 0; c < n; c++) {
                logComponent[c] = logShare[c] + logDensity(parameters[c], logNormaliser[c], logTheta);
            }
            double logProposal = LogMath.logSumExp(logComponent, n);
            double logPrior = logComponent[n - 1] - logShare[n - 1];
            logWeights[s] = ThetaSampling.logLikelihood(view, logRows, numTopics, logTheta) + logPrior - logProposal;
            cancel.checkEvery(s);
        }
        double logValue = LogMath.logMeanExp(logWeights);
        long cost = (long) fit.iterations() * document.length() + (long) samples * view.numLocalWords();
        return EstimateResult.since(start, logValue, logWeights, cost, document.length());
    }

    /** A component by its share: the shares are fixed, so the choice uses one uniform draw. */
    private static int pick(double[] logShare, SplittableRandom random) {
        double u = random.nextDouble();
        for (int c = 0; c < logShare.length - 1; c++) {
            u -= Math.exp(logShare[c]);
            if (u < 0) {
                return c;
            }
        }
        return logShare.length - 1;
    }

    /** log Gamma(sum a) - sum log Gamma(a_k): the part of log Dir(theta; a) that does not depend on theta. */
    private static double logNormaliser(double[] a) {
        double sum = 0;
        double norm = 0;
        for (double v : a) {
            sum += v;
            norm -= Gamma.logGamma(v);
        }
        return norm + Gamma.logGamma(sum);
    }

    private static double logDensity(double[] a, double logNormaliser, double[] logTheta) {
        double lp = logNormaliser;
        for (int k = 0; k < a.length; k++) {
            lp += (a[k] - 1) * logTheta[k];
        }
        return lp;
    }
}
