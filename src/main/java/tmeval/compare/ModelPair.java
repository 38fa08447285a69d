package tmeval.compare;

import tmeval.model.TopicModel;

import java.util.ArrayList;
import java.util.List;

/**
 * Two models made ready to compare: one vocabulary (the same words in another order are reordered; different words
 * are an error unless the intersection is asked for), and B's topics optionally aligned to A's by the Hungarian
 * algorithm.
 *
 * @param a model A
 * @param b model B, aligned when asked
 * @param alignment the alignment found (also reported when not applied), or null when K differs (the ratio paths then
 *                  align inside {@link TopicSplit}, and the notes say how)
 * @param aligned whether B was permuted
 * @param notes what was done, in words
 */
public record ModelPair(TopicModel a, TopicModel b, TopicAlignment alignment, boolean aligned, List<String> notes) {
    /**
     * A pair of which a model is of another family than LDA: compared only by each model's own estimate over theta
     * (ComparisonMethods.supports), so over one vocabulary in one order (a product decoder's normaliser runs over all of
     * it: its words cannot be dropped) and with no topic alignment (nothing anneals between the models' topics).
     */
    private static ModelPair acrossFamilies(TopicModel a, TopicModel b, String annealing) {
        if (!a.vocabulary().equals(b.vocabulary())) {
            throw new IllegalArgumentException("the models' vocabularies differ (A has " + a.numWords() + " words, B " + b.numWords()
                    + "), and a model of another family than LDA is compared over one vocabulary in one order: export both over the same"
                    + " words (formats.md, comparing models of different tokenisers)");
        }
        String padding = etaPadding(a, b, annealing).orElse(null);
        return new ModelPair(a, b, null, false, List.of("A is " + a.family() + ", B is " + b.family() + ": each model is evaluated on its"
                + " own over theta, its topics summed out; " + (padding == null ? "no topic alignment" : padding)));
    }

    /** For ratio-eta between models of different K: how the smaller is padded to the larger's space ({@link EtaTopicOrder}). */
    private static java.util.Optional<String> etaPadding(TopicModel a, TopicModel b, String annealing) {
        if (!ComparisonMethods.RATIO_ETA.equals(annealing) || a.numTopics() == b.numTopics() || !ComparisonMethods.supports(annealing, a, b)) {
            return java.util.Optional.empty();
        }
        boolean aSmaller = a.numTopics() < b.numTopics();
        EtaTopicOrder order = aSmaller ? EtaTopicOrder.of(a, b) : EtaTopicOrder.of(b, a);
        return java.util.Optional.of(order.describe(aSmaller ? "A" : "B", aSmaller ? "B" : "A"));
    }

    /** {@link #prepare(TopicModel, TopicModel, boolean, boolean, String)} for the ratio paths. */
    public static ModelPair prepare(TopicModel a, TopicModel b, boolean align, boolean intersectVocabularies) {
        return prepare(a, b, align, intersectVocabularies, ComparisonMethods.RATIO_CONVEX);
    }

    /**
     * @param annealing the first selected method that anneals between the two models, or null when none does: for
     *                  models of different K the notes then say how that method sees them (the smaller one split to
     *                  the larger's K, {@link TopicSplit}); the methods that evaluate each model on its own see them as
     *                  they are
     * @throws IllegalArgumentException with a message for the user when the models cannot be compared
     */
    public static ModelPair prepare(TopicModel a, TopicModel b, boolean align, boolean intersectVocabularies, String annealing) {
        List<String> notes = new ArrayList<>();
        if (!a.isLda() || !b.isLda()) {
            return acrossFamilies(a, b, annealing);
        }
        boolean sameK = a.numTopics() == b.numTopics();
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
                        + ", " + shared + " shared); to compare them, export both over one vocabulary (formats.md, comparing models of"
                        + " different tokenisers), or compare them on the shared words (--vocabulary intersect), whose topics lose mass");
            } else {
                VocabularyIntersection vi = VocabularyIntersection.of(a, b);
                a = vi.a();
                b = vi.b();
                notes.add(vi.describe());
            }
        }
        if (!sameK) {
            if (annealing == null) {
                notes.add("models of different K (A " + a.numTopics() + ", B " + b.numTopics() + "): each is evaluated on its own; no topic alignment");
            } else if (annealing.equals(ComparisonMethods.RATIO_ETA)) {
                notes.add("models of different K (A " + a.numTopics() + ", B " + b.numTopics() + "): the single-model methods evaluate each"
                        + " on its own; " + etaPadding(a, b, annealing).orElseThrow());
            } else {
                // what the ratio paths anneal between; the split itself is rebuilt by each ratio method, once per pair
                boolean aSmaller = a.numTopics() < b.numTopics();
                TopicSplit split = aSmaller ? TopicSplit.of(a, b) : TopicSplit.of(b, a);
                notes.add("models of different K (A " + a.numTopics() + ", B " + b.numTopics() + "): the single-model methods evaluate each"
                        + " on its own; " + split.describe(aSmaller ? "A" : "B", aSmaller ? "B" : "A")
                        + (align ? "" : " (the split needs this alignment: turning alignment off does not apply to models of different K)"));
            }
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
