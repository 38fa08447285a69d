package tmeval.compare;

import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;

/**
 * Two models made ready to compare: same K (or an error), same vocabulary (or an error, unless the intersection
 * is asked for), and B's topics optionally aligned to A's by the Hungarian algorithm.
 *
 * @param a model A
 * @param b model B, aligned when asked
 * @param alignment the alignment found (also reported when not applied), or null when K differs
 * @param aligned whether B was permuted
 * @param notes what was done, in words
 */
public record ModelPair(TopicModel a, TopicModel b, TopicAlignment alignment, boolean aligned, List<String> notes) {
    /**
     * @throws IllegalArgumentException with a message for the user when the models cannot be compared
     */
    public static ModelPair prepare(TopicModel a, TopicModel b, boolean align, boolean intersectVocabularies) {
        List<String> notes = new ArrayList<>();
        if (a.numTopics() != b.numTopics()) {
            throw new IllegalArgumentException("model A has K = " + a.numTopics() + " topics and model B has K = " + b.numTopics()
                    + "; the ratio paths anneal topic k of one model into topic k of the other, so both need the same K");
        }
        if (!a.vocabulary().equals(b.vocabulary())) {
            if (!intersectVocabularies) {
                int shared = 0;
                for (String w : a.vocabulary().words()) {
                    shared += b.vocabulary().contains(w) ? 1 : 0;
                }
                throw new IllegalArgumentException("the models' vocabularies differ (A has " + a.numWords() + " words, B " + b.numWords()
                        + ", " + shared + " shared" + (shared == a.numWords() && shared == b.numWords() ? ", in a different order" : "")
                        + "); pass --vocabulary intersect to compare them on the shared words");
            }
            if (sameWordSet(a, b)) {
                // same words in another order: reorder B's rows to A's vocabulary, nothing is lost
                b = VocabularyIntersection.of(a, b).b();
                notes.add("model B's vocabulary is A's in another order; its rows were reordered");
            } else {
                VocabularyIntersection vi = VocabularyIntersection.of(a, b);
                a = vi.a();
                b = vi.b();
                notes.add(vi.describe());
            }
        }
        TopicAlignment alignment = TopicAlignment.align(a, b);
        if (align) {
            b = b.permuteTopics(alignment.permutation());
            notes.add(String.format(java.util.Locale.ROOT, "topics of B aligned to A (Hungarian, L1): total L1 distance %.4f, was %.4f unaligned",
                    alignment.total(), alignment.identityTotal()));
        } else {
            notes.add(String.format(java.util.Locale.ROOT, "topic alignment not applied: total L1 distance %.4f as given, %.4f if aligned (--align)",
                    alignment.identityTotal(), alignment.total()));
        }
        return new ModelPair(a, b, alignment, align, List.copyOf(notes));
    }

    private static boolean sameWordSet(TopicModel a, TopicModel b) {
        if (a.numWords() != b.numWords()) {
            return false;
        }
        for (String w : a.vocabulary().words()) {
            if (!b.vocabulary().contains(w)) {
                return false;
            }
        }
        return true;
    }
}
