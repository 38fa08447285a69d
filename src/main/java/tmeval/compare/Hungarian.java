package tmeval.compare;

import java.util.Arrays;

/**
 * The Hungarian algorithm (Kuhn-Munkres with row and column potentials, O(n^2 m)) for the assignment problem of n
 * rows to m >= n columns: the distinct columns p[i] minimising sum_i cost[i][p[i]]. Square (n = m), p is a
 * permutation; with more columns than rows, m - n columns are left unassigned (the topics of the larger model that
 * match none of the smaller one's).
 */
public final class Hungarian {
    private Hungarian() {
    }

    /** @return p with row i assigned to column p[i], all distinct */
    public static int[] minimumCostAssignment(double[][] cost) {
        int n = cost.length;
        int m = n == 0 ? 0 : cost[0].length;
        for (double[] row : cost) {
            if (row.length != m || m < n) {
                throw new IllegalArgumentException("cost matrix must have as many columns in every row, and no fewer than rows");
            }
            for (double c : row) {
                if (!Double.isFinite(c)) {
                    throw new IllegalArgumentException("cost matrix has a non-finite entry");
                }
            }
        }
        // 1-based arrays with a virtual column 0, the classic shortest-augmenting-path formulation
        double[] rowPotential = new double[n + 1];
        double[] colPotential = new double[m + 1];
        int[] rowOfColumn = new int[m + 1];
        int[] previousColumn = new int[m + 1];
        double[] slack = new double[m + 1];
        boolean[] used = new boolean[m + 1];
        for (int i = 1; i <= n; i++) {
            rowOfColumn[0] = i;
            int column = 0;
            Arrays.fill(slack, Double.POSITIVE_INFINITY);
            Arrays.fill(used, false);
            do {
                used[column] = true;
                int row = rowOfColumn[column];
                double delta = Double.POSITIVE_INFINITY;
                int next = 0;
                for (int j = 1; j <= m; j++) {
                    if (!used[j]) {
                        double reduced = cost[row - 1][j - 1] - rowPotential[row] - colPotential[j];
                        if (reduced < slack[j]) {
                            slack[j] = reduced;
                            previousColumn[j] = column;
                        }
                        if (slack[j] < delta) {
                            delta = slack[j];
                            next = j;
                        }
                    }
                }
                for (int j = 0; j <= m; j++) {
                    if (used[j]) {
                        rowPotential[rowOfColumn[j]] += delta;
                        colPotential[j] -= delta;
                    } else {
                        slack[j] -= delta;
                    }
                }
                column = next;
            } while (rowOfColumn[column] != 0);
            do {
                int previous = previousColumn[column];
                rowOfColumn[column] = rowOfColumn[previous];
                column = previous;
            } while (column != 0);
        }
        int[] assignment = new int[n];
        for (int j = 1; j <= m; j++) {
            if (rowOfColumn[j] != 0) {
                assignment[rowOfColumn[j] - 1] = j - 1;
            }
        }
        return assignment;
    }
}
