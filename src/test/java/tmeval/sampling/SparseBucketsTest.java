package tmeval.sampling;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SparseBucketsTest {
    /** The branch-free pick must choose the first entry whose running total exceeds u, skipping zero weights. */
    @Test
    void pickPresentFindsTheIntervalHoldingU() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 20_000; trial++) {
            int n = 1 + random.nextInt(30);
            int[] present = new int[n];
            double[] cumulative = new double[n];
            double total = 0;
            for (int j = 0; j < n; j++) {
                present[j] = 100 + j;
                double w = random.nextInt(4) == 0 ? 0 : random.nextDouble();
                total += w;
                cumulative[j] = total;
            }
            if (total == 0) {
                continue;
            }
            double u = random.nextInt(10) == 0 ? cumulative[random.nextInt(n)] * 0.999999999 : random.nextDouble() * total;
            int expected = present[n - 1];
            for (int j = 0; j < n; j++) {
                if (u < cumulative[j]) {
                    expected = present[j];
                    break;
                }
            }
            assertEquals(expected, SparseBuckets.pickPresent(present, n, cumulative, u), "trial " + trial);
        }
    }

    @Test
    void dotProductMatchesAPlainSumForEveryLengthAndOffset() {
        SplittableRandom random = new SplittableRandom(3);
        for (int n = 0; n <= 13; n++) {
            for (int from = 0; from < 3; from++) {
                double[] x = random.doubles(from + n + 2).toArray();
                double[] y = random.doubles(n).toArray();
                double plain = 0;
                for (int k = 0; k < n; k++) {
                    plain += x[from + k] * y[k];
                }
                assertEquals(plain, Dot.product(x, from, y, n), 1e-14 * Math.max(1, plain), "n " + n + ", from " + from);
            }
        }
    }
}
