package tmeval.compare;

import tmeval.anneal.Schedule;
import tmeval.architecture.AllowedToNameMethods;
import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.ChibStyleEstimator;
import tmeval.estimate.DocumentCompletion;
import tmeval.estimate.EtaImportanceSampler;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.GibbsMixtureSampler;
import tmeval.estimate.LeeDirichletSampler;
import tmeval.estimate.LeftToRight;
import tmeval.estimate.MethodOption;
import tmeval.estimate.MethodSettings;
import tmeval.estimate.Methods;
import tmeval.estimate.VariationalImportanceSampler;
import tmeval.model.TopicModel;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The two-model methods of {@code compare} and the workbench, by name: how each is built, whether it runs in two
 * directions, what it costs in Gibbs site updates and which measured rate prices it. The one place their names are
 * written (with {@link Methods} for the single-model ones).
 */
@AllowedToNameMethods
public final class ComparisonMethods {
    public static final String RATIO_CONVEX = "ratio-convex";
    public static final String RATIO_GEOMETRIC = "ratio-geometric";
    public static final String AIS_DIFF = "ais-diff";
    public static final String LR_DIFF = "lr-diff";
    public static final String CHIB_DIFF = "chib-diff";
    public static final String IS_VB_DIFF = "is-vb-diff";
    public static final String LEE_IS_DIFF = "lee-is-diff";
    public static final String IS_GIBBS_DIFF = "is-gibbs-diff";
    public static final String IS_ETA_DIFF = "is-eta-diff";
    public static final String RATIO_ETA = "ratio-eta";
    public static final String EXACT = Methods.EXACT;
    public static final String COMPLETION_RATIO_CONVEX = "completion-ratio-convex";
    public static final String COMPLETION_RATIO_GEOMETRIC = "completion-ratio-geometric";
    public static final String COMPLETION_AIS_DIFF = "completion-ais-diff";
    public static final String COMPLETION_EXACT = "completion-exact";
    /** The document-completion methods: they compare the second half of a document given the first. */
    private static final Set<String> COMPLETIONS = Set.of(COMPLETION_RATIO_CONVEX, COMPLETION_RATIO_GEOMETRIC, COMPLETION_AIS_DIFF, COMPLETION_EXACT);
    /** The long left-to-right run that Table 2's correlation column compares against. */
    public static final String LR_REFERENCE = "lr-reference";

    /** Site updates of one run of a method on a document of {@code length} tokens, in one direction. */
    @FunctionalInterface
    public interface Cost {
        long siteUpdates(MethodSettings settings, int length);
    }

    /**
     * One comparison method.
     *
     * @param directional annealed from one model to the other, so run forward (B to A) and reverse (A to B)
     * @param pricedAs the estimator whose measured rate (site updates per second) prices it
     * @param cost site updates of one run in one direction
     * @param options the settings it reads ({@link MethodOption}), so that an option given to a method that ignores it is an error
     */
    public record Method(String name, String description, boolean directional, String pricedAs, Cost cost, Set<MethodOption> options,
                         Function<MethodSettings, ModelComparison> factory) {
        public Method {
            options = java.util.Collections.unmodifiableSet(EnumSet.copyOf(options));
        }

        public ModelComparison create(MethodSettings settings) {
            return factory.apply(settings);
        }

        /** Site updates of one run on a document, over the directions it is run in. */
        public long siteUpdates(MethodSettings settings, int length, int directions) {
            return cost.siteUpdates(settings, length) * (directional ? directions : 1);
        }
    }

