package tmeval.estimate;

import tmeval.anneal.Schedule;
import tmeval.architecture.AllowedToNameMethods;
import tmeval.model.TopicModel;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The single-model estimators by name, with their defaults, as both the command line and the GUI offer them. */
@AllowedToNameMethods
public final class Methods {
    /**
     * One method: its name, a line on what it is, its default settings, the settings it reads (by their option names,
     * so that an option given to a method that ignores it is an error) and how to build it.
     */
    public record Method(String name, String description, MethodSettings defaults, Set<MethodOption> options,
                         Function<MethodSettings, Estimator> factory) {
        public Method {
            options = java.util.Collections.unmodifiableSet(EnumSet.copyOf(options));
        }

        public Estimator create(MethodSettings settings) {
            return factory.apply(settings);
        }
    }

    public static final String EXACT = "exact";
    public static final String VB = "vb";
    public static final String IS_PRIOR = "is-prior";
    public static final String IS_PZW = "is-pzw";
    public static final String IS_IP = "is-ip";
    public static final String HM = "hm";
    public static final String AIS = "ais";
    public static final String CHIB = "chib";
    public static final String LR = "lr";
    public static final String LEE_IS = "lee-is";
    public static final String IS_VB = "is-vb";
    public static final String IS_GIBBS = "is-gibbs";
    public static final String IS_ETA = "is-eta";
    public static final String AIS_ETA = "ais-eta";
    public static final String COMPLETION_THETA = "completion-theta";
    public static final String COMPLETION_AIS = "completion-ais";
    public static final String COMPLETION_LR = "completion-lr";
    /** The document-completion methods: they score the second half of a document given the first. */
    private static final Set<String> COMPLETIONS = Set.of(COMPLETION_THETA, COMPLETION_AIS, COMPLETION_LR);
    /** Iteration-AIS (Eq. 8-9) is no single-document estimator (it carries runs across a series) but is named here. */
    public static final String ITERATION_AIS = "iteration-ais";

    private static final Map<String, Method> METHODS = new LinkedHashMap<>();

