package tmeval.estimate;

import tmeval.anneal.TemperedPosterior;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.Categorical;
import tmeval.sampling.DocumentView;
import tmeval.sampling.GibbsSweep;
import tmeval.sampling.TopicState;

import java.util.SplittableRandom;

/**
 * {@code lr}: the left-to-right algorithm (Wallach et al. Algorithm 3, Eq. 25) with R particles:
 * log P(w) ~ sum_n log p_n, p_n = (1/R) sum_r sum_k P(w_n, z_n = k | z_&lt;n^(r)), where before each position every
 * particle re-samples its earlier tokens once (the "resampling" of MALLET's --use-resampling; turned off it is
 * MALLET's default linear-time variant). With R = 1 it is sequential importance sampling, exactly unbiased in
 * probability; with R > 1 the per-position averages over unweighted particles make it biased, and the bias stays as
 * R grows.
 * Cost: R N(N - 1)/2 site updates (plus R N to place each token).
 * {@code completion-lr} (Section 5.3) runs the same particles over w1 then w2 and sums only the positions of w2.
 */
public final class LeftToRight implements Estimator {
    private final int particles;
    private final boolean resampling;
    private final boolean completion;

    private LeftToRight(int particles, boolean resampling, boolean completion) {
        this.particles = particles;
        this.resampling = resampling;
        this.completion = completion;
    }

    public static LeftToRight standard(int particles, boolean resampling) {
        return new LeftToRight(particles, resampling, false);
    }

    public static LeftToRight completion(int particles, boolean resampling) {
        return new LeftToRight(particles, resampling, true);
    }

    @Override
    public String method() {
        return completion ? Methods.COMPLETION_LR : Methods.LR;
    }

    @Override
    public EstimateResult estimate(Document document, TopicModel model, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        int length = document.length();
        int numTopics = model.numTopics();
        int firstScored = completion ? DocumentCompletion.observedLength(document) : 0;
        DocumentView view = DocumentView.of(document);
        TemperedPosterior posterior = TemperedPosterior.posterior(view, model);
        double alphaSum = model.alphaSum();
        TopicState[] states = new TopicState[particles];
        for (int r = 0; r < particles; r++) {
            states[r] = new TopicState(length, numTopics);
        }
        double[] scratch = new double[numTopics];
        double[] positionLogProbability = new double[length - firstScored];
        double logValue = 0;
        long cost = 0;
        for (int n = 0; n < length; n++) {
            double sum = 0;
            for (int r = 0; r < particles; r++) {
                TopicState state = states[r];
                if (resampling && n > 0) {
                    GibbsSweep.forward(posterior, state, 0, n, random, scratch);
                    cost += n;
                }
                // sum_k (n_k + alpha_k) phi(w_n, k) / (n + A), read off the same weights used to place z_n
                double total = posterior.weights(n, state.counts, scratch);
                sum += total;
                state.assign(n, Categorical.draw(scratch, numTopics, total, random));
                cost++;
            }
            if (n >= firstScored) {
                double logP = Math.log(sum / particles) + posterior.logRowScale(view.slot(n)) - Math.log(n + alphaSum);
                positionLogProbability[n - firstScored] = logP;
                logValue += logP;
            }
            cancel.check();
        }
        return EstimateResult.since(start, logValue, positionLogProbability, cost, length - firstScored);
    }
}
