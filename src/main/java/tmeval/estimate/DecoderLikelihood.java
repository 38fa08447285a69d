package tmeval.estimate;

import tmeval.model.MixtureDecoder;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;
import tmeval.sampling.DocumentView;

/**
 * log p(w | theta) of one document with its topics summed out, for any decoder, and its gradient and Hessian in the
 * logits eta of theta = softmax(eta) (all K of them; the reference convention drops the last): what the estimators over
 * eta need. The mixture's sum_v n_v log sum_k theta_k phi(v, k) over the document's distinct words; the product's
 * sum_v n_v a_v - N log sum_u exp(a_u), a = B theta + c over the whole vocabulary. Used by one thread at a time (the
 * product keeps its scratch).
 */
abstract class DecoderLikelihood {
    final int numTopics;
    final int length;

    private DecoderLikelihood(int numTopics, int length) {
        this.numTopics = numTopics;
        this.length = length;
    }

    /**
     * @throws IllegalArgumentException if a word of the document has probability zero under every topic of a mixture
     */
    static DecoderLikelihood of(DocumentView view, TopicModel model) {
        if (model.decoder() instanceof ProductDecoder product) {
            return new Product(view, product);
        }
        if (model.decoder() instanceof MixtureDecoder) {
            return new Mixture(view, model);
        }
        throw new IllegalStateException("no likelihood for the decoder " + model.decoder().describe());
    }

    /** log p(w | theta), theta given by its logs. */
    abstract double log(double[] logTheta);

    /**
     * log p(w | theta) of {@code count} thetas at once (theta j's logs K values from j K in {@code logThetas}), into
     * {@code out}: each equal to {@link #log} of it, bit for bit, in fewer passes over a product decoder's B.
     */
    void log(double[] logThetas, int count, double[] out) {
        double[] logTheta = new double[numTopics];
        for (int j = 0; j < count; j++) {
            System.arraycopy(logThetas, j * numTopics, logTheta, 0, numTopics);
            out[j] = log(logTheta);
        }
    }

    /**
     * log p(w | theta), with its gradient (K) and Hessian (K x K row-major) in eta, theta = softmax(eta), written into
     * the arrays given.
     */
    abstract double derivatives(double[] logTheta, double[] gradient, double[] hessian);

    /** Work of one {@link #log} in multiply-adds, the unit its estimators' costs are counted in. */
    abstract long evaluationCost();

    /**
     * A cheap stand-in for {@link #log} near theta_0 (given by its logs), for {@link EtaPath}'s delayed acceptance, or null
     * where {@link #log} is itself cheap (the mixture: the document's distinct words only).
     */
    Surrogate surrogateAt(double[] logTheta0) {
        return null;
    }

    /** log p(w | theta) approximated, at a cost of K^2 instead of the vocabulary's V K. */
    interface Surrogate {
        double log(double[] logTheta);

        /** Work of one {@link #log} in multiply-adds. */
        long evaluationCost();
    }

    /** Mixture: the document's distinct words only; responsibilities r_vk = theta_k phi_vk / sum_j theta_j phi_vj keep the derivatives bounded. */
    private static final class Mixture extends DecoderLikelihood {
        private final DocumentView view;
        private final double[] logRows;

        Mixture(DocumentView view, TopicModel model) {
            super(model.numTopics(), view.length());
            this.view = view;
            this.logRows = view.logRows(model);
        }

        @Override
        double log(double[] logTheta) {
            return ThetaSampling.logLikelihood(view, logRows, numTopics, logTheta);
        }

        @Override
        double derivatives(double[] logTheta, double[] gradient, double[] hessian) {
            int k = numTopics;
            java.util.Arrays.fill(gradient, 0);
            java.util.Arrays.fill(hessian, 0);
            double[] r = new double[k];
            double total = 0;
            for (int s = 0; s < view.numLocalWords(); s++) {
                double logP = ThetaSampling.logWordProbability(logRows, s * k, k, logTheta);
                int n = view.count(s);
                total += n * logP;
                for (int t = 0; t < k; t++) {
                    r[t] = Math.exp(logTheta[t] + logRows[s * k + t] - logP);
                }
                for (int i = 0; i < k; i++) {
                    gradient[i] += n * r[i];
                    hessian[i * k + i] += n * r[i];
                    for (int j = 0; j < k; j++) {
                        hessian[i * k + j] -= n * r[i] * r[j];
                    }
                }
            }
            // minus N (diag theta - theta theta^T): the softmax's own curvature
            for (int i = 0; i < k; i++) {
                double ti = Math.exp(logTheta[i]);
                gradient[i] -= length * ti;
                hessian[i * k + i] -= length * ti;
                for (int j = 0; j < k; j++) {
                    hessian[i * k + j] += length * ti * Math.exp(logTheta[j]);
                }
            }
            return total;
        }

