package tmeval.model;

import java.util.Arrays;
import java.util.Objects;

/** A document as a sequence of word ids into some vocabulary; immutable. */
public final class Document implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final String id;
    private final int[] tokens;

    public Document(String id, int[] tokens) {
        this.id = Objects.requireNonNull(id, "id");
        this.tokens = tokens.clone();
    }

    public String id() {
        return id;
    }

    public int length() {
        return tokens.length;
    }

    public int word(int position) {
        return tokens[position];
    }

    /** A fresh copy of the word ids, for code that needs an array it may own. */
    public int[] tokens() {
        return tokens.clone();
    }

    /** The first {@code count} tokens as a new document (used for document completion). */
    public Document prefix(int count) {
        return new Document(id, Arrays.copyOf(tokens, count));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Document d && id.equals(d.id) && Arrays.equals(tokens, d.tokens);
    }

    @Override
    public int hashCode() {
        return 31 * id.hashCode() + Arrays.hashCode(tokens);
    }

    @Override
    public String toString() {
        return "Document[" + id + ", " + tokens.length + " tokens]";
    }
}
