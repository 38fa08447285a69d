package tmeval.estimate;

import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Dirichlet;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * {@code is-prior}: importance sampling with the prior over theta as proposal (Wallach et al. Eq. 12-13; MALLET's
 * "empirical likelihood"; Lee's plain Monte Carlo estimator, Eq. 4): P(w) ~ (1/S) sum_s P(w | theta_s, Phi),
 * theta_s ~ Dir(alpha). Unbiased in probability space; its variance grows quickly with document length.
 * Cost: S N (one mixture evaluation per token and sample, Table 1).
 */
public final class PriorImportanceSampler implements Estimator {
    private final int samples;

    public PriorImportanceSampler(int samples) {
        this.samples = samples;
    }

    @Override
    public String method() {
        return Methods.IS_PRIOR;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        DocumentView view = DocumentView.of(document);
        double[] logRows = view.logRows(model);
        double[] alpha = model.alpha();
        double[] logTheta = new double[model.numTopics()];
        double[] logWeights = new double[samples];
        for (int s = 0; s < samples; s++) {
            Dirichlet.logDraw(alpha, random, logTheta);
            logWeights[s] = ThetaSampling.logLikelihood(view, logRows, model.numTopics(), logTheta);
            cancel.checkEvery(s);
        }
        return EstimateResult.since(start, LogMath.logMeanExp(logWeights), logWeights, (long) samples * document.length(), document.length());
    }
}
