package tmeval.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Documents over one vocabulary, with the counts of what was dropped on the way in
 * (out-of-vocabulary tokens, empty documents), which every view must show.
 */
public final class Corpus {
    private final String name;
    private final Vocabulary vocabulary;
    private final List<Document> documents;
    private final long tokenCount;
    private final long droppedTokens;
    private final int droppedDocuments;
    private final UnknownWords unknownWords;

    public Corpus(String name, Vocabulary vocabulary, List<Document> documents, long droppedTokens, int droppedDocuments) {
        this(name, vocabulary, documents, droppedTokens, droppedDocuments, null);
    }

    /** @param unknownWords what mapping onto a model's vocabulary dropped, or null when the corpus was not mapped */
    public Corpus(String name, Vocabulary vocabulary, List<Document> documents, long droppedTokens, int droppedDocuments,
                  UnknownWords unknownWords) {
        this.name = Objects.requireNonNull(name, "name");
        this.vocabulary = Objects.requireNonNull(vocabulary, "the vocabulary");
        this.documents = List.copyOf(documents);
        long n = 0;
        for (Document d : this.documents) {
            n += d.length();
        }
        this.tokenCount = n;
        this.droppedTokens = droppedTokens;
        this.droppedDocuments = droppedDocuments;
        this.unknownWords = unknownWords;
    }

    /** The words a model's vocabulary did not hold, when the corpus was mapped onto one (otherwise none dropped by mapping). */
    public UnknownWords unknownWords() {
        return unknownWords != null ? unknownWords : UnknownWords.none(tokenCount + droppedTokens);
    }

    public String name() {
        return name;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
    }

    public List<Document> documents() {
        return documents;
    }

    public int size() {
        return documents.size();
    }

    public Document document(int index) {
        return documents.get(index);
    }

    public long tokenCount() {
        return tokenCount;
    }

    /** Tokens dropped because their word is not in the vocabulary (out-of-vocabulary). */
    public long droppedTokens() {
        return droppedTokens;
    }

    /** Documents skipped because they were empty (after dropping out-of-vocabulary tokens). */
    public int droppedDocuments() {
        return droppedDocuments;
    }

    public int maxDocumentLength() {
        int m = 0;
        for (Document d : documents) {
            m = Math.max(m, d.length());
        }
        return m;
    }

    /**
     * The documents with at least {@code minTokens} tokens, in order (long documents are the regime of Foulds and
     * Smyth's corpora; the name records what was kept).
     */
    public Corpus withMinimumLength(int minTokens) {
        List<Document> kept = documents.stream().filter(d -> d.length() >= minTokens).toList();
        if (kept.size() == documents.size()) {
            return this;
        }
        return new Corpus(name + " [" + kept.size() + " of " + documents.size() + " documents, those of at least " + minTokens + " tokens]",
                vocabulary, kept, droppedTokens, droppedDocuments, unknownWords);
    }

    /** One line for a summary: documents, tokens and what was dropped. */
    public String summary() {
        return String.format(Locale.ROOT, "%s: %d documents, %d tokens, vocabulary %d; dropped %d out-of-vocabulary tokens and %d empty documents",
                name, documents.size(), tokenCount, vocabulary.size(), droppedTokens, droppedDocuments);
    }
}
