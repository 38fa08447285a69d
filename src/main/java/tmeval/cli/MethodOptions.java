package tmeval.cli;

import tmeval.anneal.Schedule;
import tmeval.estimate.MethodSettings;

import java.util.List;

/** The method options shared by estimate, compare and curve, filling the same {@link MethodSettings} the GUI fills. */
final class MethodOptions {
    private MethodOptions() {
    }

    static List<OptionSpec> options() {
        return List.of(
                OptionSpec.value("samples", "S", "importance samples (is-*, hm, ais, lee-is, completion-*)"),
                OptionSpec.value("temperatures", "N", "annealing temperatures (ais, completion-ais, ratio paths)"),
                OptionSpec.value("burn-in", "B", "Gibbs sweeps before sampling (hm, completion-*, ratio paths)"),
                OptionSpec.value("particles", "R", "left-to-right particles (lr, completion-lr)"),
                OptionSpec.flag("no-resampling", "left-to-right without re-sampling earlier tokens (MALLET's default; biased)"),
                OptionSpec.value("schedule", "NAME", "inverse temperatures: uniform (default) or geometric"),
                OptionSpec.value("epsilon", "E", "lee-is: truncate to the epsilon-simplex (default 0: none)"),
                OptionSpec.value("chain-length", "S", "Chib-style chain length"),
                OptionSpec.value("ip-iterations", "I", "is-ip: pseudo-count iterations before sampling"),
                OptionSpec.value("max-exact-states", "M", "exact: refuse documents with more topic-count states than this"));
    }

    static MethodSettings settings(Options o, MethodSettings defaults) throws UsageException {
        try {
            return new MethodSettings(
                    o.integer("samples", defaults.samples(), 1, Integer.MAX_VALUE),
                    o.integer("temperatures", defaults.temperatures(), 1, Integer.MAX_VALUE),
                    o.integer("burn-in", defaults.burnIn(), 0, Integer.MAX_VALUE),
                    o.integer("particles", defaults.particles(), 1, Integer.MAX_VALUE),
                    o.has("schedule") ? Schedule.parse(o.string("schedule", "uniform")) : defaults.schedule(),
                    o.real("epsilon", defaults.epsilon(), 0, 0.999),
                    o.integer("chain-length", defaults.chainLength(), 1, Integer.MAX_VALUE),
                    o.integer("ip-iterations", defaults.iterations(), 0, Integer.MAX_VALUE),
                    !o.has("no-resampling") && defaults.resampling(),
                    o.longValue("max-exact-states", defaults.maxExactStates()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static List<OptionSpec> runOptions() {
        return List.of(
                OptionSpec.value("runs", "R", "independent runs per document (default 1)"),
                OptionSpec.value("seed", "S", "master seed (default 1): same seed, same output, for any thread count"),
                OptionSpec.value("threads", "T", "worker threads (default: all cores)"),
                OptionSpec.flag("no-timing", "write 0 in the millis column, so that files compare byte for byte"));
    }

    static int threads(Options o) throws UsageException {
        return o.integer("threads", Runtime.getRuntime().availableProcessors(), 1, 4096);
    }
}
