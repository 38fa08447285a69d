package tmeval.estimate;

import tmeval.anneal.Schedule;

/**
 * The parameters of every estimator in one record, filled alike by the command line and the GUI form, so the two
 * never disagree. Each method reads the fields it uses; {@link #defaults()} gives the documented defaults.
 *
 * @param samples importance samples S (is-prior, is-pzw, is-ip, hm, ais, lee-is, completion-*)
 * @param temperatures annealing temperatures n (ais, completion-ais, ratio paths)
 * @param burnIn Gibbs sweeps before sampling (hm, completion-theta, completion-ais, ratio paths)
 * @param particles left-to-right particles R (lr, completion-lr)
 * @param schedule spacing of the inverse temperatures
 * @param epsilon truncation of Lee's sampler to the epsilon-simplex (0: none)
 * @param chainLength Chib-style chain length S
 * @param iterations iterated pseudo-count updates (is-ip)
 * @param resampling left-to-right resamples earlier positions at each step (Algorithm 3); false is MALLET's
 *                   default linear-time variant
 * @param maxExactStates the exact evaluator's limit on topic-count states
 */
public record MethodSettings(int samples, int temperatures, int burnIn, int particles, Schedule schedule, double epsilon,
                             int chainLength, int iterations, boolean resampling, long maxExactStates)
        implements java.io.Serializable {
    public MethodSettings {
        positive(MethodOption.SAMPLES, samples);
        positive(MethodOption.TEMPERATURES, temperatures);
        if (burnIn < 0) {
            throw new IllegalArgumentException("--burn-in must not be negative");
        }
        positive(MethodOption.PARTICLES, particles);
        positive(MethodOption.CHAIN_LENGTH, chainLength);
        if (iterations < 0) {
            throw new IllegalArgumentException("--iterations must not be negative");
        }
        if (!(epsilon >= 0 && epsilon < 1)) {
            throw new IllegalArgumentException("--epsilon must be in [0, 1)");
        }
        if (schedule == null) {
            throw new IllegalArgumentException("a schedule is required");
        }
    }

    private static void positive(MethodOption option, int value) {
        if (value < 1) {
            throw new IllegalArgumentException("--" + option.option() + " must be at least 1");
        }
    }

    public static MethodSettings defaults() {
        return new MethodSettings(1000, 1000, 100, 10, Schedule.AUTO, 0.0, 1000, 10, true, ExactEvaluator.DEFAULT_MAX_STATES);
    }

    public MethodSettings withSamples(int v) {
        return new MethodSettings(v, temperatures, burnIn, particles, schedule, epsilon, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withTemperatures(int v) {
        return new MethodSettings(samples, v, burnIn, particles, schedule, epsilon, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withBurnIn(int v) {
        return new MethodSettings(samples, temperatures, v, particles, schedule, epsilon, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withParticles(int v) {
        return new MethodSettings(samples, temperatures, burnIn, v, schedule, epsilon, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withSchedule(Schedule v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, v, epsilon, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withEpsilon(double v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, schedule, v, chainLength, iterations, resampling, maxExactStates);
    }

    public MethodSettings withChainLength(int v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, schedule, epsilon, v, iterations, resampling, maxExactStates);
    }

    public MethodSettings withIterations(int v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, schedule, epsilon, chainLength, v, resampling, maxExactStates);
    }

    public MethodSettings withResampling(boolean v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, schedule, epsilon, chainLength, iterations, v, maxExactStates);
    }

    public MethodSettings withMaxExactStates(long v) {
        return new MethodSettings(samples, temperatures, burnIn, particles, schedule, epsilon, chainLength, iterations, resampling, v);
    }
}
