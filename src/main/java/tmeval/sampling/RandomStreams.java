package tmeval.sampling;

import java.util.SplittableRandom;

/**
 * Seeded random streams. Every stream is derived from one master seed and a key (document, run, method),
 * so a result never depends on thread scheduling or on which documents were evaluated before.
 */
public final class RandomStreams {
    private RandomStreams() {
    }

    /** The stream for a master seed and a sequence of keys; equal inputs give the same stream. */
    public static SplittableRandom stream(long masterSeed, long... keys) {
        long h = mix64(masterSeed ^ 0x9E3779B97F4A7C15L);
        for (long k : keys) {
            h = mix64(h ^ mix64(k + 0x632BE59BD9B4E019L));
        }
        return new SplittableRandom(h);
    }

    /** A stable key for a name (String.hashCode is specified by the JLS, so it is the same in every JVM). */
    public static long key(String name) {
        return name.hashCode();
    }

    /** The SplitMix64 finaliser: a bijective mix with full avalanche. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
