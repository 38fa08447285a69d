package tmeval.run.certify;

/** Why a value is certified or not: the summaries count documents by it and the views show it. */
public enum Reason {
    /** certified: the exact evaluator's value */
    EXACT(true, "the exact value"),
    /** certified: within the target (standard error, or the directions' gap) */
    WITHIN_TARGET(true, "within the target"),
    /** a deterministic lower bound ({@code vb}), not an estimate of the value */
    BOUND(false, "a lower bound, not an estimate"),
    /** a method whose bias more effort does not remove and its runs do not show (the harmonic mean, left-to-right) */
    BIASED(false, "biased, and its runs do not show it (hm, lr)"),
    /** a run was refused or had every sample at weight zero */
    NO_VALUE(false, "a run has no value (refused or zero-weight)"),
    /** a run lies above the hard bound sum_n log max_k phi(w_n, k): impossible */
    ABOVE_CEILING(false, "above the hard bound sum_n log max_k phi"),
    /** one AIS run lies above the runs' mean beyond their noise: the sampler missed posterior mass */
    MISSED_MASS(false, "ais above it: the sampler missed posterior mass"),
    /** a run lies below the variational floor beyond its noise */
    BELOW_FLOOR(false, "below the vb floor"),
    /** the chains a run's proposal is built from cover each other too little: posterior mass no chain found is likely */
    CHAINS_APART(false, "chains that do not cover each other: posterior mass no chain found is likely"),
    /** a run's importance weights are heavy-tailed (Pareto k-hat above the threshold): its proposal misses mass */
    HEAVY_TAIL(false, "heavy-tailed weights (Pareto k-hat above the threshold)"),
    /** one run of a method without directions: no run-to-run error to judge it by */
    ONE_RUN(false, "one run: no run-to-run error (2 or more runs, or auto)"),
    /** the standard error is above the target */
    NOISY(false, "standard error above the target"),
    /** a ratio path run in one direction only: no bracket */
    ONE_DIRECTION(false, "one direction: no bracket (run both)"),
    /** the two directions of a ratio path differ by more than the target */
    DIRECTIONS_DISAGREE(false, "directions disagree beyond the target");

    private final boolean certified;
    private final String words;

    Reason(boolean certified, String words) {
        this.certified = certified;
        this.words = words;
    }

    public boolean certified() {
        return certified;
    }

    /** A run without a value or below the floor: what {@code auto}'s pilot counts against a candidate whatever its cost. */
    public boolean violation() {
        return this == NO_VALUE || this == BELOW_FLOOR || this == ABOVE_CEILING || this == MISSED_MASS;
    }

    /** The reason in words, for summaries and tooltips. */
    public String words() {
        return words;
    }
}
