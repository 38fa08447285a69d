package tmeval.compare;

import java.util.Arrays;

/**
 * The Hungarian algorithm (Kuhn-Munkres with row and column potentials, O(n^3)) for the square assignment
 * problem: the permutation p minimising sum_i cost[i][p[i]].
 */
public final class Hungarian {
    private Hungarian() {
    }

    /** @return p with row i assigned to column p[i] */
    public static int[] minimumCostAssignment(double[][] cost) {
        int n = cost.length;
        for (double[] row : cost) {
            if (row.length != n) {
                throw new IllegalArgumentException("cost matrix must be square");
            }
            for (double c : row) {
                if (!Double.isFinite(c)) {
                    throw new IllegalArgumentException("cost matrix has a non-finite entry");
                }
            }
        }
        // 1-based arrays with a virtual column 0, the classic shortest-augmenting-path formulation
        double[] rowPotential = new double[n + 1];
        double[] colPotential = new double[n + 1];
        int[] rowOfColumn = new int[n + 1];
        int[] previousColumn = new int[n + 1];
        double[] slack = new double[n + 1];
        boolean[] used = new boolean[n + 1];
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
                for (int j = 1; j <= n; j++) {
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
                for (int j = 0; j <= n; j++) {
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
        for (int j = 1; j <= n; j++) {
            assignment[rowOfColumn[j] - 1] = j - 1;
        }
        return assignment;
    }
}
