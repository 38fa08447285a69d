package tmeval.estimate;

import tmeval.model.LogisticNormalPrior;
import tmeval.progress.CancelToken;

/**
 * The Laplace approximation of one document's posterior over eta under a logistic-normal prior: the mode of
 * f(eta) = log p(w | softmax(eta)) + log N(eta; mu, Sigma), found by Newton's method with Levenberg-Marquardt damping (f
 * need not be concave: a mixture's likelihood in eta is not), and the inverse of -f'' there as the covariance. What
 * {@code is-eta} centres its proposal on and the quadrature its nodes.
 */
final class EtaLaplace {
    /** Newton steps at most; a document converges in a handful, the rest is damping's retries. */
    static final int MAX_ITERATIONS = 200;
    /** The longest step in any coordinate of eta: a flat likelihood (a word no topic favours) must not throw eta to infinity. */
    private static final double MAX_STEP = 5;

    /**
     * @param mode        eta at the mode, D values
     * @param covariance  (-f''(mode))^-1, D x D row-major: positive definite (a ridge is added where -f'' is not)
     * @param logDensity  f(mode), the log joint density of w and eta there
     * @param evaluations how many times the likelihood and its derivatives were evaluated
     */
    record Fit(double[] mode, double[] covariance, double logDensity, int evaluations) {
    }

    private EtaLaplace() {
    }

    static Fit fit(DecoderLikelihood likelihood, LogisticNormalPrior prior, CancelToken cancel) {
        return fit(likelihood, prior, prior.mean(), cancel);
    }

    /** From a given starting eta. */
    static Fit fit(DecoderLikelihood likelihood, LogisticNormalPrior prior, double[] start, CancelToken cancel) {
        int d = prior.dimension();
        double[] precision = inverse(prior.covariance(), d);
        double[] mu = prior.mean();
        Point at = new Point(likelihood, prior, precision, mu, start.clone());
        int evaluations = 1;
        double lambda = 0;
        for (int iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
            cancel.checkEvery(iteration);
            if (maxAbs(at.gradient) < 1e-10 * (1 + likelihood.length)) {
                break;
            }
            double[] a = negated(at.hessian, d);
            double scale = 0;
            for (int i = 0; i < d; i++) {
                scale = Math.max(scale, Math.abs(a[i * d + i]));
            }
            for (int i = 0; i < d; i++) {
                a[i * d + i] += lambda;
            }
            double[] chol = LogisticNormalPrior.choleskyOrNull(a, d);
            if (chol == null) {
                lambda = Math.max(lambda * 10, 1e-8 * (1 + scale));
                continue;
            }
            double[] step = solve(chol, at.gradient, d);
            double longest = maxAbs(step);
            if (longest > MAX_STEP) {
                for (int i = 0; i < d; i++) {
                    step[i] *= MAX_STEP / longest;
                }
            }
            double[] next = at.eta.clone();
            for (int i = 0; i < d; i++) {
                next[i] += step[i];
            }
            Point trial = new Point(likelihood, prior, precision, mu, next);
            evaluations++;
            if (trial.value >= at.value) {
                boolean done = trial.value - at.value <= 1e-13 * (1 + Math.abs(at.value)) && maxAbs(step) < 1e-9;
                at = trial;
                lambda = lambda < 1e-12 ? 0 : lambda / 10;
                if (done) {
                    break;
                }
            } else {
                lambda = Math.max(lambda * 10, 1e-6 * (1 + scale));
            }
        }
        return new Fit(at.eta, covariance(at.hessian, d), at.value, evaluations);
    }

    /** (-H)^-1, with the least ridge of the form 10^j (1 + max |H_ii|) 1e-8 that makes -H positive definite. */
    private static double[] covariance(double[] hessian, int d) {
        double[] a = negated(hessian, d);
        double scale = 0;
        for (int i = 0; i < d; i++) {
            scale = Math.max(scale, Math.abs(a[i * d + i]));
        }
        double ridge = 0;
        while (true) {
            double[] r = a.clone();
            for (int i = 0; i < d; i++) {
                r[i * d + i] += ridge;
            }
            if (LogisticNormalPrior.choleskyOrNull(r, d) != null) {
                return inverse(r, d);
            }
            ridge = ridge == 0 ? 1e-8 * (1 + scale) : ridge * 10;
        }
    }

    /** f, its gradient and Hessian at one eta. */
    private static final class Point {
        final double[] eta;
        final double value;
        final double[] gradient;
        final double[] hessian;

        Point(DecoderLikelihood likelihood, LogisticNormalPrior prior, double[] precision, double[] mu, double[] eta) {
            int k = likelihood.numTopics;
            int d = eta.length;
            this.eta = eta;
            double[] logTheta = new double[k];
            prior.logTheta(eta, logTheta);
            double[] g = new double[k];
            double[] h = new double[k * k];
            double logLikelihood = likelihood.derivatives(logTheta, g, h);
            this.value = logLikelihood + prior.logDensity(eta, new double[d]);
            this.gradient = new double[d];
            this.hessian = new double[d * d];
            // eta_K = 0 under the reference convention: its row and column drop out
            for (int i = 0; i < d; i++) {
                double pull = 0;
                for (int j = 0; j < d; j++) {
                    pull += precision[i * d + j] * (eta[j] - mu[j]);
                    hessian[i * d + j] = h[i * k + j] - precision[i * d + j];
                }
                gradient[i] = g[i] - pull;
            }
        }
    }

    private static double[] negated(double[] m, int d) {
        double[] a = new double[d * d];
        for (int i = 0; i < d * d; i++) {
            a[i] = -m[i];
        }
        return a;
    }

    static double maxAbs(double[] x) {
        double m = 0;
        for (double v : x) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    /** x with L L^T x = b, L lower triangular row-major. */
    static double[] solve(double[] l, double[] b, int d) {
        double[] y = new double[d];
        for (int i = 0; i < d; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i * d + k] * y[k];
            }
            y[i] = s / l[i * d + i];
        }
        double[] x = new double[d];
        for (int i = d - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < d; k++) {
                s -= l[k * d + i] * x[k];
            }
            x[i] = s / l[i * d + i];
        }
        return x;
    }

    /** The inverse of a symmetric positive definite matrix, symmetric to the last bit. */
    static double[] inverse(double[] a, int d) {
        double[] l = LogisticNormalPrior.choleskyOrNull(a, d);
        if (l == null) {
            throw new IllegalArgumentException("matrix is not positive definite");
        }
        double[] inv = new double[d * d];
        double[] e = new double[d];
        for (int j = 0; j < d; j++) {
            java.util.Arrays.fill(e, 0);
            e[j] = 1;
            double[] col = solve(l, e, d);
            for (int i = 0; i < d; i++) {
                inv[i * d + j] = col[i];
            }
        }
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                double m = (inv[i * d + j] + inv[j * d + i]) / 2;
                inv[i * d + j] = m;
                inv[j * d + i] = m;
            }
        }
        return inv;
    }
}
