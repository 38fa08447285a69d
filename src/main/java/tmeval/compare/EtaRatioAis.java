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
    /** The larger model reordered for the last pair of different K (built once per pair, not per document). */
    private volatile Ordered last;

    private record Ordered(TopicModel a, TopicModel b, TopicModel orderedA, TopicModel orderedB) {
    }

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
        if (a.numTopics() != b.numTopics()) {
            Ordered o = ordered(a, b);
            a = o.orderedA();
            b = o.orderedB();
        }
        boolean forward = direction == Direction.FORWARD;
        EtaRatio.Result r = EtaRatio.logWeights(document, forward ? a : b, forward ? b : a, temperatures, samples, burnIn, schedule, random, cancel);
        double estimate = LogMath.logMeanExp(r.logWeights());
        return new RatioResult(forward ? estimate : -estimate, r.logWeights(), r.cost(), RunClock.now() - start);
    }

    /** The pair with the larger model's topics in EtaRatio's order, built on the first document of each pair. */
    private Ordered ordered(TopicModel a, TopicModel b) {
        Ordered o = last;
        if (o != null && o.a() == a && o.b() == b) {
            return o;
        }
        synchronized (this) {
            o = last;
            if (o == null || o.a() != a || o.b() != b) {
                boolean aSmaller = a.numTopics() < b.numTopics();
                TopicModel larger = aSmaller ? EtaTopicOrder.of(a, b).larger() : EtaTopicOrder.of(b, a).larger();
                o = new Ordered(a, b, aSmaller ? a : larger, aSmaller ? larger : b);
                last = o;
            }
            return o;
        }
    }
}
