package tmeval.cli;

import tmeval.estimate.MethodSettings;
import tmeval.estimate.MethodOption;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Workers;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The method options shared by estimate, compare and curve, filling the same {@link MethodSettings} the workbench
 * fills. Each help line states its default, taken from the plan or the method registry (the one place it is set),
 * and an option that none of the chosen methods reads is a usage error naming the methods it applies to.
 */
final class MethodOptions {
    private MethodOptions() {
    }

    /** A method option as --help lists it: a flag, or an option with a value. */
    private static OptionSpec spec(MethodOption option, String help) {
        return option.kind() == MethodOption.Kind.FLAG ? OptionSpec.flag(option.option(), help)
                : OptionSpec.value(option.option(), option.valueName(), help);
    }

    /**
     * The options some of these methods read, each with its defaults: one value where every method that reads it
     * starts from the same, otherwise the value of each method.
     *
     * @param methods each method's name, the options it reads and its default settings
     */
    static List<OptionSpec> options(List<MethodUse> methods) {
        List<OptionSpec> out = new ArrayList<>();
        for (MethodOption option : MethodOption.values()) {
            Map<String, List<String>> byDefault = new TreeMap<>();
            for (MethodUse m : methods) {
                if (m.options().contains(option)) {
                    byDefault.computeIfAbsent(option.text(m.defaults()), k -> new ArrayList<>()).add(m.name());
                }
            }
            if (byDefault.isEmpty()) {
                continue;
            }
            String defaults;
            if (option.kind() == MethodOption.Kind.FLAG) {
                defaults = "";
            } else if (byDefault.size() == 1) {
                defaults = " (default " + byDefault.keySet().iterator().next() + ")";
            } else {
                List<String> parts = new ArrayList<>();
                byDefault.forEach((value, names) -> parts.add(value + " for " + String.join(", ", names)));
                defaults = " (default " + String.join("; ", parts) + ")";
            }
            out.add(spec(option, option.help() + defaults));
        }
        return out;
    }

    /** One method as the options see it. */
    record MethodUse(String name, Set<MethodOption> options, MethodSettings defaults) {
    }

    /**
     * The settings the options give over {@code defaults}, each checked by its setting's rule ({@link Setting#rule(MethodOption)}).
     *
     * @param chosen the methods of this run; an option none of them reads is an error
     * @param offered every method the command offers, to say which ones an option applies to
     */
    static MethodSettings settings(Options o, MethodSettings defaults, List<MethodUse> chosen, List<MethodUse> offered) throws UsageException {
        Set<MethodOption> read = EnumSet.noneOf(MethodOption.class);
        chosen.forEach(m -> read.addAll(m.options()));
        MethodSettings s = defaults;
        for (MethodOption option : MethodOption.values()) {
            if (!o.has(option.option())) {
                continue;
            }
            if (!read.contains(option)) {
                List<String> appliesTo = offered.stream().filter(m -> m.options().contains(option)).map(MethodUse::name).toList();
                throw new UsageException("--" + option.option() + " does not apply to " + String.join(", ", chosen.stream().map(MethodUse::name).toList())
                        + (appliesTo.isEmpty() ? "" : " (it applies to " + String.join(", ", appliesTo) + ")"));
            }
            // the flag --no-resampling is the setting resampling false
            String text = option.kind() == MethodOption.Kind.FLAG ? "false" : o.string(option.option(), "");
            try {
                Setting.rule(option).accept(text);
                s = option.with(s, text);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--" + option.option() + " " + e.getMessage());
            }
        }
        return s;
    }

    /** --runs, --seed, --threads, --no-timing, with the plan's defaults. */
    static List<OptionSpec> runOptions(int defaultRuns, long defaultSeed) {
        return List.of(
                OptionSpec.value(SettingName.RUNS.option(), "R", "independent runs per document (default " + defaultRuns + ")"),
                OptionSpec.value(SettingName.SEED.option(), "S", "master seed (default " + defaultSeed + "): same seed, same output, for any thread count"),
                OptionSpec.value(SettingName.THREADS.option(), "T", "worker threads (default: all cores, " + Workers.defaultThreads() + " here)"),
                OptionSpec.flag("no-timing", "write 0 in the millis column and no time in the provenance, so that files compare byte for byte"));
    }

    /** --shard, for the commands whose documents are independent (estimate, compare, curve). */
    static OptionSpec shardOption() {
        return OptionSpec.value("shard", "I/N", "evaluate only shard I of N (documents I, I+N, I+2N, ...); 'tmeval merge' joins the"
                + " shards' files into the unsharded run's file");
    }

    static tmeval.run.plan.Shard shard(Options o) throws UsageException {
        try {
            return o.has("shard") ? tmeval.run.plan.Shard.parse(o.string("shard", "")) : tmeval.run.plan.Shard.ALL;
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
