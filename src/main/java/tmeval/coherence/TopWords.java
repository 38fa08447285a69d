package tmeval.coherence;

import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;

/** Each topic's most probable words by phi, most probable first (ties in word order, as {@link TopicModel#topWords}). */
public final class TopWords {
    private TopWords() {
    }

    /** The top {@code n} words of each topic (all of them when the vocabulary is smaller). */
    public static List<String[]> of(TopicModel model, int n) {
        List<String[]> topics = new ArrayList<>();
        for (int k = 0; k < model.numTopics(); k++) {
            int[] top = model.topWords(k, n);
            String[] w = new String[top.length];
            for (int i = 0; i < top.length; i++) {
                w[i] = model.vocabulary().word(top[i]);
            }
            topics.add(w);
        }
        return topics;
    }
}
