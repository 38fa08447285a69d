package tmeval.app.teaching;

import org.apache.commons.math3.special.Beta;
import org.apache.commons.math3.special.Gamma;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.model.Document;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.LogMath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The distributions AIS moves through, drawn for a toy model small enough to see: K = 2 or 3 topics of a model (the ones
 * the document uses most), so that theta lives on [0, 1] or on the triangle. No JavaFX; {@link TeachingViewModel}
 * runs it and the view draws it.
 * <p>
 * tmeval's AIS keeps theta integrated out and tempers the likelihood of the topic assignments: its distribution at
 * inverse temperature beta is p(z) p(w | z)^beta. Over (theta, z) that is Dir(theta; alpha) prod_i theta_{z_i}
 * phi_{z_i, w_i}^beta, so the samples' theta follows
 * <pre>  f_beta(theta) proportional to Dir(theta; alpha) * prod_i sum_k theta_k phi_{k, w_i}^beta,</pre>
 * the prior at beta = 0 and the exact posterior at beta = 1. Its normaliser Z_beta = sum_z p(z) p(w | z)^beta is what
 * the samples' mean weight estimates at that step, and Z_1 = P(w). Each sample is drawn at E[theta | z] =
 * (n_k + alpha_k) / (N + sum alpha), where its topic counts put it.
 */
@UsesNoJavaFx
public final class ToyPosterior {
    /** Cells of the K = 2 grid on [0, 1]. */
    static final int LINE_CELLS = 2000;
    /** Cells across the K = 3 triangle's base. */
    static final int TRIANGLE_CELLS = 120;
    private static final double HEIGHT = Math.sqrt(3) / 2;

    private ToyPosterior() {
    }

    /**
     * f_beta on a grid: for K = 2 cells of theta_1 on [0, 1] ({@code x} their middles, {@code y} null); for K = 3 the
     * cells of the triangle drawn with theta_1 = 1 at (0, 0), theta_2 = 1 at (1, 0) and theta_3 = 1 at (1/2, sqrt 3 / 2)
     * ({@code x}, {@code y} their middles, {@code cellWidth} and {@code cellHeight} their size in that drawing).
     * {@code density} is per unit of theta (theta_1 for K = 2, (theta_2, theta_3) for K = 3), so density times
     * {@code thetaArea} sums to 1; {@code logNormaliser} is log Z_beta.
     */
    public record Density(double beta, double[] x, double[] y, double[] density, double cellWidth, double cellHeight, double thetaArea,
                          double logNormaliser) {
        public boolean simplex() {
            return y != null;
        }

        /** The largest density on the grid. */
        public double max() {
            return Arrays.stream(density).max().orElse(0);
        }
    }

    /** A toy AIS run: the toy model, which topics of the full model it keeps (0-based), the run, and each sample's place at each step. */
    public record ToyRun(TopicModel model, int[] topics, AisWalkthrough.Run run, List<double[][]> positions) {
        public int numTopics() {
            return topics.length;
        }

        /** Each sample's E[theta | z] after step j. */
        public double[][] positionsAt(int j) {
            return positions.get(Math.min(j, positions.size() - 1));
        }
    }

    /**
     * The K topics of {@code m} that the document uses most (the sum over its tokens of each topic's share of the
     * token, alpha_k phi_k,w / sum_j alpha_j phi_j,w), in the model's order, as a model of their own (their alpha,
     * their columns: each still sums to 1). K = the model's when it has no more.
     */
    public static int[] mostUsedTopics(TopicModel m, Document d, int k) {
        int numTopics = m.numTopics();
        double[] use = new double[numTopics];
        for (int i = 0; i < d.length(); i++) {
            int w = d.word(i);
            double sum = 0;
            for (int t = 0; t < numTopics; t++) {
                sum += m.alpha(t) * m.phi(w, t);
            }
            for (int t = 0; t < numTopics && sum > 0; t++) {
                use[t] += m.alpha(t) * m.phi(w, t) / sum;
            }
        }
        Integer[] order = new Integer[numTopics];
        for (int t = 0; t < numTopics; t++) {
            order[t] = t;
        }
        Arrays.sort(order, (p, q) -> Double.compare(use[q], use[p]));
        int[] chosen = new int[Math.min(k, numTopics)];
        for (int i = 0; i < chosen.length; i++) {
            chosen[i] = order[i];
        }
        Arrays.sort(chosen);
        return chosen;
    }

