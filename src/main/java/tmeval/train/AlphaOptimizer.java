package tmeval.train;

/**
 * Minka's fixed-point update of Dirichlet parameters from count histograms (as in Wallach's thesis and MALLET's
 * {@code Dirichlet.learnParameters}): alpha_k <- alpha_k * sum_d [psi(n_dk + alpha_k) - psi(alpha_k)] /
 * sum_d [psi(N_d + A) - psi(A)], with each digamma difference written as the finite sum
 * psi(n + a) - psi(a) = sum_{i<n} 1/(a + i), accumulated over the histograms so the cost is independent of D.
 */
final class AlphaOptimizer {
    /** alpha_k is kept above this so that a topic no document uses keeps a valid (positive) prior. */
    static final double MIN_ALPHA = 1e-8;
    private static final int MAX_STEPS = 50;
    private static final double TOLERANCE = 1e-7;

    private AlphaOptimizer() {
    }

    /**
     * @param topicHistogram topicHistogram[k][c] = number of documents in which topic k occurs exactly c times (c >= 1)
     * @param lengthHistogram lengthHistogram[n] = number of documents of length n
     * @param symmetric keep every alpha_k equal, learning only the concentration
     */
    static void optimize(double[] alpha, int[][] topicHistogram, int[] lengthHistogram, boolean symmetric) {
        int numTopics = alpha.length;
        for (int step = 0; step < MAX_STEPS; step++) {
            double alphaSum = 0;
            for (double a : alpha) {
                alphaSum += a;
            }
            double denominator = digammaDifferenceSum(lengthHistogram, alphaSum);
            double maxChange = 0;
            if (symmetric) {
                double numerator = 0;
                for (int k = 0; k < numTopics; k++) {
                    numerator += digammaDifferenceSum(topicHistogram[k], alpha[0]);
                }
                double updated = Math.max(MIN_ALPHA, alpha[0] * numerator / (numTopics * denominator));
                maxChange = Math.abs(updated - alpha[0]) / alpha[0];
                java.util.Arrays.fill(alpha, updated);
            } else {
                for (int k = 0; k < numTopics; k++) {
                    double updated = Math.max(MIN_ALPHA, alpha[k] * digammaDifferenceSum(topicHistogram[k], alpha[k]) / denominator);
                    maxChange = Math.max(maxChange, Math.abs(updated - alpha[k]) / alpha[k]);
                    alpha[k] = updated;
                }
            }
            if (maxChange < TOLERANCE) {
                return;
            }
        }
    }

    /** sum_n histogram[n] * (psi(n + a) - psi(a)), using psi(n + a) - psi(a) = sum_{i<n} 1/(a + i). */
    static double digammaDifferenceSum(int[] histogram, double a) {
        double total = 0;
        double difference = 0;
        for (int n = 1; n < histogram.length; n++) {
            difference += 1.0 / (a + n - 1);
            total += histogram[n] * difference;
        }
        return total;
    }
}
