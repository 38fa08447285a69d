package tmeval.cli;

import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.UnknownWordsRule;
import tmeval.compare.ModelPair;
import tmeval.io.AlphabetNote;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.Tokenizer;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;
import tmeval.run.output.Provenance;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The options every command uses to name models and corpora, and how they become loader specs. */
final class InputOptions {
    private InputOptions() {
    }

    static List<OptionSpec> modelOptions(String modelOption, String help) {
        List<OptionSpec> o = new ArrayList<>();
        o.add(OptionSpec.input(modelOption, "FILE", help + " (native TSV, MALLET state, MALLET --topic-word-weights-file or"
                + " --word-topic-counts-file output, or a topic-word matrix; the last three with --alpha-file)"));
        return o;
    }

    /** The options that say how to read {@code --model} ({@link ModelOptions#PLAIN}). */
    static List<OptionSpec> matrixOptions() {
        return ModelOptions.PLAIN.specs("");
    }

    static List<OptionSpec> corpusOptions() {
        return corpusOptions("held-out corpus");
    }

    /** @param role what the corpus is to the command ("held-out corpus", "training corpus", "corpus to split") */
    static List<OptionSpec> corpusOptions(String role) {
        return List.of(
                OptionSpec.input("corpus", "PATH", role + ": UCI docword, LDA-C, token lines, raw text file or directory"),
                OptionSpec.value(SettingName.CORPUS_FORMAT.option(), "FORMAT", "auto (default), uci, ldac, tokens, text, mallet (MALLET's import-file input:"
                        + " name label text)"),
                OptionSpec.input("corpus-vocab", "FILE", "vocabulary of a UCI or LDA-C corpus (default: the file beside it)"),
                OptionSpec.input("stop-list", "FILE", "raw text: words to remove, one per line, whatever their case (MALLET's"
                        + " --stoplist-file; with --remove-stopwords its --extra-stopwords)"),
                OptionSpec.flag(SettingName.REMOVE_STOPWORDS.option(), "raw text: remove MALLET's built-in English stop list (MALLET's --remove-stopwords)"),
                OptionSpec.value(SettingName.TOKEN_REGEX.option(), "REGEX", "raw text: what a token is (MALLET's --token-regex; default "
                        + Tokenizer.MALLET_TOKEN_REGEX + ", MALLET's)"),
                OptionSpec.flag(SettingName.KEEP_CASE.option(), "raw text: keep each token's case (MALLET's --preserve-case; default lower case)"),
                OptionSpec.value(SettingName.MIN_TOKEN_LENGTH.option(), "N", "raw text: shortest token kept (default " + Tokenizer.DEFAULT_MIN_LENGTH
                        + ", as MALLET's regex; 1 with --token-regex: whatever it matches)"),
                OptionSpec.value(SettingName.MIN_TOKENS.option(), "N", "keep only documents with at least N tokens (after dropping unknown words)"));
    }

    /** {@code --corpus-format} as given, or the default (the format told from the file), as a provenance records it. */
    static String corpusFormat(Options o) {
        return o.string(SettingName.CORPUS_FORMAT.option(), CorpusLoader.Format.AUTO.name().toLowerCase(java.util.Locale.ROOT));
    }

    /** {@code --min-tokens} as given, or its default, as a provenance records it. */
    static String minTokens(Options o) {
        return o.string(SettingName.MIN_TOKENS.option(), Integer.toString(Setting.DEFAULT_MIN_TOKENS));
    }

    static OptionSpec unknownWordsOption() {
        return OptionSpec.value(SettingName.UNKNOWN_WORDS.option(), "drop|smooth", "held-out words not in the model: drop (default; counted and"
                + " shown) or smooth (MALLET's models only: its counts and weights files score every word of MALLET's alphabet at its"
                + " smoothed probability, words outside it are dropped as MALLET's own import drops them; its state holds only the words"
                + " its training tokens use, and says so)");
    }

