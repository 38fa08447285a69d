package tmeval.model;

import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** An immutable, indexed list of distinct words: word id i is the i-th word. */
public final class Vocabulary implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final String[] words;
    private final Object2IntOpenHashMap<String> index;

    private Vocabulary(String[] words, Object2IntOpenHashMap<String> index) {
        this.words = words;
        this.index = index;
    }

    /** Builds a vocabulary; throws if a word repeats (readers turn that into an input error with its line). */
    public static Vocabulary of(List<String> words) {
        Builder b = new Builder();
        for (String w : words) {
            if (b.add(w) < 0) {
                throw new IllegalArgumentException("duplicate word '" + w + "'");
            }
        }
        return b.build();
    }

    public int size() {
        return words.length;
    }

    public String word(int id) {
        return words[id];
    }

    /** The id of a word, or -1 when it is not in the vocabulary. */
    public int id(String word) {
        return index.getInt(word);
    }

    public boolean contains(String word) {
        return index.containsKey(word);
    }

    public List<String> words() {
        return List.of(words);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Vocabulary v && Arrays.equals(words, v.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return "Vocabulary[" + words.length + " words]";
    }

    /** Grows a vocabulary word by word, as readers that discover words while parsing need. */
    public static final class Builder {
        private final Object2IntOpenHashMap<String> index = new Object2IntOpenHashMap<>();
        private String[] words = new String[16];
        private int size;

        public Builder() {
            index.defaultReturnValue(-1);
        }

        /** Adds a new word and returns its id, or returns -1 if the word is already present. */
        public int add(String word) {
            Objects.requireNonNull(word, "word");
            if (index.containsKey(word)) {
                return -1;
            }
            return append(word);
        }

        /** The id of the word, adding it if it is new. */
        public int idOrAdd(String word) {
            int id = index.getInt(word);
            return id >= 0 ? id : append(word);
        }

        public int size() {
            return size;
        }

        public String word(int id) {
            if (id < 0 || id >= size) {
                throw new IndexOutOfBoundsException(id);
            }
            return words[id];
        }

        private int append(String word) {
            if (size == words.length) {
                words = Arrays.copyOf(words, size * 2);
            }
            words[size] = word;
            index.put(word, size);
            return size++;
        }

        public Vocabulary build() {
            Object2IntOpenHashMap<String> copy = new Object2IntOpenHashMap<>(index);
            copy.defaultReturnValue(-1);
            copy.trim();
            return new Vocabulary(Arrays.copyOf(words, size), copy);
        }
    }
}
