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

    public static Corpus read(Path data, Path vocabularyFile) throws InputException {
        if (vocabularyFile == null) {
            vocabularyFile = data.resolveSibling("vocab.txt");
            if (!Files.exists(vocabularyFile)) {
                throw InputException.ofFile(data, "no vocabulary file given and vocab.txt is not beside it");
            }
        }
        Vocabulary vocabulary;
        try {
            vocabulary = Vocabulary.of(MatrixModelFormat.readWords(vocabularyFile));
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(vocabularyFile, e.getMessage());
        }
        List<Document> docs = new ArrayList<>();
        int empty = 0;
        try (LineReader in = LineReader.open(data)) {
            String line;
            IntArrayList tokens = new IntArrayList();
            while ((line = in.next()) != null) {
                String[] f = line.trim().split("\\s+");
                if (line.isBlank()) {
                    throw in.error("empty line (an empty document is written '0')");
                }
                int declared = Numbers.parseInt(in, f[0], "term count M", 0, Integer.MAX_VALUE);
                if (declared != f.length - 1) {
                    throw in.error("M = " + declared + " but the line has " + (f.length - 1) + " id:count pairs");
                }
                tokens.clear();
                for (int i = 1; i < f.length; i++) {
                    int colon = f[i].indexOf(':');
                    if (colon < 0) {
                        throw in.error("pair " + i + " '" + Numbers.abbreviate(f[i]) + "' is not id:count");
                    }
                    int id = Numbers.parseInt(in, f[i].substring(0, colon), "term id", 0, vocabulary.size() - 1);
                    int count = Numbers.parseInt(in, f[i].substring(colon + 1), "count", 1, 10_000_000);
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
                    docs.add(new Document(Long.toString(in.lineNumber()), tokens.toIntArray()));
                }
            }
        }
        return new Corpus(data.getFileName().toString(), vocabulary, docs, 0, empty);
    }
}
