package tmeval.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.UnknownWords;
import tmeval.model.Vocabulary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Reads a corpus in any supported format and maps it onto a model's vocabulary, counting what it drops. */
public final class CorpusLoader {
    /** Corpus file formats (formats.md). */
    public enum Format {
        AUTO, UCI, LDAC, TOKENS, TEXT, MALLET;

        public static Format parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "uci" -> UCI;
                case "ldac", "lda-c" -> LDAC;
                case "tokens", "token-lines" -> TOKENS;
                case "text", "raw" -> TEXT;
                case "mallet", "mallet-import" -> MALLET;
                default -> throw new IllegalArgumentException("unknown corpus format '" + s + "' (auto, uci, ldac, tokens, text, mallet)");
            };
        }
    }

    /**
     * What to read: the file, its format, and the options some formats take (null or defaults where unused): the
     * vocabulary of a UCI or LDA-C corpus, how raw text is tokenised.
     */
    public record Spec(Path path, Format format, Path vocabulary, Tokenizer.Options tokens) {
        public Spec {
            tokens = tokens == null ? Tokenizer.Options.DEFAULT : tokens;
        }

        public static Spec of(Path path) {
            return new Spec(path, Format.AUTO, null, Tokenizer.Options.DEFAULT);
        }
    }

    private CorpusLoader() {
    }

    /** Reads a corpus over its own vocabulary. */
    public static Corpus read(Spec spec) throws InputException {
        return read(spec, InputLimits.current());
    }

    /**
     * Reads a corpus within the given limits. The file is opened once: the format is detected from the head of the
     * same reader, so a pipe or FIFO ({@code <(zcat f.gz)}, {@code /dev/stdin}) reads like a regular file.
     */
    static Corpus read(Spec spec, InputLimits limits) throws InputException {
        Path path = spec.path();
        if (!Files.exists(path)) {
            throw InputException.ofFile(path, "file not found");
        }
        if (Files.isDirectory(path) && (spec.format() == Format.AUTO || spec.format() == Format.TEXT)) {
            return TextCorpusFormat.readRawText(path, tokenizer(spec), limits);
        }
        try (LineReader in = LineReader.open(path, limits)) {
            ModelLoader.rejectForeign(in);
            Format format = spec.format() == Format.AUTO ? detect(in) : spec.format();
            return switch (format) {
                case UCI -> UciFormat.read(in, spec.vocabulary());
                case LDAC -> LdacFormat.read(in, spec.vocabulary());
                case TOKENS -> TextCorpusFormat.readTokenLines(in);
                case TEXT -> TextCorpusFormat.readRawText(in, tokenizer(spec));
                case MALLET -> TextCorpusFormat.readMalletLines(in, tokenizer(spec));
                case AUTO -> throw new AssertionError("detect returns a concrete format");
            };
        }
    }

    /**
     * The files the reader finds by itself, beside the corpus, that no option names: the vocabulary of a UCI or LDA-C
     * corpus when none is given ({@link UciFormat#defaultVocabulary}, {@link LdacFormat#defaultVocabulary}, the same
     * functions the readers use). A regular file's format is detected from its first line, as {@link #read} detects it;
     * a pipe or FIFO is never opened here (it can be read only once), so the vocabulary an LDA-C reader would look for
     * beside it is listed if it exists. Empty where the corpus cannot be read: the reader reports that.
     */
    public static List<Path> foundFiles(Spec spec) {
        Path path = spec.path();
        if (spec.vocabulary() != null || !Files.exists(path) || Files.isDirectory(path)) {
            return List.of();
        }
        Format format = spec.format();
        if (format == Format.AUTO) {
            try {
                format = Files.isRegularFile(path) ? detect(path) : detectByName(path);
            } catch (InputException e) {
                return List.of();
            }
        }
        Path vocabulary = switch (format) {
            case UCI -> UciFormat.defaultVocabulary(path);
            case LDAC, AUTO -> LdacFormat.defaultVocabulary(path);
            case TOKENS, TEXT, MALLET -> null;
        };
        return vocabulary != null && Files.exists(vocabulary) ? List.of(vocabulary) : List.of();
    }

    /** Whether a corpus keeps its words in their order (a bag of words, UCI or LDA-C, keeps their counts only). */
    public static boolean keepsWordOrder(Spec spec) throws InputException {
        Format format = spec.format();
        if (format == Format.AUTO && Files.isRegularFile(spec.path())) {
            format = detect(spec.path());
        }
        return format != Format.UCI && format != Format.LDAC;
    }

    /** The format as far as the name tells (UCI, LDA-C), or AUTO where only the content could. */
    private static Format detectByName(Path path) {
        String name = path.getFileName().toString();
        if (name.startsWith("docword.")) {
            return Format.UCI;
        }
        return name.replaceFirst("\\.gz$", "").endsWith(".dat") ? Format.LDAC : Format.AUTO;
    }

    private static Tokenizer tokenizer(Spec spec) throws InputException {
        return spec.tokens().tokenizer();
    }

    /** Reads a corpus and maps it onto a vocabulary. */
    public static Corpus read(Spec spec, Vocabulary vocabulary) throws InputException {
        return mapOnto(read(spec), vocabulary, spec.path());
    }

    /** Guesses the format from the name and the first line. */
    public static Format detect(Path path) throws InputException {
        if (Files.isDirectory(path)) {
            return Format.TEXT;
        }
        try (LineReader in = LineReader.open(path)) {
            return detect(in);
        }
    }

    /** Guesses the format from the name and the first line, peeked at: the reader still starts at line 1. */
    private static Format detect(LineReader in) throws InputException {
        Format byName = detectByName(in.path());
        if (byName == Format.UCI) {
            return Format.UCI;
        }
        String first = in.peek();
        if (first == null) {
            throw InputException.ofFile(in.path(), "empty file");
        }
        if (byName == Format.LDAC || isLdacLine(first)) {
            return Format.LDAC;
        }
        if (first.indexOf('\t') > 0) {
            return Format.TOKENS;
        }
        return Format.TEXT;
    }

    /**
     * Whether a line reads {@code M id:count id:count ...} with at least one pair. A character loop: the equivalent
     * regex recurses once per pair and overflows the stack on a long line.
     */
    private static boolean isLdacLine(String line) {
        int i = Numbers.fieldStart(line, 0);
        int pairs = -1;
        while (i < line.length()) {
            int end = Numbers.fieldEnd(line, i);
            int colon = line.indexOf(':', i);
            boolean pair = colon > i && colon < end - 1 && allDigits(line, i, colon) && allDigits(line, colon + 1, end);
            if (pairs < 0 ? !allDigits(line, i, end) : !pair) {
                return false;
            }
            pairs++;
            i = Numbers.fieldStart(line, end);
        }
        return pairs > 0 && !Numbers.isSpace(line.charAt(0));
    }

    private static boolean allDigits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return from < to;
    }

    /**
     * The corpus over another vocabulary: tokens whose word is not in it are dropped and documents left empty
     * are skipped, both counted on top of what reading already dropped.
     *
     * @throws InputException if no token at all is in the vocabulary
     */
    public static Corpus mapOnto(Corpus corpus, Vocabulary vocabulary, Path source) throws InputException {
        return mapOnto(corpus, vocabulary, source, List.of());
    }

    /**
     * {@link #mapOnto(Corpus, Vocabulary, Path)}, with the vocabularies of the run's other models (or of the models an
     * intersected vocabulary came from), so that the unknown words that those hold are counted as such.
     */
    public static Corpus mapOnto(Corpus corpus, Vocabulary vocabulary, Path source, List<Vocabulary> others) throws InputException {
        if (corpus.vocabulary().equals(vocabulary)) {
            return corpus;
        }
        // unknown words are counted per word of the corpus's own vocabulary, which is already in memory and within the
        // input limits: exact counts in 8 bytes a word, never an unbounded map of strings
        long[] unknownCounts = new long[corpus.vocabulary().size()];
        // the documents each unknown word occurs in (frequent words pruned: gensim's no_above, scikit-learn's max_df)
        int[] unknownDocuments = new int[corpus.vocabulary().size()];
        int[] lastDocument = new int[corpus.vocabulary().size()];
        java.util.Arrays.fill(lastDocument, -1);
        int[] map = new int[corpus.vocabulary().size()];
        for (int w = 0; w < map.length; w++) {
            map[w] = vocabulary.id(corpus.vocabulary().word(w));
        }
        List<Document> docs = new ArrayList<>(corpus.size());
        long dropped = corpus.droppedTokens();
        int empty = corpus.droppedDocuments();
        IntArrayList kept = new IntArrayList();
        int index = 0;
        for (Document d : corpus.documents()) {
            kept.clear();
            for (int i = 0; i < d.length(); i++) {
                int id = map[d.word(i)];
                if (id >= 0) {
                    kept.add(id);
                } else {
                    dropped++;
                    unknownCounts[d.word(i)]++;
                    if (lastDocument[d.word(i)] != index) {
                        lastDocument[d.word(i)] = index;
                        unknownDocuments[d.word(i)]++;
                    }
                }
            }
            index++;
            if (kept.isEmpty()) {
                empty++;
            } else {
                docs.add(new Document(d.id(), kept.toIntArray()));
            }
        }
        if (docs.isEmpty()) {
            throw InputException.ofFile(source, "no word of the corpus is in the model's vocabulary ("
                    + corpus.tokenCount() + " tokens, all out of vocabulary)");
        }
        return new Corpus(corpus.name(), vocabulary, docs, dropped, empty,
                unknownWords(corpus, unknownCounts, unknownDocuments, vocabulary, others));
    }

    /** An e-mail address, or a URL: with a scheme, from www., or a host name under a common top-level domain. */
    private static final java.util.regex.Pattern ADDRESS = java.util.regex.Pattern.compile(
            "[^\\s@<>]+@[\\p{L}\\d-]+(\\.[\\p{L}\\d-]+)*\\.\\p{L}{2,}|(?i)(https?|ftp)://\\S+|www\\.\\S+"
                    + "|([\\p{L}\\d-]+\\.)+(com|org|net|edu|gov|mil|info|biz|io|co|uk|de|fr|ca|au)(/\\S*)?");

    /**
     * What the unknown tokens look like ({@link UnknownWords.Signs}), from their counts per word of the corpus and the
     * documents each occurs in.
     */
    private static UnknownWords.Signs signs(Corpus corpus, long[] counts, int[] documents, Vocabulary model, List<Vocabulary> others) {
        Set<String> stopWords = Tokenizer.malletStopWords();
        int numDocuments = corpus.size();
        long stop = 0;
        long once = 0;
        long form = 0;
        long elsewhere = 0;
        long frequent = 0;
        long frequentContent = 0;
        long addresses = 0;
        List<Integer> frequentTop = new ArrayList<>();
        List<Integer> addressTop = new ArrayList<>();
        for (int w = 0; w < counts.length; w++) {
            if (counts[w] == 0) {
                continue;
            }
            String word = corpus.vocabulary().word(w);
            boolean stopWord = stopWords.contains(word.toLowerCase(Locale.ROOT));
            if (stopWord) {
                stop += counts[w];
            }
            if (numDocuments >= UnknownWords.FREQUENT_MIN_DOCUMENTS && documents[w] >= UnknownWords.FREQUENT_DOCUMENTS * numDocuments) {
                frequent += counts[w];
                if (!stopWord) {
                    frequentContent += counts[w];
                    keepTop(frequentTop, w, counts, UnknownWords.Signs.EXAMPLES);
                }
            }
            if (ADDRESS.matcher(word).matches()) {
                // a new address is neither a pruned rare word nor a token pattern to change
                addresses += counts[w];
                keepTop(addressTop, w, counts, UnknownWords.Signs.EXAMPLES);
                continue;
            }
            if (counts[w] == 1) {
                once++;
            }
            if (!word.codePoints().allMatch(c -> Character.isLetter(c) && !Character.isUpperCase(c) && !Character.isTitleCase(c))
                    && knownInAnotherForm(word, model)) {
                form += counts[w];
            }
            for (Vocabulary other : others) {
                if (other.id(word) >= 0) {
                    elsewhere += counts[w];
                    break;
                }
            }
        }
        return new UnknownWords.Signs(stop, once, form, elsewhere, frequent, frequentContent, addresses,
                named(corpus, frequentTop, counts), named(corpus, addressTop, counts));
    }

    /** Inserts word w into a list of at most {@code size} words kept by count, descending (ties in word order). */
    private static void keepTop(List<Integer> top, int w, long[] counts, int size) {
        int at = top.size();
        while (at > 0 && counts[top.get(at - 1)] < counts[w]) {
            at--;
        }
        if (at < size) {
            top.add(at, w);
            if (top.size() > size) {
                top.remove(top.size() - 1);
            }
        }
    }

    private static List<UnknownWords.Count> named(Corpus corpus, List<Integer> words, long[] counts) {
        List<UnknownWords.Count> named = new ArrayList<>();
        for (int w : words) {
            named.add(new UnknownWords.Count(corpus.vocabulary().word(w), counts[w]));
        }
        return named;
    }

    /** Whether the model holds the word lower-cased, or a piece of it between non-letters ("Apple", "cherry's", "re:apple"). */
    private static boolean knownInAnotherForm(String word, Vocabulary model) {
        String lower = word.toLowerCase(Locale.ROOT);
        if (model.id(lower) >= 0) {
            return true;
        }
        for (String piece : lower.split("[^\\p{L}]+")) {
            if (!piece.isEmpty() && model.id(piece) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The count, the distinct words and the most frequent {@link UnknownWords#TOP} of them (ties in the corpus's word order). */
    private static UnknownWords unknownWords(Corpus corpus, long[] counts, int[] documents, Vocabulary model, List<Vocabulary> others) {
        long total = 0;
        int distinct = 0;
        // a bounded selection of the top words: at most TOP entries kept, sorted by count descending
        List<Integer> top = new ArrayList<>();
        for (int w = 0; w < counts.length; w++) {
            if (counts[w] == 0) {
                continue;
            }
            total += counts[w];
            distinct++;
            keepTop(top, w, counts, UnknownWords.TOP);
        }
        return new UnknownWords(total, corpus.tokenCount(), distinct, named(corpus, top, counts),
                signs(corpus, counts, documents, model, others));
    }
}
