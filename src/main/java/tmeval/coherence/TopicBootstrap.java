package tmeval.coherence;

import tmeval.sampling.RandomStreams;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The 95% percentile bootstrap interval of a mean over topics: the topics resampled with replacement
 * {@link #RESAMPLES} times from the seeded stream {@code (seed, "coherence-bootstrap")}, the interval's ends the
 * 2.5% and 97.5% points of the resampled means (the convention of the corpus summaries' bootstrap over documents).
 * It says how much the mean rests on a few topics: what another set of topics like these would give.
 */
public final class TopicBootstrap {
    public static final int RESAMPLES = 2000;
    /** The stream's key under the seed, so no other draw of the same seed shares it. */
    static final String STREAM = "coherence-bootstrap";

    /** The interval's ends; NaN with fewer than two values. */
    public record Interval(double low, double high) {
    }

    private TopicBootstrap() {
    }

    public static Interval of(double[] values, long seed) {
        int n = values.length;
        if (n < 2) {
            return new Interval(Double.NaN, Double.NaN);
        }
        SplittableRandom random = RandomStreams.stream(seed, RandomStreams.key(STREAM));
        double[] means = new double[RESAMPLES];
        for (int b = 0; b < RESAMPLES; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            means[b] = sum / n;
        }
        Arrays.sort(means);
        int low = (int) Math.floor(0.025 * RESAMPLES);
        int high = (int) Math.ceil(0.975 * RESAMPLES) - 1;
        return new Interval(means[low], means[high]);
    }
}
