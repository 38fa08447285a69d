package tmeval.app;

import tmeval.compare.EstimateDifference;
import tmeval.estimate.MethodSettings;
import tmeval.model.Corpus;
import tmeval.model.Document;

import java.util.List;

/**
 * Predicted cost of a comparison in Gibbs site updates (Wallach et al. Table 1, Foulds and Smyth Section 4), and
 * so its time at a measured rate: ratio paths S (B + n) N per direction; ais-diff 2 S n N; lr-diff, per model,
 * p N(N + 1)/2 with p = 2n/(N + 1); exact none; the lr reference R N(N + 1) for both models.
 */
public final class CostModel {
    private CostModel() {
    }

    public static long siteUpdates(Corpus corpus, List<String> methods, boolean bothDirections, MethodSettings s, int runs,
                                   int referenceParticles) {
        long total = 0;
        for (Document d : corpus.documents()) {
            long n = d.length();
            for (String m : methods) {
                long perRun = switch (m) {
                    case "ratio-convex", "ratio-geometric" -> (long) s.samples() * (s.burnIn() + s.temperatures()) * n * (bothDirections ? 2 : 1);
                    case "ais-diff" -> 2L * s.samples() * s.temperatures() * n;
                    case "lr-diff" -> 2L * EstimateDifference.particlesForBudget(s.temperatures(), (int) n) * n * (n + 1) / 2;
                    default -> 0;
                };
                total += perRun * runs;
            }
            total += (long) referenceParticles * n * (n + 1);
        }
        return total;
    }
}
