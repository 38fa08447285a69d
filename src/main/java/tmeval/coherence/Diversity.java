package tmeval.coherence;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How different the topics' top words are. Topic diversity (Dieng, Ruiz and Blei 2020): the share of distinct words
 * among the top {@link #DIVERSITY_WORDS} of all topics, 1 when no word is shared. Inverted rank-biased overlap (Bianchi
 * et al. 2021): 1 minus the mean over pairs of topics of the extrapolated rank-biased overlap of their top
 * {@link #RBO_WORDS} words with persistence {@link #RBO_PERSISTENCE} (Webber, Moffat and Zobel 2010, eq. 32), as
 * OCTIS's and contextualized-topic-models' {@code InvertedRBO} compute it, 0 when every topic ranks the same words alike.
 */
public final class Diversity {
    /** Dieng et al.'s top 25 words. */
    public static final int DIVERSITY_WORDS = 25;
    /** OCTIS's and contextualized-topic-models' default depth for inverted RBO. */
    public static final int RBO_WORDS = 10;
    /** OCTIS's and contextualized-topic-models' default weight p. */
    public static final double RBO_PERSISTENCE = 0.9;

    private Diversity() {
    }

    /**
     * Distinct words among each topic's first {@code depth} words over {@code depth} times the topics (OCTIS divides by
     * the depth asked for even when a topic has fewer words; so does this).
     */
    public static double topicDiversity(List<String[]> topics, int depth) {
        Set<String> distinct = new HashSet<>();
        for (String[] t : topics) {
            for (int i = 0; i < Math.min(depth, t.length); i++) {
                distinct.add(t[i]);
            }
        }
        return distinct.size() / ((double) depth * topics.size());
    }

    /** 1 - mean RBO_ext over every pair of topics' first {@code depth} words; NaN with fewer than two topics. */
    public static double invertedRbo(List<String[]> topics, int depth, double p) {
        if (topics.size() < 2) {
            return Double.NaN;
        }
        double sum = 0;
        long pairs = 0;
        for (int a = 0; a < topics.size(); a++) {
            for (int b = a + 1; b < topics.size(); b++) {
                sum += rboExtrapolated(head(topics.get(a), depth), head(topics.get(b), depth), p);
                pairs++;
            }
        }
        return 1 - sum / pairs;
    }

    private static String[] head(String[] words, int depth) {
        return java.util.Arrays.copyOf(words, Math.min(depth, words.length));
    }

    /**
     * Webber et al.'s RBO_ext of two rankings of the same length k without ties (every topic lists the same number of
     * top words): (1 - p) / p * sum_{d=1..k} p^d A_d + p^k A_k, with A_d the share of the first d items the two
     * rankings have in common (OCTIS's {@code rbo(...)[2]} for lists of one length).
     */
    static double rboExtrapolated(String[] x, String[] y, double p) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("rankings of " + x.length + " and " + y.length + " words");
        }
        int k = x.length;
        if (k == 0) {
            return 0;
        }
        Map<String, Integer> rankInX = new HashMap<>();
        Map<String, Integer> rankInY = new HashMap<>();
        for (int i = 0; i < k; i++) {
            rankInX.putIfAbsent(x[i], i);
            rankInY.putIfAbsent(y[i], i);
        }
        double sum = 0;
        double weight = 1;
        int overlap = 0;
        for (int d = 1; d <= k; d++) {
            weight *= p;
            // depth d adds y's d-th word (shared if x's first d hold it) and x's d-th (shared if y's first d-1 hold it)
            Integer inX = rankInX.get(y[d - 1]);
            if (inX != null && inX < d) {
                overlap++;
            }
            Integer inY = rankInY.get(x[d - 1]);
            if (inY != null && inY < d - 1) {
                overlap++;
            }
            sum += weight * overlap / d;
        }
        return (1 - p) / p * sum + Math.pow(p, k) * overlap / k;
    }
}
