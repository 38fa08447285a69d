package tmeval.estimate;

import tmeval.anneal.Schedule;
import tmeval.architecture.AllowedToNameSettings;

/**
 * Every setting of {@link MethodSettings}, in one table: the name a plan's settings (provenance, sessions) give it, the
 * command-line option that sets it, its help line, its range, and how it is written from and read into the record.
 * The registries ({@link Methods}, {@code compare.ComparisonMethods}) list the options each method reads; the command
 * line, the plans' settings, the shard scripts and the workbench all go through this table, so a name is written here
 * only. The order is the order of the settings in a provenance and of the options in {@code --help}.
 */
@AllowedToNameSettings
public enum MethodOption {
    SAMPLES("samples", "S", "importance samples", 1, Integer.MAX_VALUE),
    TEMPERATURES("temperatures", "N", "annealing temperatures (also the budget of the left-to-right baselines, and the importance samples"
            + " of the theta-sampling ones on each model)", 1, Integer.MAX_VALUE),
    BURN_IN("burn-in", "B", "Gibbs sweeps before sampling", 0, Integer.MAX_VALUE),
    PARTICLES("particles", "R", "left-to-right particles", 1, Integer.MAX_VALUE),
    SCHEDULE("schedule", "NAME", "inverse temperatures: auto (each path's measured best: uniform for every path today), uniform,"
            + " geometric or sigmoid", Kind.SCHEDULE),
    EPSILON("epsilon", "E", "truncate Lee's sampler to the epsilon-simplex (0: none)", 0.0, 0.999),
    CHAIN_LENGTH("chain-length", "S", "Chib-style chain length", 1, Integer.MAX_VALUE),
    IP_ITERATIONS("ip-iterations", "I", "pseudo-count iterations before sampling", 0, Integer.MAX_VALUE),
    /** The one setting whose option is a flag: the setting {@code resampling true|false}, the option {@code --no-resampling}. */
    RESAMPLING("resampling", null, "left-to-right without re-sampling earlier tokens (MALLET's default)", Kind.FLAG),
    MAX_EXACT_STATES("max-exact-states", "M", "refuse documents with more topic-count states than this", Long.MIN_VALUE, Long.MAX_VALUE);

    /** How the setting's text reads. */
    public enum Kind { WHOLE, REAL, SCHEDULE, FLAG }

    private final String setting;
    private final String valueName;
    private final String help;
    private final Kind kind;
    private final long wholeMin;
    private final long wholeMax;
    private final double realMin;
    private final double realMax;

    MethodOption(String setting, String valueName, String help, long min, long max) {
        this(setting, valueName, help, Kind.WHOLE, min, max, 0, 0);
    }

    MethodOption(String setting, String valueName, String help, double min, double max) {
        this(setting, valueName, help, Kind.REAL, 0, 0, min, max);
    }

    MethodOption(String setting, String valueName, String help, Kind kind) {
        this(setting, valueName, help, kind, 0, 0, 0, 0);
    }

    MethodOption(String setting, String valueName, String help, Kind kind, long wholeMin, long wholeMax, double realMin, double realMax) {
        this.setting = setting;
        this.valueName = valueName;
        this.help = help;
        this.kind = kind;
        this.wholeMin = wholeMin;
        this.wholeMax = wholeMax;
        this.realMin = realMin;
        this.realMax = realMax;
    }

    /** The setting's name in a plan's settings (provenance lines, sessions). */
    public String setting() {
        return setting;
    }

    /** The command-line option, without its dashes: the setting's name, but {@code no-resampling} for the flag. */
    public String option() {
        return kind == Kind.FLAG ? "no-" + setting : setting;
    }

    /** The option's value in {@code --help} ({@code N}), or null for the flag. */
    public String valueName() {
        return valueName;
    }

    public String help() {
        return help;
    }

    public Kind kind() {
        return kind;
    }

    /** The range of a {@link Kind#WHOLE} setting. */
    public long wholeMin() {
        return wholeMin;
    }

    public long wholeMax() {
        return wholeMax;
    }

    /** The range of a {@link Kind#REAL} setting. */
    public double realMin() {
        return realMin;
    }

    public double realMax() {
        return realMax;
    }

    /** The setting's value in these settings, as a plan's settings write it. */
    public String text(MethodSettings s) {
        return switch (this) {
            case SAMPLES -> Integer.toString(s.samples());
            case TEMPERATURES -> Integer.toString(s.temperatures());
            case BURN_IN -> Integer.toString(s.burnIn());
            case PARTICLES -> Integer.toString(s.particles());
            case SCHEDULE -> s.schedule().label();
            case EPSILON -> Double.toString(s.epsilon());
            case CHAIN_LENGTH -> Integer.toString(s.chainLength());
            case IP_ITERATIONS -> Integer.toString(s.iterations());
            case RESAMPLING -> Boolean.toString(s.resampling());
            case MAX_EXACT_STATES -> Long.toString(s.maxExactStates());
        };
    }

    /**
     * The settings with this one set from its text ({@link #text}'s form), which the caller has checked against the
     * setting's range ({@code run.plan.Setting}, the one rule of the command line, sessions and files).
     *
     * @throws IllegalArgumentException when the text is not of the setting's kind, or the record refuses the value
     */
    public MethodSettings with(MethodSettings s, String text) {
        String t = text.trim();
        return switch (this) {
            case SAMPLES -> s.withSamples(Integer.parseInt(t));
            case TEMPERATURES -> s.withTemperatures(Integer.parseInt(t));
            case BURN_IN -> s.withBurnIn(Integer.parseInt(t));
            case PARTICLES -> s.withParticles(Integer.parseInt(t));
            case SCHEDULE -> s.withSchedule(Schedule.parse(text));
            case EPSILON -> s.withEpsilon(Double.parseDouble(t));
            case CHAIN_LENGTH -> s.withChainLength(Integer.parseInt(t));
            case IP_ITERATIONS -> s.withIterations(Integer.parseInt(t));
            case RESAMPLING -> s.withResampling(switch (t) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("is true or false, was '" + text + "'");
            });
            case MAX_EXACT_STATES -> s.withMaxExactStates(Long.parseLong(t));
        };
    }

    /** The option of this name on the command line ({@link #option}), or null. */
    public static MethodOption ofOption(String option) {
        for (MethodOption o : values()) {
            if (o.option().equals(option)) {
                return o;
            }
        }
        return null;
    }
}
