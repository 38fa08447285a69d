package tmeval.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.Vocabulary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads a corpus in any supported format and maps it onto a model's vocabulary, counting what it drops. */
public final class CorpusLoader {
    /** Corpus file formats of INTERFACES.md. */
    public enum Format {
        AUTO, UCI, LDAC, TOKENS, TEXT;

        public static Format parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "uci" -> UCI;
                case "ldac", "lda-c" -> LDAC;
                case "tokens", "token-lines" -> TOKENS;
                case "text", "raw" -> TEXT;
                default -> throw new IllegalArgumentException("unknown corpus format '" + s + "' (auto, uci, ldac, tokens, text)");
            };
        }
    }

    /** What to read: the file, its format, and the options some formats take (null or defaults where unused). */
    public record Spec(Path path, Format format, Path vocabulary, Path stopList, int minTokenLength) {
        public static Spec of(Path path) {
            return new Spec(path, Format.AUTO, null, null, 3);
        }
    }

    private static final Pattern LDAC_LINE = Pattern.compile("\\d+(\\s+\\d+:\\d+)*\\s*");

    private CorpusLoader() {
    }

    /** Reads a corpus over its own vocabulary. */
    public static Corpus read(Spec spec) throws InputException {
        Path path = spec.path();
        if (!Files.exists(path)) {
            throw InputException.ofFile(path, "file not found");
        }
        if (!Files.isDirectory(path)) {
            ModelLoader.rejectSerialized(path);
        }
        Format format = spec.format() == Format.AUTO ? detect(path) : spec.format();
        return switch (format) {
            case UCI -> UciFormat.read(path, spec.vocabulary());
            case LDAC -> LdacFormat.read(path, spec.vocabulary());
            case TOKENS -> TextCorpusFormat.readTokenLines(path);
            case TEXT -> TextCorpusFormat.readRawText(path, new Tokenizer(spec.minTokenLength(),
                    spec.stopList() == null ? Set.of() : TextCorpusFormat.readStopList(spec.stopList())));
            case AUTO -> throw new AssertionError("detect returns a concrete format");
        };
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
        String name = path.getFileName().toString();
        if (name.startsWith("docword.")) {
            return Format.UCI;
        }
        String first;
        try (LineReader in = LineReader.open(path)) {
            first = in.next();
        }
        if (first == null) {
            throw InputException.ofFile(path, "empty file");
        }
        if (name.replaceFirst("\\.gz$", "").endsWith(".dat") || LDAC_LINE.matcher(first).matches() && first.contains(":")) {
            return Format.LDAC;
        }
        if (first.indexOf('\t') > 0) {
            return Format.TOKENS;
        }
        return Format.TEXT;
    }

    /**
     * The corpus over another vocabulary: tokens whose word is not in it are dropped and documents left empty
     * are skipped, both counted on top of what reading already dropped.
     *
     * @throws InputException if no token at all is in the vocabulary
     */
    public static Corpus mapOnto(Corpus corpus, Vocabulary vocabulary, Path source) throws InputException {
        if (corpus.vocabulary().equals(vocabulary)) {
            return corpus;
        }
        int[] map = new int[corpus.vocabulary().size()];
        for (int w = 0; w < map.length; w++) {
            map[w] = vocabulary.id(corpus.vocabulary().word(w));
        }
        List<Document> docs = new ArrayList<>(corpus.size());
        long dropped = corpus.droppedTokens();
        int empty = corpus.droppedDocuments();
        IntArrayList kept = new IntArrayList();
        for (Document d : corpus.documents()) {
            kept.clear();
            for (int i = 0; i < d.length(); i++) {
                int id = map[d.word(i)];
                if (id >= 0) {
                    kept.add(id);
                } else {
                    dropped++;
                }
            }
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
        return new Corpus(corpus.name(), vocabulary, docs, dropped, empty);
    }
}
