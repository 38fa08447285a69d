package tmeval.io;

import cc.mallet.types.FeatureSequence;
import cc.mallet.types.Instance;
import cc.mallet.types.InstanceList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.Corpus;
import tmeval.model.Document;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Raw text tokenised as MALLET 2.0.8's own {@code import-dir} (cc.mallet.classify.tui.Text2Vectors, run here on the
 * same folder) tokenises it: the same tokens in the same order for every document, with MALLET's defaults, its
 * built-in stop list, a stop list of one's own (alone and added to the built-in one), a token regex and the case kept.
 */
class TokenizerVersusMalletTest {
    @TempDir
    Path dir;

    private static final String[] TEXTS = {
            "The Quick brown fox -- don't STOP: it's jumping over the lazy dog's back again and again.",
            "Über-café naïve résumé; e-mail: someone@example.org, 42 answers x9yz ab. Ab c'est la vie!",
            "A the of an, THE And also JUMPING jumping Jumping ... quick-quick 'quoted' (parenthesised) words",
            "Nothing here but numbers 1 22 333 and its own words: zebra yak xylophone"};

    private Path texts() throws Exception {
        Path d = Files.createDirectories(dir.resolve("texts"));
        for (int i = 0; i < TEXTS.length; i++) {
            Files.writeString(d.resolve("doc" + i + ".txt"), TEXTS[i]);
        }
        return d;
    }

    /** Each document's tokens as MALLET's import-dir makes them with these extra options. */
    private Map<String, List<String>> mallet(Path texts, String... options) throws Exception {
        Path out = dir.resolve("import-" + System.nanoTime() + ".mallet");
        List<String> args = new ArrayList<>(List.of("--input", texts.toString(), "--output", out.toString(), "--keep-sequence"));
        args.addAll(List.of(options));
        resetMalletsOptions(cc.mallet.classify.tui.Text2Vectors.class);
        cc.mallet.classify.tui.Text2Vectors.main(args.toArray(new String[0]));
        return read(out, true);
    }