    private static final Set<MethodOption> RATIO_OPTIONS = EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.BURN_IN, MethodOption.SCHEDULE);
    private static final Map<String, Method> METHODS = new LinkedHashMap<>();

    static {
        // Foulds and Smyth Section 4: a ratio path costs S (B + n) N per direction (between models of different K as
        // well, each site update then at the larger K: TopicSplit); the baselines spend the same n on each model (AIS)
        // or its equivalent in left-to-right particles; exact costs no Gibbs sweeps at all
        Cost ratioPath = (s, n) -> (long) s.samples() * (s.burnIn() + s.temperatures()) * n;
        Cost completionRatioPath = (s, n) -> ratioPath.siteUpdates(s, n) + ratioPath.siteUpdates(s, n / 2);
        add(new Method(RATIO_CONVEX, "ratio-AIS on the convex path between the models (Eq. 6-7): each direction brackets the ratio",
                true, RATIO_CONVEX, ratioPath, RATIO_OPTIONS,
                s -> new RatioAis(RatioAis.Path.CONVEX, s.temperatures(), s.samples(), s.burnIn(), s.schedule().resolve(Schedule.UNIFORM))));
        add(new Method(RATIO_GEOMETRIC, "ratio-AIS on the geometric path between the models (Eq. 5)",
                true, RATIO_GEOMETRIC, ratioPath, RATIO_OPTIONS,
                s -> new RatioAis(RatioAis.Path.GEOMETRIC, s.temperatures(), s.samples(), s.burnIn(), s.schedule().resolve(Schedule.UNIFORM))));
        add(new Method(AIS_DIFF, "standard AIS on each model, differenced (the error is incurred twice)",
                false, Methods.AIS, (s, n) -> 2L * s.samples() * s.temperatures() * n, EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.SCHEDULE),
                s -> {
                    var ais = AnnealedImportanceSampler.standard(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM));
                    return new EstimateDifference(AIS_DIFF, doc -> ais);
                }));
        add(new Method(LR_DIFF, "left-to-right on each model at the same budget, differenced",
                false, Methods.LR, (s, n) -> 2L * EstimateDifference.particlesForBudget(s.temperatures(), n) * n * (n + 1) / 2,
                EnumSet.of(MethodOption.TEMPERATURES, MethodOption.RESAMPLING),
                s -> new EstimateDifference(LR_DIFF,
                        doc -> LeftToRight.standard(EstimateDifference.particlesForBudget(s.temperatures(), doc.length()), s.resampling()))));
        add(new Method(CHIB_DIFF, "the Chib-style estimator on each model, differenced",
                false, Methods.CHIB, (s, n) -> 2L * ChibStyleEstimator.siteUpdates(s.chainLength(), n), EnumSet.of(MethodOption.CHAIN_LENGTH),
                s -> {
                    var chib = new ChibStyleEstimator(s.chainLength());
                    return new EstimateDifference(CHIB_DIFF, doc -> chib);
                }));
        // importance sampling over theta with the topics summed out: n samples on each model (compare's one budget, as the
        // left-to-right baseline takes its particles from it; n = 1000 is also estimate's default S for both), each
        // sample a mixture over K for every distinct word, at most N
        Cost thetaSampling = (s, n) -> 2L * s.temperatures() * n;
        add(new Method(IS_VB_DIFF, "is-vb on each model with n importance samples (--temperatures), differenced: theta sampled from the"
                + " widened variational posterior, the topics summed out",
                false, Methods.IS_VB, thetaSampling, EnumSet.of(MethodOption.TEMPERATURES),
                s -> {
                    var isVb = new VariationalImportanceSampler(s.temperatures());
                    return new EstimateDifference(IS_VB_DIFF, doc -> isVb);
                }));
        add(new Method(IS_GIBBS_DIFF, "is-gibbs on each model with n importance samples (--temperatures), differenced: theta sampled from"
                + " a mixture of Dir(alpha + n(z)) over Gibbs draws of chains started apart, the topics summed out",
                false, Methods.IS_GIBBS, thetaSampling, EnumSet.of(MethodOption.TEMPERATURES),
                s -> {
                    var isGibbs = new GibbsMixtureSampler(s.temperatures());
                    return new EstimateDifference(IS_GIBBS_DIFF, doc -> isGibbs);
                }));
        add(new Method(IS_ETA_DIFF, "importance sampling over theta on each model with n samples (--temperatures), the topics summed"
                + " out, differenced: is-eta on a model with a logistic-normal prior, is-vb on an LDA; compares models of different families",
                false, Methods.IS_ETA, thetaSampling, EnumSet.of(MethodOption.TEMPERATURES),
                s -> {
                    var isEta = new EtaImportanceSampler(s.temperatures());
                    var isVb = new VariationalImportanceSampler(s.temperatures());
                    return EstimateDifference.byModel(IS_ETA_DIFF, model -> model.isLda() ? isVb : isEta);
                }));
        add(new Method(RATIO_ETA, "ratio-AIS over eta between two models of any families and K (an LDA's Dirichlet mapped to eta with"
                + " its Jacobian, a logistic-normal prior as it is, the smaller K padded with a fixed Gaussian), geometric path of the joint"
                + " densities: each direction brackets the ratio",
                true, Methods.AIS_ETA, ratioPath, RATIO_OPTIONS,
                s -> new EtaRatioAis(s.temperatures(), s.samples(), s.burnIn(), s.schedule().resolve(Schedule.UNIFORM))));
        add(new Method(LEE_IS_DIFF, "Lee's Dirichlet importance sampler on each model with n samples (--temperatures), differenced",
                false, Methods.LEE_IS, thetaSampling, EnumSet.of(MethodOption.TEMPERATURES),
                s -> {
                    var lee = new LeeDirichletSampler(s.temperatures(), 0);
                    return new EstimateDifference(LEE_IS_DIFF, doc -> lee);
                }));
        add(new Method(EXACT, "exact log P(w | A) - log P(w | B) by dynamic programming (short documents only)",
                false, EXACT, (s, n) -> 0, EnumSet.of(MethodOption.MAX_EXACT_STATES),
                s -> {
                    var exact = new ExactEvaluator(s.maxExactStates());
                    return new EstimateDifference(EXACT, doc -> exact);
                }));
        // document completion (Wallach et al. Section 5): log P_A(w2 | w1) - log P_B(w2 | w1), w1 the first half
        add(new Method(COMPLETION_RATIO_CONVEX, "document completion by ratio-AIS on the convex path: the whole document and its first half,"
                + " annealed in opposite directions; each direction brackets the ratio",
                true, RATIO_CONVEX, completionRatioPath, RATIO_OPTIONS,
                s -> new CompletionComparison(COMPLETION_RATIO_CONVEX, get(RATIO_CONVEX).create(s))));
        add(new Method(COMPLETION_RATIO_GEOMETRIC, "document completion by ratio-AIS on the geometric path (as completion-ratio-convex)",
                true, RATIO_GEOMETRIC, completionRatioPath, RATIO_OPTIONS,
                s -> new CompletionComparison(COMPLETION_RATIO_GEOMETRIC, get(RATIO_GEOMETRIC).create(s))));
        add(new Method(COMPLETION_AIS_DIFF, "document completion: completion-ais (Algorithm 4) on each model, differenced",
                false, Methods.AIS, (s, n) -> 2L * s.samples() * (s.burnIn() + s.temperatures()) * n, RATIO_OPTIONS,
                s -> {
                    var ais = AnnealedImportanceSampler.completion(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM), s.burnIn());
                    return EstimateDifference.completion(COMPLETION_AIS_DIFF, doc -> ais);
                }));
        add(new Method(COMPLETION_EXACT, "exact log P(w2 | w1, A) - log P(w2 | w1, B): exact on the whole document and on its first half",
                false, EXACT, (s, n) -> 0, EnumSet.of(MethodOption.MAX_EXACT_STATES),
                s -> new CompletionComparison(COMPLETION_EXACT, get(EXACT).create(s))));
    }

    private ComparisonMethods() {
    }

    private static void add(Method m) {
        METHODS.put(m.name(), m);
    }

    /** @throws IllegalArgumentException naming the known methods if the name is unknown */
    public static Method get(String name) {
        Method m = METHODS.get(name);
        if (m == null) {
            throw new IllegalArgumentException("unknown comparison method '" + name + "' (" + String.join(", ", names()) + ")");
        }
        return m;
    }

    /** What a method's value is (its verdict's starting point): exact, or an estimate; ratio paths are judged by their directions. */
    public static Methods.Guarantee guarantee(String name) {
        return name.equals(EXACT) || name.equals(COMPLETION_EXACT) ? Methods.Guarantee.EXACT : Methods.Guarantee.ESTIMATE;
    }

    /**
     * Whether the method compares these two models: is-eta-diff any two whose each is an LDA or has a logistic-normal
     * prior (Methods.supports: is-eta and is-vb); exact any two it answers each of (an LDA, or a logistic-normal prior
     * of K = 2 or 3 by quadrature); every other method two LDAs (its paths, its estimators and its exact
     * answer are built on the Dirichlet and the mixture).
     */
    public static boolean supports(String name, TopicModel a, TopicModel b) {
        if (name.equals(IS_ETA_DIFF)) {
            return evaluatedOverTheta(a) && evaluatedOverTheta(b);
        }
        if (name.equals(EXACT)) {
            return Methods.supports(Methods.EXACT, a) && Methods.supports(Methods.EXACT, b);
        }
        if (name.equals(RATIO_ETA)) {
            return tmeval.estimate.EtaRatio.supports(a, b);
        }
        return a.isLda() && b.isLda();
    }

    private static boolean evaluatedOverTheta(TopicModel model) {
        return model.isLda() || Methods.supports(Methods.IS_ETA, model);
    }

    /** The methods that compare these two models ({@link #supports}), in the order the help lists them. */
    public static List<String> supporting(TopicModel a, TopicModel b) {
        return names().stream().filter(n -> supports(n, a, b)).toList();
    }

    /** Why the method cannot compare these models, in words for the user, or null when it can. */
    public static String refusal(String name, TopicModel a, TopicModel b) {
        if (supports(name, a, b)) {
            return null;
        }
        List<String> others = supporting(a, b);
        if (name.equals(RATIO_ETA)) {
            return name + " compares two models of K at least 2, each an LDA or with a logistic-normal prior; A is " + a.family()
                    + " (K = " + a.numTopics() + "), B is " + b.family() + " (K = " + b.numTopics() + ")"
                    + (others.isEmpty() ? ", which no method compares" : ": use " + String.join(" or ", others) + ", or auto");
        }
        return name + " compares two LDAs (a Dirichlet prior and a mixture of topics each); A is " + a.family() + ", B is " + b.family()
                + (others.isEmpty() ? ", which no method compares" : ": use " + String.join(" or ", others) + ", or auto");
    }

    public static List<Method> all() {
        return List.copyOf(METHODS.values());
    }

    public static List<String> names() {
        return List.copyOf(METHODS.keySet());
    }

    /** A long left-to-right run with a fixed particle count, the reference of Table 2 ("correlation with long LR"). */
    public static ModelComparison leftToRightReference(int particles) {
        var lr = LeftToRight.standard(particles, true);
        return new EstimateDifference(LR_REFERENCE, doc -> lr);
    }

    /** The reference of Table 2 for the completion methods: {@code completion-lr} with a fixed particle count on each model. */
    public static ModelComparison completionLeftToRightReference(int particles) {
        var lr = LeftToRight.completion(particles, true);
        return EstimateDifference.completion(LR_REFERENCE, doc -> lr);
    }

    /** Whether the method compares the second half of each document given the first (document completion). */
    public static boolean completion(String name) {
        return COMPLETIONS.contains(name);
    }

    /**
     * The tokens a method compares in a document of this length (the N of its rows): the second half for document
     * completion, every token otherwise.
     */
    public static int scoredTokens(String name, int length) {
        return completion(name) ? DocumentCompletion.scoredLength(length) : length;
    }

    /** Site updates of the left-to-right reference on a document: R particles on each model. */
    public static long referenceSiteUpdates(int particles, int length) {
        return (long) particles * length * (length + 1);
    }
}
