package tmeval.curve;

import tmeval.estimate.RunClock;
import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.ConvexPath;
import tmeval.anneal.Schedule;
import tmeval.anneal.TemperedPosterior;
import tmeval.estimate.Methods;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * Iteration-AIS (Foulds and Smyth Section 3.2, Eq. 8-9): one annealing run per sample through the snapshots of a
 * training run, from the prior to the first snapshot (with extra temperatures for the cold start) and then along the
 * convex path from each snapshot to the next, carrying z and the log-weights; after snapshot t the mean weight
 * estimates P(w | Phi_t, alpha_t). Each snapshot is advanced for every document before the next (the caller drives
 * it), so a curve grows point by point. Cost per snapshot: S n N site updates (S (n + extra) N for the first).
 */
public final class IterationAis {
    private final int temperatures;
    private final int extraFirstTemperatures;
    private final int samples;
    private final Schedule schedule;

    public IterationAis(int temperatures, int extraFirstTemperatures, int samples, Schedule schedule) {
        if (temperatures < 1 || extraFirstTemperatures < 0 || samples < 1) {
            throw new IllegalArgumentException(Methods.ITERATION_AIS + " needs temperatures >= 1, extra >= 0, samples >= 1");
        }
        this.temperatures = temperatures;
        this.extraFirstTemperatures = extraFirstTemperatures;
        this.samples = samples;
        this.schedule = schedule;
    }

    public String method() {
        return Methods.ITERATION_AIS;
    }

    /** One document's annealing runs, carried from snapshot to snapshot. Used by one thread at a time. */
    public final class DocumentRun {
        private final DocumentView view;
        private final SplittableRandom random;
        private final TopicState[] states;
        private final double[] logWeights;
        private final double[] scratch;
        private TopicModel previous;

        private DocumentRun(Document document, int numTopics, SplittableRandom random) {
            this.view = DocumentView.of(document);
            this.random = random;
            this.states = new TopicState[samples];
            for (int s = 0; s < samples; s++) {
                states[s] = new TopicState(document.length(), numTopics);
            }
            this.logWeights = new double[samples];
            this.scratch = new double[numTopics];
        }

        /**
         * Anneals every sample on to the next snapshot.
         *
         * @return log P-hat(w | next snapshot) and the site updates spent on this snapshot
         */
        public SnapshotEstimate advance(TopicModel next, CancelToken cancel) {
            long start = RunClock.now();
            AnnealingEngine.Segment segment = previous == null
                    ? new AnnealingEngine.Segment(new TemperedPosterior(view, next, 0), schedule, temperatures + extraFirstTemperatures)
                    : new AnnealingEngine.Segment(new ConvexPath(view, next, previous), schedule, temperatures);
            long sweeps = 0;
            for (int s = 0; s < samples; s++) {
                if (previous == null) {
                    AnnealingEngine.start(segment, 0, states[s], random, scratch);
                }
                logWeights[s] = AnnealingEngine.anneal(segment, 0, logWeights[s], states[s], random, scratch, cancel, null);
                sweeps += segment.numTemperatures();
            }
            previous = next;
            return new SnapshotEstimate(LogMath.logMeanExp(logWeights), sweeps * view.length(), RunClock.now() - start);
        }
    }

    /** The estimate after one snapshot. */
    public record SnapshotEstimate(double logLikelihood, long siteUpdates, long nanos) {
    }

    public DocumentRun start(Document document, int numTopics, SplittableRandom random) {
        return new DocumentRun(document, numTopics, random);
    }
}