        @Override
        long evaluationCost() {
            return (long) view.numLocalWords() * numTopics;
        }
    }

    /** Product of experts: every word of the vocabulary enters the normaliser. */
    private static final class Product extends DecoderLikelihood {
        private final ProductDecoder decoder;
        /** the document's distinct words and their counts */
        private final int[] words;
        private final int[] counts;
        /** scratch, one thread's: a block's thetas and logits, and one log-likelihood */
        private double[] thetas = new double[0];
        private double[][] logits = new double[0][];
        private final double[] single = new double[1];

        Product(DocumentView view, ProductDecoder decoder) {
            super(decoder.numTopics(), view.length());
            this.decoder = decoder;
            this.words = new int[view.numLocalWords()];
            this.counts = new int[words.length];
            for (int s = 0; s < words.length; s++) {
                words[s] = view.word(s);
                counts[s] = view.count(s);
            }
        }

        /** a_w = sum_k theta_k B(w, k) + c(w). */
        private double logit(int w, double[] theta) {
            double a = decoder.bias(w);
            for (int k = 0; k < numTopics; k++) {
                a += theta[k] * decoder.weight(w, k);
            }
            return a;
        }

        private double[] theta(double[] logTheta) {
            double[] theta = new double[numTopics];
            for (int k = 0; k < numTopics; k++) {
                theta[k] = Math.exp(logTheta[k]);
            }
            return theta;
        }

        @Override
        double log(double[] logTheta) {
            log(logTheta, 1, single);
            return single[0];
        }

        @Override
        void log(double[] logThetas, int count, double[] out) {
            int v = decoder.numWords();
            if (logits.length < count) {
                thetas = new double[count * numTopics];
                logits = new double[count][v];
            }
            for (int i = 0; i < count * numTopics; i++) {
                thetas[i] = Math.exp(logThetas[i]);
            }
            decoder.logits(thetas, count, logits);
            for (int j = 0; j < count; j++) {
                out[j] = logLikelihood(logits[j], v);
            }
        }

        /** sum_v n_v a_v - N log sum_u exp(a_u) of the logits a: the sum of exps after their max. */
        private double logLikelihood(double[] a, int v) {
            double max = Double.NEGATIVE_INFINITY;
            for (int w = 0; w < v; w++) {
                max = Math.max(max, a[w]);
            }
            double sum = 0;
            for (int w = 0; w < v; w++) {
                sum += Math.exp(a[w] - max);
            }
            double logNormaliser = max + Math.log(sum);
            double total = 0;
            for (int s = 0; s < words.length; s++) {
                total += counts[s] * (a[words[s]] - logNormaliser);
            }
            return total;
        }

        @Override
        double derivatives(double[] logTheta, double[] gradient, double[] hessian) {
            int k = numTopics;
            double[] theta = theta(logTheta);
            // in theta: g = B^T n - N E_p[B], H = -N Cov_p[B] (p = softmax(a) over the vocabulary)
            Normaliser at = normaliser(theta);
            double logNormaliser = at.log();
            double[] mean = at.mean();
            double[] second = at.second();
            double[] g = new double[k];
            double total = 0;
            for (int s = 0; s < words.length; s++) {
                int w = words[s];
                total += counts[s] * (logit(w, theta) - logNormaliser);
                for (int i = 0; i < k; i++) {
                    g[i] += counts[s] * decoder.weight(w, i);
                }
            }
            double[] h = new double[k * k];
            for (int i = 0; i < k; i++) {
                g[i] -= length * mean[i];
                for (int j = 0; j <= i; j++) {
                    double c = -length * (second[i * k + j] - mean[i] * mean[j]);
                    h[i * k + j] = c;
                    h[j * k + i] = c;
                }
            }
            toEta(theta, g, h, gradient, hessian);
            return total;
        }

        @Override
        long evaluationCost() {
            return (long) decoder.numWords() * numTopics;
        }

        /**
         * The document's own words exactly, (sum_v n_v B(v, .)) . theta + sum_v n_v c(v), and the normaliser
         * A(theta) = log sum_u exp(a_u) by its second-order expansion at theta_0: A_0 + m . (theta - theta_0)
         * + (theta - theta_0)^T S (theta - theta_0) / 2, with m = E_p[B] and S = Cov_p[B] under p = softmax(a(theta_0)).
         * Exact at theta_0 and close near it, where a path's late temperatures spend their steps; far from it the
         * error is multiplied by beta, small where the states roam.
         */
        @Override
        Surrogate surrogateAt(double[] logTheta0) {
            int k = numTopics;
            double[] theta0 = theta(logTheta0);
            Normaliser at = normaliser(theta0);
            double[] wordWeights = new double[k];
            double wordBias = 0;
            for (int s = 0; s < words.length; s++) {
                wordBias += counts[s] * decoder.bias(words[s]);
                for (int i = 0; i < k; i++) {
                    wordWeights[i] += counts[s] * decoder.weight(words[s], i);
                }
            }
            return new QuadraticNormaliser(theta0, at, wordWeights, wordBias, length);
        }