    /** The model made of these topics of {@code m}. */
    public static TopicModel restrict(TopicModel m, int[] topics) {
        int v = m.numWords();
        int k = topics.length;
        double[] phi = new double[v * k];
        double[] alpha = new double[k];
        for (int j = 0; j < k; j++) {
            alpha[j] = m.alpha(topics[j]);
            for (int w = 0; w < v; w++) {
                phi[w * k + j] = m.phi(w, topics[j]);
            }
        }
        StringBuilder name = new StringBuilder(m.name()).append(", topics");
        for (int t : topics) {
            name.append(' ').append(t + 1);
        }
        return new TopicModel(name.toString(), m.vocabulary(), phi, alpha);
    }

    /** f_beta for a toy model of 2 or 3 topics. */
    public static Density density(TopicModel toy, Document d, double beta) {
        return switch (toy.numTopics()) {
            case 2 -> line(toy, d, beta);
            case 3 -> triangle(toy, d, beta);
            default -> throw new IllegalArgumentException("a toy model has 2 or 3 topics, not " + toy.numTopics());
        };
    }

    /** phi_k,w_i^beta for every token and topic (the tempered likelihood's factors). */
    private static double[][] tempered(TopicModel toy, Document d, double beta) {
        double[][] out = new double[d.length()][toy.numTopics()];
        for (int i = 0; i < d.length(); i++) {
            for (int k = 0; k < toy.numTopics(); k++) {
                out[i][k] = Math.pow(toy.phi(d.word(i), k), beta);
            }
        }
        return out;
    }

    /** log prod_i sum_k theta_k phi_k,w_i^beta. */
    private static double logLikelihood(double[][] tempered, double[] theta) {
        double sum = 0;
        for (double[] row : tempered) {
            double p = 0;
            for (int k = 0; k < theta.length; k++) {
                p += theta[k] * row[k];
            }
            sum += Math.log(p);
        }
        return sum;
    }

    /**
     * K = 2: each cell's prior mass is the Beta distribution's exactly (its CDF at the cell's ends, so that alpha below
     * 1, whose density is infinite at 0 and 1, is integrated right), times the likelihood at the cell's middle.
     */
    static Density line(TopicModel toy, Document d, double beta) {
        double a = toy.alpha(0);
        double b = toy.alpha(1);
        return lineByCdf(tempered(toy, d, beta), beta, theta1 -> Beta.regularizedBeta(theta1, a, b));
    }

    /** The K = 2 cells: each one's prior mass from the prior's CDF of theta_1 at its ends, times the likelihood at its middle. */
    private static Density lineByCdf(double[][] t, double beta, java.util.function.DoubleUnaryOperator cdf) {
        double h = 1.0 / LINE_CELLS;
        double[] x = new double[LINE_CELLS];
        double[] logMass = new double[LINE_CELLS];
        double previous = 0;
        for (int c = 0; c < LINE_CELLS; c++) {
            x[c] = (c + 0.5) * h;
            double next = c == LINE_CELLS - 1 ? 1 : cdf.applyAsDouble((c + 1) * h);
            logMass[c] = Math.log(Math.max(next - previous, Double.MIN_VALUE)) + logLikelihood(t, new double[] {x[c], 1 - x[c]});
            previous = next;
        }
        return normalised(beta, x, null, logMass, h, 0, h);
    }

    /** K = 3: the Dirichlet density and the likelihood at each cell's middle inside the triangle, times the cell's area. */
    static Density triangle(TopicModel toy, Document d, double beta) {
        double[][] t = tempered(toy, d, beta);
        double[] alpha = toy.alpha();
        double norm = Gamma.logGamma(toy.alphaSum());
        for (double a : alpha) {
            norm -= Gamma.logGamma(a);
        }
        double logNorm = norm;
        return triangleGrid(beta, theta -> {
            double logPrior = logNorm;
            for (int k = 0; k < 3; k++) {
                logPrior += (alpha[k] - 1) * Math.log(theta[k]);
            }
            return logPrior + logLikelihood(t, theta);
        });
    }

