package tmeval.run.covariates;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.junit.jupiter.api.Test;
import tmeval.run.certify.Reason;
import tmeval.run.certify.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The joint test of a categorical covariate's levels, on labels like the dominant topic's: many levels, some of one or
 * two documents, and documents whose spread grows with their noise (as on real comparisons). Checked against what it
 * must equal (the Wald test of the general meta-regression, computed here from its covariances) and against an
 * independent test (a permutation test of the plain between-level F statistic, written here), on data with clear and
 * with no differences; and its rate of "differ" under no difference.
 */
class LevelsTestTest {
    private static final Verdict CERTIFIED = new Verdict(Reason.WITHIN_TARGET, 0, 0, 1, 0, 0, false);
    /** 25 levels as a dominant topic of 178 documents: nine of one document, three of two. */
    private static final int[] TOPIC_LIKE = {40, 30, 20, 15, 12, 10, 8, 7, 6, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    /** 30 levels of four documents and four of one: each level's variance is from three residuals. */
    private static final int[] SMALL_LEVELS = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1};

    /** Documents by level sizes: level j's mean is {@code effect * (j % 3)}; spread and noise as on real comparisons. */
    private static List<DocumentRatio> documents(SplittableRandom random, int[] sizes, double effect, Map<String, String> label) {
        List<DocumentRatio> docs = new ArrayList<>();
        for (int j = 0; j < sizes.length; j++) {
            for (int i = 0; i < sizes[j]; i++) {
                double u = random.nextDouble();
                double v = 1e-7 * Math.pow(10, 3 * u);
                double y = 0.005 + effect * (j % 3) + Math.sqrt(1e-4 * (0.2 + 2 * u)) * gaussian(random) + Math.sqrt(v) * gaussian(random);
                String id = "d" + docs.size();
                docs.add(new DocumentRatio(id, 100, y, v, CERTIFIED));
                label.put(id, "L" + j);
            }
        }
        return docs;
    }

    private static CovariateAnalysis analyse(SplittableRandom random, int[] sizes, double effect) {
        Map<String, String> label = new LinkedHashMap<>();
        List<DocumentRatio> docs = documents(random, sizes, effect, label);
        return CovariateAnalysis.of(Covariate.categorical("dominant topic (B)", "built-in", label), docs, 5);
    }

    /**
     * The reported case: levels of one document made the sandwich covariance singular, and the joint test printed
     * "chi-square 0.00 on 24 df, p = 1.0000" beside level differences of p = 1e-13. Levels that plainly differ are
     * found to differ, as an independent permutation test finds.
     */
    @Test
    void levelsOfOneDocumentNeverMakeTheJointTestZero() {
        SplittableRandom random = new SplittableRandom(11);
        Map<String, String> label = new LinkedHashMap<>();
        List<DocumentRatio> docs = documents(random, TOPIC_LIKE, 0.01, label);
        CovariateAnalysis a = CovariateAnalysis.of(Covariate.categorical("dominant topic (B)", "built-in", label), docs, 5);
        assertNotNull(a.levelsTest(), a.describe());
        assertTrue(a.levelsTest().chiSquare() > 50, a.describe());
        assertTrue(a.levelsTest().p() < 0.001, a.describe());
        assertTrue(a.describe().startsWith("dominant topic (B): the levels differ"), a.describe());
        assertTrue(permutationF(docs, label, new SplittableRandom(3)) < 0.01, "the independent test sees the difference too");
    }

    @Test
    void withNoDifferenceBothItAndAnIndependentPermutationTestSayNoDifference() {
        SplittableRandom random = new SplittableRandom(12);
        Map<String, String> label = new LinkedHashMap<>();
        List<DocumentRatio> docs = documents(random, TOPIC_LIKE, 0, label);
        CovariateAnalysis a = CovariateAnalysis.of(Covariate.categorical("dominant topic (B)", "built-in", label), docs, 5);
        double independent = permutationF(docs, label, new SplittableRandom(3));
        assertTrue(a.levelsTest().p() > 0.05 && independent > 0.05, a.describe() + "; independent p = " + independent);
        assertTrue(a.levelsTest().chiSquare() > 0, a.describe());
    }

    /**
     * Under no difference, with levels of one and of four documents and documents whose spread varies: "the levels
     * differ" at the 5% level in 5% of 300 labels (three binomial standard deviations); the chi-square distribution
     * said so in 36% of them (and the singular covariance in none), and so does each level's difference row.
     */
    @Test
    void aRandomLabelOfSmallLevelsDiffersAtTheNominalRate() {
        SplittableRandom random = new SplittableRandom(5);
        int datasets = 300;
        int rejected = 0;
        int rows = 0;
        int rowsRejected = 0;
        for (int i = 0; i < datasets; i++) {
            CovariateAnalysis a = analyse(random, SMALL_LEVELS, 0);
            rejected += a.levelsTest().p() < 0.05 ? 1 : 0;
            for (CovariateAnalysis.Level l : a.levels().subList(1, a.levels().size())) {
                rows++;
                rowsRejected += l.difference().p() < 0.05 ? 1 : 0;
            }
        }
        double tolerance = 3 * Math.sqrt(0.05 * 0.95 / datasets);
        assertEquals(0.05, rejected / (double) datasets, tolerance, "the joint test");
        assertEquals(0.05, rowsRejected / (double) rows, 0.02, "the level differences");
    }

