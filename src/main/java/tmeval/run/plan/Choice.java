package tmeval.run.plan;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A setting whose value is one of a few words ({@link Vocabulary}, {@link UnknownWordsRule}), implemented by an enum:
 * each constant's word is its name in lower case, and one parse names them all.
 */
public interface Choice {
    /** The value as the option and the setting write it. */
    default String label() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the allowed values and the one given (its caller names the setting or option) */
    static <E extends Enum<E> & Choice> E parse(Class<E> type, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.label().equals(text)) {
                return e;
            }
        }
        throw new IllegalArgumentException("is " + Arrays.stream(type.getEnumConstants()).map(Choice::label).collect(Collectors.joining(" or "))
                + ", was '" + text + "'");
    }
}
