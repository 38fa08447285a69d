package tmeval.estimate;

import org.apache.commons.math3.special.Gamma;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.LibraryNumbers.Library;
import tmeval.model.LibraryNumbers.Variational;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;

/**
 * The bound scikit-learn's {@code LatentDirichletAllocation.score()} (and {@code perplexity()} = exp(-score / tokens))
 * and gensim's {@code LdaModel.bound()} (and {@code log_perplexity()} = bound / tokens) compute on held-out documents,
 * recomputed from the exported q(beta) = Dirichlet(lambda), eta and alpha as the library computes it: each document's
 * E-step from gamma = 1 (scikit-learn's start; the mean of gensim's random one) under exp(E_q[log beta]) with the
 * library's stopping rule and digamma, then
 * <pre>
 *   B = T + sum_d b_d(gamma_d; E_q[log beta]),   T = E_q[log p(beta | eta) - log q(beta | lambda)] (the topic-word prior term)
 *   b_d(gamma; t) = sum_w n_dw logsumexp_k(E[log theta_k] + t_kw) + E_q[log p(theta | alpha) - log q(theta | gamma)]
 * </pre>
 * and B's gap to a held-out log-likelihood L of the model phi = E_q[beta], alpha, in four named terms that sum to it:
 * T; E_q[log beta] against log phi, sum_d b_d(gamma_d; E log beta) - b_d(gamma_d; log phi); the held-out inference,
 * sum_d b_d(gamma_d; log phi) - b_d(gamma*_d; log phi) with gamma* the best gamma for phi ({@link VariationalBound});
 * and the per-document bound's slack, sum_d b_d(gamma*_d; log phi) - L.
 */
public final class LibraryBound {
    /** How far lambda = s_k phi may fall below eta by the rounding of phi written to a file. */
    static final double LAMBDA_TOLERANCE = 1e-9;

    private LibraryBound() {
    }

    /**
     * The library's bound and its parts on a corpus.
     *
     * @param bound B, what {@code score()} and {@code bound()} return
     * @param topicTerm T, the topic-word prior term (added whole, whatever the number of held-out documents)
     * @param expected sum_d b_d(gamma_d; E_q[log beta]) at the library's gamma
     * @param plugIn sum_d b_d(gamma_d; log phi) at the library's gamma
     * @param best sum_d b_d(gamma*_d; log phi), the best per-document bound of the model phi
     * @param tokens the tokens the bound covers (the denominator of the library's per-token numbers)
     */
    public record Result(Library library, double bound, double topicTerm, double expected, double plugIn, double best, long tokens,
                         int documents) {
        /** The number the library prints: scikit-learn's perplexity(), gensim's log_perplexity() (a per-word bound). */
        public double printed() {
            return library == Library.SCIKIT_LEARN ? Math.exp(-bound / tokens) : bound / tokens;
        }

        /** The gap B - L to a held-out log-likelihood L of the same documents, in its named terms. */
        public Decomposition decompose(double logLikelihood) {
            return new Decomposition(bound - logLikelihood, topicTerm, expected - plugIn, plugIn - best, best - logLikelihood);
        }
    }

    /**
     * B - L and its terms, which sum to it.
     *
     * @param topicPrior the topic-word prior term T
     * @param expectedLogBeta E_q[log beta] in place of log phi, at the library's gamma
     * @param inference the library's held-out E-step (fitted to E_q[log beta], stopped at its tolerance) against the best gamma for phi
     * @param slack the per-document bound's slack: the best bound under phi against the held-out log-likelihood
     */
    public record Decomposition(double gap, double topicPrior, double expectedLogBeta, double inference, double slack) {
    }

