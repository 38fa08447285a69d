package tmeval.run;

import java.util.Locale;

/**
 * Corpus totals of an estimate run, accumulated as outcomes stream past (in document order, a document's runs
 * together), so nothing per document is kept: per run, sum of log-likelihoods and of tokens; per document, the
 * variance of its estimate across runs (Welford), averaged over documents.
 */
public final class CorpusSummary {
    private final int runs;
    private final double[] logLikelihood;
    private final long[] tokens;
    private int documents;
    private int refused;
    private int zeroWeight;
    private String firstRefusal;
    private long siteUpdates;
    // the current document's runs
    private int currentDocument = -1;
    private int seen;
    private double mean;
    private double squares;
    private double varianceSum;
    private int varianceDocuments;

    public CorpusSummary(int runs) {
        this.runs = runs;
        this.logLikelihood = new double[runs];
        this.tokens = new long[runs];
    }

    public void add(Outcome o) {
        if (o.documentIndex() != currentDocument) {
            closeDocument();
            currentDocument = o.documentIndex();
            documents++;
        }
        if (o.refused()) {
            if (o.status() == Status.ZERO_WEIGHT) {
                zeroWeight++;
                return;
            }
            refused++;
            if (firstRefusal == null) {
                firstRefusal = "document " + o.documentId() + ": " + o.refusal();
            }
            return;
        }
        double v = o.result().logValue();
        logLikelihood[o.run() - 1] += v;
        tokens[o.run() - 1] += o.result().evaluatedTokens();
        siteUpdates += o.result().siteUpdates();
        seen++;
        double delta = v - mean;
        mean += delta / seen;
        squares += delta * (v - mean);
    }

    private void closeDocument() {
        if (seen >= 2 && seen == runs) {
            varianceSum += squares / (seen - 1);
            varianceDocuments++;
        }
        seen = 0;
        mean = 0;
        squares = 0;
    }

    /** The lines printed by {@code estimate --summary}. */
    public String report(String method) {
        closeDocument();
        currentDocument = -1;
        StringBuilder sb = new StringBuilder();
        double meanLogLikelihood = 0;
        double meanPerplexity = 0;
        for (int r = 0; r < runs; r++) {
            meanLogLikelihood += logLikelihood[r] / runs;
            meanPerplexity += Math.exp(-logLikelihood[r] / Math.max(1, tokens[r])) / runs;
        }
        sb.append(String.format(Locale.ROOT, "method %s: %d documents, %d runs, %d site updates%n", method, documents, runs, siteUpdates));
        if (tokensSeen() == 0) {
            sb.append("no corpus log-likelihood: every (document, run) estimate was refused or at weight zero\n");
        } else {
            sb.append(String.format(Locale.ROOT, "corpus log-likelihood %.4f (mean over runs), perplexity %.4f%n", meanLogLikelihood, meanPerplexity));
        }
        if (runs >= 2) {
            sb.append(String.format(Locale.ROOT, "mean per-document variance of the log-likelihood across runs: %.6g (%d documents)%n",
                    varianceDocuments == 0 ? 0.0 : varianceSum / varianceDocuments, varianceDocuments));
        }
        if (refused > 0) {
            sb.append(String.format(Locale.ROOT, "%d (document, run) estimates refused (status refused) and left out of the totals; first: %s%n",
                    refused, firstRefusal));
        }
        if (zeroWeight > 0) {
            sb.append(String.format(Locale.ROOT, "%d zero-weight runs are left out of the per-run totals above%n", zeroWeight));
        }
        return sb.toString();
    }

    private long tokensSeen() {
        long t = 0;
        for (long x : tokens) {
            t += x;
        }
        return t;
    }

    public int refused() {
        return refused;
    }
}
