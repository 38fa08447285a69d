package tmeval.coherence;

import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Each topic's top words (by phi, most probable first) and those of them the reference corpus holds, as indices into
 * the set of all topics' words found there. A top word the reference corpus never uses is left out of the topic's
 * measure, as gensim's {@code CoherenceModel} leaves out a topic word its dictionary (built from the same texts) lacks;
 * the output counts them per topic.
 */
public final class ReferenceTopics {
    private final List<String[]> words;
    private final boolean[][] isFound;
    private final int[][] found;
    private final int[] relevantOf;
    private final int numRelevant;

    private ReferenceTopics(List<String[]> words, boolean[][] isFound, int[][] found, int[] relevantOf, int numRelevant) {
        this.words = words;
        this.isFound = isFound;
        this.found = found;
        this.relevantOf = relevantOf;
        this.numRelevant = numRelevant;
    }

    /** The top {@code topN} words of each topic of the model, looked up in the reference corpus (over its own vocabulary). */
    public static ReferenceTopics of(TopicModel model, int topN, Corpus reference) {
        return of(TopWords.of(model, topN), reference);
    }

    /** Topics given as words, most probable first. */
    public static ReferenceTopics of(List<String[]> topics, Corpus reference) {
        boolean[] used = new boolean[reference.vocabulary().size()];
        for (Document d : reference.documents()) {
            for (int i = 0; i < d.length(); i++) {
                used[d.word(i)] = true;
            }
        }
        int[] relevantOf = new int[used.length];
        Arrays.fill(relevantOf, -1);
        int numRelevant = 0;
        boolean[][] isFound = new boolean[topics.size()][];
        int[][] found = new int[topics.size()][];
        for (int t = 0; t < topics.size(); t++) {
            String[] topic = topics.get(t);
            isFound[t] = new boolean[topic.length];
            int[] ids = new int[topic.length];
            int n = 0;
            for (int i = 0; i < topic.length; i++) {
                int id = reference.vocabulary().id(topic[i]);
                if (id >= 0 && used[id]) {
                    if (relevantOf[id] < 0) {
                        relevantOf[id] = numRelevant++;
                    }
                    ids[n++] = relevantOf[id];
                    isFound[t][i] = true;
                }
            }
            found[t] = Arrays.copyOf(ids, n);
        }
        return new ReferenceTopics(topics.stream().map(String[]::clone).toList(), isFound, found, relevantOf, numRelevant);
    }

    public int numTopics() {
        return words.size();
    }

    /** The topic's top words, most probable first. */
    public String[] words(int topic) {
        return words.get(topic).clone();
    }

    /** How many of the topic's top words the reference corpus holds: the words its measure is over. */
    public int found(int topic) {
        return found[topic].length;
    }

    /** The topic's top words the reference corpus never uses, in rank order. */
    public List<String> absent(int topic) {
        List<String> absent = new ArrayList<>();
        String[] w = words.get(topic);
        for (int i = 0; i < w.length; i++) {
            if (!isFound[topic][i]) {
                absent.add(w[i]);
            }
        }
        return absent;
    }

    /** The counts of every topic's found words in the reference corpus. */
    public Cooccurrences count(Corpus reference, Window window, CancelToken cancel) {
        return Cooccurrences.count(reference.documents(), relevantOf, numRelevant, found, window, cancel);
    }
}
