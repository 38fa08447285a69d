package tmeval.model;

import java.util.Arrays;

/**
 * The logistic-normal prior of CTM, STM, ETM and ProdLDA: eta ~ N(mu, Sigma) and theta = softmax(eta). eta has D = K
 * components, or D = K - 1 with eta_K = 0 (CTM's and STM's convention, topic K the reference). Sigma is full or diagonal
 * (as the file gave it: {@code #cov} or {@code #var}); it must be symmetric and positive definite, which its Cholesky
 * factor, computed here once, proves. Immutable.
 */
public final class LogisticNormalPrior implements ThetaPrior {
    private static final long serialVersionUID = 1L;
    /** How far Sigma(i, j) may differ from Sigma(j, i), relative to the larger, before the matrix is not symmetric. */
    public static final double SYMMETRY_TOLERANCE = 1e-9;

    private final int numTopics;
    private final double[] mean;
    private final double[] covariance;
    private final boolean diagonal;
    private final double[] cholesky;
    private final double logDeterminant;

    /**
     * @param mean       mu, D values
     * @param covariance Sigma, D x D row-major
     * @param diagonal   whether Sigma is diagonal as given ({@code #var}); its off-diagonal entries must then be 0
     * @throws IllegalArgumentException naming what is wrong: D neither K nor K - 1, a value not finite, Sigma not symmetric
     *                                  or not positive definite
     */
    public LogisticNormalPrior(int numTopics, double[] mean, double[] covariance, boolean diagonal) {
        int d = mean.length;
        if (d < 1) {
            throw new IllegalArgumentException("the logistic-normal mean has no values");
        }
        if (d != numTopics && d != numTopics - 1) {
            throw new IllegalArgumentException("eta has D = " + d + " components for K = " + numTopics
                    + " topics; D must be K, or K - 1 with eta_K = 0");
        }
        if (covariance.length != d * d) {
            throw new IllegalArgumentException("the covariance has " + covariance.length + " entries, expected D x D = " + d + " x " + d);
        }
        for (int i = 0; i < d; i++) {
            if (!Double.isFinite(mean[i])) {
                throw new IllegalArgumentException("mu_" + (i + 1) + " = " + mean[i] + " is not a finite number");
            }
        }
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double c = covariance[i * d + j];
                if (!Double.isFinite(c)) {
                    throw new IllegalArgumentException("covariance entry (" + (i + 1) + ", " + (j + 1) + ") = " + c + " is not a finite number");
                }
                if (diagonal && i != j && c != 0) {
                    throw new IllegalArgumentException("a diagonal covariance has entry (" + (i + 1) + ", " + (j + 1) + ") = " + c);
                }
                double t = covariance[j * d + i];
                if (Math.abs(c - t) > SYMMETRY_TOLERANCE * Math.max(Math.abs(c), Math.abs(t))) {
                    throw new IllegalArgumentException("the covariance is not symmetric: entry (" + (i + 1) + ", " + (j + 1) + ") is " + c
                            + " but (" + (j + 1) + ", " + (i + 1) + ") is " + t);
                }
            }
        }
        double[] sym = covariance.clone();
        // within the tolerance, the two halves' mean on both sides (a symmetric matrix is kept bit for bit)
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                double m = (covariance[i * d + j] + covariance[j * d + i]) / 2;
                sym[i * d + j] = m;
                sym[j * d + i] = m;
            }
        }
        this.numTopics = numTopics;
        this.mean = mean.clone();
        this.covariance = sym;
        this.diagonal = diagonal;
        this.cholesky = choleskyOrNull(sym, d);
        if (cholesky == null) {
            throw new IllegalArgumentException(diagonal ? "a variance is not positive: the covariance is not positive definite"
                    : "the covariance is not positive definite (its Cholesky factorisation fails)");
        }
        double ld = 0;
        for (int i = 0; i < d; i++) {
            ld += 2 * Math.log(cholesky[i * d + i]);
        }
        this.logDeterminant = ld;
    }

    /** A diagonal prior, Sigma = diag(variances). */
    public static LogisticNormalPrior diagonal(int numTopics, double[] mean, double[] variances) {
        int d = variances.length;
        double[] cov = new double[d * d];
        for (int i = 0; i < d; i++) {
            cov[i * d + i] = variances[i];
        }
        return new LogisticNormalPrior(numTopics, mean, cov, true);
    }

    /** The lower Cholesky factor of a symmetric D x D matrix, row-major, or null when it is not positive definite. */
    public static double[] choleskyOrNull(double[] a, int d) {
        double[] l = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i * d + j];
                for (int k = 0; k < j; k++) {
                    s -= l[i * d + k] * l[j * d + k];
                }
                if (i == j) {
                    if (!(s > 0) || !Double.isFinite(s)) {
                        return null;
                    }
                    l[i * d + i] = Math.sqrt(s);
                } else {
                    l[i * d + j] = s / l[j * d + j];
                }
            }
        }
        return l;
    }

    @Override
    public int numTopics() {
        return numTopics;
    }

    /** D: K, or K - 1 when topic K is the reference with eta_K = 0. */
    public int dimension() {
        return mean.length;
    }

    /** Whether eta has K - 1 components, eta_K = 0. */
    public boolean hasReferenceTopic() {
        return mean.length == numTopics - 1;
    }

    public double[] mean() {
        return mean.clone();
    }

    /** Sigma, D x D row-major. */
    public double[] covariance() {
        return covariance.clone();
    }

    /** Whether Sigma was given as a diagonal ({@code #var}). */
    public boolean isDiagonal() {
        return diagonal;
    }

    /** The lower Cholesky factor L of Sigma = L L^T, D x D row-major. */
    public double[] cholesky() {
        return cholesky.clone();
    }

    /** log det Sigma. */
    public double logDeterminant() {
        return logDeterminant;
    }

    /**
     * log N(eta; mu, Sigma) = -(D log 2 pi + log det Sigma + |L^-1 (eta - mu)|^2) / 2.
     *
     * @param scratch D values
     */
    public double logDensity(double[] eta, double[] scratch) {
        int d = mean.length;
        double quad = 0;
        for (int i = 0; i < d; i++) {
            double s = eta[i] - mean[i];
            for (int k = 0; k < i; k++) {
                s -= cholesky[i * d + k] * scratch[k];
            }
            scratch[i] = s / cholesky[i * d + i];
            quad += scratch[i] * scratch[i];
        }
        return -0.5 * (d * Math.log(2 * Math.PI) + logDeterminant + quad);
    }

    /** log theta = log softmax(eta), eta_K = 0 appended when D = K - 1; exact in log space however far apart the etas are. */
    public void logTheta(double[] eta, double[] logTheta) {
        int d = mean.length;
        double max = d < numTopics ? 0 : Double.NEGATIVE_INFINITY;
        for (int i = 0; i < d; i++) {
            max = Math.max(max, eta[i]);
        }
        double sum = d < numTopics ? Math.exp(-max) : 0;
        for (int i = 0; i < d; i++) {
            sum += Math.exp(eta[i] - max);
        }
        double log = max + Math.log(sum);
        for (int k = 0; k < numTopics; k++) {
            logTheta[k] = (k < d ? eta[k] : 0) - log;
        }
    }

    /**
     * This prior in K - 1 dimensions, topic K the reference (eta_K = 0), exactly: theta depends on eta only through
     * eta_k - eta_K, which is Gaussian with mean A mu and covariance A Sigma A^T, A = [I | -1]. This prior itself if it
     * already is.
     */
    public LogisticNormalPrior withReferenceTopic() {
        if (hasReferenceTopic()) {
            return this;
        }
        int[] identity = new int[numTopics];
        for (int k = 0; k < numTopics; k++) {
            identity[k] = k;
        }
        return inTopicOrder(identity);
    }

    /**
     * This prior with its topics reordered, new topic k old topic {@code order[k]}, in K - 1 dimensions with the new last
     * topic the reference: x_k = eta_order[k] - eta_order[K-1] (eta_K = 0 where D = K - 1), Gaussian with mean and
     * covariance mapped by that linear map. Exact: where D = K - 1 the map is a bijection of R^(K-1) of determinant +-1
     * (no Jacobian); where D = K theta depends on eta only through these differences, as in {@link #withReferenceTopic}.
     */
    public LogisticNormalPrior inTopicOrder(int[] order) {
        int k = numTopics;
        if (order.length != k) {
            throw new IllegalArgumentException("an order of " + order.length + " topics for K = " + k);
        }
        int dim = mean.length;
        // mu and Sigma over all K logits, eta_K = 0 (a zero row and column) under the reference convention
        double[] m = new double[k];
        double[] s = new double[k * k];
        for (int i = 0; i < dim; i++) {
            m[i] = mean[i];
            for (int j = 0; j < dim; j++) {
                s[i * k + j] = covariance[i * dim + j];
            }
        }
        int d = k - 1;
        int r = order[d];
        double[] mu = new double[d];
        double[] cov = new double[d * d];
        for (int i = 0; i < d; i++) {
            int a = order[i];
            mu[i] = m[a] - m[r];
            for (int j = 0; j < d; j++) {
                int b = order[j];
                cov[i * d + j] = s[a * k + b] - s[a * k + r] - s[r * k + b] + s[r * k + r];
            }
        }
        return new LogisticNormalPrior(k, mu, cov, false);
    }

    @Override
    public String describe() {
        return "logistic-normal (D = " + (hasReferenceTopic() ? "K - 1" : "K") + ", " + (diagonal ? "diagonal" : "full") + " covariance)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogisticNormalPrior p && p.numTopics == numTopics && p.diagonal == diagonal && Arrays.equals(mean, p.mean)
                && Arrays.equals(covariance, p.covariance);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(mean) + Arrays.hashCode(covariance);
    }
}
