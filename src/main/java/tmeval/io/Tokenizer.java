package tmeval.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Raw text into tokens as MALLET's import ({@code import-dir}, {@code import-file}) makes them: the runs a token regex
 * matches (by default MALLET's {@value #MALLET_TOKEN_REGEX}: letters, with punctuation allowed inside a word, as in
 * "don't"), lower-cased unless the case is kept, minus a stop list matched whatever the case (as MALLET matches it).
 */
public final class Tokenizer {
    /** MALLET's default {@code --token-regex}. */
    public static final String MALLET_TOKEN_REGEX = "\\p{L}[\\p{L}\\p{P}]+\\p{L}";
    /**
     * The default pattern: with the default minimum length of 3 it keeps exactly the tokens of {@link #MALLET_TOKEN_REGEX}
     * (a match of this pattern at a position is that regex's match there, or shorter than 3), and a smaller
     * {@code --min-token-length} keeps the shorter words too.
     */
    private static final Pattern DEFAULT_PATTERN = Pattern.compile("\\p{L}[\\p{L}\\p{P}]*\\p{L}|\\p{L}");
    /** The shortest token kept with the default pattern (MALLET's regex matches three characters or more). */
    public static final int DEFAULT_MIN_LENGTH = 3;
    /** MALLET's built-in English stop list ({@code --remove-stopwords}), copied from MALLET 2.0.8 (the file says how). */
    private static final String MALLET_STOPWORDS = "/tmeval/io/mallet-stopwords-en.txt";

    private final Pattern pattern;
    private final int minLength;
    private final boolean lowerCase;
    private final Set<String> stopWords;

    private Tokenizer(Pattern pattern, int minLength, boolean lowerCase, Set<String> stopWords) {
        this.pattern = pattern;
        this.minLength = minLength;
        this.lowerCase = lowerCase;
        this.stopWords = Set.copyOf(stopWords);
    }

    /** The default pattern, lower-cased, with this minimum length and stop list (lower-case words). */
    public Tokenizer(int minLength, Set<String> stopWords) {
        this(DEFAULT_PATTERN, checkedMinLength(minLength), true, stopWords);
    }

    /** MALLET's defaults: tokens of three or more characters, no stop list. */
    public static Tokenizer standard() {
        return new Tokenizer(DEFAULT_MIN_LENGTH, Set.of());
    }

    private static int checkedMinLength(int minLength) {
        if (minLength < 1) {
            throw new IllegalArgumentException("minimum token length must be at least 1");
        }
        return minLength;
    }

    /**
     * How raw text is tokenised, as the options name it ({@code --stop-list}, {@code --remove-stopwords},
     * {@code --token-regex}, {@code --min-token-length}, {@code --keep-case}); nulls where not given.
     *
     * @param stopList words to remove, one per line (MALLET's {@code --stoplist-file} alone, its {@code --extra-stopwords} with {@code removeStopwords})
     * @param removeStopwords whether MALLET's built-in English stop list is removed
     * @param tokenRegex the tokens' pattern (MALLET's {@code --token-regex}), or null for MALLET's default
     * @param minLength the shortest token kept, or null for the default: 3 with the default pattern, 1 (whatever it matches) with a regex of one's own
     * @param keepCase whether tokens keep their case (MALLET's {@code --preserve-case}); stop words match whatever the case
     */
    public record Options(Path stopList, boolean removeStopwords, String tokenRegex, Integer minLength, boolean keepCase) {
        /** MALLET's defaults. */
        public static final Options DEFAULT = new Options(null, false, null, null, false);

        /** @throws IllegalArgumentException when the regex does not compile or the minimum length is below 1 */
        public Options {
            if (tokenRegex != null) {
                try {
                    Pattern.compile(tokenRegex);
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException("--token-regex '" + tokenRegex + "' is not a regular expression: "
                            + e.getDescription() + " near index " + e.getIndex());
                }
            }
            if (minLength != null) {
                checkedMinLength(minLength);
            }
        }

        /** The shortest token kept. */
        public int effectiveMinLength() {
            return minLength != null ? minLength : tokenRegex == null ? DEFAULT_MIN_LENGTH : 1;
        }

        /** The tokenizer, its stop words read (the stop list's errors name its file and line). */
        public Tokenizer tokenizer() throws InputException {
            Set<String> stop = new HashSet<>();
            if (removeStopwords) {
                stop.addAll(malletStopWords());
            }
            if (stopList != null) {
                stop.addAll(TextCorpusFormat.readStopList(stopList));
            }
            Pattern p = tokenRegex == null ? DEFAULT_PATTERN : Pattern.compile(tokenRegex);
            return new Tokenizer(p, effectiveMinLength(), !keepCase, stop);
        }
    }

    /** MALLET's built-in English stop list, lower case (read once). */
    public static Set<String> malletStopWords() {
        return MalletStopWords.WORDS;
    }

    /** Holds the list, read when first asked for. */
    private static final class MalletStopWords {
        static final Set<String> WORDS = read();
    }

    private static Set<String> read() {
        try (InputStream in = Tokenizer.class.getResourceAsStream(MALLET_STOPWORDS)) {
            if (in == null) {
                throw new IllegalStateException("this build does not carry " + MALLET_STOPWORDS);
            }
            Set<String> words = new HashSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    words.add(line.strip());
                }
            }
            return Set.copyOf(words);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + MALLET_STOPWORDS + ": " + e.getMessage(), e);
        }
    }

    public void tokenize(String text, Consumer<String> sink) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            if (m.end() - m.start() < minLength) {
                continue; // an empty match of a regex of one's own too
            }
            String token = m.group();
            String lower = token.toLowerCase(Locale.ROOT);
            if (!stopWords.contains(lower)) {
                sink.accept(lowerCase ? lower : token);
            }
        }
    }
}
