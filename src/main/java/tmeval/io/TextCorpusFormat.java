package tmeval.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.Vocabulary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Text corpora: token lines ({@code docId<TAB>tok tok ...}, tokens verbatim) and raw text (a directory of
 * {@code .txt} files, one document each, or one document per line), tokenised by {@link Tokenizer}.
 */
public final class TextCorpusFormat {
    private TextCorpusFormat() {
    }

    /** Token lines: {@code docId<TAB>tok tok tok}; an empty document is skipped and counted. */
    public static Corpus readTokenLines(Path file) throws InputException {
        try (LineReader in = LineReader.open(file)) {
            return readTokenLines(in);
        }
    }

    /** Reads token lines from an open reader (which may have been peeked at), applying its limits. */
    static Corpus readTokenLines(LineReader in) throws InputException {
        Sink sink = new Sink(in.limits());
        Set<String> ids = new HashSet<>();
        String line;
        while ((line = in.next()) != null) {
            int tab = line.indexOf('\t');
            if (tab < 0) {
                if (line.isBlank()) {
                    continue;
                }
                throw in.error("expected 'docId<TAB>tokens', found no tab");
            }
            String id = line.substring(0, tab);
            if (id.isEmpty()) {
                throw in.error("empty document id");
            }
            checkId(in, id);
            if (!ids.add(id)) {
                throw in.error("document id '" + Numbers.abbreviate(id) + "' appears twice");
            }
            // scanned token by token, not split: a long line would split into millions of strings at once
            for (int start = Numbers.fieldStart(line, tab + 1); start < line.length(); ) {
                int end = Numbers.fieldEnd(line, start);
                sink.accept(line.substring(start, end));
                start = Numbers.fieldStart(line, end);
            }
            sink.endDocument(in, id);
        }
        return sink.corpus(in.path());
    }

    /** Raw text: a directory of .txt files (sorted by name, id = name without .txt) or one document per line. */
    public static Corpus readRawText(Path path, Tokenizer tokenizer) throws InputException {
        return readRawText(path, tokenizer, InputLimits.current());
    }

    static Corpus readRawText(Path path, Tokenizer tokenizer, InputLimits limits) throws InputException {
        if (!Files.isDirectory(path)) {
            try (LineReader in = LineReader.open(path, limits)) {
                return readRawText(in, tokenizer);
            }
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(path)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().toList();
        } catch (IOException e) {
            throw InputException.ofFile(path, "cannot list the directory: " + e.getMessage());
        }
        if (files.isEmpty()) {
            throw InputException.ofFile(path, "the directory has no .txt files");
        }
        Sink sink = new Sink(limits);
        for (Path f : files) {
            try (LineReader in = LineReader.open(f, limits)) {
                String id = f.getFileName().toString().replaceFirst("\\.txt$", "");
                checkId(in, id);
                String line;
                while ((line = in.next()) != null) {
                    tokenizer.tokenize(line, sink);
                    sink.check(in);
                }
                sink.endDocument(in, id);
            }
        }
        return sink.corpus(path);
    }

    /** Raw text with one document per line, from an open reader (which may have been peeked at). */
    static Corpus readRawText(LineReader in, Tokenizer tokenizer) throws InputException {
        Sink sink = new Sink(in.limits());
        String line;
        while ((line = in.next()) != null) {
            tokenizer.tokenize(line, sink);
            sink.endDocument(in, Long.toString(in.lineNumber()));
        }
        return sink.corpus(in.path());
    }

