package tmeval.coherence;

import tmeval.model.Document;
import tmeval.progress.CancelToken;

import java.util.List;

/**
 * How many windows of a reference corpus hold each topic word, and each pair of words of one topic: gensim 4.2.0's
 * {@code WordOccurrenceAccumulator} (sliding windows) and {@code CorpusAccumulator} (boolean document), count for count.
 *
 * <p>gensim slides a window one token at a time and keeps the set of words in it incrementally: the word that leaves
 * is taken out and the word that enters is put in. A word that leaves while a later copy of it is still inside the
 * window is taken out all the same, and stays out until a copy of it enters again (text_analysis.py,
 * {@code _slide_window}): in "a b a c d" with windows of 3, gensim finds "a" in 1 window, not 3. The counts here do
 * the same, so that the coherence equals gensim's on the same tokens; formats.md says so. A document no longer than the
 * window is one window; the number of windows, gensim's {@code num_docs}, counts every document, even one without a
 * topic word.
 */
public final class Cooccurrences {
    private final long windows;
    private final long[] occurrences;
    private final int[][] topics;
    /** per topic, its n x n counts of windows holding both words (upper triangle used) */
    private final long[][] together;

    private Cooccurrences(long windows, long[] occurrences, int[][] topics, long[][] together) {
        this.windows = windows;
        this.occurrences = occurrences;
        this.topics = topics;
        this.together = together;
    }

    /**
     * @param documents the reference corpus, in its own word ids
     * @param relevantOf for each word id of the corpus, its index among the topic words, or -1
     * @param numRelevant how many topic words there are
     * @param topics each topic's words as indices among the topic words, in the topic's order
     */
    public static Cooccurrences count(List<Document> documents, int[] relevantOf, int numRelevant, int[][] topics, Window window,
                                      CancelToken cancel) {
        Counter counter = new Counter(numRelevant, topics);
        long windows = 0;
        for (int d = 0; d < documents.size(); d++) {
            cancel.checkEvery(d);
            int[] tokens = documents.get(d).tokens();
            windows += window.windowsIn(tokens.length);
            counter.document(tokens, relevantOf, window);
        }
        return new Cooccurrences(windows, counter.occurrences, topics, counter.together);
    }

    /** gensim's {@code num_docs}: the windows (virtual documents), or the documents with {@link Window#DOCUMENT}. */
    public long windows() {
        return windows;
    }

    /** The windows holding the topic word of this index. */
    public long occurrences(int relevant) {
        return occurrences[relevant];
    }

    /** The windows holding both the i-th and the j-th word of a topic (the word's own count when i == j, as gensim's diagonal). */
    public long together(int topic, int i, int j) {
        if (i == j) {
            return occurrences[topics[topic][i]];
        }
        int n = topics[topic].length;
        return i < j ? together[topic][i * n + j] : together[topic][j * n + i];
    }

    /** The set of topic words in the current window, and the counts it adds. */
    private static final class Counter {
        final long[] occurrences;
        final long[][] together;
        final int[][] topics;
        /** for each topic word, the topics holding it and its position there */
        final int[][] memberTopic;
        final int[][] memberPosition;
        final boolean[] present;
        final int[] presentList;
        final int[] presentAt;
        int presentCount;
        final int[][] bucket;
        final int[] bucketSize;
        final int[] touched;

        Counter(int numRelevant, int[][] topics) {
            this.topics = topics;
            occurrences = new long[numRelevant];
            together = new long[topics.length][];
            int[] memberships = new int[numRelevant];
            for (int t = 0; t < topics.length; t++) {
                together[t] = new long[topics[t].length * topics[t].length];
                for (int r : topics[t]) {
                    memberships[r]++;
                }
            }
            memberTopic = new int[numRelevant][];
            memberPosition = new int[numRelevant][];
            for (int r = 0; r < numRelevant; r++) {
                memberTopic[r] = new int[memberships[r]];
                memberPosition[r] = new int[memberships[r]];
                memberships[r] = 0;
            }
            bucket = new int[topics.length][];
            for (int t = 0; t < topics.length; t++) {
                bucket[t] = new int[topics[t].length];
                for (int i = 0; i < topics[t].length; i++) {
                    int r = topics[t][i];
                    memberTopic[r][memberships[r]] = t;
                    memberPosition[r][memberships[r]++] = i;
                }
            }
            bucketSize = new int[topics.length];
            touched = new int[topics.length];
            present = new boolean[numRelevant];
            presentList = new int[numRelevant];
            presentAt = new int[numRelevant];
        }

        void document(int[] tokens, int[] relevantOf, Window window) {
            clear();
            int size = window.isDocument() || tokens.length <= window.size() ? tokens.length : window.size();
            for (int i = 0; i < size; i++) {
                add(relevantOf[tokens[i]]);
            }
            // consecutive windows holding the same set add the same counts: they are added once, times their number
            long repeat = 1;
            for (int start = 1; start + size <= tokens.length; start++) {
                int leaving = relevantOf[tokens[start - 1]];
                int entering = relevantOf[tokens[start + size - 1]];
                boolean changes = (entering >= 0 && !present[entering]) || (leaving >= 0 && present[leaving] && leaving != entering);
                if (!changes) {
                    repeat++;
                    continue;
                }
                addCounts(repeat);
                repeat = 1;
                // gensim's order: the word at the old window's edge out, then the new last word in
                remove(leaving);
                add(entering);
            }
            addCounts(repeat);
        }

        private void clear() {
            for (int i = 0; i < presentCount; i++) {
                present[presentList[i]] = false;
            }
            presentCount = 0;
        }

        private void add(int r) {
            if (r >= 0 && !present[r]) {
                present[r] = true;
                presentAt[r] = presentCount;
                presentList[presentCount++] = r;
            }
        }

        private void remove(int r) {
            if (r >= 0 && present[r]) {
                present[r] = false;
                int last = presentList[--presentCount];
                presentList[presentAt[r]] = last;
                presentAt[last] = presentAt[r];
            }
        }

        /** The current set's counts, for {@code times} windows. */
        private void addCounts(long times) {
            int numTouched = 0;
            for (int p = 0; p < presentCount; p++) {
                int r = presentList[p];
                occurrences[r] += times;
                for (int m = 0; m < memberTopic[r].length; m++) {
                    int t = memberTopic[r][m];
                    if (bucketSize[t] == 0) {
                        touched[numTouched++] = t;
                    }
                    bucket[t][bucketSize[t]++] = memberPosition[r][m];
                }
            }
            for (int x = 0; x < numTouched; x++) {
                int t = touched[x];
                int n = topics[t].length;
                int[] b = bucket[t];
                for (int u = 0; u < bucketSize[t]; u++) {
                    for (int v = u + 1; v < bucketSize[t]; v++) {
                        int i = Math.min(b[u], b[v]);
                        int j = Math.max(b[u], b[v]);
                        together[t][i * n + j] += times;
                    }
                }
                bucketSize[t] = 0;
            }
        }
    }
}
