package tmeval.sampling;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import tmeval.model.Document;
import tmeval.model.TopicModel;

/**
 * A document restricted to its own distinct words: each token points to a local word slot, and a model's rows
 * for those words are copied next to each other (slot-major, K per slot), so a Gibbs step reads one contiguous
 * row and no work ever scales with the vocabulary.
 */
public final class DocumentView {
    private final String id;
    private final int[] slots;
    private final int[] localWords;
    private final int[] slotCounts;

    private DocumentView(String id, int[] slots, int[] localWords, int[] slotCounts) {
        this.id = id;
        this.slots = slots;
        this.localWords = localWords;
        this.slotCounts = slotCounts;
    }

    public static DocumentView of(Document document) {
        int n = document.length();
        int[] slots = new int[n];
        Int2IntOpenHashMap slotOf = new Int2IntOpenHashMap();
        slotOf.defaultReturnValue(-1);
        int[] words = new int[Math.min(n, 16)];
        int[] counts = new int[words.length];
        int numLocal = 0;
        for (int i = 0; i < n; i++) {
            int w = document.word(i);
            int s = slotOf.get(w);
            if (s < 0) {
                s = numLocal++;
                slotOf.put(w, s);
                if (s == words.length) {
                    words = java.util.Arrays.copyOf(words, words.length * 2);
                    counts = java.util.Arrays.copyOf(counts, counts.length * 2);
                }
                words[s] = w;
            }
            counts[s]++;
            slots[i] = s;
        }
        return new DocumentView(document.id(), slots, java.util.Arrays.copyOf(words, numLocal), java.util.Arrays.copyOf(counts, numLocal));
    }

    /** The first {@code length} tokens (document completion observes a prefix). */
    public DocumentView prefix(int length) {
        int[] words = new int[length];
        for (int i = 0; i < length; i++) {
            words[i] = localWords[slots[i]];
        }
        return of(new Document(id, words));
    }

    public String id() {
        return id;
    }

    public int length() {
        return slots.length;
    }

    /** The local word slot of token i. */
    public int slot(int token) {
        return slots[token];
    }

    public int numLocalWords() {
        return localWords.length;
    }

    /** The vocabulary id of a local word. */
    public int word(int slot) {
        return localWords[slot];
    }

    /** How many tokens of the document are this local word. */
    public int count(int slot) {
        return slotCounts[slot];
    }

    /**
     * The model's rows for this document's words, slot-major: rows[s * K + k] = phi(word(s), k).
     *
     * @throws IllegalArgumentException if a word has probability zero under every topic (then P(w) = 0 and no
     *                                  estimate, exact or not, is finite)
     */
    public double[] rows(TopicModel model) {
        int numTopics = model.numTopics();
        double[] rows = new double[localWords.length * numTopics];
        for (int s = 0; s < localWords.length; s++) {
            model.copyRow(localWords[s], rows, s * numTopics);
            double max = 0;
            for (int k = 0; k < numTopics; k++) {
                max = Math.max(max, rows[s * numTopics + k]);
            }
            if (!(max > 0)) {
                throw new IllegalArgumentException("word '" + model.vocabulary().word(localWords[s]) + "' of document " + id
                        + " has probability 0 under every topic of model " + model.name() + ", so the document has probability 0");
            }
        }
        return rows;
    }

    /** Natural logs of {@link #rows(TopicModel)} (log 0 = -infinity for topics that exclude a word). */
    public double[] logRows(TopicModel model) {
        double[] rows = rows(model);
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Math.log(rows[i]);
        }
        return rows;
    }
}