    /**
     * Checks {@code --unknown-words}: {@code drop}, or {@code smooth} for a model that carries MALLET's whole alphabet
     * (its state, topic-word weights or word-topic counts), where it is what the model already does.
     *
     * @return whether smooth was asked for (and is valid)
     */
    static boolean unknownWords(Options o, Path model, boolean coversAlphabet) throws UsageException, InputException {
        UnknownWordsRule rule;
        try {
            rule = UnknownWordsRule.parse(o.string(SettingName.UNKNOWN_WORDS.option(), UnknownWordsRule.DROP.label()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(SettingName.UNKNOWN_WORDS.dashed() + " " + e.getMessage());
        }
        if (rule == UnknownWordsRule.DROP) {
            return false;
        }
        if (!coversAlphabet) {
            throw InputException.ofFile(model, "--unknown-words smooth needs a model that carries counts and beta over MALLET's whole"
                    + " alphabet, and this one gives probabilities only for its own words, so a word it has never seen has none: give"
                    + " MALLET's --word-topic-counts-file (with --beta) or --topic-word-weights-file output, or its state, or use"
                    + " --unknown-words drop (the default: unknown words are dropped and counted)");
        }
        return true;
    }

    /** {@link Provenance#withCorpus} with the options given. */
    static Map<String, String> withCorpus(Map<String, String> settings, Options o, boolean smooth, Corpus corpus) {
        return Provenance.withCorpus(settings, tokenizingSettings(o), smooth, corpus.unknownWords());
    }

    /**
     * The corpus line and what the model's vocabulary left out (count, rate, a warning above 2%, the top words), then
     * what the model's kind can say about those words ({@link AlphabetNote}).
     *
     * @param kind the kind of file the model came from, or null when it is not read from one file
     */
    static void reportCorpus(Corpus corpus, ModelLoader.Kind kind, int modelWords, boolean smooth, PrintStream out) {
        out.println("corpus " + corpus.summary());
        for (String line : corpus.unknownWords().report()) {
            out.println(line);
        }
        if (kind != null) {
            AlphabetNote.lines(kind, modelWords, corpus.unknownWords(), smooth).forEach(out::println);
        }
    }

    /**
     * The files the corpus readers will find by themselves beside {@code --corpus} and {@code --train-corpus} (the
     * vocabulary of a UCI or LDA-C corpus), by what they are: inputs as much as the files the options name.
     */
    static Map<String, Path> foundInputs(Options o) throws UsageException {
        Map<String, Path> found = new LinkedHashMap<>();
        if (o.has("corpus")) {
            CorpusLoader.foundFiles(corpusSpec(o)).forEach(p -> found.put("the vocabulary found beside --corpus", p));
        }
        if (o.has("train-corpus")) {
            CorpusLoader.foundFiles(trainCorpusSpec(o)).forEach(p -> found.put("the vocabulary found beside --train-corpus", p));
        }
        return found;
    }

    /** {@code bench --train-corpus}: a corpus in any format, recognised by its content, over its own vocabulary. */
    static CorpusLoader.Spec trainCorpusSpec(Options o) {
        return CorpusLoader.Spec.of(o.path("train-corpus"));
    }

    static CorpusLoader.Spec corpusSpec(Options o) throws UsageException {
        CorpusLoader.Format format;
        try {
            format = CorpusLoader.Format.parse(corpusFormat(o));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return new CorpusLoader.Spec(o.requiredPath("corpus"), format, o.path("corpus-vocab"), tokenizing(o));
    }

    /** A further corpus option's file (select's --reference): its format recognised by its content, tokenised as --corpus. */
    static CorpusLoader.Spec referenceSpec(Options o, String option) throws UsageException {
        return new CorpusLoader.Spec(o.requiredPath(option), CorpusLoader.Format.AUTO, null, tokenizing(o));
    }

    private static Tokenizer.Options tokenizing(Options o) throws UsageException {
        String minLengthOption = SettingName.MIN_TOKEN_LENGTH.option();
        Integer minLength = o.has(minLengthOption) ? o.integer(minLengthOption, Tokenizer.DEFAULT_MIN_LENGTH, 1, 1000) : null;
        try {
            return new Tokenizer.Options(o.path("stop-list"), o.has(SettingName.REMOVE_STOPWORDS.option()), o.string(SettingName.TOKEN_REGEX.option(), null),
                    minLength,
                    o.has(SettingName.KEEP_CASE.option()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The tokenising settings given, as the provenance records them ({@link tmeval.run.output.CorpusDocuments#tokenizing} reads them back). */
    static Map<String, String> tokenizingSettings(Options o) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String name : Setting.TOKENIZING) {
            if (o.has(name)) {
                settings.put(name, o.string(name, ""));
            }
        }
        return settings;
    }

    /** {@link ModelPair#prepare}, with a pair that cannot be compared reported as an input error naming B's file. */
    static ModelPair pair(TopicModel a, Path pathA, TopicModel b, Path pathB, boolean align, boolean intersect) throws InputException {
        return pair(a, pathA, b, pathB, align, intersect, tmeval.compare.ComparisonMethods.RATIO_CONVEX);
    }

    /** @param annealing the first selected method that anneals between the models (needs the same K), or null */
    static ModelPair pair(TopicModel a, Path pathA, TopicModel b, Path pathB, boolean align, boolean intersect, String annealing)
            throws InputException {
        try {
            return ModelPair.prepare(a, b, align, intersect, annealing);
        } catch (IllegalArgumentException e) {
            throw new InputException(pathB.toString(), 0, e.getMessage() + " (A is " + pathA + ")", null);
        }
    }

    /**
     * The corpus over its own vocabulary (for training) or mapped onto a model's, keeping documents of at least
     * --min-tokens tokens.
     */
    static Corpus corpus(Options o, TopicModel onto) throws UsageException, InputException {
        return corpus(o, onto, List.of());
    }

    /** @param others the run's other models (or those an intersected vocabulary came from): their words among the unknown ones are counted */
    static Corpus corpus(Options o, TopicModel onto, List<TopicModel> others) throws UsageException, InputException {
        CorpusLoader.Spec spec = corpusSpec(o);
        int minTokens = MethodOptions.integer(o, Setting.MIN_TOKENS, Setting.DEFAULT_MIN_TOKENS);
        Corpus corpus = (onto == null ? CorpusLoader.read(spec)
                : CorpusLoader.mapOnto(CorpusLoader.read(spec), onto.vocabulary(), spec.path(),
                        others.stream().map(TopicModel::vocabulary).toList())).withMinimumLength(minTokens);
        if (corpus.size() == 0) {
            throw InputException.ofFile(spec.path(), "no document has at least " + minTokens + " tokens");
        }
        return corpus;
    }
}
