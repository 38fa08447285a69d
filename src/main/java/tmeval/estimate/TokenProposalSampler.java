package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Categorical;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * Importance sampling over z with a proposal that factorises over tokens, Q(z) = prod_n Q(z_n) (Wallach et al.
 * Section 4.1): {@code is-pzw} with Q(z_n = k) proportional to alpha_k phi(w_n, k), and {@code is-ip} with the
 * iterated pseudo-counts of Eq. 11 run for a number of iterations first. Weight P(w, z) / Q(z); unbiased in
 * probability space. Tokens of the same word share one Q, so the proposal is kept per distinct word.
 * Cost: (I + S) N site updates (Table 1).
 */
public final class TokenProposalSampler implements Estimator {
    private final int samples;
    private final int iterations;

    private TokenProposalSampler(int samples, int iterations) {
        this.samples = samples;
        this.iterations = iterations;
    }

    /** {@code is-pzw}: Q(z_n) proportional to alpha_{z_n} phi(w_n, z_n). */
    public static TokenProposalSampler pzw(int samples) {
        return new TokenProposalSampler(samples, 0);
    }

    /** {@code is-ip}: iterated pseudo-counts (Eq. 11), {@code iterations} updates before sampling. */
    public static TokenProposalSampler iteratedPseudoCounts(int samples, int iterations) {
        return new TokenProposalSampler(samples, iterations);
    }

    @Override
    public String method() {
        return iterations == 0 ? Methods.IS_PZW : Methods.IS_IP;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        DocumentView view = DocumentView.of(document);
        int numTopics = model.numTopics();
        int numLocal = view.numLocalWords();
        double[] rows = view.rows(model);
        double[] alpha = model.alpha();
        double[] q = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            q[i] = alpha[i % numTopics] * rows[i];
        }
        normaliseRows(q, numLocal, numTopics);
        double[] pseudoCounts = new double[numTopics];
        for (int it = 0; it < iterations; it++) {
            // Eq. 11: Q(z_n)^(s) ~ (alpha_k + sum_{n' != n} Q(z_n')^(s-1)) phi(w_n, k), all tokens updated together
            java.util.Arrays.fill(pseudoCounts, 0);
            for (int s = 0; s < numLocal; s++) {
                for (int k = 0; k < numTopics; k++) {
                    pseudoCounts[k] += view.count(s) * q[s * numTopics + k];
                }
            }
            for (int s = 0; s < numLocal; s++) {
                int base = s * numTopics;
                for (int k = 0; k < numTopics; k++) {
                    q[base + k] = (alpha[k] + pseudoCounts[k] - q[base + k]) * rows[base + k];
                }
            }
            normaliseRows(q, numLocal, numTopics);
        }
        double[] logRows = new double[rows.length];
        double[] logQ = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            logRows[i] = Math.log(rows[i]);
            logQ[i] = Math.log(q[i]);
        }
        int length = document.length();
        int[] counts = new int[numTopics];
        double[] logWeights = new double[samples];
        double[] row = new double[numTopics];
        for (int s = 0; s < samples; s++) {
            java.util.Arrays.fill(counts, 0);
            double logWeight = 0;
            for (int i = 0; i < length; i++) {
                int base = view.slot(i) * numTopics;
                System.arraycopy(q, base, row, 0, numTopics);
                int k = Categorical.draw(row, numTopics, 1.0, random);
                counts[k]++;
                logWeight += logRows[base + k] - logQ[base + k];
            }
            logWeights[s] = logWeight + DirichletMultinomial.logProbability(counts, alpha);
            cancel.checkEvery(s);
        }
        long cost = (long) (iterations + samples) * length;
        return EstimateResult.since(start, LogMath.logMeanExp(logWeights), logWeights, cost, length);
    }

    private static void normaliseRows(double[] q, int numRows, int numTopics) {
        for (int s = 0; s < numRows; s++) {
            double sum = 0;
            for (int k = s * numTopics; k < (s + 1) * numTopics; k++) {
                sum += q[k];
            }
            for (int k = s * numTopics; k < (s + 1) * numTopics; k++) {
                q[k] /= sum;
            }
        }
    }
}
