package tmeval.compare;

import tmeval.estimate.AnnealedImportanceSampler;
import tmeval.estimate.ExactEvaluator;
import tmeval.estimate.LeftToRight;
import tmeval.estimate.MethodSettings;

import java.util.List;

/** The two-model methods of {@code compare} by name, built from the same settings record as the estimators. */
public final class Comparisons {
    public static final List<String> NAMES = List.of("ratio-convex", "ratio-geometric", "ais-diff", "lr-diff", "exact");

    private Comparisons() {
    }

    /**
     * @throws IllegalArgumentException for an unknown name
     */
    public static ModelComparison create(String name, MethodSettings s) {
        return switch (name) {
            case "ratio-convex" -> new RatioAis(RatioAis.Path.CONVEX, s.temperatures(), s.samples(), s.burnIn(), s.schedule());
            case "ratio-geometric" -> new RatioAis(RatioAis.Path.GEOMETRIC, s.temperatures(), s.samples(), s.burnIn(), s.schedule());
            case "ais-diff" -> {
                var ais = AnnealedImportanceSampler.standard(s.temperatures(), s.samples(), s.schedule());
                yield new EstimateDifference(name, doc -> ais);
            }
            case "lr-diff" -> new EstimateDifference(name,
                    doc -> LeftToRight.standard(EstimateDifference.particlesForBudget(s.temperatures(), doc.length()), s.resampling()));
            case "exact" -> {
                var exact = new ExactEvaluator(s.maxExactStates());
                yield new EstimateDifference(name, doc -> exact);
            }
            default -> throw new IllegalArgumentException("unknown comparison method '" + name + "' (" + String.join(", ", NAMES) + ")");
        };
    }

    /** A long left-to-right run with a fixed particle count, the reference of Table 2 ("correlation with long LR"). */
    public static ModelComparison leftToRightReference(int particles) {
        var lr = LeftToRight.standard(particles, true);
        return new EstimateDifference("lr-reference", doc -> lr);
    }

    /** Defaults for compare: one sample, 1000 temperatures, 100 burn-in sweeps under the starting model. */
    public static MethodSettings defaults() {
        return MethodSettings.defaults().withSamples(1).withTemperatures(1000).withBurnIn(100);
    }
}
