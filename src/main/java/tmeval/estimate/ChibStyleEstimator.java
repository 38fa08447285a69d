package tmeval.estimate;

import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DirichletMultinomial;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * {@code chib}: the Chib-style estimator of Murray and Salakhutdinov (Wallach et al. Algorithm 2, Eq. 21-24).
 * A special state z* of high posterior probability is found by a few Gibbs sweeps and then iterated maximisation
 * of Eq. 7; a chain of length S is built around a uniformly chosen position s, forward sweeps T after it and
 * reversed sweeps T-tilde before it; then P(w) ~ P(z*, w) / ((1/S) sum_s T(z* <- z_s)), which is unbiased for
 * finite chains. Cost: about 2 S N (the chain and the S evaluations of T), plus the search for z*.
 */
public final class ChibStyleEstimator implements Estimator {
    /** Plain Gibbs sweeps before iterated maximisation ("a few iterations", Wallach's slides). */
    static final int SEARCH_SWEEPS = 5;
    /** Passes of iterated maximisation at most; it usually stops after two or three. */
    static final int MAX_MAXIMISATION_PASSES = 50;

    private final int chainLength;

    public ChibStyleEstimator(int chainLength) {
        this.chainLength = chainLength;
    }

    /** The predicted cost on a document of N tokens: the search (taking the usual three passes) and 2 S sweeps. */
    public static long siteUpdates(int chainLength, int length) {
        return (SEARCH_SWEEPS + 3 + 2L * chainLength) * length;
    }

    @Override
    public String method() {
        return Methods.CHIB;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        int length = document.length();
        int numTopics = model.numTopics();
        DocumentView view = DocumentView.of(document);
        TemperedPosterior posterior = TemperedPosterior.posterior(view, model);
        double[] scratch = new double[numTopics];
        TopicState state = new TopicState(length, numTopics);
        posterior.drawStart(state, random, scratch);
        for (int b = 0; b < SEARCH_SWEEPS; b++) {
            GibbsSweep.forward(posterior, state, random, scratch);
        }
        int passes = maximise(posterior, state, scratch);
        int[] special = state.topics.clone();
        double logJoint = posterior.logLikelihood(state) + DirichletMultinomial.logProbability(state.counts, model.alpha());

        // the chain: z_s from T-tilde(. <- z*), forward after s, reversed before s (Algorithm 2)
        int chosen = random.nextInt(chainLength);
        double[] logTransitions = new double[chainLength];
        TopicState work = new TopicState(length, numTopics);
        TopicState atChosen = new TopicState(length, numTopics);
        GibbsSweep.reverse(posterior, state, random, scratch);
        atChosen.copyFrom(state);
        logTransitions[chosen] = GibbsSweep.logForwardProbability(posterior, state, special, work, scratch);
        for (int s = chosen + 1; s < chainLength; s++) {
            GibbsSweep.forward(posterior, state, random, scratch);
            logTransitions[s] = GibbsSweep.logForwardProbability(posterior, state, special, work, scratch);
            cancel.checkEvery(s);
        }
        state.copyFrom(atChosen);
        for (int s = chosen - 1; s >= 0; s--) {
            GibbsSweep.reverse(posterior, state, random, scratch);
            logTransitions[s] = GibbsSweep.logForwardProbability(posterior, state, special, work, scratch);
            cancel.checkEvery(s);
        }
        double logValue = logJoint - LogMath.logMeanExp(logTransitions);
        long cost = (SEARCH_SWEEPS + passes + 2L * chainLength) * length;
        return EstimateResult.since(start, logValue, logTransitions, cost, length);
    }

    /** Iterated conditional maximisation of Eq. 7 until no token changes; returns the passes made. */
    private static int maximise(TemperedPosterior posterior, TopicState state, double[] scratch) {
        int[] z = state.topics;
        int numTopics = posterior.numTopics();
        for (int pass = 1; pass <= MAX_MAXIMISATION_PASSES; pass++) {
            boolean changed = false;
            for (int i = 0; i < z.length; i++) {
                int old = z[i];
                state.remove(i);
                posterior.weights(i, state.counts, scratch);
                int best = old;
                for (int k = 0; k < numTopics; k++) {
                    if (scratch[k] > scratch[best]) {
                        best = k;
                    }
                }
                changed |= best != old;
                state.assign(i, best);
            }
            if (!changed) {
                return pass;
            }
        }
        return MAX_MAXIMISATION_PASSES;
    }
}
