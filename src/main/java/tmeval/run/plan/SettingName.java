package tmeval.run.plan;

import tmeval.architecture.AllowedToNameSettings;

/**
 * The name of every setting of a run, in one table: the key its provenance line and a session record
 * ({@code # setting seed 1}) and the command-line option that sets it ({@code --seed}), spelled here only, so that the
 * writer of a setting, its reader, the command line and the form cannot drift apart (an architecture rule holds it).
 * The method options have their own table ({@code estimate.MethodOption}); the rules of the values are {@link Setting}'s.
 */
@AllowedToNameSettings
public enum SettingName {
    PLAN("plan"),
    /** One estimator ({@code estimate}, an auto selection's choice); also a column of the rows. */
    METHOD("method", "method", true),
    /** The methods of a comparison or a curve, set by {@code --method NAMES}. */
    METHODS("methods", "method", false),
    /** Also a column of the rows. */
    DIRECTION("direction", "direction", true),
    RUNS("runs"),
    SEED("seed"),
    /** Not recorded by a plan (its output is the same for any), but by a session. */
    THREADS("threads"),
    /** Also the rows of the reference run. */
    REFERENCE("reference", "reference", true),
    REFERENCE_PARTICLES("reference-particles"),
    /** Set by {@code --align} (the default) or {@code --no-align}. */
    ALIGN("align"),
    VOCABULARY("vocabulary"),
    GAP_THRESHOLD("gap-threshold"),
    FIRST_EXTRA_TEMPERATURES("first-extra-temperatures"),
    ALLOW_UNEVEN_SERIES("allow-uneven-series"),
    ADAPTIVE("adaptive"),
    AGREE_WITHIN("agree-within"),
    MAX_TEMPERATURES("max-temperatures"),
    /** Set by {@code --method auto}; {@code auto} is also a method's and a schedule's name. */
    AUTO("auto", "method", true),
    AUTO_MAX_DOUBLINGS("auto-max-doublings"),
    AUTO_PILOT("auto-pilot"),
    AUTO_FALLBACK("auto-fallback"),
    UNKNOWN_WORDS("unknown-words"),
    /** The out-of-vocabulary tokens and types dropped, recorded (never set) beside the plan's settings. */
    OUT_OF_VOCABULARY("out-of-vocabulary"),
    MIN_TOKENS("min-tokens"),
    CORPUS_FORMAT("corpus-format"),
    /** The raw-text tokenising options, recorded as given. */
    REMOVE_STOPWORDS("remove-stopwords"),
    TOKEN_REGEX("token-regex"),
    KEEP_CASE("keep-case"),
    MIN_TOKEN_LENGTH("min-token-length"),
    /** {@code train}'s. */
    TOPICS("topics"),
    ITERATIONS("iterations"),
    /** Also a model file's field. */
    ALPHA("alpha", "alpha", true),
    ALPHA_SUM("alpha-sum"),
    /** Also a model file's field. */
    BETA("beta", "beta", true),
    OPTIMIZE_BETA("optimize-beta"),
    OPTIMIZE_INTERVAL("optimize-interval"),
    OPTIMIZE_BURN_IN("optimize-burn-in"),
    SNAPSHOT_EVERY("snapshot-every"),
    /** {@code coherence}'s. */
    MEASURE("measure"),
    GENSIM_MEASURE("gensim-measure"),
    WINDOW("window"),
    TOP_N("top-n"),
    BOOTSTRAP_RESAMPLES("bootstrap-resamples"),
    DIVERSITY_WORDS("diversity-words"),
    RBO_WORDS("rbo-words"),
    RBO_PERSISTENCE("rbo-persistence"),
    TOPIC_SIZES("topic-sizes"),
    /** {@code calibrate}'s and {@code bench}'s; also a column of the tables. */
    DOCUMENTS("documents", "documents", true),
    /** {@code covariates}'. */
    BINS("bins"),
    /** Every document, not only the flagged ones; a common word. */
    ALL("all", "all", true),
    /** {@code select}'s ratio path between neighbouring models. */
    PAIRS("pairs");

    private final String key;
    private final String option;
    private final boolean commonWord;

    SettingName(String key) {
        this(key, key, false);
    }

    /** @param commonWord the key is also a column's title or another thing's name, so that only its option's spelling is held to this table */
    SettingName(String key, String option, boolean commonWord) {
        this.key = key;
        this.option = option;
        this.commonWord = commonWord;
    }

    /** The setting's name in a provenance line and a session. */
    public String key() {
        return key;
    }

    /** The command-line option that sets it, without its dashes (as {@code cli.OptionSpec} takes it). */
    public String option() {
        return option;
    }

    /** The option as the command line spells it, {@code --seed}: what a message about it names. */
    public String dashed() {
        return "--" + option;
    }

    /** The flag that turns a setting off ({@code no-align}), without its dashes. */
    public String negated() {
        return "no-" + option;
    }

    /** Whether the key is a common word of the rows too, so that only its option's spelling is held to this table. */
    public boolean commonWord() {
        return commonWord;
    }

    /** The command-line option of the setting recorded as {@code key}, or {@code key} itself where no setting has it. */
    public static String optionOf(String key) {
        for (SettingName n : values()) {
            if (n.key.equals(key)) {
                return n.option;
            }
        }
        return key;
    }
}
