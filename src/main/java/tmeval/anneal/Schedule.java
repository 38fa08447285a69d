package tmeval.anneal;

import java.util.Locale;

/** Spacing of the inverse temperatures 0 = beta_0 < beta_1 < ... < beta_n = 1. */
public enum Schedule {
    /** beta_j = j / n, as Foulds and Smyth use. */
    UNIFORM,
    /**
     * beta_j = BETA_MIN^((n - j) / (n - 1)) for j >= 1 (constant ratio from BETA_MIN to 1), as Neal (2001)
     * suggests: dense where the targets change fastest, near the start.
     */
    GEOMETRIC,
    /**
     * beta_j = (s(d (2j/n - 1)) - s(-d)) / (s(d) - s(-d)) with the logistic s and d = {@link #SIGMOID_SHARPNESS}
     * (Grosse, Maddison and Salakhutdinov 2013): dense near both ends, where the convex path's increments taken at the
     * state are largest (with its sitewise increments it no longer wins, experiments.md).
     */
    SIGMOID,
    /**
     * Each path's measured best (variance of the estimate per site update on the sample data, experiments.md):
     * uniform for every path today; resolved by the method before any use.
     */
    AUTO;

    /** The sigmoid schedule's d: 4 spaces the ends about four times more densely than the middle. */
    public static final double SIGMOID_SHARPNESS = 4.0;

    /** The smallest positive inverse temperature of the geometric schedule. */
    public static final double BETA_MIN = 1e-4;

    public static Schedule parse(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "uniform" -> UNIFORM;
            case "geometric" -> GEOMETRIC;
            case "sigmoid" -> SIGMOID;
            case "auto" -> AUTO;
            default -> throw new IllegalArgumentException("unknown schedule '" + s + "' (auto, uniform, geometric, sigmoid)");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** This schedule, or the method's own best where it is {@link #AUTO}. */
    public Schedule resolve(Schedule methodBest) {
        return this == AUTO ? methodBest : this;
    }

    /** beta_j of n temperatures: 0 at j = 0, 1 at j = n. */
    public double beta(int j, int numTemperatures) {
        if (numTemperatures < 1) {
            throw new IllegalArgumentException("at least one temperature is needed");
        }
        if (j <= 0) {
            return 0.0;
        }
        if (j >= numTemperatures) {
            return 1.0;
        }
        return switch (this) {
            case UNIFORM -> j / (double) numTemperatures;
            case GEOMETRIC -> Math.exp(Math.log(BETA_MIN) * (numTemperatures - j) / (numTemperatures - 1.0));
            case AUTO -> throw new IllegalStateException("the auto schedule is resolved by the method before use");
            case SIGMOID -> {
                double low = logistic(-SIGMOID_SHARPNESS);
                double high = logistic(SIGMOID_SHARPNESS);
                yield (logistic(SIGMOID_SHARPNESS * (2.0 * j / numTemperatures - 1)) - low) / (high - low);
            }
        };
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }
}
