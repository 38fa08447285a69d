package tmeval.run.plan;


import tmeval.anneal.Schedule;
import tmeval.compare.ComparisonMethods;
import tmeval.estimate.MethodOption;
import tmeval.estimate.Methods;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The rule of every setting, in one place: the command line's options, the workbench's fields and the readers of
 * sessions, results and shard files check a value against it, so that a value one of them refuses the others refuse
 * too, and none is ever clamped into range.
 */
public final class Setting {
    /** A whole-number setting and its range. */
    public record Whole(String name, long min, long max) {
        /** @throws IllegalArgumentException saying what is wrong with the text (its caller names the setting) */
        public long parse(String text) {
            long v;
            try {
                v = Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("needs a whole number, was '" + text + "'");
            }
            if (v < min || v > max) {
                throw new IllegalArgumentException("must be between " + min + " and " + max + ", was " + v);
            }
            return v;
        }

        /** {@link #parse} for a setting that is an int. */
        public int parseInt(String text) {
            return Math.toIntExact(parse(text));
        }

        public int minInt() {
            return Math.toIntExact(min);
        }

        public int maxInt() {
            return Math.toIntExact(max);
        }
    }

    /** A real-number setting and its range (always finite). */
    public record Real(String name, double min, double max) {
        /** @throws IllegalArgumentException saying what is wrong with the text */
        public double parse(String text) {
            double v;
            try {
                v = Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("needs a number, was '" + text + "'");
            }
            if (!(v >= min && v <= max)) {
                throw new IllegalArgumentException("must be between " + min + " and " + max + ", was " + text.trim());
            }
            return v;
        }
    }

    public static final Whole SAMPLES = whole(MethodOption.SAMPLES);
    public static final Whole TEMPERATURES = whole(MethodOption.TEMPERATURES);
    public static final Whole BURN_IN = whole(MethodOption.BURN_IN);
    public static final Whole PARTICLES = whole(MethodOption.PARTICLES);
    public static final Whole CHAIN_LENGTH = whole(MethodOption.CHAIN_LENGTH);
    public static final Whole IP_ITERATIONS = whole(MethodOption.IP_ITERATIONS);
    public static final Whole MAX_EXACT_STATES = whole(MethodOption.MAX_EXACT_STATES);
    public static final Whole RUNS = new Whole(SettingName.RUNS.key(), 1, 1_000_000);
    public static final Whole SEED = new Whole(SettingName.SEED.key(), Long.MIN_VALUE, Long.MAX_VALUE);
    public static final Whole THREADS = new Whole(SettingName.THREADS.key(), 1, 4096);
    public static final Whole REFERENCE_PARTICLES = new Whole(SettingName.REFERENCE_PARTICLES.key(), 1, 1_000_000);
    public static final Whole MAX_TEMPERATURES = new Whole(SettingName.MAX_TEMPERATURES.key(), 1, Integer.MAX_VALUE);
    public static final Whole FIRST_EXTRA_TEMPERATURES = new Whole(SettingName.FIRST_EXTRA_TEMPERATURES.key(), 0, Integer.MAX_VALUE);
    /** A pilot document's position in the corpus, as auto's provenance lists them. */
    private static final Whole PILOT_DOCUMENT = new Whole("a pilot document's position", 0, Integer.MAX_VALUE - 1);
    /** How often auto may double a document's budget, as an auto run's provenance records it. */
    public static final Whole AUTO_MAX_DOUBLINGS = new Whole(SettingName.AUTO_MAX_DOUBLINGS.key(), 0, 30);
    public static final Whole MIN_TOKENS = new Whole(SettingName.MIN_TOKENS.key(), 1, Integer.MAX_VALUE);
    /** Every document is kept unless {@code --min-tokens} says otherwise. */
    public static final int DEFAULT_MIN_TOKENS = 1;
    /** The teaching view's AIS runs while the window draws it: a short document, a few chains. */
    public static final Whole TEACHING_TEMPERATURES = new Whole("teaching temperatures", 1, 100_000);
    public static final Whole TEACHING_SAMPLES = new Whole("teaching samples", 1, 1000);
    /** 0: the whole document. */
    public static final Whole TEACHING_TOKENS = new Whole("teaching tokens", 0, 100_000);

