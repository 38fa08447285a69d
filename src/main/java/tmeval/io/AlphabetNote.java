package tmeval.io;

import tmeval.model.UnknownWords;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a MALLET model's vocabulary can and cannot say about the held-out words it leaves out (formats.md, "Words the
 * model has never seen"). MALLET's weights and counts files carry its whole alphabet; its state holds only the words
 * its training tokens use, so a held-out word missing from a state may still be in MALLET's alphabet (held-out text
 * imported with {@code --use-pipe-from} adds its new words to it), where MALLET's evaluator scores it.
 */
public final class AlphabetNote {
    /** Where MALLET's whole alphabet is, for a user of the state route. */
    static final String WHOLE_ALPHABET_ROUTE = "MALLET's --word-topic-counts-file (with --beta-from STATE or --beta B) or"
            + " --topic-word-weights-file output carries its whole alphabet";

    private AlphabetNote() {
    }

    /**
     * The lines to print after the unknown-words report: none for a model that is not MALLET's and {@code drop}; for
     * {@code smooth}, what the model does with the held-out words (true for every kind); for a MALLET state with unknown
     * words, that MALLET may score them and where its whole alphabet is.
     *
     * @param kind       the kind of file the model came from
     * @param modelWords the words in the model's vocabulary
     * @param smooth     whether {@code --unknown-words smooth} was asked for (and accepted)
     */
    public static List<String> lines(ModelLoader.Kind kind, int modelWords, UnknownWords unknown, boolean smooth) {
        List<String> lines = new ArrayList<>();
        boolean state = kind == ModelLoader.Kind.MALLET_STATE;
        if (smooth && !state) {
            lines.add("unknown words: smooth: the model holds MALLET's whole alphabet, each word at (n_wk + beta) / (n_k + V beta);"
                    + " the words above are outside that alphabet and dropped, as MALLET's import (--use-pipe-from) drops them");
        } else if (smooth) {
            lines.add(String.format(Locale.ROOT, "unknown words: smooth: the model is a MALLET state, which holds only the %d words its"
                    + " training tokens use, each at (n_wk + beta) / (n_k + V beta) with V = %d; %s", modelWords, modelWords,
                    unknown.tokens() == 0 ? "every held-out word is among them (MALLET's alphabet may be larger, and its V with it)"
                            : "the words above are dropped, not smoothed: the state cannot know which of them MALLET's alphabet holds"));
        }
        if (state && unknown.tokens() > 0) {
            lines.add(String.format(Locale.ROOT, "note: %d held-out tokens (%d distinct words) are not in the MALLET state, which holds"
                    + " only the words its training tokens use: MALLET's alphabet may hold them (held-out text imported with"
                    + " --use-pipe-from adds its new words to it) and MALLET's evaluator then scores them, so its figure can differ"
                    + " from this one; %s", unknown.tokens(), unknown.distinct(), WHOLE_ALPHABET_ROUTE));
        }
        return lines;
    }
}
