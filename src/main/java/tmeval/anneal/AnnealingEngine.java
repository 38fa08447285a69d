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
 * a single segment. Cost: N Gibbs site updates per sweep. A {@link SitewisePath} takes its increment token by token
 * inside the sweep, each token's topic summed out (same expectation, less variance). A path over another state (eta of a
 * logistic-normal prior, {@code estimate.EtaAnnealing}) runs through the same loop as a {@link Step} of its own.
 */
public final class AnnealingEngine {
    /**
     * A path and its n inverse temperatures 0 = beta_0 < ... < beta_n = 1 (computed one at a time, so a run of
     * millions of temperatures needs no array of them).
     */
    public record Segment(AnnealingPath path, Schedule schedule, int numTemperatures, boolean descending) {
        public Segment {
            if (numTemperatures < 1) {
                throw new IllegalArgumentException("at least one temperature is needed");
            }
        }

        public Segment(AnnealingPath path, Schedule schedule, int numTemperatures) {
            this(path, schedule, numTemperatures, false);
        }

        /**
         * The same temperatures from beta = 1 down to 0: AIS in reverse, started from an exact draw of f_1, whose
         * weight is unbiased for Z_0 / Z_1 (bidirectional Monte Carlo, Grosse, Ghahramani and Adams 2015).
         */
        public static Segment descending(AnnealingPath path, Schedule schedule, int numTemperatures) {
            return new Segment(path, schedule, numTemperatures, true);
        }

        public double beta(int j) {
            return temperatures().beta(j);
        }

        /** The segment's inverse temperatures, without its path. */
        public Temperatures temperatures() {
            return new Temperatures(schedule, numTemperatures, descending);
        }
    }

    /**
     * n inverse temperatures of a schedule, ascending from beta_0 = 0 to beta_n = 1 or descending from 1 to 0, for a path
     * over any state ({@link #anneal(Temperatures, double, Step, CancelToken, Observer)}).
     */
    public record Temperatures(Schedule schedule, int count, boolean descending) {
        public Temperatures {
            if (count < 1) {
                throw new IllegalArgumentException("at least one temperature is needed");
            }
        }

        public double beta(int j) {
            return schedule.beta(descending ? count - j : j, count);
        }
    }

    /**
     * One temperature of an annealing run over any state (topic assignments z, or a continuous eta): add
     * log f_beta - log f_previous at the state to the log-weight, then move the state by a transition that leaves f_beta
     * invariant.
     */
    @FunctionalInterface
    public interface Step {
        /** @return the log-weight with this temperature's increment added */
        double advance(double logWeight, double previous, double beta);
    }

    /** Observes the log-weight after the step of each temperature j = 1..n. */
    @FunctionalInterface
    public interface Observer {
        void after(int temperature, double beta, double logWeight);
    }

    /** Observes the log-weight after every temperature (teaching view, document view). */
    @FunctionalInterface
    public interface Trace {
        void step(int segment, int temperature, double beta, double logWeight);

        /**
         * Observes the topic assignments: once after the start is drawn (segment 0, temperature 0) and after the
         * Gibbs sweep of every temperature, right after {@link #step}. The state is the sampler's own and changes
         * on: copy what is kept. Does nothing unless overridden.
         */
        default void state(int segment, int temperature, TopicState state) {
        }
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
        long sweeps = start(segments.get(0), burnIn, state, random, scratch);
        if (trace != null) {
            trace.state(0, 0, state);
        }
        double logWeight = 0;
        for (int s = 0; s < segments.size(); s++) {
            logWeight = anneal(segments.get(s), s, logWeight, state, random, scratch, cancel, trace);
            sweeps += segments.get(s).numTemperatures();
            segmentLogWeights[s] = logWeight;
        }
        return sweeps * state.length();
    }

    /**
     * Draws the starting state of a segment's f_0 (exactly, or by burn-in sweeps when the path cannot draw it).
     *
     * @return the sweeps done
     */
    public static int start(Segment first, int burnIn, TopicState state, SplittableRandom random, double[] scratch) {
        AnnealingPath path = first.path();
        path.setTemperature(first.beta(0));
        path.drawStart(state, random, scratch);
        if (path.startIsExact()) {
            return 0;
        }
        for (int b = 0; b < burnIn; b++) {
            GibbsSweep.forward(path, state, random, scratch);
        }
        return burnIn;
    }

    /**
     * Anneals the state through one segment, from f_0 to f_1 of its path, adding the weight increments to
     * {@code logWeight}; one Gibbs sweep per temperature.
     *
     * @return the log-weight at the end of the segment
     */
    public static double anneal(Segment segment, int segmentIndex, double logWeight, TopicState state, SplittableRandom random,
                                double[] scratch, CancelToken cancel, Trace trace) {
        AnnealingPath path = segment.path();
        Step step = path instanceof SitewisePath sitewise ? (w, previous, beta) -> {
            w += sitewise.sharedLogRatio(state, previous, beta);
            sitewise.setTemperatures(previous, beta);
            GibbsSweep.forward(path, state, random, scratch);
            return w + sitewise.takeSiteLogRatio();
        } : (w, previous, beta) -> {
            w += path.logRatio(state, previous, beta);
            path.setTemperature(beta);
            GibbsSweep.forward(path, state, random, scratch);
            return w;
        };
        return anneal(segment.temperatures(), logWeight, step, cancel, trace == null ? null : (j, beta, w) -> {
            trace.step(segmentIndex, j, beta, w);
            trace.state(segmentIndex, j, state);
        });
    }

    /**
     * The loop itself, for a path over any state: for each temperature j = 1..n, the step from beta_{j-1} to beta_j.
     *
     * @param observer may be null
     * @return the log-weight at the last temperature
     */
    public static double anneal(Temperatures temperatures, double logWeight, Step step, CancelToken cancel, Observer observer) {
        int n = temperatures.count();
        double previous = temperatures.beta(0);
        for (int j = 1; j <= n; j++) {
            double beta = temperatures.beta(j);
            logWeight = step.advance(logWeight, previous, beta);
            if (observer != null) {
                observer.after(j, beta, logWeight);
            }
            previous = beta;
            cancel.checkEvery(j);
        }
        return logWeight;
    }
}
