package tmeval.coherence;

/**
 * gensim 4.2.0's confirmation measures (topic_coherence/direct_confirmation_measure.py and
 * indirect_confirmation_measure.py), with its epsilon and its order of operations, each averaged over the topic's
 * segments. N is the number of windows; P(w) = windows holding w / N.
 */
final class Confirmation {
    /** gensim's {@code EPSILON}, added inside the logarithms so that a pair never seen together stays finite. */
    static final double EPSILON = 1e-12;

    private Confirmation() {
    }

    /**
     * PMI, log (P(w', w*) + e) / (P(w') P(w*)), or with {@code normalize} NPMI, PMI / -log(P(w', w*) + e), averaged
     * over every ordered pair of distinct words (s_one_one).
     */
    static double pairs(Cooccurrences c, int topic, int words, boolean normalize) {
        if (words < 2) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = 0; i < words; i++) {
            for (int j = 0; j < words; j++) {
                if (i != j) {
                    sum += normalize ? npmi(c, topic, i, j) : logRatio(c, topic, i, j);
                }
            }
        }
        return sum / (words * (words - 1.0));
    }

    /** log (P(w', w*) + e) / (P(w') P(w*)), gensim's {@code log_ratio_measure}. */
    static double logRatio(Cooccurrences c, int topic, int i, int j) {
        double n = c.windows();
        double numerator = c.together(topic, i, j) / n + EPSILON;
        double denominator = c.together(topic, i, i) / n * (c.together(topic, j, j) / n);
        return Math.log(numerator / denominator);
    }

    /** {@link #logRatio} / -log(P(w', w*) + e), gensim's normalised {@code log_ratio_measure}. */
    static double npmi(Cooccurrences c, int topic, int i, int j) {
        return logRatio(c, topic, i, j) / -Math.log(c.together(topic, i, j) / (double) c.windows() + EPSILON);
    }

    /**
     * u_mass: log (P(w', w*) + e) / P(w*) for each word w' and each word w* ranked above it (s_one_pre), gensim's
     * {@code log_conditional_probability}.
     */
    static double conditional(Cooccurrences c, int topic, int words) {
        if (words < 2) {
            return Double.NaN;
        }
        double n = c.windows();
        double sum = 0;
        for (int i = 1; i < words; i++) {
            for (int j = 0; j < i; j++) {
                sum += Math.log((c.together(topic, i, j) / n + EPSILON) / (c.together(topic, j, j) / n));
            }
        }
        return sum / (words * (words - 1) / 2.0);
    }

    /**
     * c_v: for each word w' (s_one_set), the cosine between its context vector, NPMI(w', w_j) over the topic's words
     * w_j, and the topic's, sum_i NPMI(w_i, w_j); gamma 1, as gensim's {@code cosine_similarity} with measure nlr.
     */
    static double cosine(Cooccurrences c, int topic, int words) {
        if (words < 1) {
            return Double.NaN;
        }
        double[][] npmi = new double[words][words];
        for (int i = 0; i < words; i++) {
            for (int j = i; j < words; j++) {
                npmi[i][j] = npmi(c, topic, i, j);
                npmi[j][i] = npmi[i][j];
            }
        }
        double[] whole = new double[words];
        for (int j = 0; j < words; j++) {
            for (int i = 0; i < words; i++) {
                whole[j] += npmi[i][j];
            }
        }
        double wholeNorm = norm(whole);
        double sum = 0;
        for (int i = 0; i < words; i++) {
            double dot = 0;
            for (int j = 0; j < words; j++) {
                dot += npmi[i][j] * whole[j];
            }
            sum += dot / (norm(npmi[i]) * wholeNorm);
        }
        return sum / words;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
