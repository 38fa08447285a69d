package tmeval.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The token-topic assignments of a training run (what a MALLET state file holds): the training documents,
 * each token's topic, alpha and the symmetric beta. A model follows from the counts:
 * phi[w,k] = (n_wk + beta) / (n_k + V beta). Immutable.
 */
public final class TrainingState {
    private final Vocabulary vocabulary;
    private final int numTopics;
    private final double[] alpha;
    private final double beta;
    private final List<int[]> words;
    private final List<int[]> topics;

    public TrainingState(Vocabulary vocabulary, double[] alpha, double beta, List<int[]> words, List<int[]> topics) {
        if (words.size() != topics.size()) {
            throw new IllegalArgumentException("words and topics differ in document count");
        }
        if (!(beta > 0) || !Double.isFinite(beta)) {
            throw new IllegalArgumentException("beta = " + beta + " is not a positive finite number");
        }
        this.vocabulary = vocabulary;
        this.numTopics = alpha.length;
        this.alpha = alpha.clone();
        this.beta = beta;
        this.words = new ArrayList<>(words.size());
        this.topics = new ArrayList<>(topics.size());
        for (int d = 0; d < words.size(); d++) {
            int[] w = words.get(d);
            int[] z = topics.get(d);
            if (w.length != z.length) {
                throw new IllegalArgumentException("document " + d + ": " + w.length + " words but " + z.length + " topics");
            }
            for (int i = 0; i < w.length; i++) {
                if (w[i] < 0 || w[i] >= vocabulary.size() || z[i] < 0 || z[i] >= numTopics) {
                    throw new IllegalArgumentException("document " + d + " position " + i + ": word or topic out of range");
                }
            }
            this.words.add(w.clone());
            this.topics.add(z.clone());
        }
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    public int numTopics() {
        return numTopics;
    }

    public double[] alpha() {
        return alpha.clone();
    }

    public double beta() {
        return beta;
    }

    /** The number of tokens over all documents. */
    public long tokenCount() {
        long n = 0;
        for (int[] w : words) {
            n += w.length;
        }
        return n;
    }

    public int numDocuments() {
        return words.size();
    }

    public int[] words(int doc) {
        return words.get(doc).clone();
    }

    public int[] topics(int doc) {
        return topics.get(doc).clone();
    }

    /** The same documents and hyper-parameters with other topic assignments. */
    public TrainingState withTopics(List<int[]> newTopics) {
        return new TrainingState(vocabulary, alpha, beta, words, newTopics);
    }

    /**
     * The same state over another vocabulary that contains every word used here (word ids are remapped by
     * word), so that a model built from it has that vocabulary's size V in its smoothing.
     *
     * @throws IllegalArgumentException naming the first word the target vocabulary lacks
     */
    public TrainingState onVocabulary(Vocabulary target) {
        int[] map = new int[vocabulary.size()];
        for (int w = 0; w < map.length; w++) {
            map[w] = target.id(vocabulary.word(w));
        }
        List<int[]> mapped = new ArrayList<>(words.size());
        for (int[] doc : words) {
            int[] m = new int[doc.length];
            for (int i = 0; i < doc.length; i++) {
                m[i] = map[doc[i]];
                if (m[i] < 0) {
                    throw new IllegalArgumentException("word '" + vocabulary.word(doc[i]) + "' of the state is not in the vocabulary");
                }
            }
            mapped.add(m);
        }
        return new TrainingState(target, alpha, beta, mapped, topics);
    }

    /** Topic-word counts n_wk, word-major. */
    public int[] wordTopicCounts() {
        int[] n = new int[vocabulary.size() * numTopics];
        for (int d = 0; d < words.size(); d++) {
            int[] w = words.get(d);
            int[] z = topics.get(d);
            for (int i = 0; i < w.length; i++) {
                n[w[i] * numTopics + z[i]]++;
            }
        }
        return n;
    }

    /** The model of these counts: phi[w,k] = (n_wk + beta) / (n_k + V beta). */
    public TopicModel toModel(String name) {
        return modelFromCounts(name, vocabulary, wordTopicCounts(), alpha, beta);
    }

    /**
     * Refuses a beta that gives no model: a topic's smoothing mass V beta must be a finite number, or every word's
     * (n_wk + beta) / (n_k + V beta) is 0 (a beta of 1e308 over two words already overflows).
     *
     * @throws IllegalArgumentException saying so
     */
    public static void checkBeta(double beta, int numWords) {
        if (!(beta > 0) || !Double.isFinite(beta)) {
            throw new IllegalArgumentException("beta is " + beta + ", not a positive finite number");
        }
        if (!Double.isFinite(numWords * beta)) {
            throw new IllegalArgumentException("beta " + beta + " overflows: a topic's smoothing mass V x beta over the " + numWords
                    + " words is not a finite number, so no word would have any probability (MALLET's beta is per word, 0.01 by default)");
        }
    }

    /** phi[w,k] = (n_wk + beta) / (n_k + V beta) from word-major counts. */
    public static TopicModel modelFromCounts(String name, Vocabulary vocabulary, int[] wordTopic, double[] alpha, double beta) {
        int numTopics = alpha.length;
        int numWords = vocabulary.size();
        checkBeta(beta, numWords);
        long[] topicTotals = new long[numTopics];
        for (int i = 0; i < wordTopic.length; i++) {
            topicTotals[i % numTopics] += wordTopic[i];
        }
        double[] inverse = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            inverse[k] = 1.0 / (topicTotals[k] + numWords * beta);
        }
        double[] phi = new double[wordTopic.length];
        for (int i = 0; i < phi.length; i++) {
            phi[i] = (wordTopic[i] + beta) * inverse[i % numTopics];
        }
        return new TopicModel(name, vocabulary, phi, alpha);
    }
}
