package tmeval.io;

/**
 * How much of a file the readers accept, derived from the heap this JVM may use ({@code -Xmx}), so that a hostile or
 * mistaken input (a gzip bomb, a count of two billion, a type index of two billion) is refused with a message naming
 * the limit instead of ending in an OutOfMemoryError. Every limit is checked before the memory it guards is allocated.
 * The fractions leave the rest of the heap to the model, the corpus and the estimators that run after reading.
 */
public final class InputLimits {
    private static final InputLimits CURRENT = forHeap(Runtime.getRuntime().maxMemory());

    private final long heap;
    private final int maxLineBytes;
    private final long maxTokens;
    private final int maxDocuments;
    private final int maxVocabulary;
    private final int maxTopics;
    private final long maxModelCells;

    private InputLimits(long heap) {
        this.heap = heap;
        // a line is held as bytes, then as a string, then cut into fields: several times its size at once
        maxLineBytes = clamp(heap / 8);
        // a token is an int (4 bytes) in its document; the corpus may take a quarter of the heap
        maxTokens = heap / 16;
        // a document costs about 256 bytes besides its tokens (object, id string, array header, list and id-set slots)
        maxDocuments = clamp(heap / 4 / 256);
        // a word costs about 128 bytes (string, hash-table slot, array slot, type-index slot); a quarter of the heap
        maxVocabulary = clamp(heap / 4 / 128);
        // a topic costs about 64 bytes per line that lists one value per topic (the field before parsing), and
        // samplers keep K-sized tables per thread and document: K * 1 KB within the heap
        maxTopics = clamp(heap / 1024);
        // V x K probabilities are doubles (8 bytes); a reader briefly holds two copies and the evaluators derive
        // tables of the same size, so one copy gets an eighth of the heap
        maxModelCells = Math.min(heap / 8 / 8, Integer.MAX_VALUE - 8);
    }

    /** The limits for this JVM's maximum heap. */
    public static InputLimits current() {
        return CURRENT;
    }

    /** The limits for a given heap, for tests that must not really allocate gigabytes. */
    static InputLimits forHeap(long heapBytes) {
        return new InputLimits(heapBytes);
    }

    private static int clamp(long v) {
        return (int) Math.min(v, Integer.MAX_VALUE - 8);
    }

    /** Longest line, in bytes: 1/8 of the heap. */
    public int maxLineBytes() {
        return maxLineBytes;
    }

    /** Most tokens in one corpus: 1/16 of the heap (4-byte tokens in a quarter of it). */
    public long maxTokens() {
        return maxTokens;
    }

    /** Most documents in one corpus: 1/1024 of the heap (about 256 bytes each in a quarter of it). */
    public int maxDocuments() {
        return maxDocuments;
    }

    /** Most distinct words (and highest MALLET type index + 1): 1/512 of the heap (about 128 bytes each in a quarter). */
    public int maxVocabulary() {
        return maxVocabulary;
    }

    /** Most topics: 1/1024 of the heap. */
    public int maxTopics() {
        return maxTopics;
    }

    /** Most probabilities in a model (V x K): 1/64 of the heap (8-byte doubles in an eighth of it). */
    public long maxModelCells() {
        return maxModelCells;
    }

    /** The end of a message about a crossed limit: which fraction of which heap, and how to raise it. */
    String because(String fraction) {
        return " (the limit is " + fraction + " of the " + (heap >> 20) + " MB heap; raise it with -Xmx)";
    }

    void checkTokens(LineReader in, long tokens) throws InputException {
        if (tokens > maxTokens) {
            throw in.error("the corpus has more than " + maxTokens + " tokens" + because("1/16"));
        }
    }

    void checkDocuments(LineReader in, long documents) throws InputException {
        if (documents > maxDocuments) {
            throw in.error("the corpus has more than " + maxDocuments + " documents" + because("1/1024"));
        }
    }

    void checkVocabulary(LineReader in, long words) throws InputException {
        if (words > maxVocabulary) {
            throw in.error("more than " + maxVocabulary + " distinct words" + because("1/512"));
        }
    }

    void checkTopics(LineReader in, long topics) throws InputException {
        if (topics > maxTopics) {
            throw in.error("more than " + maxTopics + " topics" + because("1/1024"));
        }
    }

    void checkModelCells(LineReader in, long words, long topics) throws InputException {
        if (words * topics > maxModelCells) {
            throw in.error("the model has more than " + maxModelCells + " probabilities (V x K = " + words + " x " + topics + ")"
                    + because("1/64"));
        }
    }
}
