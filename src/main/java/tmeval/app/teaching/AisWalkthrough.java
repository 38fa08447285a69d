package tmeval.app.teaching;

import tmeval.anneal.Schedule;
import tmeval.architecture.UsesNoJavaFx;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.ExactEvaluator;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.RandomStreams;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The computation of the teaching screen, with no JavaFX: standard AIS (prior to posterior) on one short document whose
 * exact log P(w) can be computed, keeping every sample's running log-weight, the topic assignments of the first sample
 * at every temperature and the effective sample size (sum w)^2 / sum w^2 at every temperature (ratio-AIS between
 * models A and B is {@link RatioWalkthrough}); an experiment repeating AIS at 10, 100 and 1000 temperatures; the
 * histogram of the log-weights at a step; and the lesson of each in words. {@link TeachingViewModel} runs it in the
 * background and plays it back.
 */
@UsesNoJavaFx
public final class AisWalkthrough {
    private AisWalkthrough() {
    }

    /** One AIS run on one document; {@code topics} holds the first sample's z at temperatures 0..n. */
    public record Run(Document document, String modelName, int temperatures, int samples, List<List<double[]>> traces,
                      double[] finalLogWeights, double estimate, double effectiveSampleSize, Double exact, long seed,
                      List<int[]> topics, double[] effectiveSampleSizes) {
        /** The inverse temperature of step j. */
        public double beta(int j) {
            return traces.get(0).get(j)[0];
        }

        /** Every sample's log-weight after step j. */
        public double[] logWeightsAt(int j) {
            double[] out = new double[traces.size()];
            for (int s = 0; s < out.length; s++) {
                out[s] = traces.get(s).get(j)[1];
            }
            return out;
        }
    }

    /** AIS repeated {@code estimates[i].length} times at {@code temperatures[i]} temperatures, and the two-sided check at each. */
    public record Experiment(int[] temperatures, double[][] estimates, Double exact, TwoSidedCheck.Result check) {
        public double mean(int i) {
            double sum = 0;
            for (double x : estimates[i]) {
                sum += x;
            }
            return sum / estimates[i].length;
        }

        public double sd(int i) {
            double m = mean(i);
            double sum = 0;
            for (double x : estimates[i]) {
                sum += (x - m) * (x - m);
            }
            return Math.sqrt(sum / Math.max(1, estimates[i].length - 1));
        }

        public double min(int i) {
            return java.util.Arrays.stream(estimates[i]).min().orElse(Double.NaN);
        }

        public double max(int i) {
            return java.util.Arrays.stream(estimates[i]).max().orElse(Double.NaN);
        }
    }

    /** A histogram bin. */
    public record Bin(double from, double to, int count) {
    }

    /** A word of the document and the topic the first sample gives it at the current step. */
    public record Word(String text, int topic) {
    }


    /** Documents longer than this are not offered (the point is to see every sample). */
    static final int MAX_DOCUMENT_LENGTH = 40;
    /** At most this many documents in the list. */
    static final int MAX_DOCUMENTS = 200;
    /** The first document has at least this many tokens, when one with an exact answer does: two words teach nothing. */
    static final int INSTRUCTIVE_LENGTH = 8;
    static final long EXACT_STATES = ExactEvaluator.DEFAULT_MAX_STATES;
    /** Estimates within this many nats of the exact value are called on target. */
    static final double ON_TARGET = 0.005;
    static final int[] EXPERIMENT_TEMPERATURES = {10, 100, 1000};
    static final int EXPERIMENT_RUNS = 20;

    /**
     * The first document to show: the shortest with at least {@value #INSTRUCTIVE_LENGTH} tokens whose exact
     * log P(w) can be computed under K topics (K = 0: not known, length only); failing that the longest with an
     * exact answer; failing that the shortest.
     */
    static Document instructive(List<Document> shortestFirst, int numTopics) {
        if (shortestFirst.isEmpty()) {
            return null;
        }
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        Document longestExact = null;
        for (Document d : shortestFirst) {
            boolean computable = numTopics <= 0 || exact.canEvaluate(d.length(), numTopics);
            if (computable && d.length() >= INSTRUCTIVE_LENGTH) {
                return d;
            }
            if (computable) {
                longestExact = d;
            }
        }
        return longestExact != null ? longestExact : shortestFirst.get(0);
    }


    /** The corpus's documents of at most {@value #MAX_DOCUMENT_LENGTH} tokens (all if none is), shortest first. */
    static List<Document> shortDocuments(Corpus c) {
        List<Document> out = new ArrayList<>();
        if (c != null) {
            for (Document d : c.documents()) {
                if (d.length() <= MAX_DOCUMENT_LENGTH) {
                    out.add(d);
                }
            }
            if (out.isEmpty()) {
                out.addAll(c.documents());
            }
            out.sort(Comparator.comparingInt(Document::length));
            if (out.size() > MAX_DOCUMENTS) {
                out = new ArrayList<>(out.subList(0, MAX_DOCUMENTS));
            }
        }
        return out;
    }

