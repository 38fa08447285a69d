package tmeval.coherence;

import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A model's topics judged against a reference corpus: each topic's coherence by one measure and window, with its top
 * words and MALLET's diagnostics; the mean over topics with its bootstrap interval; topic diversity and inverted RBO.
 */
public final class CoherenceStudy {
    /** The top words a topic's coherence is over when none is asked for. */
    public static final int DEFAULT_TOP_N = 10;
    /** The largest number of top words accepted. */
    public static final int MAX_TOP_N = 1000;
    /** The bootstrap's seed when none is given. */
    public static final long DEFAULT_SEED = 1;

    /** What was asked for. */
    public record Settings(CoherenceMeasure measure, Window window, int topN, long seed) {
        public Settings {
            if (topN < 2 || topN > MAX_TOP_N) {
                throw new IllegalArgumentException("--top-n must be 2 to " + MAX_TOP_N + " (coherence is over pairs of words), was " + topN);
            }
        }
    }

    /** One topic: its top words, how many of them the reference lacks, its coherence (NaN where none exists), its diagnostics. */
    public record Topic(int number, String[] words, List<String> absent, double value, TopicDiagnostics.Topic diagnostics) {
    }

    private final Settings settings;
    private final List<Topic> topics;
    private final long windows;
    private final double mean;
    private final int valued;
    private final TopicBootstrap.Interval interval;
    private final double diversity;
    private final double invertedRbo;
    private final TopicDiagnostics.Source sizes;

    private CoherenceStudy(Settings settings, List<Topic> topics, long windows, double mean, int valued, TopicBootstrap.Interval interval,
                           double diversity, double invertedRbo, TopicDiagnostics.Source sizes) {
        this.settings = settings;
        this.topics = topics;
        this.windows = windows;
        this.mean = mean;
        this.valued = valued;
        this.interval = interval;
        this.diversity = diversity;
        this.invertedRbo = invertedRbo;
        this.sizes = sizes;
    }

    /**
     * @param reference the reference corpus over its own vocabulary, every token in its place (the windows slide over them)
     * @param diagnostics MALLET's diagnostics of each topic ({@link TopicDiagnostics})
     * @param sizes where the diagnostics' topic sizes came from
     */
    public static CoherenceStudy of(TopicModel model, Corpus reference, Settings settings, List<TopicDiagnostics.Topic> diagnostics,
                                    TopicDiagnostics.Source sizes, CancelToken cancel) {
        ReferenceTopics found = ReferenceTopics.of(model, settings.topN(), reference);
        Cooccurrences counts = found.count(reference, settings.window(), cancel);
        List<Topic> topics = new ArrayList<>();
        double[] values = values(settings.measure(), counts, found);
        for (int k = 0; k < model.numTopics(); k++) {
            topics.add(new Topic(k + 1, found.words(k), found.absent(k), values[k], diagnostics.get(k)));
        }
        double[] finite = Arrays.stream(values).filter(Double::isFinite).toArray();
        double mean = finite.length == 0 ? Double.NaN : Arrays.stream(finite).sum() / finite.length;
        int rboDepth = Math.min(Diversity.RBO_WORDS, model.numWords());
        return new CoherenceStudy(settings, List.copyOf(topics), counts.windows(), mean, finite.length, TopicBootstrap.of(finite, settings.seed()),
                diversity(model), Diversity.invertedRbo(TopWords.of(model, rboDepth), rboDepth, Diversity.RBO_PERSISTENCE), sizes);
    }

    /**
     * The topics' coherence values alone (NaN where a topic has none), as {@link #of} computes them, without the
     * diagnostics (whose topic sizes can cost a variational fit): what {@code select} sets beside the likelihood.
     */
    public static double[] topicValues(TopicModel model, Corpus reference, Settings settings, CancelToken cancel) {
        ReferenceTopics found = ReferenceTopics.of(model, settings.topN(), reference);
        return values(settings.measure(), found.count(reference, settings.window(), cancel), found);
    }

    /** Topic diversity over the top {@link Diversity#DIVERSITY_WORDS} words (all of a smaller vocabulary's). */
    public static double diversity(TopicModel model) {
        int depth = Math.min(Diversity.DIVERSITY_WORDS, model.numWords());
        return Diversity.topicDiversity(TopWords.of(model, depth), depth);
    }

    private static double[] values(CoherenceMeasure measure, Cooccurrences counts, ReferenceTopics found) {
        double[] values = new double[found.numTopics()];
        for (int k = 0; k < values.length; k++) {
            double v = measure.topic(counts, k, found.found(k));
            values[k] = Double.isFinite(v) ? v : Double.NaN;
        }
        return values;
    }

    public Settings settings() {
        return settings;
    }

    public List<Topic> topics() {
        return topics;
    }

    /** gensim's {@code num_docs}: the windows, or the documents with a document window. */
    public long windows() {
        return windows;
    }

    /** The mean coherence over the topics that have one (gensim's {@code get_coherence} when all do); NaN when none does. */
    public double mean() {
        return mean;
    }

    /** How many topics have a coherence value. */
    public int valued() {
        return valued;
    }

    public TopicBootstrap.Interval interval() {
        return interval;
    }

    public double diversity() {
        return diversity;
    }

    /** NaN with one topic. */
    public double invertedRbo() {
        return invertedRbo;
    }

    public TopicDiagnostics.Source sizes() {
        return sizes;
    }
}
