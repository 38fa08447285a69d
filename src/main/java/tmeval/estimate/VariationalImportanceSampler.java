package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code is-vb}: importance sampling over theta alone, the topics summed out (P(w | theta) = prod_n sum_k theta_k
 * phi(w_n, k) is exact), from a proposal built on the converged variational posterior q(theta) = Dir(gamma).
 * <p>
 * Mean field makes Dir(gamma) narrower than the posterior, and a proposal narrower than its target gives weights of
 * unbounded variance; so the proposal is a mixture (multiple importance sampling, each draw weighted against the
 * whole mixture density): Dir(alpha + s (gamma - alpha)) for the widenings s of {@link #DEFAULT} (0.5, 0.25 and
 * 0.1), keeping the variational mean but spreading it over fewer pseudo-counts, plus a defensive tenth of the prior
 * Dir(alpha). No one widening is best for every model (on SpamAssassin's long messages 0.1 was best for
 * scikit-learn's K = 10 and 0.5 for its K = 20), hence the mixture: its second moment of the weight is at most
 * 1/(share) times that of its best component for this document, and the prior's share bounds every weight by
 * P(w | theta) / 0.1, so the weights' variance is finite for any model (Hesterberg's defensive importance sampling). Unbiased in probability space: E_q[P(w | theta)
 * Dir(theta; alpha) / q(theta)] = P(w) for any q that covers the prior's support.
 * <p>
 * Cost: the variational fit plus S evaluations of P(w | theta) over the document's distinct words, S x distinct
 * words x K multiply-adds; no Gibbs sweep, so long documents cost little more than short ones.
 */
public final class VariationalImportanceSampler implements Estimator {
    /** Where a component of the proposal is centred. */
    public enum Centre {
        /** Dir(alpha + s (gamma - alpha)): the variational posterior, its pseudo-counts scaled by s */
        VARIATIONAL,
        /** Dir(alpha + s sqrt(N) theta*): Lee's proposal (s = 1), theta* the maximiser of P(w | theta) */
        LEE,
        /** Dir(alpha): the prior, whose share bounds every weight */
        PRIOR
    }

    /** One component of the mixture: its centre, its scale s and its share of the draws. */
    public record Component(Centre centre, double scale, double share) {
    }

    /** The proposal of {@code is-vb}: chosen by measurement (performance.md, "Sampling theta on long documents"). */
    static final List<Component> DEFAULT = List.of(
            new Component(Centre.VARIATIONAL, 0.5, 0.3),
            new Component(Centre.VARIATIONAL, 0.25, 0.3),
            new Component(Centre.VARIATIONAL, 0.1, 0.3),
            new Component(Centre.PRIOR, 1.0, 0.1));

    private final int samples;
    private final List<Component> components;
    private final boolean needsLee;

    public VariationalImportanceSampler(int samples) {
        this(samples, DEFAULT);
    }

    /**
     * Another mixture, for measurement ({@code bench.ThetaProposals}). The shares must add up to 1, and a prior
     * component must be among them: it is what keeps the weights' variance finite.
     */
    public VariationalImportanceSampler(int samples, List<Component> components) {
        DefensiveMixture.check(components, Component::share, c -> c.centre() == Centre.PRIOR, "a theta proposal");
        this.samples = samples;
        this.components = List.copyOf(components);
        this.needsLee = components.stream().anyMatch(c -> c.centre() == Centre.LEE);
    }

    @Override
    public String method() {
        return Methods.IS_VB;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        VariationalBound.Fit fit = VariationalBound.fit(document, model, cancel);
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        double[] logRows = view.logRows(model);
        double[] alpha = model.alpha();
        double[] gamma = fit.gamma();
        double[] thetaStar = new double[numTopics];
        long emIterations = needsLee ? LeeDirichletSampler.maximiseH(view, view.rows(model), numTopics, thetaStar) : 0;
        double root = Math.sqrt(document.length());

        int n = components.size();
        double[][] parameters = new double[n][numTopics];
        double[] logShare = new double[n];
        double[] logNormaliser = new double[n];
        int prior = -1;
        for (int c = 0; c < n; c++) {
            Component component = components.get(c);
            for (int k = 0; k < numTopics; k++) {
                parameters[c][k] = switch (component.centre()) {
                    case VARIATIONAL -> alpha[k] + component.scale() * (gamma[k] - alpha[k]);
                    case LEE -> alpha[k] + component.scale() * root * thetaStar[k];
                    case PRIOR -> alpha[k];
                };
            }
            if (component.centre() == Centre.PRIOR) {
                prior = c;
            }
            logShare[c] = Math.log(component.share());
            logNormaliser[c] = logNormaliser(parameters[c]);
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
            double logPrior = logComponent[prior] - logShare[prior];
            logWeights[s] = ThetaSampling.logLikelihood(view, logRows, numTopics, logTheta) + logPrior - logProposal;
            cancel.checkEvery(s);
        }
        double logValue = LogMath.logMeanExp(logWeights);
        long cost = (long) fit.iterations() * document.length() + (emIterations + samples) * view.numLocalWords();
        return EstimateResult.since(start, logValue, logWeights, cost, document.length());
    }

    /** A component by its share: one uniform draw. */
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
