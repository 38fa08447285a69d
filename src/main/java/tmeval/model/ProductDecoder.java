package tmeval.model;

import java.util.Arrays;

/**
 * ProdLDA's product of experts: p(w | theta) = exp(a_w) / sum_v exp(a_v) with a = B theta + c, B a V x K matrix of
 * finite weights (word-major, B[w * K + k]) and c a V-vector of finite biases (the evaluation mode's batch normalisation
 * folded in: formats.md). Immutable.
 */
public final class ProductDecoder implements Decoder {
    private static final long serialVersionUID = 1L;
    /** Words per slice in {@link #logits}: 16 kB of logits, K times that of B. */
    private static final int SLICE = 2048;
    private final int numTopics;
    private final double[] weights;
    private final double[] bias;
    /** B again, topic by topic (columns[k][w] = B(w, k)): the layout {@link #logits} streams. */
    private final transient double[][] columns;

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
        this.columns = new double[numTopics][bias.length];
        for (int i = 0; i < weights.length; i++) {
            columns[i % numTopics][i / numTopics] = weights[i];
        }
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

    /**
     * The logits a = B theta + c of {@code count} thetas at once: theta j is K values from j K in {@code thetas}, its
     * logits go to {@code out[j]} (V values). Every a_w is summed c(w) + theta_1 B(w, 1) + ... + theta_K B(w, K) in that
     * order, whatever the block, so the logits are those of the plain loop over words, bit for bit. Why this shape: the
     * loop over words, innermost and over contiguous arrays (a column of B, the logits), has no dependence from one word
     * to the next, so the JIT turns it into vector instructions, where the plain loop's sum over K waits on each
     * addition in turn; words go a slice at a time, so that a slice of the logits stays in the first cache and a slice of
     * B in the second while every theta of the block passes over it.
     */
    public void logits(double[] thetas, int count, double[][] out) {
        int v = bias.length;
        for (int from = 0; from < v; from += SLICE) {
            int to = Math.min(v, from + SLICE);
            for (int j = 0; j < count; j++) {
                double[] a = out[j];
                System.arraycopy(bias, from, a, from, to - from);
                for (int t = 0; t < numTopics; t++) {
                    double theta = thetas[j * numTopics + t];
                    double[] column = columns[t];
                    for (int w = from; w < to; w++) {
                        a[w] += theta * column[w];
                    }
                }
            }
        }
    }

    /** B's columns, one array each, rebuilt on reading (not serialised twice). */
    private Object readResolve() {
        return new ProductDecoder(weights, bias, numTopics);
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
