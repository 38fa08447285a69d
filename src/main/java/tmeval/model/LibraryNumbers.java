package tmeval.model;

import java.util.List;
import java.util.Objects;

/**
 * What an exported model carries of the number its library prints (formats.md, "The libraries' own numbers"): the
 * variational parameters that gensim's and scikit-learn's bounds need beyond the topics, and numbers a library reported
 * (ProdLDA's ELBO perplexity, ETM's completion perplexity), each recorded by {@code tmeval_export} in lines that every
 * reader of the native format skips as comments.
 *
 * @param variational gensim's or scikit-learn's variational parameters, or null
 * @param reported the numbers the library reported, in the file's order
 */
public record LibraryNumbers(Variational variational, List<Reported> reported) {
    public static final LibraryNumbers NONE = new LibraryNumbers(null, List.of());

    public LibraryNumbers {
        reported = List.copyOf(reported);
    }

    public boolean isEmpty() {
        return variational == null && reported.isEmpty();
    }

    /** The libraries whose bound this tool recomputes, by the name their export records. */
    public enum Library {
        SCIKIT_LEARN("scikit-learn"), GENSIM("gensim");

        private final String label;

        Library(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The library of a label, or null for another. */
        public static Library of(String label) {
            for (Library l : values()) {
                if (l.label.equals(label)) {
                    return l;
                }
            }
            return null;
        }
    }

    /**
     * A variational LDA's parameters beyond the model's topics phi and alpha: q(beta_k) = Dirichlet(lambda_k) with
     * lambda_k = s_k phi_k (phi the normalised lambda the file's word lines hold, s_k its row sums), the topic-word prior
     * eta, and the held-out E-step's stopping rule.
     *
     * @param lambdaSums s_k, K positive values
     * @param eta one value (symmetric) or V values in the vocabulary's order
     * @param iterations the E-step's most iterations (scikit-learn's max_doc_update_iter, gensim's iterations)
     * @param tolerance its stopping threshold on the mean absolute change of gamma (mean_change_tol, gamma_threshold)
     */
    public record Variational(Library library, double[] lambdaSums, double[] eta, int iterations, double tolerance) {
        public Variational {
            Objects.requireNonNull(library, "library");
            lambdaSums = lambdaSums.clone();
            eta = eta.clone();
        }

        /** eta of word w. */
        public double eta(int w) {
            return eta.length == 1 ? eta[0] : eta[w];
        }

        @Override
        public double[] lambdaSums() {
            return lambdaSums.clone();
        }
    }

    /** The kinds of number a library reports, and what each is. */
    public enum Kind {
        ELBO_PERPLEXITY("elbo-perplexity", "exp(-ELBO per token): an upper bound on the perplexity that also carries the encoder's"
                + " amortisation gap (ProdLDA, NVDM)"),
        COMPLETION_PERPLEXITY("completion-perplexity", "document completion with theta fixed at a point estimate from the"
                + " observed part, over the other part's tokens (ETM, stm): a plug-in score, not a likelihood of the whole document"),
        PERPLEXITY("perplexity", "a perplexity the library reported, exp(-log-likelihood per token), as its export named it");

        private final String label;
        private final String meaning;

        Kind(String label, String meaning) {
            this.label = label;
            this.meaning = meaning;
        }

        public String label() {
            return label;
        }

        public String meaning() {
            return meaning;
        }

        public static Kind of(String label) {
            for (Kind k : values()) {
                if (k.label.equals(label)) {
                    return k;
                }
            }
            return null;
        }
    }

    /**
     * A number the library reported on held-out documents, as a perplexity.
     *
     * @param documents the documents it covered
     * @param tokens the tokens it covered (its perplexity's denominator)
     * @param source who reported it, free text ("pyro ProdLDA, 50 epochs")
     */
    public record Reported(Kind kind, double perplexity, int documents, long tokens, String source) {
        /** Nats per token: -log of the perplexity. */
        public double perToken() {
            return -Math.log(perplexity);
        }
    }
}
