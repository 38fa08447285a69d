package tmeval.estimate;

import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * {@code hm}: the harmonic mean method (Newton and Raftery; Wallach et al. Eq. 15): 1 / P(w) ~ (1/S) sum_s 1 / P(w | z_s),
 * z_s from a Gibbs chain on the posterior after B burn-in sweeps. Shown here because it is still used; it
 * overestimates, wildly, because 1/P(w | z) has enormous variance under the posterior. Cost: N (B + S).
 */
public final class HarmonicMean implements Estimator {
    private final int burnIn;
    private final int samples;

    public HarmonicMean(int burnIn, int samples) {
        this.burnIn = burnIn;
        this.samples = samples;
    }

    @Override
    public String method() {
        return Methods.HM;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        DocumentView view = DocumentView.of(document);
        TemperedPosterior posterior = TemperedPosterior.posterior(view, model);
        TopicState state = new TopicState(document.length(), model.numTopics());
        double[] scratch = new double[model.numTopics()];
        posterior.drawStart(state, random, scratch);
        for (int b = 0; b < burnIn; b++) {
            GibbsSweep.forward(posterior, state, random, scratch);
        }
        double[] logLikelihoods = new double[samples];
        double[] negated = new double[samples];
        for (int s = 0; s < samples; s++) {
            GibbsSweep.forward(posterior, state, random, scratch);
            logLikelihoods[s] = posterior.logLikelihood(state);
            negated[s] = -logLikelihoods[s];
            cancel.checkEvery(s);
        }
        double logValue = -LogMath.logMeanExp(negated);
        return EstimateResult.since(start, logValue, logLikelihoods, (long) (burnIn + samples) * document.length(), document.length());
    }
}
