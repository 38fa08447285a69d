package tmeval.run.exec;

/**
 * The {@code status} column of every output row (README, the estimate command): no run is ever silently left out.
 */
public enum Status {
    /** a finite estimate */
    OK("ok"),
    /** every importance sample of the run had weight zero: the value is empty and counts as probability zero */
    ZERO_WEIGHT("zero-weight"),
    /** below the variational lower bound {@code vb} by more than the estimate's own noise: it cannot be right */
    BELOW_FLOOR("below-floor"),
    /** the method cannot evaluate this document (exact beyond its limit, a word of probability zero): no value */
    REFUSED("refused");

    private final String label;

    Status(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * The status a label names.
     *
     * @throws IllegalArgumentException naming the labels there are
     */
    public static Status parse(String label) {
        for (Status s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + label + "' (ok, zero-weight, below-floor, refused)");
    }

    /** Whether the row carries a value. */
    public boolean hasValue() {
        return this == OK || this == BELOW_FLOOR;
    }
}
