package tmeval.compare;

import tmeval.estimate.RunClock;
import tmeval.anneal.Schedule;
import tmeval.estimate.EtaRatio;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.LogMath;

import java.util.SplittableRandom;

/**
 * {@code ratio-eta}: ratio-AIS between two models of any families and K over the eta they share ({@link EtaRatio}: an
 * LDA's Dirichlet mapped to eta with its Jacobian, a logistic-normal prior as it is; the smaller of two K padded with a
 * fixed Gaussian over the larger's other coordinates, its topics aligned to the larger's by {@link EtaTopicOrder}), on the
 * geometric path between the two joint densities. Forward anneals B to A, reverse A to B and negates; the two bracket
 * log P(w | A) - log P(w | B) in expectation. Cost: S (B + n) evaluations of both models' p(w | theta).
 */
public final class EtaRatioAis implements ModelComparison {
    private final int temperatures;
    private final int samples;
    private final int burnIn;
    private final Schedule schedule;
    /** Models of different K: the larger's topics in EtaRatio's order. */
    private final DifferentKPair ordered = new DifferentKPair((smaller, larger) -> new DifferentKPair.Pair(smaller,
            EtaTopicOrder.of(smaller, larger).larger()));

    public EtaRatioAis(int temperatures, int samples, int burnIn, Schedule schedule) {
        this.temperatures = temperatures;
        this.samples = samples;
        this.burnIn = burnIn;
        this.schedule = schedule;
    }

    @Override
    public String method() {
        return ComparisonMethods.RATIO_ETA;
    }

    @Override
    public boolean directional() {
        return true;
    }

    @Override
    public RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random, CancelToken cancel) {
        if (direction == Direction.NONE) {
            throw new IllegalArgumentException(method() + " needs a direction");
        }
        long start = RunClock.now();
        DifferentKPair.Pair pair = ordered.of(a, b);
        a = pair.a();
        b = pair.b();
        boolean forward = direction == Direction.FORWARD;
        EtaRatio.Result r = EtaRatio.logWeights(document, forward ? a : b, forward ? b : a, temperatures, samples, burnIn, schedule, random, cancel);
        double estimate = LogMath.logMeanExp(r.logWeights());
        return new RatioResult(forward ? estimate : -estimate, r.logWeights(), r.cost(), RunClock.now() - start);
    }
}