    public static final Real EPSILON = new Real(MethodOption.EPSILON.setting(), MethodOption.EPSILON.realMin(), MethodOption.EPSILON.realMax());
    public static final Real GAP_THRESHOLD = new Real(SettingName.GAP_THRESHOLD.key(), 0, Double.MAX_VALUE);
    public static final Real AGREE_WITHIN = new Real(SettingName.AGREE_WITHIN.key(), Double.MIN_NORMAL, Double.MAX_VALUE);

    /** The settings of an auto run's provenance beside its plan's, read by auto's own reader ({@link AutoPilot}). */
    public static final Set<String> AUTO_SETTINGS = keys(SettingName.AUTO, SettingName.AUTO_MAX_DOUBLINGS, SettingName.AUTO_PILOT,
            SettingName.AUTO_FALLBACK);

    /** {@code --unknown-words} as the provenance records it. */
    public static final String UNKNOWN_WORDS = SettingName.UNKNOWN_WORDS.key();
    /** The out-of-vocabulary tokens and types dropped, as the provenance records them ({@code model-I-} before it in select's). */
    public static final String OUT_OF_VOCABULARY = SettingName.OUT_OF_VOCABULARY.key();
    /** The raw-text tokenising options, recorded as given. */
    public static final java.util.List<String> TOKENIZING = Stream.of(SettingName.REMOVE_STOPWORDS, SettingName.TOKEN_REGEX,
            SettingName.KEEP_CASE, SettingName.MIN_TOKEN_LENGTH).map(SettingName::key).toList();

    /**
     * Whether a recorded setting says how the corpus met the model (unknown words, their count, the tokenising) rather
     * than how the plan ran: recorded beside every plan's settings, read by no plan, so {@link SettingsReader} passes it by.
     */
    public static boolean isCorpusSetting(String key) {
        return key.equals(UNKNOWN_WORDS) || key.endsWith(OUT_OF_VOCABULARY) || TOKENIZING.contains(key);
    }

    /** Every setting a plan's provenance names ({@code toSettings()}), by that name, with its rule. */
    private static final Map<String, Consumer<String>> PLAN_RULES = planRules();

    private static Map<String, Consumer<String>> planRules() {
        Map<SettingName, Consumer<String>> byName = Map.ofEntries(
                Map.entry(SettingName.RUNS, RUNS::parse), Map.entry(SettingName.SEED, SEED::parse),
                Map.entry(SettingName.REFERENCE_PARTICLES, REFERENCE_PARTICLES::parse),
                Map.entry(SettingName.MAX_TEMPERATURES, MAX_TEMPERATURES::parse),
                Map.entry(SettingName.FIRST_EXTRA_TEMPERATURES, FIRST_EXTRA_TEMPERATURES::parse), Map.entry(SettingName.GAP_THRESHOLD, GAP_THRESHOLD::parse),
                Map.entry(SettingName.AGREE_WITHIN, AGREE_WITHIN::parse), Map.entry(SettingName.DIRECTION, ComparisonPlan.Directions::parse),
                Map.entry(SettingName.REFERENCE, ComparisonPlan.Reference::parse), Map.entry(SettingName.METHOD, Setting::method),
                Map.entry(SettingName.ALIGN, Setting::bool), Map.entry(SettingName.ADAPTIVE, Setting::bool), Map.entry(SettingName.AUTO, Setting::bool),
                Map.entry(SettingName.AUTO_MAX_DOUBLINGS, AUTO_MAX_DOUBLINGS::parse), Map.entry(SettingName.AUTO_PILOT, Setting::pilotDocuments),
                // well-formed method names here; auto's own reader (AutoPilot) checks they are its candidates
                Map.entry(SettingName.AUTO_FALLBACK, v -> List.of(v.split(",", -1)).forEach(Methods::get)),
                Map.entry(SettingName.ALLOW_UNEVEN_SERIES, Setting::bool), Map.entry(SettingName.VOCABULARY, Vocabulary::parse),
                Map.entry(SettingName.PLAN, v -> oneOf(v, List.of("estimate", "compare", "curve", "select"))));
        Map<String, Consumer<String>> rules = new HashMap<>();
        byName.forEach((name, rule) -> rules.put(name.key(), rule));
        for (MethodOption o : MethodOption.values()) {
            rules.put(o.setting(), rule(o));
        }
        return Map.copyOf(rules);
    }

