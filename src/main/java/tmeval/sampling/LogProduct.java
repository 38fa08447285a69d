package tmeval.sampling;

/**
 * The log of a product of many positive ratios, kept as a plain product and folded into a log sum only when it
 * leaves [1e-100, 1e100]: one log per many factors instead of one per factor. A single extreme factor (an entry of
 * 1e-300 at one end of a path) goes to the log sum directly, so the product can never underflow to 0 or overflow.
 */
public final class LogProduct {
    private double logSum;
    private double product = 1;

    public void reset() {
        logSum = 0;
        product = 1;
    }

    public void multiply(double ratio) {
        if (ratio > 1e-100 && ratio < 1e100) {
            product *= ratio;
            if (product > 1e100 || product < 1e-100) {
                logSum += Math.log(product);
                product = 1;
            }
        } else {
            logSum += Math.log(ratio);
        }
    }

    /** The log of everything multiplied since the last {@link #reset}. */
    public double log() {
        return logSum + Math.log(product);
    }

    /** {@link #log}, then {@link #reset}: the log of one batch of factors (a sweep's), ready for the next. */
    public double take() {
        double log = log();
        reset();
        return log;
    }
}