    /**
     * MALLET's {@code import-file} input: one document per line, {@code name label text} (MALLET's default line regex
     * {@code ^(\S*)[\s,]*(\S*)[\s,]*(.*)$}): the name is the document's id, the label is skipped, the text is
     * tokenised as raw text is ({@code --remove-stopwords}, {@code --token-regex}, ... as MALLET's import).
     */
    static Corpus readMalletLines(LineReader in, Tokenizer tokenizer) throws InputException {
        Sink sink = new Sink(in.limits());
        Set<String> ids = new HashSet<>();
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            int nameEnd = nextSpace(line, 0);
            String id = line.substring(0, nameEnd);
            if (id.isEmpty()) {
                throw in.error("expected 'name label text' (MALLET's import-file input), found no name before the first space");
            }
            checkId(in, id);
            if (!ids.add(id)) {
                throw in.error("document id '" + Numbers.abbreviate(id) + "' appears twice");
            }
            int labelEnd = nextSpace(line, skipSeparators(line, nameEnd));
            tokenizer.tokenize(line.substring(skipSeparators(line, labelEnd)), sink);
            sink.endDocument(in, id);
        }
        return sink.corpus(in.path());
    }

    private static int nextSpace(String line, int from) {
        int i = from;
        while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Past MALLET's {@code [\s,]*} between the fields. */
    private static int skipSeparators(String line, int from) {
        int i = from;
        while (i < line.length() && (Character.isWhitespace(line.charAt(i)) || line.charAt(i) == ',')) {
            i++;
        }
        return i;
    }

    /** {@code *} is refused as a document id: the curve output uses it for the corpus total. */
    private static void checkId(LineReader in, String id) throws InputException {
        if (id.equals("*")) {
            throw in.error("document id '*' is reserved (it marks the corpus total in the output); rename the document");
        }
    }

    /**
     * Collects a corpus token by token. It stops taking tokens (and remembers why) once a corpus limit is crossed, so
     * that even one huge line cannot grow the corpus without bound; {@link #check} then reports it at the line.
     */
    private static final class Sink implements Consumer<String> {
        private final InputLimits limits;
        private final Vocabulary.Builder vocab = new Vocabulary.Builder();
        private final List<Document> docs = new ArrayList<>();
        private final IntArrayList tokens = new IntArrayList();
        private long previousTokens;
        private int empty;
        private boolean full;

        Sink(InputLimits limits) {
            this.limits = limits;
        }

        @Override
        public void accept(String token) {
            if (full) {
                return;
            }
            if (previousTokens + tokens.size() >= limits.maxTokens() || vocab.size() >= limits.maxVocabulary()) {
                full = true;
                return;
            }
            tokens.add(vocab.idOrAdd(token));
        }

        void check(LineReader in) throws InputException {
            if (full) {
                limits.checkVocabulary(in, vocab.size() + 1L);
                limits.checkTokens(in, previousTokens + tokens.size() + 1L);
            }
        }

        void endDocument(LineReader in, String id) throws InputException {
            check(in);
            if (tokens.isEmpty()) {
                empty++;
            } else {
                limits.checkDocuments(in, docs.size() + 1L);
                docs.add(new Document(id, tokens.toIntArray()));
                previousTokens += tokens.size();
            }
            tokens.clear();
        }

        Corpus corpus(Path path) {
            return new Corpus(path.getFileName().toString(), vocab.build(), docs, 0, empty);
        }
    }

    /** Writes token lines ({@code docId<TAB>tok tok ...}), gzip when the name ends in .gz; appears only when complete. */
    public static void writeTokenLines(Corpus corpus, Path path) throws java.io.IOException {
        try (OutputFile file = OutputFile.create(path)) {
            writeTokenLines(corpus, file.writer());
            file.commit();
        }
    }

    public static void writeTokenLines(Corpus corpus, java.io.Writer out) throws java.io.IOException {
        StringBuilder sb = new StringBuilder();
        for (Document d : corpus.documents()) {
            sb.setLength(0);
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(corpus.vocabulary().word(d.word(i)));
            }
            sb.append('\n');
            out.append(sb);
        }
    }

    /** A stop list: one word per line; blank lines and lines starting with # are ignored. */
    public static Set<String> readStopList(Path file) throws InputException {
        Set<String> words = new HashSet<>();
        try (LineReader in = LineReader.open(file)) {
            String line;
            while ((line = in.next()) != null) {
                String w = line.strip();
                if (!w.isEmpty() && !w.startsWith("#")) {
                    words.add(w.toLowerCase(java.util.Locale.ROOT));
                    in.limits().checkVocabulary(in, words.size());
                }
            }
        }
        return words;
    }
}
