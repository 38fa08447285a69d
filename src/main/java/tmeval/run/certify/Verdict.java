package tmeval.run.certify;

import java.util.Locale;

/**
 * The verdict on one document's value by one method.
 *
 * @param reason why it is certified or not
 * @param value the document's value: the mean over runs, or for a ratio path the midpoint of its two directions' means
 *              (NaN when a run has none)
 * @param error the standard error over runs, or the gap between the directions (NaN when not known)
 * @param target the target the error was held to, in nats
 * @param low the bracket's lower end (a ratio path's lower direction; else the value)
 * @param high the bracket's upper end
 * @param bracketed the error is the gap between two directions, and [low, high] their bracket
 */
public record Verdict(Reason reason, double value, double error, double target, double low, double high, boolean bracketed) {
    public boolean certified() {
        return reason.certified();
    }

    /** The {@code certified} column. */
    public String label() {
        return certified() ? "yes" : "no";
    }

    /** The verdict in a few words, with its numbers: for tooltips and the document view. */
    public String describe() {
        String numbers = Double.isNaN(error) ? "" : String.format(Locale.ROOT, " (%s %.3g, target %.3g nats)",
                bracketed ? "gap" : "s.e.", error, target);
        return (certified() ? "certified: " : "not certified: ") + reason.words() + numbers;
    }
}
