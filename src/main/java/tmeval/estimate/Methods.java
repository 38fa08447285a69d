package tmeval.estimate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The single-model estimators by name, with their defaults, as both the command line and the GUI offer them. */
public final class Methods {
    /** One method: its name, a line on what it is, its default settings and how to build it. */
    public record Method(String name, String description, MethodSettings defaults, Function<MethodSettings, Estimator> factory) {
        public Estimator create(MethodSettings settings) {
            return factory.apply(settings);
        }
    }

    private static final Map<String, Method> METHODS = new LinkedHashMap<>();

    static {
        MethodSettings d = MethodSettings.defaults();
        add("exact", "exact P(w) by dynamic programming over topic counts (short documents only)", d,
                s -> new ExactEvaluator(s.maxExactStates()));
        add("is-prior", "importance sampling from the prior over theta (MALLET's empirical likelihood)", d.withSamples(1000),
                s -> new PriorImportanceSampler(s.samples()));
        add("is-pzw", "importance sampling, Q(z_n) proportional to alpha_k phi(w_n, k)", d.withSamples(1000),
                s -> TokenProposalSampler.pzw(s.samples()));
        add("is-ip", "importance sampling with iterated pseudo-counts (Eq. 11)", d.withSamples(1000).withIterations(10),
                s -> TokenProposalSampler.iteratedPseudoCounts(s.samples(), s.iterations()));
        add("hm", "harmonic mean of P(w | z) over posterior samples (biased upwards)", d.withBurnIn(100).withSamples(1000),
                s -> new HarmonicMean(s.burnIn(), s.samples()));
        add("ais", "annealed importance sampling from the prior to the posterior (Algorithm 1)", d.withSamples(1).withTemperatures(1000),
                s -> AnnealedImportanceSampler.standard(s.temperatures(), s.samples(), s.schedule()));
        add("chib", "Chib-style estimator of Murray and Salakhutdinov (Algorithm 2)", d.withChainLength(1000),
                s -> new ChibStyleEstimator(s.chainLength()));
        add("lr", "left-to-right particle algorithm (Algorithm 3)", d.withParticles(10),
                s -> LeftToRight.standard(s.particles(), s.resampling()));
        add("lee-is", "Lee's Dirichlet importance sampler around the maximiser of H(theta)", d.withSamples(1000),
                s -> new LeeDirichletSampler(s.samples(), s.epsilon()));
        add("completion-theta", "document completion: estimated theta from the first half (Eq. 27)", d.withBurnIn(100).withSamples(1000),
                s -> new EstimatedTheta(s.burnIn(), s.samples()));
        add("completion-ais", "document completion: AIS for P(w2 | w1) (Algorithm 4)", d.withSamples(1).withTemperatures(1000).withBurnIn(100),
                s -> AnnealedImportanceSampler.completion(s.temperatures(), s.samples(), s.schedule(), s.burnIn()));
        add("completion-lr", "document completion: left-to-right scored on the second half", d.withParticles(10),
                s -> LeftToRight.completion(s.particles(), s.resampling()));
    }

    private Methods() {
    }

    private static void add(String name, String description, MethodSettings defaults, Function<MethodSettings, Estimator> factory) {
        METHODS.put(name, new Method(name, description, defaults, factory));
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

    /** Document-completion methods estimate log P(w2 | w1) of the second half. */
    public static boolean isCompletion(String name) {
        return name.startsWith("completion-");
    }
}
