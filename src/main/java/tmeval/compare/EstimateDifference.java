package tmeval.compare;

import tmeval.estimate.RunClock;
import tmeval.estimate.DocumentCompletion;
import tmeval.estimate.EstimateResult;
import tmeval.estimate.Estimator;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;

import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The baselines of Foulds and Smyth: a single-model estimator run on each model separately (independent streams)
 * and differenced, log P-hat(w | A) - log P-hat(w | B): {@code ais-diff}, {@code lr-diff}, {@code is-vb-diff},
 * {@code lee-is-diff} and {@code exact}; the result keeps each model's value beside the difference.
 * The stochastic error is incurred twice.
 */
public final class EstimateDifference implements ModelComparison {
    private final String method;
    private final BiFunction<Document, TopicModel, Estimator> estimatorFor;
    private final boolean completion;

    /** @param estimatorFor the estimator for a document (left-to-right picks its particle count from the length) */
    public EstimateDifference(String method, Function<Document, Estimator> estimatorFor) {
        this(method, (doc, model) -> estimatorFor.apply(doc), false);
    }

    private EstimateDifference(String method, BiFunction<Document, TopicModel, Estimator> estimatorFor, boolean completion) {
        this.method = method;
        this.estimatorFor = estimatorFor;
        this.completion = completion;
    }

    /** The difference of each model's estimate by the estimator for its family (models of different families compared). */
    public static EstimateDifference byModel(String method, Function<TopicModel, Estimator> estimatorFor) {
        return new EstimateDifference(method, (doc, model) -> estimatorFor.apply(model), false);
    }

    /** The difference of a document-completion estimator's values, log P-hat(w2 | w1, A) - log P-hat(w2 | w1, B). */
    public static EstimateDifference completion(String method, Function<Document, Estimator> estimatorFor) {
        return new EstimateDifference(method, (doc, model) -> estimatorFor.apply(doc), true);
    }

    @Override
    public int scoredTokens(int length) {
        return completion ? DocumentCompletion.scoredLength(length) : length;
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public boolean directional() {
        return false;
    }

    @Override
    public RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random, CancelToken cancel) {
        long start = RunClock.now();
        SplittableRandom forA = random.split();
        SplittableRandom forB = random.split();
        EstimateResult ra = estimatorFor.apply(document, a).estimate(document, a, forA, cancel);
        EstimateResult rb = estimatorFor.apply(document, b).estimate(document, b, forB, cancel);
        return new RatioResult(ra.logValue() - rb.logValue(), new double[0], ra.siteUpdates() + rb.siteUpdates(), RunClock.now() - start,
                ra.logValue(), rb.logValue(), ra.chainCoverage(), rb.chainCoverage());
    }

    /**
     * Left-to-right particles matching n AIS temperatures (Foulds and Smyth Section 4): one particle costs
     * N(N + 1)/2 site updates, so p = 2n / (N + 1), rounded, at least 1.
     */
    public static int particlesForBudget(int temperatures, int length) {
        return (int) Math.max(1, Math.round(2.0 * temperatures / (length + 1)));
    }
}
