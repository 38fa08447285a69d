package tmeval.coherence;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Topic diversity and inverted RBO on topics whose values are worked out by hand. */
class DiversityTest {
    private static final double P = 0.9;

    @Test
    void topicDiversityIsTheShareOfDistinctWordsInTheTopWords() {
        List<String[]> topics = List.of(new String[] {"a", "b", "c"}, new String[] {"a", "d", "e"}, new String[] {"f", "g", "h"});
        // 8 distinct of 3 x 3
        assertEquals(8 / 9.0, Diversity.topicDiversity(topics, 3), 1e-15);
        // the first two words of each: a b, a d, f g: 5 distinct of 6
        assertEquals(5 / 6.0, Diversity.topicDiversity(topics, 2), 1e-15);
    }

    @Test
    void rboExtrapolatedWeighsAgreementAtEachDepth() {
        // a b c against a d e: agreement 1, 1/2, 1/3 at depths 1, 2, 3
        double partial = (1 - P) / P * (P * 1 + P * P / 2 + P * P * P / 3) + P * P * P / 3;
        assertEquals(partial, Diversity.rboExtrapolated(new String[] {"a", "b", "c"}, new String[] {"a", "d", "e"}, P), 1e-15);
        // a b c against c b a: 0, 1/2, 1
        double reversed = (1 - P) / P * (0 + P * P / 2 + P * P * P) + P * P * P;
        assertEquals(reversed, Diversity.rboExtrapolated(new String[] {"a", "b", "c"}, new String[] {"c", "b", "a"}, P), 1e-15);
        assertEquals(1.0, Diversity.rboExtrapolated(new String[] {"a", "b", "c"}, new String[] {"a", "b", "c"}, P), 1e-15);
        assertEquals(0.0, Diversity.rboExtrapolated(new String[] {"a", "b", "c"}, new String[] {"d", "e", "f"}, P), 1e-15);
        // symmetric
        assertEquals(Diversity.rboExtrapolated(new String[] {"a", "b", "c"}, new String[] {"b", "d", "a"}, P),
                Diversity.rboExtrapolated(new String[] {"b", "d", "a"}, new String[] {"a", "b", "c"}, P), 1e-15);
    }

    @Test
    void invertedRboIsOneMinusTheMeanOverPairs() {
        List<String[]> topics = List.of(new String[] {"a", "b", "c"}, new String[] {"a", "d", "e"}, new String[] {"f", "g", "h"});
        double ab = (1 - P) / P * (P + P * P / 2 + P * P * P / 3) + P * P * P / 3;
        assertEquals(1 - (ab + 0 + 0) / 3, Diversity.invertedRbo(topics, 3, P), 1e-15);
        assertTrue(Double.isNaN(Diversity.invertedRbo(List.<String[]>of(new String[] {"a"}), 3, P)), "one topic has no pair");
    }
}
