package tmeval.run.plan;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which words a comparison scores ({@code --vocabulary}): the models' one vocabulary, differing vocabularies being an
 * error, or the words both models share. The command line, the settings reader and the distributed scripts parse and
 * write it here only.
 */
public enum Vocabulary {
    STRICT("strict"), INTERSECT("intersect");

    private final String label;

    Vocabulary(String label) {
        this.label = label;
    }

    /** The value as the option and the setting write it. */
    public String label() {
        return label;
    }

    public boolean intersects() {
        return this == INTERSECT;
    }

    public static Vocabulary of(boolean intersect) {
        return intersect ? INTERSECT : STRICT;
    }

    /** @throws IllegalArgumentException naming the allowed values and the one given (its caller names the setting or option) */
    public static Vocabulary parse(String text) {
        for (Vocabulary v : values()) {
            if (v.label.equals(text)) {
                return v;
            }
        }
        throw new IllegalArgumentException("is " + Arrays.stream(values()).map(Vocabulary::label).collect(Collectors.joining(" or "))
                + ", was '" + text + "'");
    }
}
