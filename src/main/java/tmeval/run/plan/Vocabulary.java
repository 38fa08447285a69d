package tmeval.run.plan;

/**
 * Which words a comparison scores ({@code --vocabulary}): the models' one vocabulary, differing vocabularies being an
 * error, or the words both models share. The command line, the settings reader and the distributed scripts parse and
 * write it here only.
 */
public enum Vocabulary implements Choice {
    STRICT, INTERSECT;

    public boolean intersects() {
        return this == INTERSECT;
    }

    public static Vocabulary of(boolean intersect) {
        return intersect ? INTERSECT : STRICT;
    }

    /** @throws IllegalArgumentException naming the allowed values and the one given */
    public static Vocabulary parse(String text) {
        return Choice.parse(Vocabulary.class, text);
    }
}