    /** Each document's tokens in an instance list MALLET wrote (named by file, or by the import-file line's name). */
    private static Map<String, List<String>> read(Path out, boolean files) {
        Map<String, List<String>> docs = new LinkedHashMap<>();
        for (Instance instance : InstanceList.load(out.toFile())) {
            FeatureSequence fs = (FeatureSequence) instance.getData();
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < fs.getLength(); i++) {
                tokens.add((String) fs.getObjectAtPosition(i));
            }
            String name = files ? Path.of(instance.getName().toString().replaceFirst("^file:", "")).getFileName().toString()
                    : instance.getName().toString();
            docs.put(name.replaceFirst("\\.txt$", ""), tokens);
        }
        return docs;
    }

    /** MALLET keeps its command options in static fields: each import starts from their defaults, as a new process would. */
    private static void resetMalletsOptions(Class<?> command) throws Exception {
        java.lang.reflect.Field invoked = cc.mallet.util.CommandOption.class.getDeclaredField("invoked");
        invoked.setAccessible(true);
        for (java.lang.reflect.Field f : command.getDeclaredFields()) {
            if (cc.mallet.util.CommandOption.class.isAssignableFrom(f.getType())) {
                f.setAccessible(true);
                Object option = f.get(null);
                option.getClass().getField("value").set(option, option.getClass().getField("defaultValue").get(option));
                invoked.set(option, false);
            }
        }
    }

    private static Map<String, List<String>> tmeval(Path texts, Tokenizer.Options options) throws Exception {
        return tmeval(texts, CorpusLoader.Format.TEXT, options);
    }

    /** Each document's tokens as tmeval reads the file in this format. */
    private static Map<String, List<String>> tmeval(Path texts, CorpusLoader.Format format, Tokenizer.Options options) throws Exception {
        Corpus corpus = CorpusLoader.read(new CorpusLoader.Spec(texts, format, null, options));
        Map<String, List<String>> docs = new LinkedHashMap<>();
        for (Document d : corpus.documents()) {
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < d.length(); i++) {
                tokens.add(corpus.vocabulary().word(d.word(i)));
            }
            docs.put(d.id(), tokens);
        }
        return docs;
    }

    private void sameAsMallet(Tokenizer.Options options, String... malletOptions) throws Exception {
        Path texts = texts();
        Map<String, List<String>> expected = mallet(texts, malletOptions);
        expected.values().removeIf(List::isEmpty); // tmeval skips (and counts) a document left empty
        assertEquals(expected, tmeval(texts, options), "options " + String.join(" ", malletOptions));
    }

    @Test
    void theDefaultsGiveMalletsTokens() throws Exception {
        sameAsMallet(Tokenizer.Options.DEFAULT);
    }

    @Test
    void removeStopwordsGivesMalletsTokensWithItsBuiltInList() throws Exception {
        sameAsMallet(new Tokenizer.Options(null, true, null, null, false), "--remove-stopwords");
    }

    @Test
    void aStopListAloneAndAddedToTheBuiltInOneGiveMalletsTokens() throws Exception {
        Path stop = dir.resolve("stop.txt");
        // lower case: MALLET compares the lower-cased token with the file's words as written (a capitalised one never
        // matches), tmeval with the words lower-cased (formats.md says so)
        Files.writeString(stop, "jumping\nquick\nzebra\n");
        sameAsMallet(new Tokenizer.Options(stop, false, null, null, false), "--stoplist-file", stop.toString());
        sameAsMallet(new Tokenizer.Options(stop, true, null, null, false), "--remove-stopwords", "--extra-stopwords", stop.toString());
    }

    @Test
    void aTokenRegexAndTheCaseKeptGiveMalletsTokens() throws Exception {
        String regex = "[\\p{L}\\p{N}_]+";
        sameAsMallet(new Tokenizer.Options(null, false, regex, null, false), "--token-regex", regex);
        sameAsMallet(new Tokenizer.Options(null, false, null, null, true), "--preserve-case");
        sameAsMallet(new Tokenizer.Options(null, true, regex, null, true), "--token-regex", regex, "--preserve-case", "--remove-stopwords");
    }

    /** The list shipped in the jar is MALLET's own, word for word (read from MALLET's class, where it is a constant). */
    @Test
    void theShippedStopListIsMalletsBuiltInList() throws Exception {
        var field = cc.mallet.pipe.TokenSequenceRemoveStopwords.class.getDeclaredField("stopwords");
        field.setAccessible(true);
        Set<String> mallet = new HashSet<>(List.of((String[]) field.get(null)));
        assertEquals(mallet, Tokenizer.malletStopWords());
    }

    @Test
    void aRegexThatDoesNotCompileIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Tokenizer.Options(null, false, "[a-", null, false));
        assertFalse(e.getMessage().isEmpty());
        assertEquals(true, e.getMessage().contains("--token-regex '[a-'"), e.getMessage());
    }

    /**
     * MALLET's import-file input ({@code name label text} per line, the field test's held-out file) read with
     * {@code --corpus-format mallet}: the names are the ids, the labels skipped, the texts tokenised as MALLET's own
     * {@code import-file} (cc.mallet.classify.tui.Csv2Vectors) tokenises them, here with its stop list.
     */
    @Test
    void malletsImportFileInputGivesMalletsDocumentsAndTokens() throws Exception {
        Path lines = dir.resolve("import.txt");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < TEXTS.length; i++) {
            sb.append("msg-").append(i).append(i % 2 == 0 ? "\tspam\t" : " ham, ").append(TEXTS[i]).append('\n');
        }
        Files.writeString(lines, sb.toString());
        Path out = dir.resolve("import-file.mallet");
        resetMalletsOptions(cc.mallet.classify.tui.Csv2Vectors.class);
        cc.mallet.classify.tui.Csv2Vectors.main(new String[] {"--input", lines.toString(), "--output", out.toString(), "--keep-sequence",
                "--remove-stopwords"});
        Map<String, List<String>> expected = read(out, false);
        expected.values().removeIf(List::isEmpty);
        Map<String, List<String>> docs = tmeval(lines, CorpusLoader.Format.parse("mallet"), new Tokenizer.Options(null, true, null, null, false));
        assertEquals(expected, docs);
    }
}
