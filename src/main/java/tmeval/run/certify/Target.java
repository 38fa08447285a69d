package tmeval.run.certify;

/**
 * How close to the truth a certified per-document value is: its standard error (one model, or a difference of two) or
 * the gap between its two annealing directions (a ratio path) must be at most {@code max(MIN_NATS, PER_TOKEN * N)}
 * nats. Why these numbers: estimators.md, "Certified answers".
 */
public final class Target {
    /** Nats per token: a tenth of a percent of perplexity, five times finer than the smallest difference worth reporting. */
    public static final double PER_TOKEN = 0.001;
    /** The least target in nats: below it a short document's value moves its probability by under ten percent. */
    public static final double MIN_NATS = 0.1;

    private Target() {
    }

    /** The target of a document of {@code tokens} scored tokens, in nats. */
    public static double nats(int tokens) {
        return Math.max(MIN_NATS, PER_TOKEN * tokens);
    }
}
