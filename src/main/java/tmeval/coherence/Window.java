package tmeval.coherence;

import java.util.Locale;

/**
 * Where two words count as occurring together: a sliding window of {@code size} tokens, or the whole document
 * (gensim's boolean document, {@code size} 0). A document no longer than the window is one window, as in gensim.
 */
public record Window(int size) {
    /** The whole document is the window. */
    public static final Window DOCUMENT = new Window(0);
    /** The word written for {@link #DOCUMENT} on the command line and in the output. */
    public static final String DOCUMENT_NAME = "document";
    /** The largest sliding window accepted. */
    public static final int MAX_SIZE = 1_000_000;

    public Window {
        if (size < 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException("a window is 1 to " + MAX_SIZE + " tokens or '" + DOCUMENT_NAME + "', was " + size);
        }
    }

    public static Window sliding(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a window is 1 to " + MAX_SIZE + " tokens or '" + DOCUMENT_NAME + "', was " + size);
        }
        return new Window(size);
    }

    /** {@code document} or a whole number of tokens. */
    public static Window parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals(DOCUMENT_NAME)) {
            return DOCUMENT;
        }
        try {
            return sliding(Integer.parseInt(t));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--window is a number of tokens or '" + DOCUMENT_NAME + "', was '" + text + "'");
        }
    }

    public boolean isDocument() {
        return size == 0;
    }

    /** The windows a document of this length gives: one when it is no longer than the window. */
    public long windowsIn(int length) {
        return isDocument() || length <= size ? 1 : length - size + 1L;
    }

    /** {@code document} or the size. */
    public String label() {
        return isDocument() ? DOCUMENT_NAME : Integer.toString(size);
    }
}
