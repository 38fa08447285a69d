package tmeval.estimate;

import tmeval.model.LogisticNormalPrior;
import tmeval.model.MixtureDecoder;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

/**
 * {@code vb} for a logistic-normal prior with a mixture decoder (CTM, STM, ETM): the correlated topic model's variational
 * bound (Blei and Lafferty 2007, Section 3), q(eta) = N(lambda, diag(t)), q(z_n) = r_n, with E_q[log sum_k exp(eta_k)] bounded
 * by Jensen's inequality, log sum_k exp(lambda_k + t_k / 2) (CTM's zeta at its optimum). With r at its optimum in closed
 * form the bound is
 * <pre>
 *   L(lambda, t) = -KL(N(lambda, diag t) || N(mu, Sigma)) + sum_v n_v log sum_k phi(v, k) exp(lambda_k) - N log sum_k exp(lambda_k + t_k / 2)
 * </pre>
 * over the document's distinct words v with counts n_v. Every step from log P(w) down is an inequality that holds for any
 * lambda, any t > 0 and any r, so L is a floor wherever the ascent stops. It runs in K - 1 dimensions, topic K the
 * reference (eta_K = 0): a prior of D = K is reduced exactly first ({@link LogisticNormalPrior#withReferenceTopic}), so
 * that q spends no variance on the common shift of eta, which theta does not see but the Jensen step would pay for.
 * The ascent starts at the Laplace approximation ({@link EtaLaplace}: lambda its mode, t its covariance's diagonal) and
 * alternates the exact maximum over each t_i (L is concave in t) with a damped Newton step in lambda, each kept only if
 * L rises, until L moves by less than {@link #TOLERANCE} relative.
 */
final class EtaVariationalBound {
    /** Stop when the bound moves by less than this, relative to 1 + |L|. */
    static final double TOLERANCE = 1e-12;
    /** Sweeps at most; a document converges in tens. */
    static final int MAX_ITERATIONS = 10_000;
    /** Bisection steps for one t_i: the bracket is at most log(1 + N / P_ii) wide, so 60 halvings reach rounding. */
    private static final int BISECTIONS = 60;
    /** Damping at which a Newton step is no step: the retries stop there. */
    private static final double MAX_DAMPING = 1e30;
    /** The longest Newton step in any coordinate of lambda, as in {@link EtaLaplace}. */
    private static final double MAX_STEP = 5;

    /** The bound, the sweeps it took, and q(eta)'s mean and variances (in the reduced coordinates, topic K the reference). */
    record Fit(double bound, int iterations, double[] lambda, double[] variances) {
    }

    private EtaVariationalBound() {
    }

    /** Whether the model is one this bound reaches: a logistic-normal prior and a mixture decoder. */
    static boolean reaches(TopicModel model) {
        return model.prior() instanceof LogisticNormalPrior && model.decoder() instanceof MixtureDecoder;
    }

