package tmeval.run.covariates;

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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Binned means, levels and the test of a label that has nothing to do with the values. */
class CovariateAnalysisTest {
    private static final Verdict CERTIFIED = new Verdict(Reason.WITHIN_TARGET, 0, 0, 1, 0, 0, false);

    @Test
    void quantileBinsKeepEqualValuesTogetherAndNeverComeOutEmpty() {
        double[] x = {1, 1, 1, 1, 1, 1, 2, 3, 4, 5};
        double[] y = {0, 0, 0, 0, 0, 0, 1, 1, 1, 2};
        List<CovariateAnalysis.Group> bins = CovariateAnalysis.bins(x, y, 5);
        assertEquals(List.of("1", "2 to 3", "4 to 5"), bins.stream().map(CovariateAnalysis.Group::label).toList());
        assertEquals(List.of(6, 2, 2), bins.stream().map(CovariateAnalysis.Group::n).toList());
        assertEquals(1.5, bins.get(2).mean(), 1e-12);
        // two values 1, 2: s = 0.7071, t(1) 97.5% = 12.706, half-width 12.706 * 0.7071 / sqrt(2) = 6.353
        assertEquals(1.5 - 6.353, bins.get(2).low(), 1e-3);
        assertTrue(Double.isNaN(CovariateAnalysis.bins(new double[] {3}, new double[] {1}, 5).get(0).low()), "one document: no interval");
    }

    @Test
    void aCovariateOfOneValueOrFewDocumentsHasNoTestAndSaysWhy() {
        List<DocumentRatio> docs = documents(new double[] {1, 2, 3}, new double[] {1e-4, 1e-4, 1e-4});
        CovariateAnalysis same = CovariateAnalysis.of(Covariate.numeric("x", "t", Map.of("d0", 1.0, "d1", 1.0, "d2", 1.0)), docs, 5);
        assertEquals("every document has the same value", same.problem());
        assertNull(same.slope());
        CovariateAnalysis few = CovariateAnalysis.of(Covariate.numeric("x", "t", Map.of("d0", 1.0, "d1", 2.0)), docs, 5);
        assertEquals("fewer than 3 documents", few.problem());
        assertEquals(1, few.missing());
        assertTrue(few.describe().contains("no test (fewer than 3 documents)"), few.describe());
    }

    /**
     * A random label of three levels on corpora whose documents' spread grows with their noise (as on the sample data):
     * the levels are said to differ at the 5% level in about 5% of the corpora (three binomial standard deviations).
     */
    @Test
    void aRandomLabelDiffersAtTheNominalRate() {
        SplittableRandom random = new SplittableRandom(7);
        int datasets = 400;
        int rejected = 0;
        for (int i = 0; i < datasets; i++) {
            double[] y = new double[120];
            double[] v = new double[120];
            Map<String, String> label = new LinkedHashMap<>();
            for (int d = 0; d < y.length; d++) {
                double u = random.nextDouble();
                v[d] = 1e-7 * Math.pow(10, 3 * u);
                y[d] = 0.005 + Math.sqrt(1e-4 * (0.2 + 2 * u)) * gaussian(random);
                label.put("d" + d, "L" + random.nextInt(3));
            }
            CovariateAnalysis a = CovariateAnalysis.of(Covariate.categorical("label", "t", label), documents(y, v), 5);
            assertNotNull(a.levelsTest(), a.describe());
            rejected += a.levelsTest().p() < 0.05 ? 1 : 0;
        }
        double rate = rejected / (double) datasets;
        assertTrue(Math.abs(rate - 0.05) <= 3 * Math.sqrt(0.05 * 0.95 / datasets), "rejected " + rate);
    }

