package tmeval.compare;

import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;

/**
 * Two models made ready to compare: the same K where a selected method anneals between them (or an error naming
 * the methods that do not need it), one vocabulary (the same words in another order are reordered; different words
 * are an error unless the intersection is asked for), and B's topics optionally aligned to A's by the Hungarian
 * algorithm.
 *
 * @param a model A
 * @param b model B, aligned when asked
 * @param alignment the alignment found (also reported when not applied), or null when K differs
 * @param aligned whether B was permuted
 * @param notes what was done, in words
 */
public record ModelPair(TopicModel a, TopicModel b, TopicAlignment alignment, boolean aligned, List<String> notes) {
    /** {@link #prepare(TopicModel, TopicModel, boolean, boolean, String)} for the ratio paths, which need the same K. */
    public static ModelPair prepare(TopicModel a, TopicModel b, boolean align, boolean intersectVocabularies) {
        return prepare(a, b, align, intersectVocabularies, ComparisonMethods.RATIO_CONVEX);
    }

    /**
     * @param annealing the first selected method that anneals between the two models (it needs the same K), or null
     *                  when none does: then models of different K are compared as they are (the differenced methods
     *                  evaluate each model on its own)
     * @throws IllegalArgumentException with a message for the user when the models cannot be compared
     */
    public static ModelPair prepare(TopicModel a, TopicModel b, boolean align, boolean intersectVocabularies, String annealing) {
        List<String> notes = new ArrayList<>();
        boolean sameK = a.numTopics() == b.numTopics();
        if (!sameK && annealing != null) {
            throw new IllegalArgumentException("model A has K = " + a.numTopics() + " topics and model B has K = " + b.numTopics()
                    + "; " + annealing + " anneals topic k of one model into topic k of the other, so it needs the same K."
                    + " To compare models of different K select methods that evaluate each model on its own: "
                    + String.join(", ", ComparisonMethods.names().stream().filter(n -> !ComparisonMethods.get(n).directional()).toList()));
        }
        if (!a.vocabulary().equals(b.vocabulary())) {
            if (sameWordSet(a, b)) {
                // same words in another order: reorder B's rows to A's vocabulary, nothing is lost, nothing to ask
                b = VocabularyIntersection.of(a, b).b();
                notes.add("model B's vocabulary is A's in another order; its rows were reordered");
            } else if (!intersectVocabularies) {
                int shared = 0;
                for (String w : a.vocabulary().words()) {
                    shared += b.vocabulary().contains(w) ? 1 : 0;
                }
                throw new IllegalArgumentException("the models' vocabularies differ (A has " + a.numWords() + " words, B " + b.numWords()
                        + ", " + shared + " shared); compare them on the shared words (--vocabulary intersect)");
            } else {
                VocabularyIntersection vi = VocabularyIntersection.of(a, b);
                a = vi.a();
                b = vi.b();
                notes.add(vi.describe());
            }
        }
        if (!sameK) {
            notes.add("models of different K (A " + a.numTopics() + ", B " + b.numTopics() + "): each is evaluated on its own; no topic alignment");
            return new ModelPair(a, b, null, false, List.copyOf(notes));
        }
        TopicAlignment alignment = TopicAlignment.align(a, b);
        if (align) {
            b = b.permuteTopics(alignment.permutation());
            notes.add(String.format(java.util.Locale.ROOT, "topics of B aligned to A (Hungarian, L1): total L1 distance %.4f, was %.4f unaligned",
                    alignment.total(), alignment.identityTotal()));
        } else {
            notes.add(String.format(java.util.Locale.ROOT, "topic alignment not applied: total L1 distance %.4f as given, %.4f if aligned",
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
