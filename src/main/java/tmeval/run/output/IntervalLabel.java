package tmeval.run.output;

/**
 * The one wording of a summary's 95% interval, named for what it is: every command and screen that prints one uses it.
 * A Monte Carlo interval (over the runs) measures the estimator's noise on these documents; a bootstrap interval (over
 * the documents) measures what another sample of documents like these would give. They answer different questions, so
 * one is never printed where the other is meant.
 */
public final class IntervalLabel {
    /** What the Monte Carlo interval measures, for tooltips and notes. */
    public static final String MONTE_CARLO_MEANING = "the estimator's noise: another set of runs on the same documents";
    /** What the bootstrap interval measures, for tooltips and notes. */
    public static final String BOOTSTRAP_MEANING = "the documents' spread: another sample of documents like these";

    private IntervalLabel() {
    }

    /** "95% Monte Carlo interval over the R runs". */
    public static String monteCarlo(int runs) {
        return "95% Monte Carlo interval over the " + runs + " runs";
    }

    /** "95% bootstrap interval over the N documents". */
    public static String bootstrap(int documents) {
        return "95% bootstrap interval over the " + documents + " documents";
    }

    /** "95% bootstrap interval over the documents", where the count is said elsewhere. */
    public static String bootstrap() {
        return "95% bootstrap interval over the documents";
    }
}
