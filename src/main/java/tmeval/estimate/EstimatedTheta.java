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
 * {@code completion-theta}: the estimated-theta method of document completion (Wallach et al. Eq. 27). Gibbs samples
 * z1 of the first half give theta_t = (N_t + alpha_t) / (N1 + A); each theta is clamped for the second half:
 * P(w2 | w1) ~ (1/S) sum_s prod_n sum_t phi(w_n, t) theta_t. Biased (theta is a point estimate, not integrated).
 * Cost: N1 (B + S) + S N2.
 */
public final class EstimatedTheta implements Estimator {
    private final int burnIn;
    private final int samples;

    public EstimatedTheta(int burnIn, int samples) {
        this.burnIn = burnIn;
        this.samples = samples;
    }

    @Override
    public String method() {
        return Methods.COMPLETION_THETA;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        int observed = DocumentCompletion.observedLength(document);
        int length = document.length();
        int numTopics = model.numTopics();
        DocumentView whole = DocumentView.of(document);
        DocumentView first = whole.prefix(observed);
        TemperedPosterior posterior = TemperedPosterior.posterior(first, model);
        int[] rest = new int[length - observed];
        for (int i = observed; i < length; i++) {
            rest[i - observed] = whole.word(whole.slot(i));
        }
        DocumentView second = DocumentView.of(new Document(document.id(), rest));
        double[] secondLogRows = second.logRows(model);
        TopicState state = new TopicState(observed, numTopics);
        double[] scratch = new double[numTopics];
        posterior.drawStart(state, random, scratch);
        for (int b = 0; b < burnIn; b++) {
            GibbsSweep.forward(posterior, state, random, scratch);
        }
        double[] alpha = model.alpha();
        double logDenominator = Math.log(observed + model.alphaSum());
        double[] logTheta = new double[numTopics];
        double[] logValues = new double[samples];
        for (int s = 0; s < samples; s++) {
            GibbsSweep.forward(posterior, state, random, scratch);
            for (int k = 0; k < numTopics; k++) {
                logTheta[k] = Math.log(state.counts[k] + alpha[k]) - logDenominator;
            }
            logValues[s] = ThetaSampling.logLikelihood(second, secondLogRows, numTopics, logTheta);
            cancel.checkEvery(s);
        }
        long cost = (long) observed * (burnIn + samples) + (long) samples * rest.length;
        return EstimateResult.since(start, LogMath.logMeanExp(logValues), logValues, cost, rest.length);
    }
}
