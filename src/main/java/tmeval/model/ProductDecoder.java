package tmeval.model;

import java.util.Arrays;

/**
 * ProdLDA's product of experts: p(w | theta) = exp(a_w) / sum_v exp(a_v) with a = B theta + c, B a V x K matrix of
 * finite weights (word-major, B[w * K + k]) and c a V-vector of finite biases (the evaluation mode's batch normalisation
 * folded in: formats.md). Immutable.
 */
public final class ProductDecoder implements Decoder {
    private static final long serialVersionUID = 1L;
    private final int numTopics;
    private final double[] weights;
    private final double[] bias;

    /**
     * @param weights B, word-major V x K
     * @param bias    c, V values
     */
    public ProductDecoder(double[] weights, double[] bias, int numTopics) {
        if (numTopics < 1) {
            throw new IllegalArgumentException("a model needs at least one topic");
        }
        if (weights.length != (long) bias.length * numTopics) {
            throw new IllegalArgumentException("B has " + weights.length + " entries, expected V x K = " + bias.length + " x " + numTopics);
        }
        for (int i = 0; i < weights.length; i++) {
            if (!Double.isFinite(weights[i])) {
                throw new IllegalArgumentException("B(" + (i / numTopics + 1) + ", " + (i % numTopics + 1) + ") = " + weights[i]
                        + " is not a finite number");
            }
        }
        for (int w = 0; w < bias.length; w++) {
            if (!Double.isFinite(bias[w])) {
                throw new IllegalArgumentException("c(" + (w + 1) + ") = " + bias[w] + " is not a finite number");
            }
        }
        this.numTopics = numTopics;
        this.weights = weights.clone();
        this.bias = bias.clone();
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public int numWords() {
        return bias.length;
    }

    /** B(w, k). */
    public double weight(int word, int topic) {
        return weights[word * numTopics + topic];
    }

    /** c(w). */
    public double bias(int word) {
        return bias[word];
    }

    /** B, word-major V x K (a copy). */
    public double[] weights() {
        return weights.clone();
    }

    /** c (a copy). */
    public double[] biases() {
        return bias.clone();
    }

    @Override
    public double topicWeight(int word, int topic) {
        return weight(word, topic) + bias[word];
    }

    @Override
    public String describe() {
        return "product";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProductDecoder p && p.numTopics == numTopics && Arrays.equals(weights, p.weights) && Arrays.equals(bias, p.bias);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(weights) + Arrays.hashCode(bias);
    }
}
