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
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        List<Document> docs = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        int empty = 0;
        try (LineReader in = LineReader.open(file)) {
            String line;
            IntArrayList tokens = new IntArrayList();
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
                if (!ids.add(id)) {
                    throw in.error("document id '" + Numbers.abbreviate(id) + "' appears twice");
                }
                tokens.clear();
                for (String t : line.substring(tab + 1).trim().split("\\s+")) {
                    if (!t.isEmpty()) {
                        tokens.add(vocab.idOrAdd(t));
                    }
                }
                if (tokens.isEmpty()) {
                    empty++;
                } else {
                    docs.add(new Document(id, tokens.toIntArray()));
                }
            }
        }
        return new Corpus(file.getFileName().toString(), vocab.build(), docs, 0, empty);
    }

    /** Raw text: a directory of .txt files (sorted by name, id = name without .txt) or one document per line. */
    public static Corpus readRawText(Path path, Tokenizer tokenizer) throws InputException {
        Vocabulary.Builder vocab = new Vocabulary.Builder();
        List<Document> docs = new ArrayList<>();
        int[] empty = {0};
        IntArrayList tokens = new IntArrayList();
        if (Files.isDirectory(path)) {
            List<Path> files;
            try (Stream<Path> s = Files.list(path)) {
                files = s.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().toList();
            } catch (IOException e) {
                throw InputException.ofFile(path, "cannot list the directory: " + e.getMessage());
            }
            if (files.isEmpty()) {
                throw InputException.ofFile(path, "the directory has no .txt files");
            }
            for (Path f : files) {
                tokens.clear();
                try (LineReader in = LineReader.open(f)) {
                    String line;
                    while ((line = in.next()) != null) {
                        tokenizer.tokenize(line, t -> tokens.add(vocab.idOrAdd(t)));
                    }
                }
                addDocument(docs, empty, f.getFileName().toString().replaceFirst("\\.txt$", ""), tokens);
            }
        } else {
            try (LineReader in = LineReader.open(path)) {
                String line;
                while ((line = in.next()) != null) {
                    tokens.clear();
                    tokenizer.tokenize(line, t -> tokens.add(vocab.idOrAdd(t)));
                    addDocument(docs, empty, Long.toString(in.lineNumber()), tokens);
                }
            }
        }
        return new Corpus(path.getFileName().toString(), vocab.build(), docs, 0, empty[0]);
    }

    private static void addDocument(List<Document> docs, int[] empty, String id, IntArrayList tokens) {
        if (tokens.isEmpty()) {
            empty[0]++;
        } else {
            docs.add(new Document(id, tokens.toIntArray()));
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
                }
            }
        }
        return words;
    }
}
