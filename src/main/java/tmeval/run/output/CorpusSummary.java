package tmeval.run.output;

import tmeval.run.exec.Outcome;
import tmeval.run.exec.RunInterval;
import tmeval.run.exec.Status;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import tmeval.sampling.RandomStreams;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

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
    // per document: the mean of its finite runs' estimates and its tokens, for the bootstrap over documents
    private final DoubleArrayList documentMeans = new DoubleArrayList();
    private final DoubleArrayList documentTokens = new DoubleArrayList();
    private int documentTokenCount;
    /** Bootstrap resamples of the documents for a corpus interval when the runs alone give none. */
    static final int BOOTSTRAP_RESAMPLES = 2000;

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
        documentTokenCount = o.result().evaluatedTokens();
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
        if (seen > 0) {
            documentMeans.add(mean);
            documentTokens.add(documentTokenCount);
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
            double tokensPerRun = (double) tokensSeen() / runs;
            sb.append(String.format(Locale.ROOT, "corpus log-likelihood %.4f (mean over runs; %.4f nats per token), perplexity %.4f%n",
                    meanLogLikelihood, meanLogLikelihood / tokensPerRun, meanPerplexity));
            sb.append(interval());
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

    /**
     * The 95% intervals of the corpus log-likelihood, each labelled for what it is ({@link IntervalLabel}): with two or
     * more runs the Monte Carlo interval (Student's t on the per-run totals); with two or more documents the seeded
     * bootstrap over documents (of each document's mean over its runs); both where both apply.
     */
    private String interval() {
        StringBuilder sb = new StringBuilder();
        if (runs >= 2) {
            Interval i = monteCarloInterval();
            sb.append(String.format(Locale.ROOT, "%s (%s): corpus log-likelihood %.4f +- %.4f, perplexity %.4f to %.4f%n",
                    IntervalLabel.monteCarlo(runs), IntervalLabel.MONTE_CARLO_MEANING, i.centre(), i.half(), i.perplexityLow(), i.perplexityHigh()));
        }
        Interval b = bootstrapInterval();
        if (b != null) {
            sb.append(String.format(Locale.ROOT, "%s (%s; seeded, %d resamples): corpus log-likelihood %.4f to %.4f, perplexity %.4f to %.4f%n",
                    IntervalLabel.bootstrap(documentMeans.size()), IntervalLabel.BOOTSTRAP_MEANING, BOOTSTRAP_RESAMPLES, b.low(), b.high(),
                    b.perplexityLow(), b.perplexityHigh()));
        }
        return sb.toString();
    }

    /** The interval's numbers (half is NaN for the bootstrap's, which is not symmetric); null when there is none. */
    private record Interval(double centre, double half, double low, double high, double perplexityLow, double perplexityHigh) {
    }

    /** The Monte Carlo interval with two or more runs, else the bootstrap over documents (null with fewer than two). */
    private Interval intervalValues() {
        return runs >= 2 ? monteCarloInterval() : bootstrapInterval();
    }

    private Interval monteCarloInterval() {
        RunInterval interval = RunInterval.of(logLikelihood);
        double mean = interval.mean();
        double half = interval.halfWidth();
        long meanTokens = Arrays.stream(tokens).sum() / runs;
        return new Interval(mean, half, mean - half, mean + half, Math.exp(-(mean + half) / meanTokens), Math.exp(-(mean - half) / meanTokens));
    }

    /** The seeded bootstrap over documents, of each document's mean over its runs; null with fewer than two documents. */
    private Interval bootstrapInterval() {
        int n = documentMeans.size();
        if (n < 2) {
            return null;
        }
        SplittableRandom random = RandomStreams.stream(1, RandomStreams.key("bootstrap"));
        double[] totals = new double[BOOTSTRAP_RESAMPLES];
        double[] perplexities = new double[BOOTSTRAP_RESAMPLES];
        for (int b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
            double total = 0;
            double tokenSum = 0;
            for (int i = 0; i < n; i++) {
                int d = random.nextInt(n);
                total += documentMeans.getDouble(d);
                tokenSum += documentTokens.getDouble(d);
            }
            totals[b] = total;
            perplexities[b] = Math.exp(-total / tokenSum);
        }
        Arrays.sort(totals);
        Arrays.sort(perplexities);
        int low = (int) Math.floor(0.025 * BOOTSTRAP_RESAMPLES);
        int high = (int) Math.ceil(0.975 * BOOTSTRAP_RESAMPLES) - 1;
        return new Interval(Double.NaN, Double.NaN, totals[low], totals[high], perplexities[low], perplexities[high]);
    }

    /**
     * The numbers {@link #report} prints, for screens that draw them: the corpus log-likelihood (mean over runs), the
     * tokens of a run, the perplexity, and the 95% interval of the log-likelihood and of the perplexity.
     *
     * @param logLikelihood NaN when every estimate was refused
     * @param low NaN (as the other bounds) when there is no interval: one run and fewer than two documents
     * @param overRuns the interval is over the runs (two or more); otherwise it is the bootstrap over documents
     */
    public record Totals(double logLikelihood, double tokens, double perplexity, double low, double high, double perplexityLow,
                         double perplexityHigh, boolean overRuns) {
        /** Nats per token; NaN without a log-likelihood. */
        public double perToken() {
            return logLikelihood / tokens;
        }

        public boolean hasInterval() {
            return !Double.isNaN(low);
        }


    }

    public Totals totals() {
        closeDocument();
        currentDocument = -1;
        if (tokensSeen() == 0) {
            return new Totals(Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, runs >= 2);
        }
        double meanLogLikelihood = 0;
        double meanPerplexity = 0;
        for (int r = 0; r < runs; r++) {
            meanLogLikelihood += logLikelihood[r] / runs;
            meanPerplexity += Math.exp(-logLikelihood[r] / Math.max(1, tokens[r])) / runs;
        }
        Interval i = intervalValues();
        return new Totals(meanLogLikelihood, (double) tokensSeen() / runs, meanPerplexity, i == null ? Double.NaN : i.low(),
                i == null ? Double.NaN : i.high(), i == null ? Double.NaN : i.perplexityLow(), i == null ? Double.NaN : i.perplexityHigh(),
                runs >= 2);
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
