package tmeval.io;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.Vocabulary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * LDA-C (Blei's lda-c, gensim's BleiCorpus): one document per line, {@code M id:count ...}, ids 0-based into a
 * vocabulary file (default {@code vocab.txt} beside the data). Document ids are 1-based line numbers.
 */
public final class LdacFormat {
    private LdacFormat() {
    }

    /** The vocabulary file that belongs beside LDA-C data: vocab.txt in its directory. */
    public static Path defaultVocabulary(Path data) {
        return data.resolveSibling("vocab.txt");
    }

    public static Corpus read(Path data, Path vocabularyFile) throws InputException {
        try (LineReader in = LineReader.open(data)) {
            return read(in, vocabularyFile);
        }
    }

    /** Reads from an open reader (which may have been peeked at), applying its limits. */
    static Corpus read(LineReader in, Path vocabularyFile) throws InputException {
        Path data = in.path();
        InputLimits limits = in.limits();
        if (vocabularyFile == null) {
            vocabularyFile = defaultVocabulary(data);
            if (!Files.exists(vocabularyFile)) {
                throw InputException.ofFile(data, "no vocabulary file given and " + vocabularyFile.getFileName() + " is not beside it");
            }
        }
        Vocabulary vocabulary;
        try {
            vocabulary = Vocabulary.of(MatrixModelFormat.readWords(vocabularyFile, limits));
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(vocabularyFile, e.getMessage());
        }
        List<Document> docs = new ArrayList<>();
        int empty = 0;
        long totalTokens = 0;
        String line;
        IntArrayList tokens = new IntArrayList();
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                throw in.error("empty line (an empty document is written '0')");
            }
            // the line is scanned field by field, not split: a long line would split into millions of strings
            int pairs = Numbers.countFields(line) - 1;
            int start = Numbers.fieldStart(line, 0);
            int end = Numbers.fieldEnd(line, start);
            int declared = Numbers.parseInt(in, line.substring(start, end), "term count M", 0, Integer.MAX_VALUE);
            if (declared != pairs) {
                throw in.error("M = " + declared + " but the line has " + pairs + " id:count pairs");
            }
            tokens.clear();
            for (int i = 1; i <= pairs; i++) {
                start = Numbers.fieldStart(line, end);
                end = Numbers.fieldEnd(line, start);
                int colon = line.indexOf(':', start);
                if (colon < 0 || colon >= end) {
                    throw in.error("pair " + i + " '" + Numbers.abbreviate(line.substring(start, end)) + "' is not id:count");
                }
                int id = Numbers.parseInt(in, line.substring(start, colon), "term id", 0, vocabulary.size() - 1);
                int count = Numbers.parseInt(in, line.substring(colon + 1, end), "count", 1, 10_000_000);
                // counts are checked before they are expanded into tokens: a short line can ask for billions
                totalTokens += count;
                limits.checkTokens(in, totalTokens);
                if (tokens.size() + (long) count > 10_000_000L) {
                    throw in.error("document has more than 10,000,000 tokens");
                }
                for (int c = 0; c < count; c++) {
                    tokens.add(id);
                }
            }
            if (tokens.isEmpty()) {
                empty++;
            } else {
                limits.checkDocuments(in, docs.size() + 1);
                docs.add(new Document(Long.toString(in.lineNumber()), tokens.toIntArray()));
            }
        }
        return new Corpus(data.getFileName().toString(), vocabulary, docs, 0, empty);
    }
}
