package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.UnknownWords;
import tmeval.model.UnknownWords.Cause;
import tmeval.model.Vocabulary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The out-of-vocabulary warning names the likely cause from what the unknown words look like, with that cause's advice:
 * stop words, words seen once (pruned rare words), capitals or punctuation (case or token pattern), words another model
 * holds (an intersected vocabulary), and otherwise the general advice.
 */
class UnknownWordsCauseTest {
    @TempDir
    Path dir;

    private static final Vocabulary MODEL = Vocabulary.of(List.of("apple", "banana", "cherry", "durian"));
    private static final String KNOWN = "apple banana cherry durian apple banana cherry durian ";

    private UnknownWords unknown(String unknownTokens, List<Vocabulary> others) throws Exception {
        Path corpus = dir.resolve("heldout-" + System.nanoTime() + ".tsv");
        Files.writeString(corpus, "d1\t" + KNOWN + unknownTokens + "\nd2\t" + KNOWN + "\n");
        return CorpusLoader.mapOnto(CorpusLoader.read(CorpusLoader.Spec.of(corpus)), MODEL, corpus, others).unknownWords();
    }

    private static void named(UnknownWords u, Cause cause, String advice) {
        assertEquals(cause, u.cause(), u.signs().toString());
        assertTrue(u.warns(), "above 2%");
        assertTrue(u.warning().contains(advice), u.warning());
    }

    @Test
    void mostlyStopWordsNameTheVectorizersStopWords() throws Exception {
        named(unknown("the the and of of it kiwi", List.of()), Cause.STOP_WORDS, "--remove-stopwords");
    }

    @Test
    void mostlyWordsSeenOnceNamePruningOfRareWords() throws Exception {
        named(unknown("quokka axolotl zyzzyva numbat kiwi kiwi", List.of()), Cause.RARE_WORDS, "min_df");
    }

    @Test
    void mostlyCapitalisedOrPunctuatedWordsNameCaseOrTokenPattern() throws Exception {
        named(unknown("Apple Apple BANANA BANANA cherry's cherry's kiwi kiwi", List.of()), Cause.CASE_OR_PATTERN, "--token-regex");
    }

    @Test
    void mostlyWordsAnotherModelHoldsNameTheIntersectedVocabulary() throws Exception {
        Vocabulary other = Vocabulary.of(List.of("apple", "elderberry", "fig"));
        named(unknown("elderberry elderberry fig fig the kiwi kiwi", List.of(other)), Cause.ANOTHER_MODEL, "one vocabulary");
    }

    @Test
    void noClearSignGivesTheGeneralAdvice() throws Exception {
        // 5 unknown tokens of 69: above the warning's 2%, below the rate that puts the corpus itself in doubt
        UnknownWords u = unknown(KNOWN.repeat(6) + "kiwi kiwi mango mango the", List.of());
        named(u, Cause.UNCLEAR, "write_heldout_tokens_gensim");
        assertEquals(new UnknownWords.Signs(1, 1, 0, 0, 0, 0, 0, List.of(), List.of()), u.signs(),
                "one stop word, one word seen once, no capital, no other model, two documents (too few for frequent words), no address");
    }

    /** AP models on the KOS corpus (15.7% unknown) were told to tokenise as scikit-learn does; scikit-learn's own helper (min_df) at 12% too. */
    @Test
    void manyOrdinaryWordsUnknownAreNamedUnseenOrPrunedAndTheCorpusPutInDoubt() throws Exception {
        UnknownWords u = unknown("kiwi kiwi mango mango the", List.of());
        assertTrue(u.rate() > UnknownWords.UNSEEN_WORDS_RATE, "5 of 21 tokens");
        named(u, Cause.UNSEEN_WORDS, "model and corpus do not belong together");
    }

    /**
     * The field test: a MALLET state's vocabulary is full of numbers, and held-out words with digits it lacks ("tid027")
     * were blamed on case or token pattern. Only a word the model holds in another form is that sign.
     */
    @Test
    void digitsAndPunctuationTheModelHoldsInNoFormAreNoSignOfCase() throws Exception {
        UnknownWords u = unknown("tid027 tid027 acon11 acon11 3737ff 3737ff x-y x-y kiwi", List.of());
        assertEquals(0, u.signs().caseOrPattern(), u.signs().toString());
        assertEquals(Cause.UNSEEN_WORDS, u.cause());
    }

    /** Documents each of the known words and {@code everywhere}, the first one also {@code once}. */
    private UnknownWords documents(int count, String everywhere, String once) throws Exception {
        Path corpus = dir.resolve("heldout-" + System.nanoTime() + ".tsv");
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < count; d++) {
            sb.append('d').append(d).append('\t').append(KNOWN).append(everywhere).append(d == 0 ? " " + once : "").append('\n');
        }
        Files.writeString(corpus, sb.toString());
        return CorpusLoader.mapOnto(CorpusLoader.read(CorpusLoader.Spec.of(corpus)), MODEL, corpus, List.of()).unknownWords();
    }

    /** SOTU under gensim's filter_extremes(no_above=0.5): the unknown words are the most frequent ones, named with examples. */
    @Test
    void frequentWordsUnknownNameNoAboveAndMaxDfWithTheirExamples() throws Exception {
        UnknownWords u = documents(12, "government government states united", "quokka numbat");
        named(u, Cause.FREQUENT_WORDS, "no_above");
        assertTrue(u.warning().contains("max_df"), u.warning());
        assertTrue(u.warning().contains("government 24, states 12, united 12"), u.warning());
    }

    /** scikit-learn's max_df without a stop list prunes the stop words too: the frequent content words still name the cause. */
    @Test
    void frequentStopWordsBesideFrequentContentWordsStillNameMaxDf() throws Exception {
        named(documents(12, "the the of and government states", "quokka"), Cause.FREQUENT_WORDS, "max_df");
    }

    /** A stop list alone leaves frequent stop words unknown, but no frequent content word: stop words, not max_df. */
    @Test
    void frequentStopWordsAloneNameTheStopList() throws Exception {
        named(documents(12, "the of and it", "quokka"), Cause.STOP_WORDS, "--remove-stopwords");
    }

    /** New addresses in held-out mail are named as such, not as pruned rare words (each occurs once). */
    @Test
    void emailAddressesAndUrlsAreNamedAsSuchNotAsPruning() throws Exception {
        UnknownWords u = unknown("john.smith@example.com ann@mail.example.org https://example.org/a?b=1 www.kiwi.net foo.com/x quokka",
                List.of());
        named(u, Cause.ADDRESSES, "e-mail addresses or URLs");
        assertEquals(5, u.signs().addresses(), u.signs().toString());
        assertEquals(1, u.signs().seenOnce(), "only quokka counts as seen once: " + u.signs());
    }

    /** Addresses among other unknown words are counted apart in the warning, with examples. */
    @Test
    void addressesAmongOtherUnknownWordsAreSaidApart() throws Exception {
        UnknownWords u = unknown("quokka axolotl zyzzyva numbat bob@example.com", List.of());
        named(u, Cause.RARE_WORDS, "min_df");
        assertTrue(u.warning().contains("1 of the unknown tokens are e-mail addresses or URLs (bob@example.com 1)"), u.warning());
    }
}
