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
public record UnknownWords(long tokens, long corpusTokens, int distinct, List<Count> top, Signs signs) {
    /** Above this fraction of unknown tokens the summary carries a warning line. */
    public static final double WARNING_RATE = 0.02;
    /** How many of the most frequent unknown words are named. */
    public static final int TOP = 10;

    /** No unknown word (a corpus read over its own vocabulary, or mapped onto one that holds every word). */
    public static UnknownWords none(long corpusTokens) {
        return new UnknownWords(0, corpusTokens, 0, List.of(), Signs.NONE);
    }

    public UnknownWords {
        top = List.copyOf(top);
    }

    /**
     * What the unknown tokens look like, each a count of unknown tokens (a token may show several signs), from which
     * {@link #cause} names the likely reason they are unknown.
     *
     * @param stopWords tokens that are English stop words (MALLET's list, lower-cased)
     * @param seenOnce tokens of words that occur once in the held-out text
     * @param caseOrPattern tokens holding a capital, a digit or a character other than a letter whose lower-cased form, or a
     *                      piece of it between non-letters, the model holds (a number-rich vocabulary is no sign of case)
     * @param inAnotherModel tokens of words another model of the run holds (an intersected vocabulary, another library's tokeniser)
     * @param frequent tokens of words in at least {@link #FREQUENT_DOCUMENTS} of the held-out documents (of at least
     *                 {@link #FREQUENT_MIN_DOCUMENTS}): what pruning the most frequent words leaves unknown
     * @param frequentContent those of {@code frequent} that are no stop words
     * @param addresses tokens that are e-mail addresses or URLs (counted in none of the signs above but stop words and
     *                  other models': a new address is no sign of pruning or of a token pattern)
     * @param frequentTop the most frequent of the frequent unknown words that are no stop words, most frequent first
     * @param addressTop the most frequent addresses and URLs
     */
    public record Signs(long stopWords, long seenOnce, long caseOrPattern, long inAnotherModel, long frequent, long frequentContent,
                        long addresses, List<Count> frequentTop, List<Count> addressTop) {
        public static final Signs NONE = new Signs(0, 0, 0, 0, 0, 0, 0, List.of(), List.of());
        /** How many examples of the frequent words and of the addresses the warning names. */
        public static final int EXAMPLES = 5;

        public Signs {
            frequentTop = List.copyOf(frequentTop);
            addressTop = List.copyOf(addressTop);
        }
    }

    /** A word is frequent (a sign of gensim's no_above, scikit-learn's max_df) when in at least this share of the held-out documents. */
    public static final double FREQUENT_DOCUMENTS = 0.25;
    /** ... of at least this many documents: in fewer, every word of a document is in a large share of them. */
    public static final int FREQUENT_MIN_DOCUMENTS = 8;

    /** The likely reason held-out words are unknown, and what to do about it; named when more than half the unknown tokens show its sign. */
    public enum Cause {
        ANOTHER_MODEL("most of them are words another model holds: the vocabularies differ (intersected, or from different tokenisers),"
                + " so each model is scored on its own words only; to compare across libraries export both over one vocabulary (formats.md,"
                + " comparing models of different tokenisers)"),
        ADDRESSES("most of them are e-mail addresses or URLs, new in the held-out text: no vocabulary holds an address it never saw,"
                + " and this is no sign of pruning or of a tokenising to change; the likelihood covers the other words (to leave them out"
                + " of the rate too, remove them from the held-out text before tokenising)"),
        FREQUENT_WORDS("most of them are among the held-out text's most frequent words: the training vocabulary was pruned of the"
                + " most frequent words (gensim's filter_extremes(no_above=...), whose default 0.5 removes every word in more than half"
                + " of the documents; scikit-learn's max_df; MALLET's --prune-document-freq), which no tokenising brings back; the"
                + " likelihood is of the remaining, rarer words, comparable only between models of the same vocabulary (to keep the"
                + " frequent words, train with no_above=1.0 or max_df=1.0)"),
        STOP_WORDS("most of them are stop words: the model's vectorizer removed stop words when it was trained; remove them from the"
                + " held-out text too (raw text: --remove-stopwords or --stop-list; tmeval_export.write_heldout_tokens and"
                + " write_heldout_tokens_gensim tokenise as the training did)"),
        CASE_OR_PATTERN("most of them hold capitals, digits or punctuation: the held-out text keeps case or splits tokens otherwise than"
                + " the training text did; lower-case it and use the training's token pattern (raw text: --token-regex, without"
                + " --keep-case; tmeval_export's held-out helpers use the library's own tokeniser)"),
        RARE_WORDS("most of them occur once: the training vocabulary was probably pruned of rare words (scikit-learn's min_df, gensim's"
                + " filter_extremes(no_below), MALLET's --prune-count), which no tokenising of the held-out text brings back; the"
                + " likelihood is of the remaining words, comparable only between models of the same vocabulary"),
        UNSEEN_WORDS("many of them look like ordinary words the training text never had, or that its vocabulary pruned (scikit-learn's"
                + " min_df, gensim's no_below, MALLET's --prune-count): no tokenising brings those back, and the likelihood covers the other"
                + " words only; far more than a held-out split of the training text would give suggests that model and corpus do not belong"
                + " together, or that the two texts were tokenised differently (tmeval_export's held-out helpers; raw text: --stop-list,"
                + " --remove-stopwords, --token-regex)"),
        UNCLEAR("no one cause shows: words the training vocabulary lacks or pruned (min_df, no_below, --prune-count) stay unknown"
                + " whatever the tokenising; if the held-out text was not tokenised by the training's own tokeniser, do that"
                + " (tmeval_export.write_heldout_tokens for scikit-learn, write_heldout_tokens_gensim for gensim; raw text: --stop-list,"
                + " --remove-stopwords, --token-regex as MALLET's import)");

