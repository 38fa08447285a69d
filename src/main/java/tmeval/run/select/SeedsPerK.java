package tmeval.run.select;

import org.apache.commons.math3.distribution.TDistribution;
import tmeval.coherence.CoherenceMeasure;
import tmeval.coherence.CoherenceStudy;
import tmeval.coherence.TopicBootstrap;
import tmeval.coherence.Window;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.covariates.MetaRegression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Which K, over several trained models per K (training seeds, or one per library): the models grouped by their K (and
 * their family, where they are of several: "which family and which K"), each
 * K's mean held-out log-likelihood with an interval that holds both the spread between the seeds and each model's Monte
 * Carlo noise, and K decided only when the difference of two K's means clears both (estimators.md, "Several seeds per K").
 * <p>
 * The model is the covariates' random-effects meta-regression ({@link MetaRegression}) with one indicator per K and no
 * intercept: y_s = mu_K(s) + u_s + e_s, u_s ~ (0, tau^2) the seed's own luck (one tau^2 for every K: with three seeds a K
 * no K's own spread is known) and e_s ~ (0, v_s) its Monte Carlo error, v_s known. tau^2 by DerSimonian and Laird; each
 * difference's standard error the larger of the model's and the sandwich's, its interval Student's t with
 * models - K's degrees of freedom. One model per K leaves no degree of freedom: the spread between seeds is unknown, and
 * no K is decided.
 * <p>
 * Beside it, each K's coherence (the mean over every topic of its models, with the bootstrap interval over those topics,
 * as the coherence command's) and topic diversity (the mean over its models, with Student's interval over them: one
 * number a model, so no topic to resample).
 */
public final class SeedsPerK {
    /**
     * One model: its K, its corpus log-likelihood and that total's Monte Carlo variance, its topics' coherence and its diversity,
     * and its family ({@link TopicModel#family()}: models are grouped by family and K).
     */
    public record Model(int k, double logLikelihood, double monteCarloVariance, double[] topicCoherence, double diversity, String family) {
        /** An LDA. */
        public Model(int k, double logLikelihood, double monteCarloVariance, double[] topicCoherence, double diversity) {
            this(k, logLikelihood, monteCarloVariance, topicCoherence, diversity, TopicModel.LDA_FAMILY);
        }
    }

    /** A group of models: one family and one K; ordered by K, then LDA first, then the family's name. */
    private record Group(int k, String family) implements Comparable<Group> {
        @Override
        public int compareTo(Group o) {
            return java.util.Comparator.comparingInt(Group::k).thenComparing((Group g) -> !g.family().equals(TopicModel.LDA_FAMILY))
                    .thenComparing(Group::family).compare(this, o);
        }

        /** "K = 20", or "K = 20 (family)" where the selection has models of several families. */
        String label(boolean families) {
            return "K = " + k + (families ? " (" + family + ")" : "");
        }
    }

    /** An estimate with its 95% interval (NaN ends where there is none). */
    public record Interval(double value, double low, double high) {
        public boolean known() {
            return Double.isFinite(low) && Double.isFinite(high);
        }
    }

    /**
     * One K's row (one family's K's, where the models are of several families).
     *
     * @param decided "best" (its mean clears every other K's), "highest but undecided" (it does not clear every other's),
     *                "below K = X" (the best K's mean clears this one's; "below K = X (family)" where the models are of
     *                several families), "undecided" (it does not), or "-" (nothing decided: one model a K)
     * @param family  the K's models' family
     */
    public record Row(int k, int seeds, Interval likelihood, Interval coherence, int coherenceTopics, Interval diversity, String decided,
                      String family) {
    }

    /**
     * @param decidedK the K decided best, or 0 when none is
     * @param tau2 the spread between seeds' variance (NaN when one model a K leaves it unknown)
     * @param decidedFamily the family of the K decided best, or null when none is
     */
    public record Result(List<Row> rows, int decidedK, double tau2, int degreesOfFreedom, String decidedFamily) {
        /** The one line {@code select} prints under the table. */
        public String verdict() {
            if (Double.isNaN(tau2)) {
                return "no K decided: one model per K leaves the spread between training seeds unknown (train each K with several --seed)";
            }
            return decidedK > 0 ? String.format(Locale.ROOT, "%s decided: its mean clears every other K's by more than the spread"
                    + " between seeds and the Monte Carlo noise", new Group(decidedK, decidedFamily).label(severalFamilies()))
                    : "no K decided: the best mean does not clear every other K's by more than the spread between seeds and the Monte"
                    + " Carlo noise";
        }