    /** The longest prefix of a document whose exact likelihood the evaluator can give under K topics (at least 1). */
    public static int exactPrefix(int length, int numTopics) {
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        int m = length;
        while (m > 1 && !exact.canEvaluate(m, numTopics)) {
            m--;
        }
        return m;
    }


    static Run ais(Document doc, TopicModel m, int n, int s, long seed, CancelToken cancel) {
        return ais(doc, m, n, s, seed, cancel, null);
    }

    /** AIS as {@link #ais(Document, TopicModel, int, int, long, CancelToken)}, also telling {@code every} each sample's z (may be null). */
    static Run ais(Document doc, TopicModel m, int n, int s, long seed, CancelToken cancel, AnnealedImportanceSampler.SampleTrace every) {
        List<List<double[]>> traces = new ArrayList<>();
        for (int i = 0; i < s; i++) {
            List<double[]> t = new ArrayList<>();
            t.add(new double[] {0, 0});
            traces.add(t);
        }
        List<int[]> topics = new ArrayList<>();
        EstimateResult r = AnnealedImportanceSampler.standard(n, s, Schedule.UNIFORM).estimate(doc, m,
                RandomStreams.stream(seed, n, s), cancel, new AnnealedImportanceSampler.SampleTrace() {
                    @Override
                    public void step(int sample, int j, double beta, double logWeight) {
                        traces.get(sample).add(new double[] {beta, logWeight});
                    }

                    @Override
                    public void topics(int sample, int j, int[] z) {
                        if (every != null) {
                            every.topics(sample, j, z);
                        }
                        if (sample == 0) {
                            topics.add(z.clone());
                        }
                    }
                });
        double[] w = r.logWeights();
        double[] ess = new double[n + 1];
        double[] at = new double[s];
        for (int j = 0; j <= n; j++) {
            for (int i = 0; i < s; i++) {
                at[i] = traces.get(i).get(j)[1];
            }
            ess[j] = effectiveSampleSize(at);
        }
        Double exactValue = exact(doc, m, cancel);
        return new Run(doc, m.name(), n, s, traces, w, r.logValue(), effectiveSampleSize(w), exactValue, seed, topics, ess);
    }

    static Double exact(Document doc, TopicModel m, CancelToken cancel) {
        ExactEvaluator exact = new ExactEvaluator(EXACT_STATES);
        return exact.canEvaluate(doc.length(), m.numTopics()) ? exact.logProbability(DocumentView.of(doc), m, cancel) : null;
    }

    /** (sum w)^2 / sum w^2 of weights given by their logs. */
    static double effectiveSampleSize(double[] logWeights) {
        double[] sums = LogMath.shiftedWeightSums(logWeights);
        return sums[0] * sums[0] / sums[1];
    }

    /** Receives (done, total) as the experiment's runs finish. */
    @FunctionalInterface
    interface Progress {
        void update(long done, long total);
    }

    static Experiment experiment(Document doc, TopicModel m, int[] temperatures, int runs, int samples, long seed, CancelToken cancel,
                                 Progress progress) {
        double[][] estimates = new double[temperatures.length][runs];
        long total = 0;
        for (int n : temperatures) {
            total += (long) n * runs;
        }
        long done = 0;
        for (int i = 0; i < temperatures.length; i++) {
            int n = temperatures[i];
            AnnealedImportanceSampler ais = AnnealedImportanceSampler.standard(n, samples, Schedule.UNIFORM);
            for (int r = 0; r < runs; r++) {
                cancel.check();
                estimates[i][r] = ais.estimate(doc, m, RandomStreams.stream(seed, n, r, 7), cancel).logValue();
                done += n;
                progress.update(done, total);
            }
        }
        return new Experiment(temperatures.clone(), estimates, exact(doc, m, cancel), TwoSidedCheck.run(m, doc.length(), temperatures, seed, cancel));
    }

