package tmeval.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The held-out tokens a model's vocabulary does not hold: how many, of how many, how many distinct words, and the most
 * frequent of them with their counts. Shown with every corpus summary, so that a perplexity over the known words only
 * is never mistaken for one over the whole text.
 *
 * @param tokens out-of-vocabulary tokens dropped
 * @param corpusTokens tokens of the corpus before any was dropped
 * @param distinct distinct unknown words
 * @param top the most frequent unknown words, most frequent first (ties in word order)
 */
public record UnknownWords(long tokens, long corpusTokens, int distinct, List<Count> top) {
    /** Above this fraction of unknown tokens the summary carries a warning line. */
    public static final double WARNING_RATE = 0.02;
    /** How many of the most frequent unknown words are named. */
    public static final int TOP = 10;

    /** No unknown word (a corpus read over its own vocabulary, or mapped onto one that holds every word). */
    public static UnknownWords none(long corpusTokens) {
        return new UnknownWords(0, corpusTokens, 0, List.of());
    }

    public UnknownWords {
        top = List.copyOf(top);
    }

    /** One unknown word and how often it occurs. */
    public record Count(String word, long count) {
    }

    /** Unknown tokens over all tokens (0 for an empty corpus). */
    public double rate() {
        return corpusTokens == 0 ? 0 : tokens / (double) corpusTokens;
    }

    /** Whether the rate is above {@link #WARNING_RATE}, where every summary (command line, corpus card) warns. */
    public boolean warns() {
        return rate() > WARNING_RATE;
    }

    /** The warning line of a summary (whether or not the rate calls for it; see {@link #warns}). */
    public String warning() {
        return String.format(Locale.ROOT, "warning: %.2f%% of the held-out tokens are not in the model's vocabulary (more than %.0f%%);"
                + " they are dropped, so every likelihood and perplexity covers only the other words; tokenise the held-out"
                + " text as the training text was (tmeval_export.write_heldout_tokens does for scikit-learn)", 100 * rate(),
                100 * WARNING_RATE);
    }

    /** The lines of a summary: the count and rate, a warning above 2%, and the most frequent unknown words. */
    public List<String> report() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "out-of-vocabulary: %d of %d tokens (%.2f%%), %d distinct words, dropped", tokens, corpusTokens,
                100 * rate(), distinct));
        if (warns()) {
            lines.add(warning());
        }
        if (!top.isEmpty()) {
            StringBuilder sb = new StringBuilder("most frequent unknown words:");
            for (int i = 0; i < top.size(); i++) {
                sb.append(i == 0 ? " " : ", ").append(top.get(i).word()).append(' ').append(top.get(i).count());
            }
            if (distinct > top.size()) {
                sb.append(", ... (").append(distinct - top.size()).append(" more)");
            }
            lines.add(sb.toString());
        }
        return lines;
    }
}
