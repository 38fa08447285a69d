package tmeval.run.output;

import tmeval.estimate.LibraryBound;
import tmeval.model.Corpus;
import tmeval.model.LibraryNumbers;
import tmeval.model.LibraryNumbers.Library;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The number the model's library prints, beside this tool's held-out log-likelihood of the same documents, with the gap
 * (formats.md, "The libraries' own numbers"): gensim's and scikit-learn's bound recomputed from the export and its gap in
 * named terms ({@link LibraryBound.Decomposition}); a number a library reported (ProdLDA's ELBO perplexity, ETM's
 * completion perplexity) with its gap per token, when it covered as many documents and tokens as this run.
 *
 * @param bound the recomputed bound, or null
 * @param reported the numbers the export recorded
 * @param logLikelihood this run's held-out log-likelihood (NaN when there is none)
 * @param tokens the tokens of that log-likelihood (one run's)
 * @param documents the corpus's documents
 * @param problem why the bound the export records is not recomputed (its parameters do not fit the model), or null
 */
public record LibraryGap(LibraryBound.Result bound, List<LibraryNumbers.Reported> reported, double logLikelihood, double tokens,
                         int documents, String problem) {
    public LibraryGap {
        reported = List.copyOf(reported);
    }

    /** The gap of the model's library numbers to a run's totals; null when the model carries none. */
    public static LibraryGap of(LibraryNumbers numbers, Corpus corpus, TopicModel model, CorpusSummary.Totals totals, CancelToken cancel) {
        if (numbers.isEmpty()) {
            return null;
        }
        LibraryBound.Result bound = null;
        String problem = null;
        if (numbers.variational() != null) {
            try {
                bound = LibraryBound.compute(corpus, model, numbers.variational(), cancel);
            } catch (IllegalArgumentException e) {
                problem = e.getMessage(); // said beside the other numbers, which stand
            }
        }
        return new LibraryGap(bound, numbers.reported(), totals.logLikelihood(), totals.tokens(), corpus.size(), problem);
    }

    /** Whether the run's log-likelihood covers the tokens the library's number covers, so that a gap means something. */
    private boolean sameTokens(long libraryTokens, int libraryDocuments) {
        return Double.isFinite(logLikelihood) && libraryTokens == Math.round(tokens) && libraryDocuments == documents;
    }

    /** The decomposed gap of the recomputed bound, or null when there is none or the run covers other tokens. */
    public LibraryBound.Decomposition decomposition() {
        return bound == null || !sameTokens(bound.tokens(), bound.documents()) ? null : bound.decompose(logLikelihood);
    }

    /** The library's own number as its users read it ("perplexity() 1234.5", "log_perplexity() -7.12"), for a table cell. */
    public String printedText() {
        if (bound != null) {
            return bound.library() == Library.SCIKIT_LEARN ? String.format(Locale.ROOT, "perplexity() %.4f", bound.printed())
                    : String.format(Locale.ROOT, "log_perplexity() %.6f", bound.printed());
        }
        return reported.isEmpty() ? "not recomputed" : String.format(Locale.ROOT, "%s %.4f", reported.get(0).kind().label(),
                reported.get(0).perplexity());
    }

    /** The gap in nats per token between the library's number and this run's log-likelihood (NaN where none is computed). */
    public double gapPerToken() {
        LibraryBound.Decomposition d = decomposition();
        if (d != null) {
            return d.gap() / tokens;
        }
        for (LibraryNumbers.Reported r : reported) {
            if (sameTokens(r.tokens(), r.documents())) {
                return r.perToken() - logLikelihood / tokens;
            }
        }
        return Double.NaN;
    }

    /**
     * A table cell (Which K?): the library's number and its gap to this run's log-likelihood per token ("perplexity()
     * 5039.9, gap -4.6087/token"), or the number alone where no gap is computed.
     */
    public String cell() {
        double gap = gapPerToken();
        return printedText() + (Double.isNaN(gap) ? "" : String.format(Locale.ROOT, ", gap %.4f/token", gap));
    }

    /** The lines of {@code estimate --summary} and the report. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (bound != null) {
            boundLines(lines);
        }
        if (problem != null) {
            lines.add("the library's bound is not recomputed: " + problem);
        }
        for (LibraryNumbers.Reported r : reported) {
            String what = String.format(Locale.ROOT, "the library's reported %s %.4f (%s%s), on %d documents and %d tokens", r.kind().label(),
                    r.perplexity(), r.kind().meaning(), r.source().isEmpty() ? "" : "; " + r.source(), r.documents(), r.tokens());
            if (!Double.isFinite(logLikelihood)) {
                lines.add(what);
            } else if (!sameTokens(r.tokens(), r.documents())) {
                lines.add(what + String.format(Locale.ROOT, "; this run's corpus has %d documents and %.0f tokens: not the same documents,"
                        + " no gap computed", documents, tokens));
            } else {
                double perToken = logLikelihood / tokens;
                lines.add(what + String.format(Locale.ROOT, "; this run's held-out perplexity %.4f (%.6f nats per token): gap %.6f nats per"
                        + " token, %.4f nats in all", Math.exp(-perToken), perToken, r.perToken() - perToken, (r.perToken() - perToken) * tokens));
            }
        }
        return lines;
    }

    private void boundLines(List<String> lines) {
        String printed = bound.library() == Library.SCIKIT_LEARN
                ? String.format(Locale.ROOT, "scikit-learn's perplexity() %.6f, score() %.6f", bound.printed(), bound.bound())
                : String.format(Locale.ROOT, "gensim's log_perplexity() %.8f per word (its log's perplexity estimate 2^%.4f = %.4f), bound() %.6f",
                bound.printed(), -bound.printed(), Math.pow(2, -bound.printed()), bound.bound());
        lines.add(printed + String.format(Locale.ROOT, ", recomputed from the export over %d documents and %d tokens (a variational"
                + " bound with the topics integrated over q(beta), not a held-out likelihood: formats.md, \"The libraries' own numbers\")",
                bound.documents(), bound.tokens()));
        LibraryBound.Decomposition d = decomposition();
        if (d == null && !Double.isFinite(logLikelihood)) {
            return; // no run's log-likelihood to set it against (a report of a comparison)
        }
        if (d == null) {
            lines.add(String.format(Locale.ROOT, "no gap to this run's log-likelihood: it covers %.0f tokens of %d documents, the bound %d of %d",
                    tokens, documents, bound.tokens(), bound.documents()));
            return;
        }
        lines.add(String.format(Locale.ROOT, "the bound's gap to this run's held-out log-likelihood %.4f: %.4f nats (%.6f per token) ="
                        + " topic-word prior term %.4f + E_q[log beta] against log phi %.4f + held-out inference %.4f + per-document bound's"
                        + " slack %.4f", logLikelihood, d.gap(), d.gap() / tokens, d.topicPrior(), d.expectedLogBeta(), d.inference(), d.slack()));
    }

    /**
     * MALLET's LL/token of a state, beside this run's held-out log-likelihood per token: different documents and a
     * different quantity (the training tokens' joint with their topic assignments), so the difference is shown, not decomposed.
     */
    public static String malletLine(tmeval.model.TrainingState state, CorpusSummary.Totals totals) {
        double perToken = tmeval.estimate.MalletLogLikelihood.perToken(state);
        return String.format(Locale.ROOT, "MALLET's LL/token of this state %.5f (as train-topics prints it: log p(w, z | alpha, beta) of the %d"
                + " training tokens and their topic assignments, over those tokens; not held out, not marginal over z: formats.md)"
                + "%s", perToken, state.tokenCount(), Double.isFinite(totals.logLikelihood()) ? String.format(Locale.ROOT,
                "; this run's held-out log-likelihood per token %.5f, %.5f below it", totals.perToken(), perToken - totals.perToken()) : "");
    }
}