    /** The triangle's cells inside the simplex, each with its log density (prior times likelihood, per unit of theta) at its middle. */
    private static Density triangleGrid(double beta, java.util.function.ToDoubleFunction<double[]> logDensity) {
        double w = 1.0 / TRIANGLE_CELLS;
        int rows = (int) Math.ceil(HEIGHT / w);
        double hgt = HEIGHT / rows;
        // a cell of the drawing covers this much of the (theta_2, theta_3) plane
        double thetaArea = w * hgt / HEIGHT;
        List<double[]> cells = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < TRIANGLE_CELLS; c++) {
                double[] theta = theta(new double[] {(c + 0.5) * w, (r + 0.5) * hgt});
                if (theta != null) {
                    cells.add(new double[] {(c + 0.5) * w, (r + 0.5) * hgt, Math.log(thetaArea) + logDensity.applyAsDouble(theta)});
                }
            }
        }
        double[] x = new double[cells.size()];
        double[] y = new double[cells.size()];
        double[] logMass = new double[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            x[i] = cells.get(i)[0];
            y[i] = cells.get(i)[1];
            logMass[i] = cells.get(i)[2];
        }
        return normalised(beta, x, y, logMass, w, hgt, thetaArea);
    }

    /**
     * The toy model's logistic-normal twin: the same topics under the logistic-normal prior (CTM's and STM's form, topic K
     * the reference) whose eta has the Dirichlet's own moments in eta, log theta_k - log theta_K of Gamma draws: mean
     * psi(alpha_k) - psi(alpha_K), covariance psi'(alpha_k) delta_kj + psi'(alpha_K). Beside the Dirichlet it shows what
     * the other prior does to the same likelihood: Gaussian tails in eta, so no mass piled at the simplex's faces.
     */
    public static TopicModel logisticNormalTwin(TopicModel toy) {
        double[] alpha = toy.alpha();
        int k = alpha.length;
        int d = k - 1;
        double[] mean = new double[d];
        double[] cov = new double[d * d];
        for (int i = 0; i < d; i++) {
            mean[i] = Gamma.digamma(alpha[i]) - Gamma.digamma(alpha[d]);
            for (int j = 0; j < d; j++) {
                cov[i * d + j] = Gamma.trigamma(alpha[d]) + (i == j ? Gamma.trigamma(alpha[i]) : 0);
            }
        }
        return new TopicModel(toy.name() + ", logistic-normal", toy.vocabulary(), new LogisticNormalPrior(k, mean, cov, false), toy.decoder());
    }

    /**
     * f_beta under a logistic-normal prior on the grid of {@link #density}: for K = 3 the prior's density over theta is
     * N(eta(theta); mu, Sigma) / (theta_1 theta_2 theta_3), eta_k = log(theta_k / theta_3), the Jacobian of the map from the
     * simplex to eta (any two coordinates of the triangle: the same area); for K = 2 each cell's prior mass exactly, from
     * the normal CDF of eta = log(theta_1 / theta_2) at its ends; times the tempered likelihood.
     */
    public static Density logisticNormalDensity(TopicModel twin, Document d, double beta) {
        LogisticNormalPrior prior = (LogisticNormalPrior) twin.prior();
        double[][] t = tempered(twin, d, beta);
        int k = twin.numTopics();
        double[] eta = new double[k - 1];
        double[] scratch = new double[k - 1];
        java.util.function.ToDoubleFunction<double[]> logPrior = theta -> {
            double logJacobian = 0;
            for (int i = 0; i < k; i++) {
                logJacobian += Math.log(theta[i]);
            }
            for (int i = 0; i < k - 1; i++) {
                eta[i] = Math.log(theta[i]) - Math.log(theta[k - 1]);
            }
            return prior.logDensity(eta, scratch) - logJacobian;
        };
        if (k == 2) {
            // each cell's prior mass exactly, as for the Beta: eta = log(theta_1 / theta_2) is N(mu, sigma^2), monotone in theta_1
            org.apache.commons.math3.distribution.NormalDistribution normal = new org.apache.commons.math3.distribution.NormalDistribution(
                    null, prior.mean()[0], Math.sqrt(prior.covariance()[0]));
            return lineByCdf(t, beta, theta1 -> normal.cumulativeProbability(Math.log(theta1 / (1 - theta1))));
        }
        if (k != 3) {
            throw new IllegalArgumentException("a toy model has 2 or 3 topics, not " + k);
        }
        return triangleGrid(beta, theta -> logPrior.applyAsDouble(theta) + logLikelihood(t, theta));
    }

    private static Density normalised(double beta, double[] x, double[] y, double[] logMass, double width, double height, double thetaArea) {
        double logZ = LogMath.logSumExp(logMass);
        double[] density = new double[logMass.length];
        for (int i = 0; i < density.length; i++) {
            density[i] = Math.exp(logMass[i] - logZ) / thetaArea;
        }
        return new Density(beta, x, y, density, width, height, thetaArea, logZ);
    }

    /** Where theta (3 topics) is drawn on the triangle. */
    public static double[] project(double[] theta) {
        return new double[] {theta[1] + theta[2] / 2, theta[2] * HEIGHT};
    }

    /** The theta drawn at a point of the triangle, or null outside it. */
    static double[] theta(double[] point) {
        double t3 = point[1] / HEIGHT;
        double t2 = point[0] - t3 / 2;
        double t1 = 1 - t2 - t3;
        return t1 > 0 && t2 > 0 && t3 > 0 ? new double[] {t1, t2, t3} : null;
    }

    /**
     * AIS under the toy model, keeping where every sample is at every step. The same run as the teaching screen's
     * ({@link AisWalkthrough#ais}), on the toy model.
     */
    public static ToyRun run(Document d, TopicModel m, int k, int temperatures, int samples, long seed, CancelToken cancel) {
        int[] topics = mostUsedTopics(m, d, k);
        TopicModel toy = restrict(m, topics);
        int steps = temperatures + 1;
        List<double[][]> positions = new ArrayList<>();
        for (int j = 0; j < steps; j++) {
            positions.add(new double[samples][]);
        }
        double denominator = d.length() + toy.alphaSum();
        AnnealedImportanceSampler.SampleTrace where = new AnnealedImportanceSampler.SampleTrace() {
            @Override
            public void step(int sample, int temperature, double beta, double logWeight) {
            }

            @Override
            public void topics(int sample, int temperature, int[] z) {
                double[] theta = toy.alpha();
                for (int topic : z) {
                    theta[topic]++;
                }
                for (int t = 0; t < theta.length; t++) {
                    theta[t] /= denominator;
                }
                positions.get(temperature)[sample] = theta;
            }
        };
        AisWalkthrough.Run run = AisWalkthrough.ais(d, toy, temperatures, samples, seed, cancel, where);
        return new ToyRun(toy, topics, run, positions);
    }

    /** The samples' estimate of log Z_beta after step j: the log of their mean weight so far. */
    public static double runningEstimate(ToyRun r, int j) {
        return LogMath.logMeanExp(r.run().logWeightsAt(Math.min(j, r.run().temperatures())));
    }

    /**
     * What the picture shows at a step, following it: beta, what is drawn, the samples' running estimate of
     * log Z_beta against the grid's, the effective sample size; at the last step the exact log P(w) and the error.
     */
    public static String describe(ToyRun r, int step, Density f) {
        if (r == null || f == null) {
            return "";
        }
        AisWalkthrough.Run run = r.run();
        int j = Math.min(step, run.temperatures());
        StringBuilder topics = new StringBuilder();
        for (int t : r.topics()) {
            topics.append(topics.length() == 0 ? "" : ", ").append(t + 1);
        }
        String head = String.format(Locale.ROOT, "Toy model: topics %s of %s (K = %d), the %d tokens above. Step %d of %d, beta = %.3f.",
                topics, run.modelName().replaceFirst(", topics.*$", ""), r.numTopics(), run.document().length(), j, run.temperatures(), run.beta(j));
        String shaded = j == 0 ? " Drawn: the prior Dir(theta; alpha), where every sample starts."
                : j == run.temperatures() ? " Drawn: the exact posterior over theta (beta = 1)."
                : " Drawn: this temperature's distribution, the prior times the likelihood with each phi raised to beta.";
        String estimate = String.format(Locale.ROOT,
                " The samples' mean weight so far estimates log Z_beta = %.4f (the grid gives %.4f); effective sample size %.2f of %d.",
                runningEstimate(r, j), f.logNormaliser(), run.effectiveSampleSizes()[j], run.samples());
        if (j < run.temperatures()) {
            return head + shaded + estimate + " Step to the end for log P(w).";
        }
        String exact = run.exact() == null ? " The exact log P(w) is out of reach for this document."
                : String.format(Locale.ROOT, " AIS estimate of log P(w) %.4f, exact %.4f (error %+.4f).", run.estimate(), run.exact(),
                run.estimate() - run.exact());
        return head + shaded + exact + String.format(Locale.ROOT, " Effective sample size %.2f of %d.", run.effectiveSampleSize(), run.samples());
    }
}
