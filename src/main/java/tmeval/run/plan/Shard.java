package tmeval.run.plan;

/**
 * One of N interleaved parts of a corpus ({@code --shard I/N}): the documents at positions I-1, I-1+N, I-1+2N, ...,
 * so that long and short documents spread evenly over the shards. Every (document, run, method) keeps the random
 * stream of its position in the whole corpus, so the shards' rows are exactly the unsharded run's rows.
 *
 * @param index from 1
 * @param count at least 1
 */
public record Shard(int index, int count) {
    /** The whole corpus. */
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a shard is I/N with 1 <= I <= N, was " + index + "/" + count);
        }
    }

    /** Parses {@code I/N}. */
    public static Shard parse(String text) {
        String[] parts = text.trim().split("/");
        try {
            if (parts.length == 2) {
                return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("--shard takes I/N (for example 2/8), was '" + text + "'");
    }

    /** How many of a corpus's documents this shard has (without listing them: a count read from a file may be huge). */
    public int size(int corpusSize) {
        return corpusSize <= index - 1 ? 0 : (corpusSize - index) / count + 1;
    }

    /** The corpus positions of this shard's documents, in corpus order. */
    public int[] positions(int corpusSize) {
        int n = size(corpusSize);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = index - 1 + i * count;
        }
        return p;
    }

    public String label() {
        return index + "/" + count;
    }
}
