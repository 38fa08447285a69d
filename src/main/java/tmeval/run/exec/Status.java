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
    /**
     * the run's importance weights are heavy-tailed (Pareto k-hat above min(1 - 1/log10 S, 0.7)): its proposal misses
     * posterior mass that a few draws still hit, so its value, kept, is not trusted (estimators.md, "Certified answers")
     */
    HEAVY_TAIL("heavy-tail"),
    /**
     * one AIS run (another family: it starts from the prior, which covers every mode) lies above the mean of the
     * document's runs beyond their noise and the target: the sampler's proposal missed posterior mass, however well its
     * runs agree ({@code run.certify.FamilyCheck})
     */
    MISSED_MASS("missed-mass"),
    /** above the hard bound sum_n log max_k phi(w_n, k), which no P(w) exceeds: it cannot be right */
    ABOVE_CEILING("above-ceiling"),
    /**
     * the chains the sampler's proposal is built from cover each other too little where the posterior is (each found its
     * own part of it): parts no chain found are likely, so the value, kept, is not trusted ({@code is-gibbs}; estimators.md,
     * "The evidence behind a certificate")
     */
    CHAINS_APART("chains-apart"),
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
        throw new IllegalArgumentException("unknown status '" + label + "' (ok, zero-weight, below-floor, heavy-tail, missed-mass, above-ceiling, chains-apart, refused)");
    }

    /** Whether the row carries a value. */
    public boolean hasValue() {
        return this == OK || this == BELOW_FLOOR || this == HEAVY_TAIL || this == MISSED_MASS || this == ABOVE_CEILING || this == CHAINS_APART;
    }
}
