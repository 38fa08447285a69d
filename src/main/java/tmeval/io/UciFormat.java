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
 * UCI bag of words: {@code docword.X.txt[.gz]} (D, W, NNZ, then {@code docID wordID count}, 1-based) with
 * {@code vocab.X.txt} beside it. A document's tokens are its words repeated by count, in word-id order
 * (the format keeps no order). Document ids are the UCI docIDs; documents with no entries are skipped and counted.
 */
public final class UciFormat {
    private UciFormat() {
    }

    /** The vocabulary file that belongs beside a docword file: docword.X.txt[.gz] -> vocab.X.txt. */
    public static Path defaultVocabulary(Path docword) {
        String name = docword.getFileName().toString();
        String stem = name.replaceFirst("\\.gz$", "").replaceFirst("^docword\\.", "");
        Path sibling = docword.resolveSibling("vocab." + stem);
        return sibling;
    }

    public static Corpus read(Path docword, Path vocabularyFile) throws InputException {
        try (LineReader in = LineReader.open(docword)) {
            return read(in, vocabularyFile);
        }
    }

    /** Reads from an open docword reader (which may have been peeked at), applying its limits. */
    static Corpus read(LineReader in, Path vocabularyFile) throws InputException {
        Path docword = in.path();
        InputLimits limits = in.limits();
        if (vocabularyFile == null) {
            vocabularyFile = defaultVocabulary(docword);
            if (!Files.exists(vocabularyFile)) {
                throw InputException.ofFile(docword, "no vocabulary file given and " + vocabularyFile.getFileName() + " is not beside it");
            }
        }
        Vocabulary vocabulary;
        try {
            vocabulary = Vocabulary.of(MatrixModelFormat.readWords(vocabularyFile, limits));
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(vocabularyFile, e.getMessage());
        }
        int numDocs = Numbers.parseInt(in, requireLine(in, "the number of documents D"), "D", 0, Integer.MAX_VALUE - 1);
        int numWords = Numbers.parseInt(in, requireLine(in, "the vocabulary size W"), "W", 0, Integer.MAX_VALUE - 1);
        long nnz = Numbers.parseLong(in, requireLine(in, "the number of entries NNZ"), "NNZ");
        if (numWords != vocabulary.size()) {
            throw new InputException(docword, 2, "W = " + numWords + " but " + vocabularyFile.getFileName() + " has " + vocabulary.size() + " words");
        }
        List<Document> docs = new ArrayList<>();
        IntArrayList tokens = new IntArrayList();
        int currentDoc = 0;
        int lastWord = 0;
        long entries = 0;
        long totalTokens = 0;
        int empty = 0;
        String line;
        while ((line = in.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            int fields = Numbers.countFields(line);
            if (fields != 3) {
                throw in.error("expected 'docID wordID count', found " + fields + " fields");
            }
            int s0 = Numbers.fieldStart(line, 0);
            int e0 = Numbers.fieldEnd(line, s0);
            int s1 = Numbers.fieldStart(line, e0);
            int e1 = Numbers.fieldEnd(line, s1);
            int s2 = Numbers.fieldStart(line, e1);
            int doc = Numbers.parseInt(in, line.substring(s0, e0), "docID", 1, numDocs);
            int word = Numbers.parseInt(in, line.substring(s1, e1), "wordID", 1, numWords);
            int count = Numbers.parseInt(in, line.substring(s2, Numbers.fieldEnd(line, s2)), "count", 1, Integer.MAX_VALUE);
            if (doc < currentDoc || (doc == currentDoc && word <= lastWord)) {
                throw in.error("entries are not sorted by docID then wordID (or repeat an entry)");
            }
            // counts are checked before they are expanded into tokens: a short line can ask for billions
            totalTokens += count;
            limits.checkTokens(in, totalTokens);
            if (doc != currentDoc) {
                if (currentDoc > 0) {
                    limits.checkDocuments(in, docs.size() + 1);
                    docs.add(new Document(Integer.toString(currentDoc), tokens.toIntArray()));
                }
                empty += doc - currentDoc - 1;
                tokens.clear();
                currentDoc = doc;
            }
            if (tokens.size() + (long) count > 10_000_000L) {
                throw in.error("document " + doc + " has more than 10,000,000 tokens");
            }
            for (int c = 0; c < count; c++) {
                tokens.add(word - 1);
            }
            lastWord = word;
            entries++;
        }
        if (entries != nnz) {
            throw InputException.ofFile(docword, "header says NNZ = " + nnz + " but the file has " + entries + " entries");
        }
        if (currentDoc > 0) {
            docs.add(new Document(Integer.toString(currentDoc), tokens.toIntArray()));
        }
        empty += numDocs - currentDoc;
        return new Corpus(docword.getFileName().toString(), vocabulary, docs, 0, empty);
    }

    private static String requireLine(LineReader in, String what) throws InputException {
        String line = in.next();
        if (line == null) {
            throw new InputException(in.path(), in.lineNumber() + 1, "file ends before " + what);
        }
        return line;
    }
}