    /**
     * The closed form is the general regression's Wald test: computed here from {@link MetaRegression}'s model and
     * sandwich covariances of the reference-coded coefficients, the smaller of the two; where a level of one document
     * makes the sandwich singular, the model's.
     */
    @Test
    void theStatisticIsTheGeneralRegressionsWaldTest() {
        SplittableRandom random = new SplittableRandom(8);
        for (int[] sizes : new int[][] {{30, 20, 10, 5}, {12, 9, 7, 6, 5, 4, 3}, {20, 10, 1}, TOPIC_LIKE}) {
            for (int rep = 0; rep < 5; rep++) {
                Map<String, String> label = new LinkedHashMap<>();
                List<DocumentRatio> docs = documents(random, sizes, rep % 2 == 0 ? 0 : 0.004, label);
                int n = docs.size();
                int p = sizes.length;
                int[] level = new int[n];
                double[][] design = new double[n][p];
                double[] y = new double[n];
                double[] v = new double[n];
                for (int d = 0; d < n; d++) {
                    level[d] = Integer.parseInt(label.get(docs.get(d).documentId()).substring(1));
                    design[d][0] = 1;
                    if (level[d] > 0) {
                        design[d][level[d]] = 1;
                    }
                    y[d] = docs.get(d).value();
                    v[d] = docs.get(d).variance();
                }
                MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
                double model = wald(fit.modelCovariance(), fit.coefficients());
                // two levels of one document make the sandwich singular: no statistic of its own
                boolean singular = java.util.Arrays.stream(sizes).filter(s -> s == 1).count() > 1;
                double expected = singular ? model : Math.min(model, wald(fit.robustCovariance(), fit.coefficients()));
                assertEquals(expected, LevelsTest.statistic(level, p, y, v), 1e-7 * expected, java.util.Arrays.toString(sizes));
            }
        }
    }

    /** b' V^-1 b over the coefficients but the intercept, by a decomposition of V scaled to unit diagonal. */
    private static double wald(double[][] covariance, double[] coefficients) {
        int m = coefficients.length - 1;
        RealMatrix sub = new Array2DRowRealMatrix(covariance).getSubMatrix(1, m, 1, m);
        RealVector b = new ArrayRealVector(coefficients).getSubVector(1, m);
        RealMatrix scaled = sub.copy();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                scaled.setEntry(i, j, sub.getEntry(i, j) / Math.sqrt(sub.getEntry(i, i) * sub.getEntry(j, j)));
            }
        }
        RealVector z = b.copy();
        for (int i = 0; i < m; i++) {
            z.setEntry(i, b.getEntry(i) / Math.sqrt(sub.getEntry(i, i)));
        }
        return new LUDecomposition(scaled).getSolver().solve(z).dotProduct(z);
    }

    /**
     * An independent test of the same question: one-way ANOVA's F statistic on the plain values (no weights, no
     * variances), its p-value the share of 1,999 permutations of the labels reaching it.
     */
    private static double permutationF(List<DocumentRatio> docs, Map<String, String> label, SplittableRandom random) {
        Map<String, Integer> index = new LinkedHashMap<>();
        int[] level = new int[docs.size()];
        double[] y = new double[docs.size()];
        for (int d = 0; d < docs.size(); d++) {
            level[d] = index.computeIfAbsent(label.get(docs.get(d).documentId()), k -> index.size());
            y[d] = docs.get(d).value();
        }
        double observed = anovaF(level, index.size(), y);
        int reached = 0;
        int permutations = 1999;
        for (int b = 0; b < permutations; b++) {
            for (int i = level.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = level[i];
                level[i] = level[j];
                level[j] = t;
            }
            reached += anovaF(level, index.size(), y) >= observed ? 1 : 0;
        }
        return (reached + 1) / (permutations + 1.0);
    }

    private static double anovaF(int[] level, int k, double[] y) {
        double[] sum = new double[k];
        int[] count = new int[k];
        double grand = 0;
        for (int d = 0; d < y.length; d++) {
            sum[level[d]] += y[d];
            count[level[d]]++;
            grand += y[d];
        }
        grand /= y.length;
        double between = 0;
        for (int j = 0; j < k; j++) {
            between += count[j] * Math.pow(sum[j] / count[j] - grand, 2);
        }
        double within = 0;
        for (int d = 0; d < y.length; d++) {
            within += Math.pow(y[d] - sum[level[d]] / count[level[d]], 2);
        }
        return (between / (k - 1)) / (within / (y.length - k));
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
