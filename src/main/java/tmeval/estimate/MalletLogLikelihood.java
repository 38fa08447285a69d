package tmeval.estimate;

import tmeval.model.TrainingState;

/**
 * The number MALLET's {@code train-topics} prints as {@code LL/token} every {@code --show-topics-interval} iterations
 * (ParallelTopicModel.modelLogLikelihood() over the training tokens): the joint log-likelihood of the training
 * documents' words and their current topic assignments, log p(w, z | alpha, beta) with theta and phi integrated out,
 * <pre>
 *   sum_d [log G(sum alpha) - log G(sum alpha + N_d) + sum_k log G(alpha_k + n_dk) - log G(alpha_k)]
 *   + sum_k [log G(V beta) - log G(V beta + n_k) + sum_w log G(beta + n_wk) - log G(beta)]
 * </pre>
 * over the training tokens. It is neither held out nor marginal over z: a number about the training state, which
 * rises as the sampler fits it. Computed with MALLET's own Stirling series for log Gamma, so that the state MALLET
 * wrote gives the digits it printed.
 */
public final class MalletLogLikelihood {
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

    private MalletLogLikelihood() {
    }

    /** log p(w, z | alpha, beta) of the state's training tokens, as MALLET computes it. */
    public static double of(TrainingState state) {
        int numTopics = state.numTopics();
        int numWords = state.vocabulary().size();
        double[] alpha = state.alpha();
        double beta = state.beta();
        double alphaSum = 0;
        double[] logGammaAlpha = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            alphaSum += alpha[k];
            logGammaAlpha[k] = logGamma(alpha[k]);
        }
        double ll = 0;
        int[] docCounts = new int[numTopics];
        for (int d = 0; d < state.numDocuments(); d++) {
            int[] z = state.topics(d);
            java.util.Arrays.fill(docCounts, 0);
            for (int t : z) {
                docCounts[t]++;
            }
            for (int k = 0; k < numTopics; k++) {
                if (docCounts[k] > 0) {
                    ll += logGamma(alpha[k] + docCounts[k]) - logGammaAlpha[k];
                }
            }
            ll -= logGamma(alphaSum + z.length);
        }
        ll += state.numDocuments() * logGamma(alphaSum);
        int[] wordTopic = state.wordTopicCounts();
        long[] topicTokens = new long[numTopics];
        long nonZero = 0;
        for (int i = 0; i < wordTopic.length; i++) {
            if (wordTopic[i] > 0) {
                ll += logGamma(beta + wordTopic[i]);
                topicTokens[i % numTopics] += wordTopic[i];
                nonZero++;
            }
        }
        for (int k = 0; k < numTopics; k++) {
            ll -= logGamma(beta * numWords + topicTokens[k]);
        }
        // every topic's log G(V beta), and log G(beta) once per non-zero count (a zero count's terms cancel)
        return ll + numTopics * logGamma(beta * numWords) - logGamma(beta) * nonZero;
    }

    /** LL/token as MALLET prints it: the joint log-likelihood over the training tokens. */
    public static double perToken(TrainingState state) {
        return of(state) / state.tokenCount();
    }

    /**
     * MALLET's log Gamma (Dirichlet.logGammaStirling): Stirling's series to the z^-5 term, after shifting z up to at
     * least 2 by the recurrence. Close to the exact value (about 1e-8 at z = 2), but MALLET's digits need its series.
     */
    static double logGamma(double z) {
        double shifted = z;
        double correction = 0;
        while (shifted < 2) {
            correction += Math.log(shifted);
            shifted += 1;
        }
        double z2 = shifted * shifted;
        double series = HALF_LOG_TWO_PI + (shifted - 0.5) * Math.log(shifted) - shifted + 1 / (12 * shifted) - 1 / (360 * shifted * z2)
                + 1 / (1260 * shifted * z2 * z2);
        return series - correction;
    }
}
