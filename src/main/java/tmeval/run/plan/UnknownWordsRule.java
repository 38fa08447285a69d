package tmeval.run.plan;

/**
 * What becomes of held-out words a model does not know ({@code --unknown-words}): dropped and counted, or, for a
 * model that holds MALLET's whole alphabet, scored at their smoothed probability. The command line parses it and every
 * provenance records it here only.
 */
public enum UnknownWordsRule implements Choice {
    DROP, SMOOTH;

    public static UnknownWordsRule of(boolean smooth) {
        return smooth ? SMOOTH : DROP;
    }

    /** @throws IllegalArgumentException naming the allowed values and the one given */
    public static UnknownWordsRule parse(String text) {
        return Choice.parse(UnknownWordsRule.class, text);
    }
}