    static List<Bin> histogram(double[] values, int bins) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (!(hi > lo)) {
            lo -= 0.5;
            hi += 0.5;
        }
        int[] counts = new int[bins];
        double width = (hi - lo) / bins;
        for (double v : values) {
            counts[Math.min(bins - 1, (int) ((v - lo) / width))]++;
        }
        List<Bin> out = new ArrayList<>();
        for (int b = 0; b < bins; b++) {
            out.add(new Bin(lo + b * width, lo + (b + 1) * width, counts[b]));
        }
        return out;
    }

    /** The document's words with the topic the first sample gives them at a step (a word the vocabulary lacks by its id). */
    static List<Word> words(Run r, int step, Vocabulary vocabulary) {
        List<Word> out = new ArrayList<>();
        if (r == null || r.topics().isEmpty()) {
            return out;
        }
        int[] z = r.topics().get(Math.min(step, r.topics().size() - 1));
        for (int i = 0; i < r.document().length(); i++) {
            int id = r.document().word(i);
            out.add(new Word(vocabulary != null && id < vocabulary.size() ? vocabulary.word(id) : "#" + id, z[i]));
        }
        return out;
    }

    /** Where a run is at a step: beta and the effective sample size. */
    static String describeStep(Run r, int step) {
        if (r == null) {
            return "";
        }
        int j = Math.min(step, r.temperatures());
        return String.format(Locale.ROOT, "step %d of %d, beta = %.3f, effective sample size %.2f of %d", j, r.temperatures(), r.beta(j),
                r.effectiveSampleSizes()[j], r.samples());
    }

    /** The lesson of a finished run (of a whole document), as {@link #describe(Run, int, int)} at its last step. */
    static String describe(Run r) {
        return r == null ? "" : describe(r, r.temperatures(), r.document().length());
    }

    /** The document, saying which N is which: its tokens in all, and the first ones AIS runs on when it is cut. */
    static String documentPhrase(Run r, int wholeLength) {
        int n = r.document().length();
        return wholeLength > n
                ? String.format(Locale.ROOT, "Document %s (%d tokens; AIS runs on its first %d, within the exact evaluator's reach)",
                r.document().id(), wholeLength, n)
                : String.format(Locale.ROOT, "Document %s (%d tokens)", r.document().id(), n);
    }

    /**
     * The lesson of a run at a step, following the stepping: before the last step where the samples are (beta, their
     * running estimate of log Z_beta, the effective sample size), the estimate of log P(w) and its error against the
     * exact value only at the last, whether it is below, above or on it.
     */
    static String describe(Run r, int step, int wholeLength) {
        if (r == null) {
            return "";
        }
        int j = Math.max(0, Math.min(step, r.temperatures()));
        String settings = String.format(Locale.ROOT, "%s under %s, %d temperatures, %d samples, seed %d:", documentPhrase(r, wholeLength),
                r.modelName(), r.temperatures(), r.samples(), r.seed());
        if (j < r.temperatures()) {
            return settings + String.format(Locale.ROOT, " step %d of %d, beta = %.3f. The samples' running estimate of log Z_beta (the"
                    + " normaliser of this temperature's distribution, log P(w) at beta = 1) is %.4f; effective sample size %.2f of %d."
                    + " Step to the end for the estimate of log P(w) and its error against the exact value.", j, r.temperatures(), r.beta(j),
                    LogMath.logMeanExp(r.logWeightsAt(j)), r.effectiveSampleSizes()[j], r.samples());
        }
        String head = settings + String.format(Locale.ROOT, " AIS estimate log P(w) = %.4f", r.estimate());
        String ess = String.format(Locale.ROOT, " Effective sample size %.2f of %d (the share of the weight the samples really carry).",
                r.effectiveSampleSize(), r.samples());
        String lines = " Each line starts at 0 (the prior) and adds (beta_j - beta_j-1) log P(w | z) at every temperature.";
        if (r.exact() == null) {
            return head + " (exact answer out of reach for this document)." + ess + lines
                    + " The average weight is unbiased for P(w), so its log is low on average; more temperatures shrink the gap.";
        }
        double error = r.estimate() - r.exact();
        String verdict;
        if (error < -ON_TARGET) {
            verdict = String.format(Locale.ROOT, " The estimate is low, %.4f nats below the exact value: the usual case with few"
                    + " temperatures, since the log of an unbiased average of weights is low on average (Jensen).", -error);
        } else if (error > ON_TARGET) {
            verdict = String.format(Locale.ROOT, " The estimate is high, %.4f nats above the exact value: the weights average to"
                    + " P(w), so a lucky run overshoots; run again with a new seed and it will often fall below.", error);
        } else {
            verdict = String.format(Locale.ROOT, " The estimate is within %.3f nats of the exact value.", ON_TARGET);
        }
        return head + String.format(Locale.ROOT, ", exact %.4f (error %+.4f).", r.exact(), error) + verdict + ess + lines;
    }

    static String describe(Experiment e) {
        if (e == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("AIS repeated ").append(e.estimates()[0].length).append(" times:");
        for (int i = 0; i < e.temperatures().length; i++) {
            b.append(String.format(Locale.ROOT, " %d temperatures: mean %.4f, sd %.4f, range %.4f to %.4f;", e.temperatures()[i], e.mean(i),
                    e.sd(i), e.min(i), e.max(i)));
        }
        if (e.exact() != null) {
            b.append(String.format(Locale.ROOT, " exact %.4f. The runs close in on the exact value as the temperatures grow.", e.exact()));
        }
        return e.check() == null ? b.toString() : b.append(' ').append(TwoSidedCheck.describe(e.check())).toString();
    }
}