        /** Whether the rows are of more than one family (then each K is named with its family). */
        public boolean severalFamilies() {
            return rows.stream().map(Row::family).distinct().count() > 1;
        }
    }

    private SeedsPerK() {
    }

    /** @param bootstrapSeed the seed of each K's bootstrap over topics */
    public static Result of(List<Model> models, long bootstrapSeed) {
        TreeMap<Group, List<Model>> byK = new TreeMap<>();
        models.forEach(m -> byK.computeIfAbsent(new Group(m.k(), m.family()), k -> new ArrayList<>()).add(m));
        List<Group> ks = new ArrayList<>(byK.keySet());
        boolean families = ks.stream().map(Group::family).distinct().count() > 1;
        int p = ks.size();
        double[][] design = new double[models.size()][p];
        double[] y = new double[models.size()];
        double[] v = new double[models.size()];
        for (int s = 0; s < models.size(); s++) {
            design[s][ks.indexOf(new Group(models.get(s).k(), models.get(s).family()))] = 1;
            y[s] = models.get(s).logLikelihood();
            v[s] = models.get(s).monteCarloVariance();
        }
        MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
        Interval[] means = new Interval[p];
        int best = 0;
        for (int j = 0; j < p; j++) {
            means[j] = fit == null ? monteCarloOnly(byK.get(ks.get(j))) : interval(fit.coefficient(j));
            best = means[j].value() > means[best].value() ? j : best;
        }
        String[] decided = new String[p];
        boolean clearsAll = true;
        for (int j = 0; j < p; j++) {
            if (fit == null) {
                decided[j] = "-";
            } else if (j != best) {
                double[] c = new double[p];
                c[best] = 1;
                c[j] = -1;
                boolean below = fit.combination(c).low() > 0;
                clearsAll &= below;
                decided[j] = below ? "below " + ks.get(best).label(families) : "undecided";
            }
        }
        if (fit != null) {
            decided[best] = p == 1 ? "-" : clearsAll ? "best" : "highest but undecided";
        }
        List<Row> rows = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            List<Model> of = byK.get(ks.get(j));
            double[] topics = of.stream().flatMapToDouble(m -> Arrays.stream(m.topicCoherence())).filter(Double::isFinite).toArray();
            double coherence = topics.length == 0 ? Double.NaN : Arrays.stream(topics).sum() / topics.length;
            TopicBootstrap.Interval ci = TopicBootstrap.of(topics, bootstrapSeed);
            rows.add(new Row(ks.get(j).k(), of.size(), means[j], new Interval(coherence, ci.low(), ci.high()), topics.length,
                    overSeeds(of.stream().mapToDouble(Model::diversity).toArray()), decided[j], ks.get(j).family()));
        }
        boolean decides = fit != null && clearsAll && p > 1;
        return new Result(List.copyOf(rows), decides ? ks.get(best).k() : 0, fit == null ? Double.NaN : fit.tau2(),
                fit == null ? 0 : fit.degreesOfFreedom(), decides ? ks.get(best).family() : null);
    }

    /**
     * The models of a selection as this table takes them: each one's corpus log-likelihood over the documents every model
     * has an estimate of (the sum of their means over runs) and its Monte Carlo variance (the sum of the variances of those
     * means), with its topics' coherence.
     *
     * @param topicCoherence each model's topics' coherence values, in the selection's order
     * @throws IllegalArgumentException when two models score different tokens (different vocabularies): their totals are
     *                                  not of one corpus
     */
    public static List<Model> models(ModelSelection.Result selection, List<double[]> topicCoherence) {
        List<ModelSelection.Score> scores = selection.scores();
        if (!oneVocabulary(selection)) {
            throw new IllegalArgumentException("the models have different vocabularies, so their totals are of different tokens: no mean per K");
        }
        int documents = scores.get(0).runs().length;
        List<Model> models = new ArrayList<>();
        for (int i = 0; i < scores.size(); i++) {
            double total = 0;
            double variance = 0;
            for (int d = 0; d < documents; d++) {
                if (everyModelHas(scores, d)) {
                    double[] mean = ModelSelection.meanAndVarianceOfMean(scores.get(i).runs()[d]);
                    total += mean[0];
                    variance += mean[1];
                }
            }
            models.add(new Model(scores.get(i).model().numTopics(), total, variance, topicCoherence.get(i),
                    CoherenceStudy.diversity(scores.get(i).model()), scores.get(i).model().family()));
        }
        return models;
    }

    /** Whether every model of the selection scores the same tokens, so that their totals can be set side by side. */
    public static boolean oneVocabulary(ModelSelection.Result selection) {
        for (int i = 1; i < selection.scores().size(); i++) {
            if (!selection.comparable(0, i)) {
                return false;
            }
        }
        return true;
    }

    /** The documents some model has no estimate of (left out of every model's total). */
    public static int documentsLeftOut(ModelSelection.Result selection) {
        int documents = selection.scores().get(0).runs().length;
        return (int) java.util.stream.IntStream.range(0, documents).filter(d -> !everyModelHas(selection.scores(), d)).count();
    }

    private static boolean everyModelHas(List<ModelSelection.Score> scores, int document) {
        return scores.stream().allMatch(s -> Double.isFinite(s.documentLogLikelihood()[document]));
    }

    /**
     * How {@code select} and Which K? judge the topics: the measure's own window (gensim's), or the whole document when the
     * reference corpus is a bag of words (a sliding window needs the words in their order); the coherence command's top
     * words and seed.
     */
    public static CoherenceStudy.Settings coherenceSettings(CoherenceMeasure measure, boolean wordOrder) {
        return new CoherenceStudy.Settings(measure, wordOrder ? measure.defaultWindow() : Window.DOCUMENT, CoherenceStudy.DEFAULT_TOP_N,
                CoherenceStudy.DEFAULT_SEED);
    }

    /** Every model's topics' coherence on the reference corpus (over its own vocabulary). */
    public static List<double[]> topicCoherence(List<TopicModel> models, Corpus reference, CoherenceStudy.Settings settings, CancelToken cancel) {
        List<double[]> values = new ArrayList<>();
        for (TopicModel m : models) {
            values.add(CoherenceStudy.topicValues(m, reference, settings, cancel));
        }
        return values;
    }

    /** The coherence's settings as the per-K table's provenance records them; {@code reference} names the input it was judged on. */
    public static Map<String, String> settings(CoherenceStudy.Settings s, String reference) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("coherence-measure", s.measure().label());
        m.put("coherence-gensim-measure", s.measure().gensimName());
        m.put("coherence-window", s.window().label());
        m.put("coherence-top-n", Integer.toString(s.topN()));
        m.put("coherence-seed", Long.toString(s.seed()));
        m.put("coherence-reference", reference);
        m.put(tmeval.run.plan.SettingName.BOOTSTRAP_RESAMPLES.key(), Integer.toString(TopicBootstrap.RESAMPLES));
        m.put(tmeval.run.plan.SettingName.DIVERSITY_WORDS.key(), Integer.toString(tmeval.coherence.Diversity.DIVERSITY_WORDS));
        m.put("per-k-model", "random effects over seeds (DerSimonian-Laird tau^2, one indicator per K), 95% t intervals");
        return m;
    }

    private static Interval interval(MetaRegression.Estimate e) {
        return new Interval(e.value(), e.low(), e.high());
    }

    /** A K of one model where no K has two: its value, with its Monte Carlo interval alone. */
    private static Interval monteCarloOnly(List<Model> one) {
        Model m = one.get(0);
        double half = 1.96 * Math.sqrt(m.monteCarloVariance());
        return new Interval(m.logLikelihood(), m.logLikelihood() - half, m.logLikelihood() + half);
    }

    /** The mean of one number per model with Student's 95% interval over the models (none with one model). */
    static Interval overSeeds(double[] values) {
        int n = values.length;
        double mean = Arrays.stream(values).sum() / n;
        if (n < 2) {
            return new Interval(mean, Double.NaN, Double.NaN);
        }
        double squares = Arrays.stream(values).map(x -> (x - mean) * (x - mean)).sum();
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + MetaRegression.LEVEL / 2) * Math.sqrt(squares / (n - 1) / n);
        return new Interval(mean, mean - half, mean + half);
    }
}
