package tmeval.estimate;

import tmeval.sampling.DocumentView;

/** Shared arithmetic of the estimators that draw theta instead of z (is-prior, lee-is, is-vb, is-gibbs, completion-theta). */
final class ThetaSampling {
    private ThetaSampling() {
    }

    /**
     * log P(w | theta, Phi) = sum_v n_v log sum_k theta_k phi_vk over the document's distinct words (Wallach et al.
     * Eq. 13; Lee's n H(theta)), with theta given by its logs and each inner sum taken as a log-sum-exp so that
     * tiny thetas and probabilities cannot underflow.
     */
    static double logLikelihood(DocumentView view, double[] logRows, int numTopics, double[] logTheta) {
        double total = 0;
        for (int s = 0; s < view.numLocalWords(); s++) {
            double logP = logWordProbability(logRows, s * numTopics, numTopics, logTheta);
            if (logP == Double.NEGATIVE_INFINITY) {
                return Double.NEGATIVE_INFINITY;
            }
            total += view.count(s) * logP;
        }
        return total;
    }

    /** log sum_k theta_k phi(w, k) for the word whose log row starts at {@code base}, as a log-sum-exp. */
    static double logWordProbability(double[] logRows, int base, int numTopics, double[] logTheta) {
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < numTopics; k++) {
            max = Math.max(max, logTheta[k] + logRows[base + k]);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        double sum = 0;
        for (int k = 0; k < numTopics; k++) {
            sum += Math.exp(logTheta[k] + logRows[base + k] - max);
        }
        return max + Math.log(sum);
    }

    /**
     * log P(w | theta) = sum_v n_v log sum_k theta_k phi(v, k), over the distinct words: theta is scaled to a largest entry
     * of 1 (one exp per topic, not one per word and topic, as {@link #logLikelihood} takes); a word whose scaled sum underflows
     * is taken in log space. {@code theta} is scratch.
     */
    static double logLikelihoodScaled(DocumentView view, double[] rows, double[] logRows, int numTopics, double[] logTheta, double[] theta) {
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < numTopics; k++) {
            max = Math.max(max, logTheta[k]);
        }
        for (int k = 0; k < numTopics; k++) {
            theta[k] = Math.exp(logTheta[k] - max);
        }
        double total = 0;
        for (int s = 0; s < view.numLocalWords(); s++) {
            int base = s * numTopics;
            double p = 0;
            for (int k = 0; k < numTopics; k++) {
                p += theta[k] * rows[base + k];
            }
            double logP;
            if (p > 1e-280) {
                logP = Math.log(p) + max;
            } else {
                logP = logWordProbability(logRows, base, numTopics, logTheta);
                if (logP == Double.NEGATIVE_INFINITY) {
                    return Double.NEGATIVE_INFINITY;
                }
            }
            total += view.count(s) * logP;
        }
        return total;
    }
}