    static Fit fit(DocumentView view, TopicModel model, CancelToken cancel) {
        Objective f = new Objective(view, model);
        int d = f.d;
        if (d == 0) {
            // K = 1: theta is certain and the bound is log P(w) itself
            return new Fit(f.value(new double[0], new double[0]), 0, new double[0], new double[0]);
        }
        EtaLaplace.Fit laplace = EtaLaplace.fit(DecoderLikelihood.of(view, model), f.prior, cancel);
        double[] lambda = laplace.mode();
        double[] covariance = laplace.covariance();
        double[] t = new double[d];
        for (int i = 0; i < d; i++) {
            t[i] = covariance[i * d + i];
        }
        double[] trial = new double[d];
        double value = f.value(lambda, t);
        double damping = 0;
        for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
            cancel.checkEvery(iteration);
            double before = value;
            for (int i = 0; i < d; i++) {
                t[i] = f.bestVariance(i, lambda, t);
            }
            value = f.value(lambda, t);
            // damped Newton in lambda: retry with more damping until L rises or the step vanishes
            f.derivatives(lambda, t);
            // a damping beyond any curvature leaves lambda where it is (and ends the retries should a derivative not be finite)
            while (damping < MAX_DAMPING) {
                double[] step = f.newtonStep(damping);
                if (step == null) {
                    damping = Math.max(10 * damping, 1e-8 * (1 + f.scale()));
                    continue;
                }
                for (int i = 0; i < d; i++) {
                    trial[i] = lambda[i] + step[i];
                }
                double next = f.value(trial, t);
                if (next >= value) {
                    System.arraycopy(trial, 0, lambda, 0, d);
                    value = next;
                    damping = damping < 1e-12 ? 0 : damping / 10;
                    break;
                }
                if (EtaLaplace.maxAbs(step) < 1e-12 * (1 + EtaLaplace.maxAbs(lambda))) {
                    break;
                }
                damping = Math.max(10 * damping, 1e-6 * (1 + f.scale()));
            }
            damping = damping < MAX_DAMPING ? damping : 0;
            if (value - before <= TOLERANCE * (1 + Math.abs(value))) {
                return new Fit(value, iteration, lambda, t);
            }
        }
        return new Fit(value, MAX_ITERATIONS, lambda, t);
    }

    /**
     * L(lambda, t) for one document and its derivatives in lambda, in the reduced coordinates (D = K - 1, lambda_K = 0,
     * t_K = 0). Its arrays are allocated once, so that neither the value nor the derivatives allocate per word.
     */
    static final class Objective {
        final LogisticNormalPrior prior;
        final int k;
        final int d;
        private final DocumentView view;
        private final double[] logRows;
        private final int length;
        private final double[] mu;
        private final double[] precision;
        /** the prior's part of -KL that depends on neither lambda nor t: (D - log det Sigma) / 2 */
        private final double constant;
        private final double[] r;
        private final double[] s;
        private final double[] gradient;
        private final double[] hessian;
        private final double[] damped;

        Objective(DocumentView view, TopicModel model) {
            this.k = model.numTopics();
            this.prior = k == 1 ? null : ((LogisticNormalPrior) model.prior()).withReferenceTopic();
            this.d = k - 1;
            this.view = view;
            this.logRows = view.logRows(model);
            this.length = view.length();
            this.mu = d == 0 ? new double[0] : prior.mean();
            this.precision = d == 0 ? new double[0] : EtaLaplace.inverse(prior.covariance(), d);
            this.constant = d == 0 ? 0 : 0.5 * (d - prior.logDeterminant());
            this.r = new double[k];
            this.s = new double[k];
            this.gradient = new double[d];
            this.hessian = new double[d * d];
            this.damped = new double[d * d];
        }

        /** L(lambda, t): a lower bound on log P(w) for every lambda and every t > 0. */
        double value(double[] lambda, double[] t) {
            double kl = constant;
            for (int i = 0; i < d; i++) {
                double quad = 0;
                for (int j = 0; j < d; j++) {
                    quad += precision[i * d + j] * (lambda[j] - mu[j]);
                }
                kl += 0.5 * (Math.log(t[i]) - precision[i * d + i] * t[i] - (lambda[i] - mu[i]) * quad);
            }
            double words = 0;
            for (int v = 0; v < view.numLocalWords(); v++) {
                words += view.count(v) * logSumExp(logRows, v * k, lambda);
            }
            return kl + words - length * logNormaliser(lambda, t);
        }

        /** log sum_k exp(lambda_k + t_k / 2), lambda_K = t_K = 0: the Jensen bound on E_q[log sum_k exp(eta_k)]. */
        private double logNormaliser(double[] lambda, double[] t) {
            double max = 0;
            for (int i = 0; i < d; i++) {
                max = Math.max(max, lambda[i] + t[i] / 2);
            }
            double sum = Math.exp(-max);
            for (int i = 0; i < d; i++) {
                sum += Math.exp(lambda[i] + t[i] / 2 - max);
            }
            return max + Math.log(sum);
        }

        /** log sum_k phi(v, k) exp(lambda_k) for the word whose log row starts at base, lambda_K = 0. */
        private double logSumExp(double[] rows, int base, double[] lambda) {
            double max = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                max = Math.max(max, rows[base + j] + (j < d ? lambda[j] : 0));
            }
            if (max == Double.NEGATIVE_INFINITY) {
                return max;
            }
            double sum = 0;
            for (int j = 0; j < k; j++) {
                sum += Math.exp(rows[base + j] + (j < d ? lambda[j] : 0) - max);
            }
            return max + Math.log(sum);
        }

        /**
         * The t_i that maximises L with lambda and the other t's fixed: the root of 1 / t = P_ii + N s_i(t), s the
         * softmax of lambda + t / 2, which lies in [1 / (P_ii + N), 1 / P_ii] (the left side falls, the right rises);
         * bisected in log t.
         */
        double bestVariance(int i, double[] lambda, double[] t) {
            double p = precision[i * d + i];
            // log of the other terms of the normaliser, sum_{j != i} exp(lambda_j + t_j / 2), the reference's 1 among them
            double max = 0;
            for (int j = 0; j < d; j++) {
                if (j != i) {
                    max = Math.max(max, lambda[j] + t[j] / 2);
                }
            }
            double sum = Math.exp(-max);
            for (int j = 0; j < d; j++) {
                if (j != i) {
                    sum += Math.exp(lambda[j] + t[j] / 2 - max);
                }
            }
            double logRest = max + Math.log(sum);
            double lo = -Math.log(p + length);
            double hi = -Math.log(p);
            for (int b = 0; b < BISECTIONS; b++) {
                double u = (lo + hi) / 2;
                double tu = Math.exp(u);
                double share = 1 / (1 + Math.exp(logRest - lambda[i] - tu / 2));
                if (1 / tu > p + length * share) {
                    lo = u;
                } else {
                    hi = u;
                }
            }
            return Math.exp((lo + hi) / 2);
        }

        /** The gradient and Hessian of L in lambda at (lambda, t), kept for {@link #newtonStep}. */
        void derivatives(double[] lambda, double[] t) {
            java.util.Arrays.fill(gradient, 0);
            java.util.Arrays.fill(hessian, 0);
            // the words: sum_v n_v (r_v and diag r_v - r_v r_v^T), r_v the responsibilities at lambda
            for (int v = 0; v < view.numLocalWords(); v++) {
                int base = v * k;
                double log = logSumExp(logRows, base, lambda);
                int n = view.count(v);
                for (int j = 0; j < d; j++) {
                    r[j] = Math.exp(logRows[base + j] + lambda[j] - log);
                }
                addSoftmaxTerms(r, n);
            }
            // the normaliser: -N (s and diag s - s s^T), s the softmax of lambda + t / 2
            double log = logNormaliser(lambda, t);
            for (int j = 0; j < d; j++) {
                s[j] = Math.exp(lambda[j] + t[j] / 2 - log);
            }
            addSoftmaxTerms(s, -length);
            // the prior: -P (lambda - mu) and -P
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    gradient[i] -= precision[i * d + j] * (lambda[j] - mu[j]);
                    hessian[i * d + j] -= precision[i * d + j];
                }
            }
        }

        private void addSoftmaxTerms(double[] p, double weight) {
            for (int i = 0; i < d; i++) {
                gradient[i] += weight * p[i];
                hessian[i * d + i] += weight * p[i];
                for (int j = 0; j < d; j++) {
                    hessian[i * d + j] -= weight * p[i] * p[j];
                }
            }
        }

        /** The largest |H_ii|, the scale of the damping. */
        double scale() {
            double m = 0;
            for (int i = 0; i < d; i++) {
                m = Math.max(m, Math.abs(hessian[i * d + i]));
            }
            return m;
        }

        /** (-H + damping I)^-1 g, its longest coordinate at most {@link #MAX_STEP}; null where -H + damping I is not positive definite. */
        double[] newtonStep(double damping) {
            for (int i = 0; i < d * d; i++) {
                damped[i] = -hessian[i];
            }
            for (int i = 0; i < d; i++) {
                damped[i * d + i] += damping;
            }
            double[] chol = LogisticNormalPrior.choleskyOrNull(damped, d);
            if (chol == null) {
                return null;
            }
            double[] step = EtaLaplace.solve(chol, gradient, d);
            double longest = EtaLaplace.maxAbs(step);
            if (longest > MAX_STEP) {
                for (int i = 0; i < d; i++) {
                    step[i] *= MAX_STEP / longest;
                }
            }
            return step;
        }
    }
}
