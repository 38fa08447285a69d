package tmeval.compare;

import tmeval.model.TopicModel;
import tmeval.model.Vocabulary;

import java.util.ArrayList;
import java.util.List;

/**
 * Two models over different vocabularies, restricted to the words they share (the explicit {@code --vocabulary
 * intersect} option): each topic is renormalised over the shared words, and what was dropped is reported.
 *
 * @param a model A over the shared words
 * @param b model B over the shared words
 * @param droppedFromA words only A has
 * @param droppedFromB words only B has
 * @param largestMassLostA the largest probability any topic of A had on the dropped words
 * @param largestMassLostB likewise for B
 */
public record VocabularyIntersection(TopicModel a, TopicModel b, int droppedFromA, int droppedFromB,
                                     double largestMassLostA, double largestMassLostB) {
    public static VocabularyIntersection of(TopicModel a, TopicModel b) {
        List<String> shared = new ArrayList<>();
        for (String w : a.vocabulary().words()) {
            if (b.vocabulary().contains(w)) {
                shared.add(w);
            }
        }
        if (shared.isEmpty()) {
            throw new IllegalArgumentException("the two models share no word");
        }
        Vocabulary vocabulary = Vocabulary.of(shared);
        double[] lostA = new double[1];
        double[] lostB = new double[1];
        TopicModel ra = restrict(a, vocabulary, lostA);
        TopicModel rb = restrict(b, vocabulary, lostB);
        return new VocabularyIntersection(ra, rb, a.numWords() - shared.size(), b.numWords() - shared.size(), lostA[0], lostB[0]);
    }

    private static TopicModel restrict(TopicModel m, Vocabulary vocabulary, double[] largestLoss) {
        int numTopics = m.numTopics();
        double[] phi = new double[vocabulary.size() * numTopics];
        double[] row = new double[numTopics];
        for (int w = 0; w < vocabulary.size(); w++) {
            m.copyRow(m.vocabulary().id(vocabulary.word(w)), row, 0);
            System.arraycopy(row, 0, phi, w * numTopics, numTopics);
        }
        double[] sums = TopicModel.columnSums(phi, numTopics);
        for (int k = 0; k < numTopics; k++) {
            if (!(sums[k] > 0)) {
                throw new IllegalArgumentException("topic " + (k + 1) + " of " + m.name() + " has no probability on the shared words");
            }
            largestLoss[0] = Math.max(largestLoss[0], 1 - sums[k]);
        }
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % numTopics];
        }
        return new TopicModel(m.name(), vocabulary, phi, m.alpha());
    }

    public String describe() {
        return String.format(java.util.Locale.ROOT,
                "vocabularies intersected: %d shared words; dropped %d words only in A (a topic lost at most %.3g of its mass)"
                        + " and %d only in B (at most %.3g); topics renormalised over the shared words",
                a.numWords(), droppedFromA, largestMassLostA, droppedFromB, largestMassLostB);
    }
}
