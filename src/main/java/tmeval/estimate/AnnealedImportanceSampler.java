package tmeval.estimate;

import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.Schedule;
import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code ais} (Wallach et al. Algorithm 1) and {@code completion-ais} (Algorithm 4): anneal from the prior over z
 * to the posterior along P(w | z, Phi)^tau P(z | alpha), n temperatures, S independent samples; the average
 * weight is unbiased for P(w) (or for P(w2 | w1), where the first half is observed throughout and the start is
 * burned in under P(z | w1)). Cost: S (B + n) N.
 */
public final class AnnealedImportanceSampler implements Estimator {
    private final int temperatures;
    private final int samples;
    private final Schedule schedule;
    private final boolean completion;
    private final int burnIn;

    private AnnealedImportanceSampler(int temperatures, int samples, Schedule schedule, boolean completion, int burnIn) {
        this.temperatures = temperatures;
        this.samples = samples;
        this.schedule = schedule;
        this.completion = completion;
        this.burnIn = burnIn;
    }

    public static AnnealedImportanceSampler standard(int temperatures, int samples, Schedule schedule) {
        return new AnnealedImportanceSampler(temperatures, samples, schedule, false, 0);
    }

    public static AnnealedImportanceSampler completion(int temperatures, int samples, Schedule schedule, int burnIn) {
        return new AnnealedImportanceSampler(temperatures, samples, schedule, true, burnIn);
    }

    @Override
    public String method() {
        return completion ? Methods.COMPLETION_AIS : Methods.AIS;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        return estimate(document, model, random, cancel, null);
    }

    /** As {@link #estimate}, reporting the log-weight of every sample after every temperature to {@code trace}. */
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel,
                                   SampleTrace trace) {
        long start = RunClock.now();
        int prefix = completion ? DocumentCompletion.observedLength(document) : 0;
        DocumentView view = DocumentView.of(document);
        TemperedPosterior path = new TemperedPosterior(view, model, prefix);
        List<AnnealingEngine.Segment> segments = List.of(new AnnealingEngine.Segment(path, schedule, temperatures));
        TopicState state = new TopicState(document.length(), model.numTopics());
        double[] scratch = new double[model.numTopics()];
        double[] logWeights = new double[samples];
        double[] end = new double[1];
        long cost = 0;
        for (int s = 0; s < samples; s++) {
            int sample = s;
            cost += AnnealingEngine.sample(segments, burnIn, state, random, scratch, cancel, trace == null ? null : new AnnealingEngine.Trace() {
                @Override
                public void step(int segment, int j, double beta, double logWeight) {
                    trace.step(sample, j, beta, logWeight);
                }

                @Override
                public void state(int segment, int j, TopicState z) {
                    trace.topics(sample, j, z.topics);
                }
            }, end);
            logWeights[s] = end[0];
        }
        return EstimateResult.since(start, LogMath.logMeanExp(logWeights), logWeights, cost, document.length() - prefix);
    }

    /** Receives the running log-weight of sample {@code sample} after temperature j (inverse temperature beta). */
    @FunctionalInterface
    public interface SampleTrace {
        void step(int sample, int temperature, double beta, double logWeight);

        /**
         * Receives the topic assignments z of sample {@code sample} after the start is drawn (temperature 0) and
         * after the sweep at every temperature; the array is the sampler's own and changes on. Does nothing unless
         * overridden.
         */
        default void topics(int sample, int temperature, int[] topics) {
        }
    }
}
