package tmeval.coherence;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * gensim's {@code CoherenceModel} measures (Röder, Both and Hinneburg 2015), each with gensim 4.2.0's segmentation,
 * confirmation measure and default window ({@code SLIDING_WINDOW_SIZES}): the one place their names and defaults live.
 * Each topic's value is the arithmetic mean over its segments, as gensim's; the formulas are {@link Confirmation}'s.
 */
public enum CoherenceMeasure {
    /** NPMI over every ordered pair of the topic's words (s_one_one), sliding window of 10. */
    NPMI("npmi", "c_npmi", Window.sliding(10)),
    /** log (P(w', w*) + e) / P(w*) of each word w' with each word w* before it (s_one_pre), boolean document. */
    UMASS("umass", "u_mass", Window.DOCUMENT),
    /** the cosine of each word's NPMI vector with the topic's (s_one_set, gamma 1), sliding window of 110. */
    CV("cv", "c_v", Window.sliding(110)),
    /** PMI over every ordered pair of the topic's words (s_one_one), sliding window of 10. */
    UCI("uci", "c_uci", Window.sliding(10));

    /** The measure when none is named. */
    public static final CoherenceMeasure DEFAULT = NPMI;

    private final String label;
    private final String gensimName;
    private final Window defaultWindow;

    CoherenceMeasure(String label, String gensimName, Window defaultWindow) {
        this.label = label;
        this.gensimName = gensimName;
        this.defaultWindow = defaultWindow;
    }

    /** The name on the command line and in the output. */
    public String label() {
        return label;
    }

    /** gensim's name for it ({@code coherence=} of {@code CoherenceModel}). */
    public String gensimName() {
        return gensimName;
    }

    /** gensim's window for it when none is given. */
    public Window defaultWindow() {
        return defaultWindow;
    }

    /** By its name here or gensim's. */
    public static CoherenceMeasure parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (CoherenceMeasure m : values()) {
            if (m.label.equals(n) || m.gensimName.equals(n)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown coherence measure '" + name + "' (" + labels() + ")");
    }

    /** The names, {@code npmi|umass|cv|uci}. */
    public static String labels() {
        return Arrays.stream(values()).map(CoherenceMeasure::label).collect(Collectors.joining("|"));
    }

    /**
     * One topic's coherence from the counts, NaN where gensim's is not a number (a topic with fewer than two words in
     * the reference corpus for the pairwise measures, a zero context vector for c_v).
     */
    public double topic(Cooccurrences counts, int topic, int words) {
        return switch (this) {
            case NPMI -> Confirmation.pairs(counts, topic, words, true);
            case UCI -> Confirmation.pairs(counts, topic, words, false);
            case UMASS -> Confirmation.conditional(counts, topic, words);
            case CV -> Confirmation.cosine(counts, topic, words);
        };
    }
}
