package tmeval.compare;

import tmeval.model.TopicModel;

/**
 * Two models of different K brought onto one latent space for a ratio path (the smaller split to the larger's K for
 * ratio-AIS over z, the larger's topics reordered for ratio-AIS over eta), built once for the last pair seen rather than
 * per document, and the same object for every thread that asks for the same pair.
 */
final class DifferentKPair {
    /** The pair as annealed between, in the order asked for. */
    record Pair(TopicModel a, TopicModel b) {
    }

    /** How a path brings the smaller model and the larger onto one space: the two as annealed, smaller first. */
    @FunctionalInterface
    interface Bring {
        Pair onto(TopicModel smaller, TopicModel larger);
    }

    private record Last(TopicModel a, TopicModel b, Pair pair) {
    }

    private final Bring bring;
    private volatile Last last;

    DifferentKPair(Bring bring) {
        this.bring = bring;
    }

    /** a and b as annealed between (a pair of one K as it is). */
    Pair of(TopicModel a, TopicModel b) {
        if (a.numTopics() == b.numTopics()) {
            return new Pair(a, b);
        }
        Last seen = last;
        if (seen != null && seen.a() == a && seen.b() == b) {
            return seen.pair();
        }
        synchronized (this) {
            seen = last;
            if (seen == null || seen.a() != a || seen.b() != b) {
                boolean aSmaller = a.numTopics() < b.numTopics();
                Pair brought = aSmaller ? bring.onto(a, b) : bring.onto(b, a);
                seen = new Last(a, b, aSmaller ? brought : new Pair(brought.b(), brought.a()));
                last = seen;
            }
            return seen.pair();
        }
    }
}
