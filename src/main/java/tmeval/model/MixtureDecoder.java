package tmeval.model;

import java.util.Arrays;

/**
 * LDA's decoder: p(w | theta) = sum_k theta_k phi(w, k), phi word-major (phi[w * K + k]), each topic column summing to 1
 * within {@link TopicModel#SUM_TOLERANCE}. Immutable.
 */
public final class MixtureDecoder implements Decoder {
    private static final long serialVersionUID = 1L;
    private final int numTopics;
    private final double[] phi;

    /** @param phi word-major V x K probabilities; each topic column must sum to 1 within {@link TopicModel#SUM_TOLERANCE} */
    public MixtureDecoder(double[] phi, int numTopics) {
        if (numTopics < 1) {
            throw new IllegalArgumentException("a model needs at least one topic");
        }
        if (phi.length % numTopics != 0) {
            throw new IllegalArgumentException("phi has " + phi.length + " entries, not a multiple of K = " + numTopics);
        }
        for (double p : phi) {
            if (!(p >= 0) || !Double.isFinite(p)) {
                throw new IllegalArgumentException("phi has an entry " + p + " that is not a finite probability");
            }
        }
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int k = 0; k < numTopics; k++) {
            if (Math.abs(sums[k] - 1.0) > TopicModel.SUM_TOLERANCE) {
                throw new IllegalArgumentException("topic " + (k + 1) + " sums to " + sums[k] + ", not 1");
            }
        }
        this.numTopics = numTopics;
        this.phi = phi.clone();
    }

    /** For {@link TopicModel}, which has checked phi itself and owns this copy of it. */
    private MixtureDecoder(int numTopics, double[] phi) {
        this.numTopics = numTopics;
        this.phi = phi;
    }

    static MixtureDecoder checked(double[] ownedPhi, int numTopics) {
        return new MixtureDecoder(numTopics, ownedPhi);
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    @Override
    public int numWords() {
        return phi.length / numTopics;
    }

    public double phi(int word, int topic) {
        return phi[word * numTopics + topic];
    }

    /** The array itself, for {@link TopicModel}'s hot accessors without a copy. */
    double[] values() {
        return phi;
    }

    @Override
    public double topicWeight(int word, int topic) {
        return phi(word, topic);
    }

    @Override
    public String describe() {
        return "mixture";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MixtureDecoder m && m.numTopics == numTopics && Arrays.equals(phi, m.phi);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(phi);
    }
}
