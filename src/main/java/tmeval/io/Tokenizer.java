package tmeval.io;

import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MALLET's default import tokenizer: lower-cased runs matching {@code \p{L}[\p{L}\p{P}]*\p{L}} (letters,
 * with punctuation allowed inside a word, as in "don't"), at least {@code minLength} characters, minus an
 * optional stop list.
 */
public final class Tokenizer {
    private static final Pattern TOKEN = Pattern.compile("\\p{L}[\\p{L}\\p{P}]*\\p{L}|\\p{L}");

    private final int minLength;
    private final Set<String> stopWords;

    public Tokenizer(int minLength, Set<String> stopWords) {
        if (minLength < 1) {
            throw new IllegalArgumentException("minimum token length must be at least 1");
        }
        this.minLength = minLength;
        this.stopWords = Set.copyOf(stopWords);
    }

    /** MALLET's defaults: tokens of three or more characters, no stop list. */
    public static Tokenizer standard() {
        return new Tokenizer(3, Set.of());
    }

    public void tokenize(String text, Consumer<String> sink) {
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            if (m.end() - m.start() < minLength) {
                continue;
            }
            String token = m.group().toLowerCase(Locale.ROOT);
            if (!stopWords.contains(token)) {
                sink.accept(token);
            }
        }
    }
}
