package tmeval.compare;

import org.junit.jupiter.api.Test;
import tmeval.Fixtures;
import tmeval.model.TopicModel;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HungarianTest {
    @Test
    void matchesBruteForceOverAllPermutations() {
        SplittableRandom random = new SplittableRandom(11);
        for (int n = 1; n <= 7; n++) {
            for (int trial = 0; trial < 40; trial++) {
                double[][] cost = new double[n][n];
                for (double[] row : cost) {
                    for (int j = 0; j < n; j++) {
                        // integer costs make ties common, which is where bugs hide
                        row[j] = trial % 2 == 0 ? random.nextInt(5) : random.nextDouble();
                    }
                }
                int[] p = Hungarian.minimumCostAssignment(cost);
                assertEquals(bruteForceMinimum(cost), total(cost, p), 1e-12, "n=" + n + " trial " + trial);
                boolean[] seen = new boolean[n];
                for (int j : p) {
                    assertTrue(!seen[j], "a permutation");
                    seen[j] = true;
                }
            }
        }
    }

    /** Fewer rows than columns (the smaller model's topics against the larger's): the cheapest distinct columns. */
    @Test
    void rectangularMatchesBruteForceOverTheSquareWithZeroCostRows() {
        SplittableRandom random = new SplittableRandom(12);
        for (int m = 2; m <= 7; m++) {
            for (int n = 1; n < m; n++) {
                for (int trial = 0; trial < 20; trial++) {
                    double[][] square = new double[m][m]; // rows n..m-1 stay 0: dummies that take the unmatched columns
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j < m; j++) {
                            square[i][j] = trial % 2 == 0 ? random.nextInt(5) : random.nextDouble();
                        }
                    }
                    double[][] cost = java.util.Arrays.copyOf(square, n);
                    int[] p = Hungarian.minimumCostAssignment(cost);
                    assertEquals(n, p.length);
                    assertEquals(bruteForceMinimum(square), total(cost, p), 1e-12, n + "x" + m + " trial " + trial);
                    assertEquals(n, java.util.Arrays.stream(p).distinct().count(), "distinct columns");
                }
            }
        }
    }

    @Test
    void alignmentUndoesAShuffle() {
        TopicModel a = Fixtures.randomModel("a", 60, new double[] {0.1, 0.2, 0.3, 0.4, 0.5}, 0.1, 5);
        int[] shuffle = {3, 0, 4, 1, 2};
        TopicModel b = a.permuteTopics(shuffle);
        TopicAlignment alignment = TopicAlignment.align(a, b);
        assertEquals(0.0, alignment.total(), 1e-12);
        assertTrue(alignment.identityTotal() > 1);
        assertArrayEquals(a.phiMatrix(), b.permuteTopics(alignment.permutation()).phiMatrix(), 0.0);
        assertArrayEquals(a.alpha(), b.permuteTopics(alignment.permutation()).alpha(), 0.0);
    }

    private static double total(double[][] cost, int[] p) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += cost[i][p[i]];
        }
        return s;
    }

    private static double bruteForceMinimum(double[][] cost) {
        int n = cost.length;
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        double best = Double.POSITIVE_INFINITY;
        do {
            best = Math.min(best, total(cost, p));
        } while (nextPermutation(p));
        return best;
    }

    private static boolean nextPermutation(int[] p) {
        int i = p.length - 2;
        while (i >= 0 && p[i] >= p[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = p.length - 1;
        while (p[j] <= p[i]) {
            j--;
        }
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
        return true;
    }
}