        private final String advice;

        Cause(String advice) {
            this.advice = advice;
        }

        public String advice() {
            return advice;
        }
    }

    /** Above this fraction of unknown tokens showing no sign of a tokeniser's choice, they are words the model never had. */
    public static final double UNSEEN_WORDS_RATE = 0.10;

    /**
     * The first cause (in the order of {@link Cause}) whose sign more than half of the unknown tokens show (for
     * {@link Cause#FREQUENT_WORDS}, also more than half of those that are no stop words); else, above
     * {@link #UNSEEN_WORDS_RATE}, {@link Cause#UNSEEN_WORDS} (a model of AP news scored on KOS blog posts: 15.7%); else
     * {@link Cause#UNCLEAR}.
     */
    public Cause cause() {
        if (2 * signs.inAnotherModel() > tokens) {
            return Cause.ANOTHER_MODEL;
        }
        if (2 * signs.addresses() > tokens) {
            return Cause.ADDRESSES;
        }
        // frequent words, and among the unknown words that are no stop words the frequent ones too: a vectorizer's stop list
        // alone leaves frequent stop words unknown, but not frequent content words
        if (2 * signs.frequent() > tokens && 2 * signs.frequentContent() > tokens - signs.stopWords() && signs.frequentContent() > 0) {
            return Cause.FREQUENT_WORDS;
        }
        long[] shown = {signs.stopWords(), signs.caseOrPattern(), signs.seenOnce()};
        Cause[] causes = {Cause.STOP_WORDS, Cause.CASE_OR_PATTERN, Cause.RARE_WORDS};
        for (int i = 0; i < shown.length; i++) {
            if (2 * shown[i] > tokens) {
                return causes[i];
            }
        }
        return rate() > UNSEEN_WORDS_RATE ? Cause.UNSEEN_WORDS : Cause.UNCLEAR;
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
        Cause cause = cause();
        String examples = switch (cause) {
            case FREQUENT_WORDS -> " (the most frequent: " + counts(signs.frequentTop()) + ")";
            case ADDRESSES -> " (such as " + counts(signs.addressTop()) + ")";
            default -> "";
        };
        // addresses among other unknown words are said apart, so that they are not read as the named cause's
        String addresses = cause != Cause.ADDRESSES && signs.addresses() > 0 ? String.format(Locale.ROOT, "; %d of the unknown tokens are"
                + " e-mail addresses or URLs (%s), new in the held-out text, which no vocabulary holds", signs.addresses(),
                counts(signs.addressTop())) : "";
        return String.format(Locale.ROOT, "warning: %.2f%% of the held-out tokens are not in the model's vocabulary (more than %.0f%%);"
                + " they are dropped, so every likelihood and perplexity covers only the other words; %s%s%s", 100 * rate(),
                100 * WARNING_RATE, cause.advice(), examples, addresses);
    }

    private static String counts(List<Count> counts) {
        StringBuilder sb = new StringBuilder();
        for (Count c : counts) {
            sb.append(sb.isEmpty() ? "" : ", ").append(c.word()).append(' ').append(c.count());
        }
        return sb.toString();
    }

    /** The count as the provenance records it: tokens and distinct words dropped, of the corpus's tokens. */
    public String provenanceText() {
        return tokens + " tokens of " + corpusTokens + ", " + distinct + " types, dropped";
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
