package tmeval.model;

import java.util.Arrays;
import java.util.Objects;

/**
 * A topic model: K topics over a vocabulary of V words, a prior over theta ({@link ThetaPrior}: LDA's Dirichlet or a
 * logistic-normal) and a decoder from theta to word probabilities ({@link Decoder}: LDA's mixture of topics phi or ProdLDA's
 * product). An LDA (Dirichlet and mixture) is what every method of this tool evaluates; the other families are evaluated
 * by the methods over theta alone, and the accessors of LDA's parts ({@link #alpha()}, {@link #phi(int, int)}, ...)
 * refuse a model without them, so that no method built on them computes a wrong number for it.
 * phi is stored word-major, phi[w * K + k], so the K probabilities of one word are contiguous: the Gibbs
 * conditional for a token reads exactly one such row. Immutable.
 */
public final class TopicModel implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** An LDA's {@link #family()}. */
    public static final String LDA_FAMILY = "LDA";
    /** How far a topic column may sum from 1 before the model is rejected. */
    public static final double SUM_TOLERANCE = 1e-6;

    private final String name;
    private final Vocabulary vocabulary;
    private final int numTopics;
    private final ThetaPrior prior;
    private final Decoder decoder;
    /** The mixture's phi, or null for another decoder. */
    private final double[] phi;
    /** The Dirichlet's alpha, or null for another prior. */
    private final double[] alpha;
    private final double[] floor;

    /**
     * @param phi word-major V x K probabilities; each topic column must sum to 1 within {@link #SUM_TOLERANCE}
     * @param alpha K positive, finite Dirichlet parameters
     */
    public TopicModel(String name, Vocabulary vocabulary, double[] phi, double[] alpha) {
        this.name = Objects.requireNonNull(name, "name");
        this.vocabulary = Objects.requireNonNull(vocabulary, "the vocabulary");
        this.numTopics = alpha.length;
        if (numTopics < 1) {
            throw new IllegalArgumentException("a model needs at least one topic");
        }
        if (phi.length != (long) vocabulary.size() * numTopics) {
            throw new IllegalArgumentException("phi has " + phi.length + " entries, expected V*K = "
                    + vocabulary.size() + "*" + numTopics);
        }
        for (int k = 0; k < numTopics; k++) {
            if (!(alpha[k] > 0) || !Double.isFinite(alpha[k])) {
                throw new IllegalArgumentException("alpha[" + (k + 1) + "] = " + alpha[k] + " is not a positive finite number");
            }
        }
        for (double p : phi) {
            if (!(p >= 0) || !Double.isFinite(p)) {
                throw new IllegalArgumentException("phi has an entry " + p + " that is not a finite probability");
            }
        }
        double[] sums = columnSums(phi, numTopics);
        for (int k = 0; k < numTopics; k++) {
            if (Math.abs(sums[k] - 1.0) > SUM_TOLERANCE) {
                throw new IllegalArgumentException("topic " + (k + 1) + " sums to " + sums[k] + ", not 1");
            }
        }
        this.phi = phi.clone();
        this.alpha = alpha.clone();
        this.prior = new DirichletPrior(this.alpha);
        this.decoder = MixtureDecoder.checked(this.phi, numTopics);
        this.floor = floors(this.phi, numTopics);
    }

    /**
     * A model of any family: the prior and the decoder must agree on K, and the decoder's words are the vocabulary's.
     * A Dirichlet prior with a mixture decoder is the LDA of {@link #TopicModel(String, Vocabulary, double[], double[])}.
     */
    public TopicModel(String name, Vocabulary vocabulary, ThetaPrior prior, Decoder decoder) {
        this.name = Objects.requireNonNull(name, "name");
        this.vocabulary = Objects.requireNonNull(vocabulary, "the vocabulary");
        this.prior = Objects.requireNonNull(prior, "prior");
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.numTopics = prior.numTopics();
        if (decoder.numTopics() != numTopics) {
            throw new IllegalArgumentException("the prior has K = " + numTopics + " topics, the decoder " + decoder.numTopics());
        }
        if (decoder.numWords() != vocabulary.size()) {
            throw new IllegalArgumentException("the decoder has " + decoder.numWords() + " words, the vocabulary " + vocabulary.size());
        }
        this.alpha = prior instanceof DirichletPrior d ? d.values() : null;
        this.phi = decoder instanceof MixtureDecoder m ? m.values() : null;
        this.floor = phi == null ? null : floors(phi, numTopics);
    }

    private static double[] floors(double[] phi, int numTopics) {
        double[] floor = new double[numTopics];
        Arrays.fill(floor, Double.POSITIVE_INFINITY);
        for (int i = 0; i < phi.length; i++) {
            int k = i % numTopics;
            floor[k] = Math.min(floor[k], phi[i]);
        }
        return floor;
    }

    public ThetaPrior prior() {
        return prior;
    }

    public Decoder decoder() {
        return decoder;
    }

    /** Whether this is an LDA: a Dirichlet prior and a mixture of topics. */
    public boolean isLda() {
        return alpha != null && phi != null;
    }

    /** The model's family in words: "LDA", or its prior and decoder ("logistic-normal (D = K - 1, full covariance) prior, product decoder"). */
    public String family() {
        return isLda() ? LDA_FAMILY : prior.describe() + " prior, " + decoder.describe() + " decoder";
    }

    /**
     * What a method built on LDA's parts cannot find in this model, as an error: an IllegalArgumentException, the
     * exception that the runners turn into a refusal in words.
     */
    private IllegalArgumentException notLda(String part) {
        return new IllegalArgumentException("model " + name + " is no LDA (" + family() + "): it has no " + part
                + "; only the methods over theta evaluate it (estimators.md, \"Model families\")");
    }

    private double[] phiOrRefuse() {
        if (phi == null) {
            throw notLda("mixture of topics phi");
        }
        return phi;
    }

    private double[] alphaOrRefuse() {
        if (alpha == null) {
            throw notLda("Dirichlet alpha");
        }
        return alpha;
    }

    /**
     * Each topic's smallest word probability, m_k = min_w phi(w, k). A model estimated from counts with a smoothing
     * prior, phi = (n_wk + beta) / (n_k + V beta), is m_k plus a residual that is zero for every word the topic never
     * saw: the sparsity a Gibbs draw can exploit word by word (Yao, Mimno and McCallum's SparseLDA).
     */
    public double[] topicFloors() {
        phiOrRefuse();
        return floor.clone();
    }

    /** Sums of each topic column of a word-major matrix (compensated, so long vocabularies do not drift). */
    public static double[] columnSums(double[] phi, int numTopics) {
        double[] sum = new double[numTopics];
        double[] carry = new double[numTopics];
        for (int i = 0; i < phi.length; i++) {
            int k = i % numTopics;
            double y = phi[i] - carry[k];
            double t = sum[k] + y;
            carry[k] = (t - sum[k]) - y;
            sum[k] = t;
        }
        return sum;
    }

    public String name() {
        return name;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    public int numTopics() {
        return numTopics;
    }

    public int numWords() {
        return vocabulary.size();
    }

    public double phi(int word, int topic) {
        return phiOrRefuse()[word * numTopics + topic];
    }

    public double alpha(int topic) {
        return alphaOrRefuse()[topic];
    }

    public double[] alpha() {
        return alphaOrRefuse().clone();
    }

    public double alphaSum() {
        double s = 0;
        for (double a : alphaOrRefuse()) {
            s += a;
        }
        return s;
    }

    /** Copies the K probabilities of one word into {@code out} at {@code offset}. */
    public void copyRow(int word, double[] out, int offset) {
        System.arraycopy(phiOrRefuse(), word * numTopics, out, offset, numTopics);
    }

    /** A copy of the whole word-major matrix. */
    public double[] phiMatrix() {
        return phiOrRefuse().clone();
    }

    /** The same model under another name. */
    public TopicModel withName(String newName) {
        return isLda() ? new TopicModel(newName, vocabulary, phi, alpha) : new TopicModel(newName, vocabulary, prior, decoder);
    }

    /** This model with its topics reordered: new topic k is old topic permutation[k]. */
    public TopicModel permuteTopics(int[] permutation) {
        if (permutation.length != numTopics) {
            throw new IllegalArgumentException("permutation of length " + permutation.length + " for " + numTopics + " topics");
        }
        if (!isLda()) {
            throw notLda("topics to reorder by LDA's alignment");
        }
        double[] p = new double[phi.length];
        double[] a = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            a[k] = alpha[permutation[k]];
        }
        for (int w = 0; w < vocabulary.size(); w++) {
            int base = w * numTopics;
            for (int k = 0; k < numTopics; k++) {
                p[base + k] = phi[base + permutation[k]];
            }
        }
        return new TopicModel(name, vocabulary, p, a);
    }

    /** The {@code count} most probable words of a topic, most probable first. */
    public int[] topWords(int topic, int count) {
        int n = Math.min(count, vocabulary.size());
        Integer[] order = new Integer[vocabulary.size()];
        for (int w = 0; w < order.length; w++) {
            order[w] = w;
        }
        Arrays.sort(order, (x, y) -> Double.compare(decoder.topicWeight(y, topic), decoder.topicWeight(x, topic)));
        int[] top = new int[n];
        for (int i = 0; i < n; i++) {
            top[i] = order[i];
        }
        return top;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TopicModel m && name.equals(m.name) && vocabulary.equals(m.vocabulary)
                && prior.equals(m.prior) && decoder.equals(m.decoder);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, vocabulary, decoder.hashCode(), prior.hashCode());
    }

    @Override
    public String toString() {
        return "TopicModel[" + name + ", K=" + numTopics + ", V=" + vocabulary.size() + (isLda() ? "" : ", " + family()) + "]";
    }
}
