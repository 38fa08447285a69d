package tmeval.compare;

/**
 * Which way a ratio path anneals (Foulds and Smyth Section 3.1): {@code forward} from B to A, {@code reverse} from A
 * to B with the result negated, so both estimate log P(w | A) - log P(w | B); {@code -} for methods without one.
 */
public enum Direction {
    FORWARD("forward"), REVERSE("reverse"), NONE("-");

    private final String label;

    Direction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The direction a label names. */
    public static Direction parse(String label) {
        for (Direction d : values()) {
            if (d.label.equals(label)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown direction '" + label + "' (forward, reverse or -)");
    }
}
