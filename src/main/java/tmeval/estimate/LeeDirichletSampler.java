package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * {@code lee-is}: Lee's Dirichlet importance sampler (Eq. 5-6). theta* maximises the concave
 * H(theta) = sum_v p_v log sum_k theta_k phi_k(v); it is found by the EM fixed point for mixture weights,
 * theta_k <- theta_k sum_v p_v phi_k(v) / sum_j theta_j phi_j(v), which increases H at every step and so converges
 * to the maximiser. Proposal Dir(alpha + sqrt(n) theta*); weight e^{n H(theta)} Dir_alpha(theta) / Dir_proposal(theta),
 * set to zero outside the epsilon-truncated simplex. With epsilon = 0 it is unbiased in probability space; with
 * epsilon > 0 it drops the prior mass within epsilon of the boundary (Lee's device for bounded variance), a
 * downward bias that is large for LDA posteriors with small alpha, whose thetas sit near faces of the simplex.
 * Cost: S N, like is-prior, plus the EM iterations over the document's distinct words.
 */
public final class LeeDirichletSampler implements Estimator {
    static final int MAX_EM_ITERATIONS = 10_000;
    static final double EM_TOLERANCE = 1e-10;

    private final int samples;
    private final double epsilon;

    public LeeDirichletSampler(int samples, double epsilon) {
        this.samples = samples;
        this.epsilon = epsilon;
    }

    @Override
    public String method() {
        return Methods.LEE_IS;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        double[] rows = view.rows(model);
        double[] logRows = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            logRows[i] = Math.log(rows[i]);
        }
        double[] thetaStar = new double[numTopics];
        int emIterations = maximiseH(view, rows, numTopics, thetaStar);
        double[] alpha = model.alpha();
        double[] proposal = new double[numTopics];
        double root = Math.sqrt(document.length());
        for (int k = 0; k < numTopics; k++) {
            proposal[k] = alpha[k] + root * thetaStar[k];
        }
        double logEpsilon = epsilon > 0 ? Math.log(epsilon) : Double.NEGATIVE_INFINITY;
        double[] logTheta = new double[numTopics];
        double[] logWeights = new double[samples];
        for (int s = 0; s < samples; s++) {
            Dirichlet.logDraw(proposal, random, logTheta);
            boolean inside = true;
            for (int k = 0; k < numTopics && inside; k++) {
                inside = logTheta[k] >= logEpsilon;
            }
            logWeights[s] = inside
                    ? ThetaSampling.logLikelihood(view, logRows, numTopics, logTheta)
                    + Dirichlet.logDensity(alpha, logTheta) - Dirichlet.logDensity(proposal, logTheta)
                    : Double.NEGATIVE_INFINITY;
            cancel.checkEvery(s);
        }
        double logValue = LogMath.logMeanExp(logWeights);
        if (logValue == Double.NEGATIVE_INFINITY) {
            throw new EstimationException(Methods.LEE_IS + ": all " + samples + " samples fell outside the epsilon-simplex (epsilon = "
                    + epsilon + "); use a smaller --epsilon");
        }
        long cost = (long) samples * document.length() + (long) emIterations * view.numLocalWords();
        return EstimateResult.since(start, logValue, logWeights, cost, document.length());
    }

    /** The EM fixed point for the maximiser of H; returns the iterations used. */
    static int maximiseH(DocumentView view, double[] rows, int numTopics, double[] theta) {
        java.util.Arrays.fill(theta, 1.0 / numTopics);
        double[] next = new double[numTopics];
        double length = view.length();
        for (int it = 1; it <= MAX_EM_ITERATIONS; it++) {
            java.util.Arrays.fill(next, 0);
            for (int s = 0; s < view.numLocalWords(); s++) {
                int base = s * numTopics;
                double mixture = 0;
                for (int k = 0; k < numTopics; k++) {
                    mixture += theta[k] * rows[base + k];
                }
                double weight = view.count(s) / (length * mixture);
                for (int k = 0; k < numTopics; k++) {
                    next[k] += weight * rows[base + k];
                }
            }
            double change = 0;
            for (int k = 0; k < numTopics; k++) {
                double updated = theta[k] * next[k];
                change = Math.max(change, Math.abs(updated - theta[k]));
                theta[k] = updated;
            }
            if (change < EM_TOLERANCE) {
                return it;
            }
        }
        return MAX_EM_ITERATIONS;
    }
}