    static {
        MethodSettings d = MethodSettings.defaults();
        add(EXACT, "exact P(w) by dynamic programming over topic counts (short documents only)", d,
                EnumSet.of(MethodOption.MAX_EXACT_STATES), s -> new ExactEvaluator(s.maxExactStates()));
        add(VB, "mean-field variational lower bound by coordinate ascent (LDA's; the correlated topic model's for a logistic-normal prior"
                        + " with a mixture decoder): a certified floor, never above log P(w)", d,
                EnumSet.noneOf(MethodOption.class), s -> new VariationalBound());
        add(IS_PRIOR, "importance sampling from the prior over theta (MALLET's empirical likelihood)", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES), s -> new PriorImportanceSampler(s.samples()));
        add(IS_PZW, "importance sampling, Q(z_n) proportional to alpha_k phi(w_n, k)", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES), s -> TokenProposalSampler.pzw(s.samples()));
        add(IS_IP, "importance sampling with iterated pseudo-counts (Eq. 11)", d.withSamples(1000).withIterations(10),
                EnumSet.of(MethodOption.SAMPLES, MethodOption.IP_ITERATIONS), s -> TokenProposalSampler.iteratedPseudoCounts(s.samples(), s.iterations()));
        add(HM, "harmonic mean of P(w | z) over posterior samples (biased upwards)", d.withBurnIn(100).withSamples(1000),
                EnumSet.of(MethodOption.BURN_IN, MethodOption.SAMPLES), s -> new HarmonicMean(s.burnIn(), s.samples()));
        add(AIS, "annealed importance sampling from the prior to the posterior (Algorithm 1)", d.withSamples(1).withTemperatures(1000),
                EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.SCHEDULE), s -> AnnealedImportanceSampler.standard(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM)));
        add(CHIB, "Chib-style estimator of Murray and Salakhutdinov (Algorithm 2)", d.withChainLength(1000),
                EnumSet.of(MethodOption.CHAIN_LENGTH), s -> new ChibStyleEstimator(s.chainLength()));
        add(LR, "left-to-right particles (Algorithm 3): unbiased at R = 1, biased for R > 1 even as R grows", d.withParticles(10),
                EnumSet.of(MethodOption.PARTICLES, MethodOption.RESAMPLING), s -> LeftToRight.standard(s.particles(), s.resampling()));
        add(LEE_IS, "Lee's Dirichlet importance sampler around the maximiser of H(theta)", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES, MethodOption.EPSILON), s -> new LeeDirichletSampler(s.samples(), s.epsilon()));
        add(IS_VB, "importance sampling over theta (topics summed out) from the variational posterior, widened, with a defensive prior share", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES), s -> new VariationalImportanceSampler(s.samples()));
        add(IS_GIBBS, "importance sampling over theta (topics summed out) from a mixture of Dir(alpha + n(z)) over Gibbs draws of chains started apart, with a defensive prior share", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES), s -> new GibbsMixtureSampler(s.samples()));
        add(IS_ETA, "importance sampling over eta of a logistic-normal prior (CTM, STM, ETM, ProdLDA; topics summed out) from the"
                        + " document's Laplace approximation: Student-t's of its scale and four times it, with a defensive prior share", d.withSamples(1000),
                EnumSet.of(MethodOption.SAMPLES), s -> new EtaImportanceSampler(s.samples()));
        add(AIS_ETA, "annealed importance sampling over eta of a logistic-normal prior (topics summed out), from the prior to the"
                        + " posterior by Metropolis steps shaped by the document's Laplace approximation", d.withSamples(1).withTemperatures(1000),
                EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.SCHEDULE),
                s -> new EtaAnnealedImportanceSampler(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM)));
        add(COMPLETION_THETA, "document completion: estimated theta from the first half (Eq. 27)", d.withBurnIn(100).withSamples(1000),
                EnumSet.of(MethodOption.BURN_IN, MethodOption.SAMPLES), s -> new EstimatedTheta(s.burnIn(), s.samples()));
        add(COMPLETION_AIS, "document completion: AIS for P(w2 | w1) (Algorithm 4)", d.withSamples(1).withTemperatures(1000).withBurnIn(100),
                EnumSet.of(MethodOption.SAMPLES, MethodOption.TEMPERATURES, MethodOption.SCHEDULE, MethodOption.BURN_IN), s -> AnnealedImportanceSampler.completion(s.temperatures(), s.samples(), s.schedule().resolve(Schedule.UNIFORM), s.burnIn()));
        add(COMPLETION_LR, "document completion: left-to-right scored on the second half (biased for R > 1)", d.withParticles(10),
                EnumSet.of(MethodOption.PARTICLES, MethodOption.RESAMPLING), s -> LeftToRight.completion(s.particles(), s.resampling()));
    }

    private Methods() {
    }

    private static void add(String name, String description, MethodSettings defaults, Set<MethodOption> options,
                            Function<MethodSettings, Estimator> factory) {
        METHODS.put(name, new Method(name, description, defaults, options, factory));
    }

    /**
     * The tokens a method scores in a document of this length (the N of an estimate's row): the second half for
     * document completion ({@link DocumentCompletion}), every token otherwise.
     */
    public static int scoredTokens(String method, int length) {
        return COMPLETIONS.contains(method) ? DocumentCompletion.scoredLength(length) : length;
    }

    /** @throws IllegalArgumentException naming the known methods if the name is unknown */
    public static Method get(String name) {
        Method m = METHODS.get(name);
        if (m == null) {
            throw new IllegalArgumentException("unknown method '" + name + "' (" + String.join(", ", METHODS.keySet())
                    + "; the two-model methods are run by 'compare')");
        }
        return m;
    }

    public static List<Method> all() {
        return List.copyOf(METHODS.values());
    }

    /**
     * Whether {@link VariationalBound} is a floor under this method's estimate: every method of log P(w) but the
     * bound itself (document completion estimates log P(w2 | w1), another quantity).
     */
    public static boolean hasFloor(String name) {
        return !name.equals(VB) && !Set.of(COMPLETION_THETA, COMPLETION_AIS, COMPLETION_LR).contains(name);
    }

    /**
     * The methods whose log-estimate of log P(w) is a stochastic lower bound: unbiased in probability, so that
     * E[log estimate] <= log P(w) by Jensen's inequality (lee-is with epsilon > 0 drops mass and stays below too). Not
     * lr with R > 1 (biased either way), hm (upwards), vb (a deterministic bound, with no budget) nor completion.
     */
    private static final Set<String> STOCHASTIC_LOWER_BOUNDS = Set.of(AIS, IS_PRIOR, IS_PZW, IS_IP, CHIB, LEE_IS, IS_VB, IS_GIBBS, IS_ETA,
            AIS_ETA);

    /** Whether the method's log-estimate is a stochastic lower bound of log P(w) ({@link #STOCHASTIC_LOWER_BOUNDS}). */
    public static boolean stochasticLowerBound(String name) {
        return STOCHASTIC_LOWER_BOUNDS.contains(name);
    }

    /** The names of {@link #STOCHASTIC_LOWER_BOUNDS}, in the order the help lists them. */
    public static List<String> stochasticLowerBounds() {
        return names().stream().filter(Methods::stochasticLowerBound).toList();
    }

    /** What a method's value is, which decides whether it can ever be certified (estimators.md, "Certified answers"). */
    public enum Guarantee {
        /** the value itself */
        EXACT,
        /** a deterministic lower bound, never an estimate of the value */
        LOWER_BOUND,
        /** an estimate whose error its runs measure */
        ESTIMATE,
        /**
         * an estimate whose bias its runs do not show and more effort does not remove: the harmonic mean (upwards),
         * left-to-right with R > 1 particles (either way, with or without re-sampling; R = 1 is unbiased, but one
         * particle is no estimator anyone certifies with)
         */
        UNBOUNDED_BIAS
    }

    public static Guarantee guarantee(String name) {
        return switch (name) {
            case EXACT -> Guarantee.EXACT;
            case VB -> Guarantee.LOWER_BOUND;
            case HM, LR, COMPLETION_LR -> Guarantee.UNBOUNDED_BIAS;
            default -> Guarantee.ESTIMATE;
        };
    }

    /**
     * The option that buys a method's precision, the one {@code auto} doubles: temperatures for annealing, the chain's
     * length for Chib, particles for left-to-right, samples for the importance samplers; null for a method without one.
     */
    public static MethodOption budgetOption(String name) {
        Set<MethodOption> options = get(name).options();
        for (MethodOption o : List.of(MethodOption.TEMPERATURES, MethodOption.CHAIN_LENGTH, MethodOption.PARTICLES, MethodOption.SAMPLES)) {
            if (options.contains(o)) {
                return o;
            }
        }
        return null;
    }

    /** The settings' budget: the value of its {@link #budgetOption}. */
    public static int budget(String name, MethodSettings s) {
        return Integer.parseInt(budgetOption(name).text(s));
    }

    /** The settings with the method's budget ({@link #budgetOption}) set to {@code budget}. */
    public static MethodSettings withBudget(String name, MethodSettings s, int budget) {
        return budgetOption(name).with(s, Integer.toString(budget));
    }

    /** Whether the method draws no random numbers, so that its runs are all the same ({@code vb}; {@code exact} too). */
    public static boolean deterministic(String name) {
        return name.equals(VB) || name.equals(EXACT);
    }

    /**
     * The methods that evaluate a model of another family than LDA ({@code TopicModel#isLda}): is-eta and ais-eta for a
     * logistic-normal prior (either decoder), exact for one of K = 2 or 3 (by quadrature), and vb for one with a mixture
     * decoder (the correlated topic model's bound). Every other method is built on LDA's Dirichlet and mixture (the collapsed
     * Gibbs samplers over z, the dynamic programme, the variational bound and the samplers of theta from Dirichlets).
     */
    private static final Set<String> OTHER_FAMILIES = Set.of(IS_ETA, AIS_ETA);

    /**
     * Whether the method evaluates this model: every method an LDA but is-eta and ais-eta, and these two any model with a
     * logistic-normal prior; vb one with a mixture decoder too (the correlated topic model's bound).
     */
    public static boolean supports(String name, TopicModel model) {
        if (name.equals(IS_ETA) || name.equals(AIS_ETA)) {
            return model.prior() instanceof tmeval.model.LogisticNormalPrior;
        }
        if (name.equals(VB) && !model.isLda()) {
            // the correlated topic model's bound (EtaVariationalBound); a product decoder has none in closed form
            return EtaVariationalBound.reaches(model);
        }
        if (name.equals(EXACT) && !model.isLda()) {
            // quadrature over eta (EtaQuadrature) in K - 1 = 1 or 2 dimensions
            return model.prior() instanceof tmeval.model.LogisticNormalPrior && model.numTopics() >= 2
                    && model.numTopics() <= EtaQuadrature.MAX_TOPICS;
        }
        return model.isLda() && !OTHER_FAMILIES.contains(name);
    }

    /** The methods that evaluate this model ({@link #supports}), in the order the help lists them. */
    public static List<String> supporting(TopicModel model) {
        return names().stream().filter(n -> supports(n, model)).toList();
    }

    /** Why {@code vb} refuses a product decoder. */
    static final String NO_PRODUCT_FLOOR = "no closed-form variational floor for a product decoder: its likelihood's expectation"
            + " under a Gaussian over eta needs E_q[softmax(eta)], which has no closed form, and tmeval has no bound on it";

    /**
     * Why the method cannot evaluate this model, in words for the user, or null when it can.
     */
    public static String refusal(String name, TopicModel model) {
        if (supports(name, model)) {
            return null;
        }
        List<String> others = supporting(model);
        if (name.equals(VB) && model.prior() instanceof tmeval.model.LogisticNormalPrior) {
            return name + ": " + NO_PRODUCT_FLOOR + "; model " + model.name() + " is " + model.family() + ": use "
                    + String.join(" or ", others) + ", or auto, which chooses among them";
        }
        String what = name.equals(IS_ETA) ? "samples eta of a logistic-normal prior" : name.equals(AIS_ETA) ? "anneals eta of a logistic-normal prior" : name.equals(EXACT)
                ? "needs an LDA (a Dirichlet prior and a mixture of topics), or a logistic-normal prior with K = 2 or 3 (quadrature over eta)"
                : "needs an LDA (a Dirichlet prior and a mixture of topics)";
        String instead = model.isLda() ? ": use any other method, or auto" : others.isEmpty() ? ", which no method evaluates"
                : ": use " + String.join(" or ", others) + ", or auto, which chooses among them";
        return name + " " + what + "; model " + model.name() + " is " + model.family() + instead;
    }

    /** The names, in the order the help lists them. */
    public static List<String> names() {
        return List.copyOf(METHODS.keySet());
    }
}
