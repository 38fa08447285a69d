package tmeval.cli;

import tmeval.anneal.Schedule;
import tmeval.estimate.MethodSettings;
import tmeval.run.MethodSettingsText;
import tmeval.run.Setting;
import tmeval.run.Workers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The method options shared by estimate, compare and curve, filling the same {@link MethodSettings} the workbench
 * fills. Each help line states its default, taken from the plan or the method registry (the one place it is set),
 * and an option that none of the chosen methods reads is a usage error naming the methods it applies to.
 */
final class MethodOptions {
    /** Every method option with its help text, in the order --help lists them. */
    private static final Map<String, OptionSpec> ALL = new LinkedHashMap<>();

    static {
        for (OptionSpec s : List.of(
                OptionSpec.value("samples", "S", "importance samples"),
                OptionSpec.value("temperatures", "N", "annealing temperatures (also the budget of the left-to-right baselines, and the"
                        + " importance samples of the theta-sampling ones on each model)"),
                OptionSpec.value("burn-in", "B", "Gibbs sweeps before sampling"),
                OptionSpec.value("particles", "R", "left-to-right particles"),
                OptionSpec.flag("no-resampling", "left-to-right without re-sampling earlier tokens (MALLET's default)"),
                OptionSpec.value("schedule", "NAME", "inverse temperatures: auto (each path's measured best: uniform for every path today),"
                        + " uniform, geometric or sigmoid"),
                OptionSpec.value("epsilon", "E", "truncate Lee's sampler to the epsilon-simplex (0: none)"),
                OptionSpec.value("chain-length", "S", "Chib-style chain length"),
                OptionSpec.value("ip-iterations", "I", "pseudo-count iterations before sampling"),
                OptionSpec.value("max-exact-states", "M", "refuse documents with more topic-count states than this"))) {
            ALL.put(s.name(), s);
        }
    }

    private MethodOptions() {
    }

    /**
     * The options some of these methods read, each with its defaults: one value where every method that reads it
     * starts from the same, otherwise the value of each method.
     *
     * @param methods each method's name, the options it reads and its default settings
     */
    static List<OptionSpec> options(List<MethodUse> methods) {
        List<OptionSpec> out = new ArrayList<>();
        for (OptionSpec spec : ALL.values()) {
            Map<String, List<String>> byDefault = new TreeMap<>();
            for (MethodUse m : methods) {
                if (m.options().contains(spec.name())) {
                    String key = spec.name().equals("no-resampling") ? "resampling" : spec.name();
                    byDefault.computeIfAbsent(MethodSettingsText.of(m.defaults()).get(key), k -> new ArrayList<>()).add(m.name());
                }
            }
            if (byDefault.isEmpty()) {
                continue;
            }
            String defaults;
            if (spec.name().equals("no-resampling")) {
                defaults = "";
            } else if (byDefault.size() == 1) {
                defaults = " (default " + byDefault.keySet().iterator().next() + ")";
            } else {
                List<String> parts = new ArrayList<>();
                byDefault.forEach((value, names) -> parts.add(value + " for " + String.join(", ", names)));
                defaults = " (default " + String.join("; ", parts) + ")";
            }
            out.add(new OptionSpec(spec.name(), spec.valueName(), spec.help() + defaults, spec.role()));
        }
        return out;
    }

    /** One method as the options see it. */
    record MethodUse(String name, Set<String> options, MethodSettings defaults) {
    }

    /**
     * The settings the options give over {@code defaults}.
     *
     * @param chosen the methods of this run; an option none of them reads is an error
     * @param offered every method the command offers, to say which ones an option applies to
     */
    static MethodSettings settings(Options o, MethodSettings defaults, List<MethodUse> chosen, List<MethodUse> offered) throws UsageException {
        Set<String> read = new LinkedHashSet<>();
        chosen.forEach(m -> read.addAll(m.options()));
        for (String option : ALL.keySet()) {
            if (o.has(option) && !read.contains(option)) {
                List<String> appliesTo = offered.stream().filter(m -> m.options().contains(option)).map(MethodUse::name).toList();
                throw new UsageException("--" + option + " does not apply to " + String.join(", ", chosen.stream().map(MethodUse::name).toList())
                        + (appliesTo.isEmpty() ? "" : " (it applies to " + String.join(", ", appliesTo) + ")"));
            }
        }
        try {
            return new MethodSettings(
                    integer(o, Setting.SAMPLES, defaults.samples()),
                    integer(o, Setting.TEMPERATURES, defaults.temperatures()),
                    integer(o, Setting.BURN_IN, defaults.burnIn()),
                    integer(o, Setting.PARTICLES, defaults.particles()),
                    o.has("schedule") ? Schedule.parse(o.string("schedule", "uniform")) : defaults.schedule(),
                    real(o, Setting.EPSILON, defaults.epsilon()),
                    integer(o, Setting.CHAIN_LENGTH, defaults.chainLength()),
                    integer(o, Setting.IP_ITERATIONS, defaults.iterations()),
                    !o.has("no-resampling") && defaults.resampling(),
                    o.longValue("max-exact-states", defaults.maxExactStates()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** --runs, --seed, --threads, --no-timing, with the plan's defaults. */
    static List<OptionSpec> runOptions(int defaultRuns, long defaultSeed) {
        return List.of(
                OptionSpec.value("runs", "R", "independent runs per document (default " + defaultRuns + ")"),
                OptionSpec.value("seed", "S", "master seed (default " + defaultSeed + "): same seed, same output, for any thread count"),
                OptionSpec.value("threads", "T", "worker threads (default: all cores, " + Workers.defaultThreads() + " here)"),
                OptionSpec.flag("no-timing", "write 0 in the millis column and no time in the provenance, so that files compare byte for byte"));
    }

    /** --shard, for the commands whose documents are independent (estimate, compare, curve). */
    static OptionSpec shardOption() {
        return OptionSpec.value("shard", "I/N", "evaluate only shard I of N (documents I, I+N, I+2N, ...); 'tmeval merge' joins the"
                + " shards' files into the unsharded run's file");
    }

    static tmeval.run.Shard shard(Options o) throws UsageException {
        try {
            return o.has("shard") ? tmeval.run.Shard.parse(o.string("shard", "")) : tmeval.run.Shard.ALL;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static int threads(Options o) throws UsageException {
        return integer(o, Setting.THREADS, Workers.defaultThreads());
    }

    /** The option of a whole-number setting, in the setting's one range ({@link Setting}). */
    static int integer(Options o, Setting.Whole setting, int fallback) throws UsageException {
        return o.integer(setting.name(), fallback, setting.minInt(), setting.maxInt());
    }

    /** The option of a real setting, in the setting's one range ({@link Setting}). */
    static double real(Options o, Setting.Real setting, double fallback) throws UsageException {
        return o.real(setting.name(), fallback, setting.min(), setting.max());
    }
}