        /** log sum_u exp(a_u) at theta, and E_p[B] and E_p[B B^T] (lower triangle) under p = softmax(a). */
        private Normaliser normaliser(double[] theta) {
            int k = numTopics;
            int v = decoder.numWords();
            double[] a = new double[v];
            decoder.logits(theta, 1, new double[][] {a});
            double max = Double.NEGATIVE_INFINITY;
            for (int w = 0; w < v; w++) {
                max = Math.max(max, a[w]);
            }
            double sum = 0;
            for (int w = 0; w < v; w++) {
                a[w] = Math.exp(a[w] - max);
                sum += a[w];
            }
            double[] mean = new double[k];
            double[] second = new double[k * k];
            for (int w = 0; w < v; w++) {
                double p = a[w] / sum;
                for (int i = 0; i < k; i++) {
                    double pb = p * decoder.weight(w, i);
                    mean[i] += pb;
                    for (int j = 0; j <= i; j++) {
                        second[i * k + j] += pb * decoder.weight(w, j);
                    }
                }
            }
            return new Normaliser(max + Math.log(sum), mean, second);
        }
    }

    /** A(theta) = log sum_u exp(a_u(theta)) at a point, with E_p[B] and the lower triangle of E_p[B B^T]. */
    private record Normaliser(double log, double[] mean, double[] second) {
    }

    /** {@link Product#surrogateAt}'s expansion; used by one thread at a time (its scratch). */
    private static final class QuadraticNormaliser implements Surrogate {
        private final double[] theta0;
        private final double logNormaliser0;
        private final double[] mean;
        /** Cov_p[B], full K x K */
        private final double[] covariance;
        private final double[] wordWeights;
        private final double wordBias;
        private final int length;
        private final double[] delta;

        QuadraticNormaliser(double[] theta0, Normaliser at, double[] wordWeights, double wordBias, int length) {
            int k = theta0.length;
            this.theta0 = theta0;
            this.logNormaliser0 = at.log();
            this.mean = at.mean();
            this.covariance = new double[k * k];
            for (int i = 0; i < k; i++) {
                for (int j = 0; j <= i; j++) {
                    double c = at.second()[i * k + j] - mean[i] * mean[j];
                    covariance[i * k + j] = c;
                    covariance[j * k + i] = c;
                }
            }
            this.wordWeights = wordWeights;
            this.wordBias = wordBias;
            this.length = length;
            this.delta = new double[k];
        }

        @Override
        public double log(double[] logTheta) {
            int k = theta0.length;
            double words = wordBias;
            double linear = 0;
            for (int i = 0; i < k; i++) {
                double theta = Math.exp(logTheta[i]);
                words += wordWeights[i] * theta;
                delta[i] = theta - theta0[i];
                linear += mean[i] * delta[i];
            }
            double quadratic = 0;
            for (int i = 0; i < k; i++) {
                double row = 0;
                for (int j = 0; j < k; j++) {
                    row += covariance[i * k + j] * delta[j];
                }
                quadratic += delta[i] * row;
            }
            return words - length * (logNormaliser0 + linear + quadratic / 2);
        }

        @Override
        public long evaluationCost() {
            return (long) theta0.length * theta0.length;
        }
    }

    /**
     * The chain rule from theta to eta: with J = diag(theta) - theta theta^T and d = theta (g - theta.g) the gradient J g,
     * the Hessian is J H J + diag(d) - theta d^T - d theta^T (the second term from softmax's own curvature).
     */
    static void toEta(double[] theta, double[] g, double[] h, double[] gradient, double[] hessian) {
        int k = theta.length;
        double mean = 0;
        for (int i = 0; i < k; i++) {
            mean += theta[i] * g[i];
        }
        double[] d = new double[k];
        for (int i = 0; i < k; i++) {
            d[i] = theta[i] * (g[i] - mean);
            gradient[i] = d[i];
        }
        // J H: row i is theta_i H_i. - theta_i (theta^T H)
        double[] thetaH = new double[k];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < k; i++) {
                thetaH[j] += theta[i] * h[i * k + j];
            }
        }
        double[] jh = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                jh[i * k + j] = theta[i] * (h[i * k + j] - thetaH[j]);
            }
        }
        for (int i = 0; i < k; i++) {
            double rowDotTheta = 0;
            for (int m = 0; m < k; m++) {
                rowDotTheta += jh[i * k + m] * theta[m];
            }
            for (int j = 0; j < k; j++) {
                hessian[i * k + j] = theta[j] * (jh[i * k + j] - rowDotTheta) + (i == j ? d[i] : 0) - theta[i] * d[j] - d[i] * theta[j];
            }
        }
    }
}