    @Test
    void theLargestLevelIsTheReferenceAndEachOtherLevelItsDifference() {
        double[] y = {1, 1.2, 0.8, 1.1, 2, 2.2, 1.8};
        double[] v = new double[y.length];
        java.util.Arrays.fill(v, 1e-3);
        Map<String, String> label = new LinkedHashMap<>();
        for (int d = 0; d < y.length; d++) {
            label.put("d" + d, d < 4 ? "big" : "small");
        }
        CovariateAnalysis a = CovariateAnalysis.of(Covariate.categorical("g", "t", label), documents(y, v), 5);
        assertEquals("big", a.levels().get(0).name());
        assertNull(a.levels().get(0).difference());
        // equal variances: the weighted means are the plain means
        assertEquals(1.025, a.levels().get(0).mean().value(), 1e-9);
        assertEquals(2.0 - 1.025, a.levels().get(1).difference().value(), 1e-9);
        assertTrue(a.levels().get(1).difference().low() > 0, a.describe());
        assertTrue(a.describe().startsWith("g: the levels differ"), a.describe());
    }

    /**
     * A level of one or two documents has no variance of its own (the fit passes through a lone document): such levels
     * are tested as one level when they hold three documents together, else left out; either way counted, in words and
     * in the table, while their own rows (plain means) stay.
     */
    @Test
    void levelsOfFewerThanThreeDocumentsAreTestedAsOneLevelOrLeftOutAndCounted() throws Exception {
        double[] y = {1, 1.2, 0.8, 1.1, 0.9, 2, 2.2, 1.8, 2.1, 5, 0, 3};
        double[] v = new double[y.length];
        java.util.Arrays.fill(v, 1e-3);
        String[] levels = {"big", "big", "big", "big", "big", "mid", "mid", "mid", "mid", "lone", "pair", "pair"};
        Map<String, String> label = new LinkedHashMap<>();
        for (int d = 0; d < y.length; d++) {
            label.put("d" + d, levels[d]);
        }
        CovariateAnalysis pooled = CovariateAnalysis.of(Covariate.categorical("g", "t", label), documents(y, v), 5);
        assertEquals(List.of("big", "mid", "pair", "lone"), pooled.groups().stream().map(CovariateAnalysis.Group::label).toList());
        assertEquals(List.of("big", "mid", "(2 levels of fewer than 3 documents)"),
                pooled.levels().stream().map(CovariateAnalysis.Level::name).toList());
        assertEquals(3, pooled.levels().get(2).n());
        assertEquals(2, pooled.levelsTest().degreesOfFreedom());
        assertTrue(pooled.describe().contains("2 levels of fewer than 3 documents (3 documents) tested as one level"), pooled.describe());
        assertTrue(pooled.describe().contains("12 documents"), pooled.describe());

        label.remove("d11");
        label.remove("d10");
        CovariateAnalysis leftOut = CovariateAnalysis.of(Covariate.categorical("g", "t", label), documents(y, v), 5);
        assertEquals(List.of("big", "mid"), leftOut.levels().stream().map(CovariateAnalysis.Level::name).toList());
        assertEquals(1, leftOut.small().leftOut());
        assertTrue(leftOut.describe().contains("9 documents; 2 documents have no value; 1 level of fewer than 3 documents (1 document)"
                + " left out of the test"), leftOut.describe());

        java.io.StringWriter out = new java.io.StringWriter();
        CovariatesTable.write(new CovariateStudy("m", documents(y, v), documents(y, v), false, y.length, 0, List.of(pooled, leftOut)), out);
        assertTrue(out.toString().contains("g\tt\tcategorical\tsmall-levels\t2 levels of fewer than 3 documents (3 documents) tested as"
                + " one level\t3\t"), out.toString());
        assertTrue(out.toString().contains("g\tt\tcategorical\tlevels-test\tchi-square, 1 df, p by "), out.toString());
        assertTrue(out.toString().matches("(?s).*levels-test\t[^\n]*permutations\t9\t.*"), "the test's documents: " + out);
    }

    private static List<DocumentRatio> documents(double[] y, double[] v) {
        List<DocumentRatio> out = new ArrayList<>();
        for (int d = 0; d < y.length; d++) {
            out.add(new DocumentRatio("d" + d, 100, y[d], v[d], CERTIFIED));
        }
        return out;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
