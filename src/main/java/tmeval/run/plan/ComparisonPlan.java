package tmeval.run.plan;


import tmeval.estimate.Methods;
import tmeval.compare.ComparisonMethods;
import tmeval.compare.ConvergenceCheck;
import tmeval.compare.Direction;
import tmeval.compare.ModelComparison;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything that defines a comparison of two models on a corpus, validated once. {@code compare}'s options and the
 * workbench's form both fill it, the runner executes it, and its {@link #settings()} are what every output's
 * provenance records: the same comparison gives the same numbers wherever it was started.
 *
 * @param directions which directions the ratio paths run in (the baselines have none)
 * @param reference a reference run for Table 2's correlation column
 * @param referenceParticles particles of the {@code lr} reference
 * @param align permute B's topics to A's (Hungarian, L1) before annealing: it leaves every likelihood unchanged and
 *              helps the ratio paths converge between independently trained models
 * @param gapThreshold documents whose forward and reverse estimates differ by more than this many nats are flagged
 */
public record ComparisonPlan(List<String> methods, Directions directions, MethodSettings settings, int runs, long seed, int threads,
                             Reference reference, int referenceParticles, boolean align, boolean intersectVocabularies,
                             double gapThreshold) implements java.io.Serializable {
    /** The paper's cheap regime (Foulds and Smyth Section 4): one sample, n = 1000, 100 burn-in sweeps. */
    public static final MethodSettings DEFAULT_METHOD_SETTINGS = MethodSettings.defaults().withSamples(1).withTemperatures(1000).withBurnIn(100);
    /** Two runs per document: the variance column needs two. */
    public static final int DEFAULT_RUNS = 2;
    public static final long DEFAULT_SEED = 1;
    public static final int DEFAULT_REFERENCE_PARTICLES = 100;
    public static final boolean DEFAULT_ALIGN = true;
    public static final Directions DEFAULT_DIRECTIONS = Directions.BOTH;
    public static final Reference DEFAULT_REFERENCE = Reference.NONE;
    public static final double DEFAULT_GAP_THRESHOLD = ConvergenceCheck.DEFAULT_THRESHOLD;
    /** With {@code --adaptive}: the most temperatures a document gets, as a multiple of the plan's temperatures. */
    public static final int DEFAULT_MAX_TEMPERATURES_FACTOR = 16;

    /** The names of the settings ({@link #toSettings}): the command line's option names. */
    static final String PLAN = SettingName.PLAN.key();
    private static final String PLAN_NAME = "compare";
    static final String METHODS = SettingName.METHODS.key();
    private static final String DIRECTION = SettingName.DIRECTION.key();
    private static final String RUNS = SettingName.RUNS.key();
    private static final String SEED = SettingName.SEED.key();
    private static final String REFERENCE = SettingName.REFERENCE.key();
    private static final String REFERENCE_PARTICLES = SettingName.REFERENCE_PARTICLES.key();
    static final String ALIGN = SettingName.ALIGN.key();
    static final String VOCABULARY = SettingName.VOCABULARY.key();
    private static final String GAP_THRESHOLD = SettingName.GAP_THRESHOLD.key();

    /** Settings another reader reads: the adaptive budget's ({@link AdaptiveBudget}) and auto's ({@link AutoPilot}). */
    private static final java.util.Set<String> LEFT_TO_OTHERS = java.util.stream.Stream.concat(AdaptiveBudget.SETTINGS.stream(),
            Setting.AUTO_SETTINGS.stream()).collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** Which directions a ratio path is run in. */
    public enum Directions {
        FORWARD("forward"), REVERSE("reverse"), BOTH("both");

        private final String label;

        Directions(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Directions parse(String s) {
            for (Directions d : values()) {
                if (d.label.equals(s)) {
                    return d;
                }
            }
            throw new IllegalArgumentException("the direction must be forward, reverse or both, was '" + s + "'");
        }

        /** The directions of one method: both, one, or none for a method that does not anneal between the models. */
        public List<Direction> of(ComparisonMethods.Method m) {
            if (!m.directional()) {
                return List.of(Direction.NONE);
            }
            return switch (this) {
                case FORWARD -> List.of(Direction.FORWARD);
                case REVERSE -> List.of(Direction.REVERSE);
                case BOTH -> List.of(Direction.FORWARD, Direction.REVERSE);
            };
        }

        public int count() {
            return this == BOTH ? 2 : 1;
        }
    }

    /** The reference run of Table 2's correlation column. */
    public enum Reference {
        NONE("none"), LR(Methods.LR), EXACT(ComparisonMethods.EXACT);

        private final String label;

        Reference(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Reference parse(String s) {
            for (Reference r : values()) {
                if (r.label.equals(s)) {
                    return r;
                }
            }
            throw new IllegalArgumentException("the reference must be none, lr or exact, was '" + s + "'");
        }
    }

    /** @throws IllegalArgumentException with a message naming the setting */
    public ComparisonPlan {
        methods = List.copyOf(methods);
        if (methods.isEmpty()) {
            throw new IllegalArgumentException("select at least one method");
        }
        if (methods.stream().distinct().count() < methods.size()) {
            throw new IllegalArgumentException("a method is selected twice: " + String.join(",", methods));
        }
        methods.forEach(ComparisonMethods::get);
        List<String> completions = methods.stream().filter(ComparisonMethods::completion).toList();
        if (!completions.isEmpty() && completions.size() < methods.size()) {
            // P(w2 | w1) and P(w) are different quantities: one table, one corpus figure and one check cannot hold both
            throw new IllegalArgumentException(String.join(", ", completions) + " compare the second half of each document given the first,"
                    + " the other methods the whole document: select them in separate comparisons");
        }
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1");
        }
        if (referenceParticles < 1) {
            throw new IllegalArgumentException("reference particles must be at least 1");
        }
        if (!(gapThreshold >= 0)) {
            throw new IllegalArgumentException("the gap threshold must not be negative");
        }
    }

    /** The default plan for these methods: what {@code compare} runs with no other option, and the workbench's Table 1 preset for the paper's four. */
    public static ComparisonPlan defaults(List<String> methods) {
        return new ComparisonPlan(methods, DEFAULT_DIRECTIONS, DEFAULT_METHOD_SETTINGS, DEFAULT_RUNS, DEFAULT_SEED, Workers.defaultThreads(),
                DEFAULT_REFERENCE, DEFAULT_REFERENCE_PARTICLES, DEFAULT_ALIGN, false, DEFAULT_GAP_THRESHOLD);
    }

    /** The four methods of Foulds and Smyth's Tables 1 and 2: Run > Preset: Foulds & Smyth Table 1 (the workbench opens on auto). */
    public static List<String> defaultSelection() {
        return List.of(ComparisonMethods.RATIO_CONVEX, ComparisonMethods.RATIO_GEOMETRIC, ComparisonMethods.AIS_DIFF, ComparisonMethods.LR_DIFF);
    }

    // withers: each returns this plan with one setting changed (and checked), so that no caller rebuilds it positionally

    public ComparisonPlan withMethods(List<String> m) {
        return new ComparisonPlan(m, directions, settings, runs, seed, threads, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withDirections(Directions d) {
        return new ComparisonPlan(methods, d, settings, runs, seed, threads, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withSettings(MethodSettings s) {
        return new ComparisonPlan(methods, directions, s, runs, seed, threads, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withTemperatures(int n) {
        return withSettings(settings.withTemperatures(n));
    }

    public ComparisonPlan withRuns(int r) {
        return new ComparisonPlan(methods, directions, settings, r, seed, threads, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withSeed(long s) {
        return new ComparisonPlan(methods, directions, settings, runs, s, threads, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withThreads(int t) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, t, reference, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withReference(Reference r) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, threads, r, referenceParticles, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withReferenceParticles(int p) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, threads, reference, p, align, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withAlign(boolean a) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, threads, reference, referenceParticles, a, intersectVocabularies, gapThreshold);
    }

    public ComparisonPlan withIntersectVocabularies(boolean i) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, threads, reference, referenceParticles, align, i, gapThreshold);
    }

    public ComparisonPlan withGapThreshold(double g) {
        return new ComparisonPlan(methods, directions, settings, runs, seed, threads, reference, referenceParticles, align, intersectVocabularies, g);
    }

    /**
     * The adaptive budget {@code compare --adaptive} takes with no other option: agreement within the gap threshold,
     * at most {@link #DEFAULT_MAX_TEMPERATURES_FACTOR} times the temperatures.
     */
    public AdaptiveBudget defaultBudget() {
        return new AdaptiveBudget(gapThreshold, defaultMaxTemperatures(settings.temperatures()));
    }

    /** The default cap of {@code --max-temperatures} for a plan of this many temperatures. */
    public static int defaultMaxTemperatures(int temperatures) {
        return (int) Math.min(Integer.MAX_VALUE, (long) DEFAULT_MAX_TEMPERATURES_FACTOR * temperatures);
    }

    /** The first method of the plan that anneals between the two models (and so needs the same K), or null. */
    public String annealingMethod() {
        return methods.stream().filter(n -> ComparisonMethods.get(n).directional()).findFirst().orElse(null);
    }

    /** Whether the plan compares document completions, log P(w2 | w1) (its methods are all of that kind, or none is). */
    public boolean completion() {
        return ComparisonMethods.completion(methods.get(0));
    }

    /** The tokens each row compares in a document of this length (its N): the second half for document completion. */
    public int scoredTokens(int length) {
        return ComparisonMethods.scoredTokens(methods.get(0), length);
    }

    /** The (method, direction) pairs the runner executes, in the order of {@link #methods()}. */
    public List<Arm> arms() {
        List<Arm> arms = new ArrayList<>();
        for (String name : methods) {
            ComparisonMethods.Method m = ComparisonMethods.get(name);
            ModelComparison c = m.create(settings);
            for (Direction d : directions.of(m)) {
                arms.add(new Arm(c, d));
            }
        }
        return arms;
    }

    /** The reference comparison, or null for none; for document completion, of the completions. */
    public ModelComparison referenceComparison() {
        boolean c = completion();
        return switch (reference) {
            case NONE -> null;
            case LR -> c ? ComparisonMethods.completionLeftToRightReference(referenceParticles) : ComparisonMethods.leftToRightReference(referenceParticles);
            case EXACT -> ComparisonMethods.get(c ? ComparisonMethods.COMPLETION_EXACT : ComparisonMethods.EXACT).create(settings);
        };
    }

    /**
     * The settings of {@link #toSettings} that made a difference to this plan's rows: the method options its methods
     * (and its reference) read, the direction only when a method anneals between the models, the reference's particles
     * only for the {@code lr} reference; never the plan's name.
     */
    public Map<String, String> usedSettings() {
        java.util.Set<MethodOption> read = java.util.EnumSet.noneOf(MethodOption.class);
        methods.forEach(m -> read.addAll(ComparisonMethods.get(m).options()));
        if (reference == Reference.EXACT) {
            read.addAll(ComparisonMethods.get(ComparisonMethods.EXACT).options());
        }
        Map<String, String> s = MethodSettingsText.onlyUsed(toSettings(), read);
        s.remove(PLAN);
        if (annealingMethod() == null) {
            s.remove(DIRECTION);
        }
        if (reference != Reference.LR) {
            s.remove(REFERENCE_PARTICLES);
        }
        return s;
    }

    /**
     * Every setting, by name (the command line's option names), in a fixed order: the {@code # setting} lines of every
     * output's provenance, and what {@link #fromSettings} reads back into the same plan. The thread count is not a
     * setting: the output is the same for any.
     */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(PLAN, PLAN_NAME);
        s.put(METHODS, String.join(",", methods));
        s.put(DIRECTION, directions.label());
        s.putAll(MethodSettingsText.of(settings));
        s.put(RUNS, Integer.toString(runs));
        s.put(SEED, Long.toString(seed));
        s.put(REFERENCE, reference.label());
        s.put(REFERENCE_PARTICLES, Integer.toString(referenceParticles));
        s.put(ALIGN, Boolean.toString(align));
        s.put(VOCABULARY, Vocabulary.of(intersectVocabularies).label());
        s.put(GAP_THRESHOLD, String.format(Locale.ROOT, "%s", gapThreshold));
        return s;
    }

    /**
     * The plan whose {@link #toSettings} these are (an output's provenance, a session), on all cores: every setting must be
     * there, none other ({@link AdaptiveBudget#fromSettings} reads the adaptive budget's, {@link AutoPilot#fromSettings}
     * auto's), and each must be what
     * the command line accepts.
     *
     * @throws IllegalArgumentException naming the setting that is missing, unknown or not valid
     */
    public static ComparisonPlan fromSettings(Map<String, String> s) {
        SettingsReader in = new SettingsReader(s, LEFT_TO_OTHERS);
        if (!PLAN_NAME.equals(in.text(PLAN))) {
            throw SettingsReader.problem(PLAN, "'" + s.get(PLAN) + "', not a " + PLAN_NAME + " plan");
        }
        String vocabularyText = in.text(VOCABULARY);
        Vocabulary vocabulary = in.valid(VOCABULARY, () -> Vocabulary.parse(vocabularyText));
        String methodList = in.text(METHODS);
        List<String> methods = in.valid(METHODS, () -> Setting.methods(methodList, null, false));
        String direction = in.text(DIRECTION);
        Directions directions = in.valid(DIRECTION, () -> Directions.parse(direction));
        MethodSettings settings = MethodSettingsText.read(in);
        int runs = (int) in.whole(Setting.RUNS);
        long seed = in.whole(Setting.SEED);
        String referenceLabel = in.text(REFERENCE);
        Reference reference = in.valid(REFERENCE, () -> Reference.parse(referenceLabel));
        int referenceParticles = (int) in.whole(Setting.REFERENCE_PARTICLES);
        boolean align = in.bool(ALIGN);
        double gapThreshold = in.real(Setting.GAP_THRESHOLD);
        in.noOthers();
        return new ComparisonPlan(methods, directions, settings, runs, seed, Workers.defaultThreads(), reference, referenceParticles, align,
                vocabulary.intersects(), gapThreshold);
    }
}