    /** Auto's pilot documents as its provenance lists them ({@code [0,5,17]}): positions, each once. */
    public static int[] pilotDocuments(String text) {
        if (!text.startsWith("[") || !text.endsWith("]") || text.length() < 3) {
            throw new IllegalArgumentException("is a list of document positions such as [0,5,17], was '" + text + "'");
        }
        String[] parts = text.substring(1, text.length() - 1).split(",", -1);
        int[] d = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                d[i] = PILOT_DOCUMENT.parseInt(parts[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PILOT_DOCUMENT.name() + " " + e.getMessage(), e);
            }
        }
        if (java.util.Arrays.stream(d).distinct().count() < d.length) {
            throw new IllegalArgumentException("names a document twice: " + text);
        }
        return d;
    }

    /** An estimator's name, or auto (a selection's provenance names auto, and each model's choice as model-I-method). */
    private static void method(String value) {
        if (!value.equals("auto")) {
            Methods.get(value);
        }
    }

    /** The rule of a method option ({@link MethodOption}), from its range. */
    public static Consumer<String> rule(MethodOption o) {
        return switch (o.kind()) {
            case WHOLE -> whole(o)::parse;
            case REAL -> new Real(o.setting(), o.realMin(), o.realMax())::parse;
            case SCHEDULE -> Schedule::parse;
            case FLAG -> Setting::bool;
        };
    }

    /** A whole-number method option's rule. */
    private static Whole whole(MethodOption o) {
        return new Whole(o.setting(), o.wholeMin(), o.wholeMax());
    }

    private Setting() {
    }

    /** The keys of these settings. */
    public static Set<String> keys(SettingName... names) {
        return java.util.Arrays.stream(names).map(SettingName::key).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /**
     * Checks one setting of a plan as its provenance line names it ({@code plan} decides which methods {@code methods}
     * may name); a name this version does not know passes.
     *
     * @param plan the plan's {@code plan} setting, or null if not known
     * @throws IllegalArgumentException naming the setting and the problem
     */
    public static void check(String plan, String name, String value) {
        Consumer<String> rule = rule(plan, name);
        try {
            if (rule != null) {
                rule.accept(value);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("setting " + name + ": " + e.getMessage(), e);
        }
    }

    /** The rule of one setting of a plan as its provenance line names it (its complaint names no setting), or null for a name this version does not know. */
    public static Consumer<String> rule(String plan, String name) {
        if (name.equals(SettingName.METHODS.key())) {
            return v -> methods(v, "curve".equals(plan) ? CurvePlan.CURVE_METHODS : null, false);
        }
        return PLAN_RULES.get(name);
    }

    /**
     * The rule of a comparison's setting by its provenance name (a corpus setting, recorded as given, takes any value),
     * or null for a name no comparison has: what a results file or a session holding one refuses.
     */
    public static Consumer<String> comparisonRule(String name) {
        Consumer<String> rule = rule("compare", name);
        return rule == null && isCorpusSetting(name) ? v -> { } : rule;
    }

    /**
     * A comma-separated list of methods: each known (to {@code allowed}, or to the comparison methods when null) and
     * named once.
     *
     * @param emptyAllowed whether no method at all is a valid list (a workbench form with nothing ticked)
     */
    public static List<String> methods(String value, List<String> allowed, boolean emptyAllowed) {
        if (value.isEmpty() && emptyAllowed) {
            return List.of();
        }
        List<String> names = List.of(value.split(",", -1));
        Set<String> seen = new HashSet<>();
        for (String m : names) {
            if (allowed == null) {
                ComparisonMethods.get(m);
            } else if (!allowed.contains(m)) {
                throw new IllegalArgumentException("unknown method '" + m + "' (" + String.join(", ", allowed) + ")");
            }
            if (!seen.add(m)) {
                throw new IllegalArgumentException("names " + m + " twice");
            }
        }
        return names;
    }

    /** {@code true} or {@code false}, nothing else (Boolean.parseBoolean reads any other text as false). */
    public static boolean bool(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("is true or false, was '" + value + "'");
        };
    }

    private static void oneOf(String value, List<String> allowed) {
        if (!allowed.contains(value)) {
            throw new IllegalArgumentException("is " + String.join(" or ", allowed) + ", was '" + value + "'");
        }
    }
}
