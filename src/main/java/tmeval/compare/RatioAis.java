package tmeval.compare;

import tmeval.estimate.RunClock;
import tmeval.anneal.AnnealingEngine;
import tmeval.anneal.AnnealingPath;
import tmeval.anneal.ConvexPath;
import tmeval.anneal.GeometricPath;
import tmeval.anneal.Schedule;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.DocumentView;
import tmeval.sampling.LogMath;
import tmeval.sampling.TopicState;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Ratio-AIS (Foulds and Smyth Section 3.1): anneal from one model's posterior to the other's along the geometric
 * path (Eq. 5, {@code ratio-geometric}) or the convex path (Eq. 6-7, Algorithm 1, {@code ratio-convex}). The start
 * is burned in under the starting model; S independent samples; log-mean of the weights. Forward anneals B to A;
 * reverse anneals A to B and negates. Cost: S (B + n) N site updates. Models of different K are annealed between the
 * larger and the smaller one split to the larger's K ({@link TopicSplit}, same P(w)); a site update then runs at the
 * larger K.
 */
public final class RatioAis implements ModelComparison {
    /** The annealing path between the two models. */
    public enum Path {
        GEOMETRIC(ComparisonMethods.RATIO_GEOMETRIC), CONVEX(ComparisonMethods.RATIO_CONVEX);

        private final String method;

        Path(String method) {
            this.method = method;
        }
    }

    private final Path path;
    private final int temperatures;
    private final int samples;
    private final int burnIn;
    private final Schedule schedule;
    /** Models of different K as they are annealed between: the smaller one split to the larger's K. */
    private final DifferentKPair split = new DifferentKPair((smaller, larger) -> new DifferentKPair.Pair(TopicSplit.of(smaller, larger).model(),
            larger));

    public RatioAis(Path path, int temperatures, int samples, int burnIn, Schedule schedule) {
        this.path = path;
        this.temperatures = temperatures;
        this.samples = samples;
        this.burnIn = burnIn;
        this.schedule = schedule;
    }

    @Override
    public String method() {
        return path.method;
    }

    @Override
    public boolean directional() {
        return true;
    }

    @Override
    public RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random, CancelToken cancel) {
        return estimate(document, a, b, direction, random, cancel, null);
    }

    /** As {@link #estimate}, reporting each sample's running log-weight after every temperature. */
    public RatioResult estimate(Document document, TopicModel a, TopicModel b, Direction direction, SplittableRandom random,
                                CancelToken cancel, AnnealingEngine.Trace trace) {
        if (direction == Direction.NONE) {
            throw new IllegalArgumentException(method() + " needs a direction");
        }
        long start = RunClock.now();
        DifferentKPair.Pair pair = split.of(a, b);
        a = pair.a();
        b = pair.b();
        DocumentView view = DocumentView.of(document);
        TopicModel to = direction == Direction.FORWARD ? a : b;
        TopicModel from = direction == Direction.FORWARD ? b : a;
        AnnealingPath annealingPath = path == Path.CONVEX ? new ConvexPath(view, to, from) : new GeometricPath(view, to, from);
        List<AnnealingEngine.Segment> segments = List.of(new AnnealingEngine.Segment(annealingPath, schedule, temperatures));
        TopicState state = new TopicState(document.length(), a.numTopics());
        double[] scratch = new double[a.numTopics()];
        double[] logWeights = new double[samples];
        double[] end = new double[1];
        long cost = 0;
        for (int s = 0; s < samples; s++) {
            cost += AnnealingEngine.sample(segments, burnIn, state, random, scratch, cancel, trace, end);
            logWeights[s] = end[0];
        }
        double estimate = LogMath.logMeanExp(logWeights);
        return new RatioResult(direction == Direction.FORWARD ? estimate : -estimate, logWeights, cost, RunClock.now() - start);
    }
}