    public static Result compute(Corpus corpus, TopicModel model, Variational p, CancelToken cancel) {
        int numTopics = model.numTopics();
        int numWords = model.numWords();
        if (p.lambdaSums().length != numTopics) {
            throw new IllegalArgumentException("the export's lambda-sums has " + p.lambdaSums().length + " values for K = " + numTopics + " topics");
        }
        if (p.eta().length != 1 && p.eta().length != numWords) {
            throw new IllegalArgumentException("the export's eta has " + p.eta().length + " values: one, or V = " + numWords);
        }
        Library library = p.library();
        double[] sums = p.lambdaSums();
        // lambda and E_q[log beta], word-major like phi, with the library's digamma
        double[] lambda = new double[numWords * numTopics];
        double[] rowSums = new double[numTopics];
        for (int w = 0; w < numWords; w++) {
            for (int k = 0; k < numTopics; k++) {
                lambda[w * numTopics + k] = model.phi(w, k) * sums[k];
                rowSums[k] += lambda[w * numTopics + k];
                // both libraries' lambda is eta plus expected counts: below eta, the sums belong to other topics
                if (!(lambda[w * numTopics + k] >= p.eta(w) * (1 - LAMBDA_TOLERANCE))) {
                    throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the export's lambda-sums do not belong to these"
                            + " topics: lambda of '%s' in topic %d is %.6g, below eta %.6g (lambda = eta + expected counts)",
                            model.vocabulary().word(w), k + 1, lambda[w * numTopics + k], p.eta(w)));
                }
            }
        }
        double[] psiSums = new double[numTopics];
        for (int k = 0; k < numTopics; k++) {
            psiSums[k] = psi(library, rowSums[k]);
        }
        double[] eLogBeta = new double[lambda.length];
        double topicTerm = 0;
        double etaSum = 0;
        for (int w = 0; w < numWords; w++) {
            double eta = p.eta(w);
            etaSum += eta;
            for (int k = 0; k < numTopics; k++) {
                int i = w * numTopics + k;
                eLogBeta[i] = psi(library, lambda[i]) - psiSums[k];
                topicTerm += (eta - lambda[i]) * eLogBeta[i] + Gamma.logGamma(lambda[i]) - Gamma.logGamma(eta);
            }
        }
        for (int k = 0; k < numTopics; k++) {
            topicTerm += Gamma.logGamma(etaSum) - Gamma.logGamma(rowSums[k]);
        }
        double[] alpha = model.alpha();
        double expected = 0;
        double plugIn = 0;
        double best = 0;
        long tokens = 0;
        for (Document d : corpus.documents()) {
            cancel.check();
            DocumentView view = DocumentView.of(d);
            int n = view.numLocalWords();
            double[] docELogBeta = new double[n * numTopics];
            double[] docLogPhi = view.logRows(model);
            double[] counts = new double[n];
            for (int s = 0; s < n; s++) {
                System.arraycopy(eLogBeta, view.word(s) * numTopics, docELogBeta, s * numTopics, numTopics);
                counts[s] = view.count(s);
            }
            double[] gamma = eStep(library, docELogBeta, counts, alpha, p.iterations(), p.tolerance());
            expected += documentBound(gamma, alpha, docELogBeta, counts, library);
            plugIn += documentBound(gamma, alpha, docLogPhi, counts, null);
            best += VariationalBound.fit(d, model, cancel).bound();
            tokens += d.length();
        }
        return new Result(library, topicTerm + expected, topicTerm, expected, plugIn, best, tokens, corpus.size());
    }

    /**
     * The library's held-out E-step of one document from gamma = 1, over its distinct words: gamma = alpha + exp(E[log
     * theta]) * sum_w (n_w / norm_w) exp(E[log beta_w]), norm_w = exp(E[log theta]) . exp(E[log beta_w]) + machine epsilon,
     * until the mean absolute change of gamma is below the tolerance or the iterations run out, in each library's order
     * of operations (scikit-learn adds alpha after the product, gensim before it: the same value).
     */
    static double[] eStep(Library library, double[] eLogBeta, double[] counts, double[] alpha, int iterations, double tolerance) {
        int numTopics = alpha.length;
        int n = counts.length;
        double[] expBeta = new double[eLogBeta.length];
        for (int i = 0; i < expBeta.length; i++) {
            expBeta[i] = Math.exp(eLogBeta[i]);
        }
        double[] gamma = new double[numTopics];
        java.util.Arrays.fill(gamma, 1.0);
        double[] expTheta = expectedLogTheta(library, gamma);
        for (int k = 0; k < numTopics; k++) {
            expTheta[k] = Math.exp(expTheta[k]);
        }
        double[] ratio = new double[n];
        for (int it = 0; it < iterations; it++) {
            for (int s = 0; s < n; s++) {
                double norm = 0;
                for (int k = 0; k < numTopics; k++) {
                    norm += expTheta[k] * expBeta[s * numTopics + k];
                }
                ratio[s] = counts[s] / (norm + Math.ulp(1.0));
            }
            double[] next = new double[numTopics];
            for (int k = 0; k < numTopics; k++) {
                double dot = 0;
                for (int s = 0; s < n; s++) {
                    dot += ratio[s] * expBeta[s * numTopics + k];
                }
                next[k] = library == Library.SCIKIT_LEARN ? expTheta[k] * dot + alpha[k] : alpha[k] + expTheta[k] * dot;
            }
            double[] eLogTheta = expectedLogTheta(library, next);
            double change = 0;
            for (int k = 0; k < numTopics; k++) {
                expTheta[k] = Math.exp(eLogTheta[k]);
                change += Math.abs(next[k] - gamma[k]);
            }
            gamma = next;
            if (change / numTopics < tolerance) {
                break;
            }
        }
        return gamma;
    }

    /**
     * b_d(gamma; t) over a document's distinct words, t their K log topic weights (E_q[log beta] with the library's
     * digamma, or log phi with the exact one when library is null).
     */
    static double documentBound(double[] gamma, double[] alpha, double[] logTopics, double[] counts, Library library) {
        int numTopics = gamma.length;
        double[] eLogTheta = expectedLogTheta(library, gamma);
        double bound = 0;
        for (int s = 0; s < counts.length; s++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < numTopics; k++) {
                max = Math.max(max, eLogTheta[k] + logTopics[s * numTopics + k]);
            }
            double sum = 0;
            for (int k = 0; k < numTopics; k++) {
                sum += Math.exp(eLogTheta[k] + logTopics[s * numTopics + k] - max);
            }
            bound += counts[s] * (max + Math.log(sum));
        }
        double alphaSum = 0;
        double gammaSum = 0;
        for (int k = 0; k < numTopics; k++) {
            bound += (alpha[k] - gamma[k]) * eLogTheta[k] + Gamma.logGamma(gamma[k]) - Gamma.logGamma(alpha[k]);
            alphaSum += alpha[k];
            gammaSum += gamma[k];
        }
        return bound + Gamma.logGamma(alphaSum) - Gamma.logGamma(gammaSum);
    }

    private static double[] expectedLogTheta(Library library, double[] gamma) {
        double sum = 0;
        for (double g : gamma) {
            sum += g;
        }
        double psiSum = psi(library, sum);
        double[] e = new double[gamma.length];
        for (int k = 0; k < gamma.length; k++) {
            e[k] = psi(library, gamma[k]) - psiSum;
        }
        return e;
    }

    /**
     * The digamma function as each library computes it (to reproduce its number to the last digits): scikit-learn's
     * asymptotic series from x >= 6 (within 3e-9 of the exact value), gensim's Algorithm AS 103 from x >= 8.5; the
     * exact one for null (the model phi's bound).
     */
    static double psi(Library library, double x) {
        if (library == null) {
            return Gamma.digamma(x);
        }
        final double euler = 0.577215664901532860606512090082402431;
        boolean sklearn = library == Library.SCIKIT_LEARN;
        if (x <= 1e-6) {
            return sklearn ? -euler - 1 / x : -euler - 1 / x + 1.6449340668482264365 * x;
        }
        double result = 0;
        double shift = sklearn ? 6 : 8.5;
        while (x < shift) {
            result -= 1 / x;
            x += 1;
        }
        double r = 1 / x;
        result += Math.log(x) - 0.5 * r;
        r = r * r;
        if (sklearn) {
            return result - r * ((1. / 12) - r * ((1. / 120) - r * (1. / 252)));
        }
        return result - r * (1. / 12 - r * (1. / 120 - r * (1. / 252 - r * (1. / 240 - r * (1. / 132)))));
    }
}
