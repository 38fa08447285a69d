package tmeval.model;

import java.util.Arrays;

/**
 * ProdLDA's product of experts: p(w | theta) = exp(a_w) / sum_v exp(a_v) with a = B theta + c, B a V x K matrix of
 * finite weights (word-major, B[w * K + k]) and c a V-vector of finite biases (the evaluation mode's batch normalisation
 * folded in: formats.md). Immutable.
 */
public final class ProductDecoder implements Decoder {
    private static final long serialVersionUID = 1L;
    /** Words per slice of B in {@link #logits}: a slice stays in the cache while each theta of a block passes over it. */
    private static final int SLICE = 256;
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

    /**
     * The logits a = B theta + c of {@code count} thetas at once: theta j is K values from j K in {@code thetas}, its
     * logits V values from j V in {@code out}. Every a_w is summed c(w) + theta_1 B(w, 1) + ... + theta_K B(w, K) in
     * that order, whatever the block, so a block's logits equal those of its thetas one by one, bit for bit. Why a block:
     * B (megabytes, beyond the caches) is read from memory once per block, a slice of words at a time, instead of once
     * per theta; and several sums run side by side (eight: two words of four thetas; four words of a lone theta), where
     * one sum alone waits on each of its additions in turn.
     */
    public void logits(double[] thetas, int count, double[] out) {
        int v = bias.length;
        for (int from = 0; from < v; from += SLICE) {
            int to = Math.min(v, from + SLICE);
            int j = 0;
            for (; j + 4 <= count; j += 4) {
                logitsOfFour(thetas, j, out, v, from, to);
            }
            for (; j < count; j++) {
                logitsOfOne(thetas, j * numTopics, out, j * v, from, to);
            }
        }
    }

    /** One theta (from {@code from} in {@code thetas}, its logits from {@code at} in {@code out}): four words at a time. */
    private void logitsOfOne(double[] thetas, int from, double[] out, int at, int firstWord, int endWord) {
        int k = numTopics;
        int w = firstWord;
        for (; w + 4 <= endWord; w += 4) {
            int r = w * k;
            double a0 = bias[w];
            double a1 = bias[w + 1];
            double a2 = bias[w + 2];
            double a3 = bias[w + 3];
            for (int t = 0; t < k; t++) {
                double theta = thetas[from + t];
                a0 += theta * weights[r + t];
                a1 += theta * weights[r + k + t];
                a2 += theta * weights[r + 2 * k + t];
                a3 += theta * weights[r + 3 * k + t];
            }
            out[at + w] = a0;
            out[at + w + 1] = a1;
            out[at + w + 2] = a2;
            out[at + w + 3] = a3;
        }
        for (; w < endWord; w++) {
            double a = bias[w];
            for (int t = 0; t < k; t++) {
                a += thetas[from + t] * weights[w * k + t];
            }
            out[at + w] = a;
        }
    }

    /** Thetas j to j + 3: two words of the four at a time, each weight read once for the four. */
    private void logitsOfFour(double[] thetas, int j, double[] out, int v, int firstWord, int endWord) {
        int k = numTopics;
        int t0 = j * k;
        int t1 = t0 + k;
        int t2 = t1 + k;
        int t3 = t2 + k;
        int o0 = j * v;
        int o1 = o0 + v;
        int o2 = o1 + v;
        int o3 = o2 + v;
        int w = firstWord;
        for (; w + 2 <= endWord; w += 2) {
            int r = w * k;
            double a0 = bias[w];
            double a1 = a0;
            double a2 = a0;
            double a3 = a0;
            double b0 = bias[w + 1];
            double b1 = b0;
            double b2 = b0;
            double b3 = b0;
            for (int t = 0; t < k; t++) {
                double x = weights[r + t];
                double y = weights[r + k + t];
                double s0 = thetas[t0 + t];
                double s1 = thetas[t1 + t];
                double s2 = thetas[t2 + t];
                double s3 = thetas[t3 + t];
                a0 += s0 * x;
                a1 += s1 * x;
                a2 += s2 * x;
                a3 += s3 * x;
                b0 += s0 * y;
                b1 += s1 * y;
                b2 += s2 * y;
                b3 += s3 * y;
            }
            out[o0 + w] = a0;
            out[o1 + w] = a1;
            out[o2 + w] = a2;
            out[o3 + w] = a3;
            out[o0 + w + 1] = b0;
            out[o1 + w + 1] = b1;
            out[o2 + w + 1] = b2;
            out[o3 + w + 1] = b3;
        }
        for (int i = 0; i < 4; i++) {
            logitsOfOne(thetas, (j + i) * k, out, (j + i) * v, w, endWord);
        }
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
