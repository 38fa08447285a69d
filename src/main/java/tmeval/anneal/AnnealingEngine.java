package tmeval.anneal;

import tmeval.progress.CancelToken;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.TopicState;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The one annealing loop (Neal 2001): start from f_0 of the first segment, then for each inverse temperature
 * beta_j add log f_j(z) - log f_{j-1}(z) to the log-weight and take one Gibbs sweep under f_j. Segments are run
 * back to back carrying z and the weight (iteration-AIS, Foulds and Smyth Eq. 9); standard AIS and ratio-AIS are
 * a single segment. Cost: N Gibbs site updates per sweep.
 */
public final class AnnealingEngine {
    /** A path and its inverse temperatures 0 = beta_0 < ... < beta_n = 1. */
    public record Segment(AnnealingPath path, double[] betas) {
        public int numTemperatures() {
            return betas.length - 1;
        }
    }

    /** Observes the log-weight after every temperature (teaching view, document view). */
    @FunctionalInterface
    public interface Trace {
        void step(int segment, int temperature, double beta, double logWeight);
    }

    private AnnealingEngine() {
    }

    /**
     * Runs one importance sample through all segments.
     *
     * @param burnIn Gibbs sweeps under f_0 before annealing (used only when the start cannot be drawn exactly)
     * @param segmentLogWeights receives the log-weight at the end of each segment
     * @param trace may be null
     * @return the number of Gibbs site updates done
     */
    public static long sample(List<Segment> segments, int burnIn, TopicState state, SplittableRandom random, double[] scratch,
                              CancelToken cancel, Trace trace, double[] segmentLogWeights) {
        int length = state.length();
        long sweeps = 0;
        AnnealingPath first = segments.get(0).path();
        first.setTemperature(segments.get(0).betas()[0]);
        first.drawStart(state, random, scratch);
        if (!first.startIsExact()) {
            for (int b = 0; b < burnIn; b++) {
                GibbsSweep.forward(first, state, random, scratch);
            }
            sweeps += burnIn;
        }
        double logWeight = 0;
        for (int s = 0; s < segments.size(); s++) {
            AnnealingPath path = segments.get(s).path();
            double[] betas = segments.get(s).betas();
            for (int j = 1; j < betas.length; j++) {
                logWeight += path.logRatio(state, betas[j - 1], betas[j]);
                path.setTemperature(betas[j]);
                GibbsSweep.forward(path, state, random, scratch);
                if (trace != null) {
                    trace.step(s, j, betas[j], logWeight);
                }
                if ((j & 63) == 0) {
                    cancel.check();
                }
            }
            sweeps += betas.length - 1;
            segmentLogWeights[s] = logWeight;
        }
        return sweeps * length;
    }
}
