package tmeval.run.covariates;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One covariate against the documents' log ratios per token (covariates.md): the binned means (numeric: quantile bins;
 * categorical: one group per level), each with a 95% interval from the spread of its documents' values (which holds both
 * the documents' own variation and their Monte Carlo noise), and the test of association by {@link MetaRegression}: a
 * numeric covariate's slope, a categorical one's weighted level means and their differences from the largest level.
 *
 * @param covariate the covariate
 * @param documents the documents analysed (with a value for the covariate)
 * @param missing the documents given without a value for it
 * @param groups the bins or levels, in order
 * @param slope a numeric covariate's slope per unit, or null
 * @param centre the line's point: the covariate's mean and the fitted value there (a numeric covariate with a slope), or null
 * @param levels a categorical covariate's levels, largest first (the reference), or empty
 * @param levelsTest a categorical covariate's joint test that every level's mean is the reference's: chi-square and p, or null
 * @param tau2 the documents' own variance beyond their noise (per token squared), NaN when there is no test
 * @param problem why there is no test, or null
 */
public record CovariateAnalysis(Covariate covariate, int documents, int missing, List<Group> groups, MetaRegression.Estimate slope,
                                double[] centre, List<Level> levels, double[] levelsTest, double tau2, String problem) {
    /** Quantile bins of a numeric covariate, unless asked otherwise. */
    public static final int DEFAULT_BINS = 5;

    /**
     * A bin or level: its label, its range of the covariate (a level: NaN), its documents, the mean of their values and its
     * 95% interval (NaN with one document).
     */
    public record Group(String label, double from, double to, int n, double mean, double low, double high) {
    }

    /** A level: its weighted mean and, but for the reference, its difference from the reference. */
    public record Level(String name, int n, MetaRegression.Estimate mean, MetaRegression.Estimate difference) {
    }

    /** Every document with a value of the covariate; the rest are counted as missing. */
    public static CovariateAnalysis of(Covariate covariate, List<DocumentRatio> ratios, int bins) {
        List<DocumentRatio> with = ratios.stream().filter(r -> covariate.has(r.documentId())).toList();
        int missing = ratios.size() - with.size();
        return covariate.numeric() ? numeric(covariate, with, missing, bins) : categorical(covariate, with, missing);
    }

    private static CovariateAnalysis numeric(Covariate c, List<DocumentRatio> docs, int missing, int bins) {
        int n = docs.size();
        double[] x = new double[n];
        double[] y = new double[n];
        double[] v = new double[n];
        for (int d = 0; d < n; d++) {
            x[d] = c.numbers().get(docs.get(d).documentId());
            y[d] = docs.get(d).value();
            v[d] = docs.get(d).variance();
        }
        List<Group> groups = bins(x, y, bins);
        double mean = n == 0 ? 0 : StatUtils.mean(x);
        if (n < 3 || StatUtils.min(x) == StatUtils.max(x)) {
            String why = n < 3 ? "fewer than 3 documents" : "every document has the same value";
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, why);
        }
        // centred: the same slope, and a better-conditioned system
        double[][] design = new double[n][];
        for (int d = 0; d < n; d++) {
            design[d] = new double[] {1, x[d] - mean};
        }
        MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
        if (fit == null) {
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, "the values do not vary enough to fit a slope");
        }
        return new CovariateAnalysis(c, n, missing, groups, fit.coefficient(1), new double[] {mean, fit.coefficients()[0]}, List.of(), null,
                fit.tau2(), null);
    }

    private static CovariateAnalysis categorical(Covariate c, List<DocumentRatio> docs, int missing) {
        Map<String, List<DocumentRatio>> byLevel = new LinkedHashMap<>();
        for (DocumentRatio r : docs) {
            byLevel.computeIfAbsent(c.levels().get(r.documentId()), l -> new ArrayList<>()).add(r);
        }
        List<String> order = new ArrayList<>(byLevel.keySet());
        // largest first (the reference), then by name: a stable order for files and figures
        order.sort(Comparator.comparing((String l) -> -byLevel.get(l).size()).thenComparing(Comparator.naturalOrder()));
        List<Group> groups = new ArrayList<>();
        for (String level : order) {
            double[] y = byLevel.get(level).stream().mapToDouble(DocumentRatio::value).toArray();
            groups.add(group(level, Double.NaN, Double.NaN, y));
        }
        int n = docs.size();
        int p = order.size();
        if (p < 2) {
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, p == 0 ? "no document" : "one level only");
        }
        if (n <= p) {
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN,
                    "as many levels as documents: nothing is left to tell the levels' spread");
        }
        double[][] design = new double[n][p];
        double[] y = new double[n];
        double[] v = new double[n];
        int d = 0;
        for (int j = 0; j < p; j++) {
            for (DocumentRatio r : byLevel.get(order.get(j))) {
                design[d][0] = 1;
                if (j > 0) {
                    design[d][j] = 1;
                }
                y[d] = r.value();
                v[d] = r.variance();
                d++;
            }
        }
        MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
        if (fit == null) {
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, "the levels cannot be told apart");
        }
        List<Level> levels = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            double[] mean = new double[p];
            mean[0] = 1;
            if (j > 0) {
                mean[j] = 1;
            }
            levels.add(new Level(order.get(j), byLevel.get(order.get(j)).size(), fit.combination(mean), j == 0 ? null : fit.coefficient(j)));
        }
        return new CovariateAnalysis(c, n, missing, groups, null, null, levels, fit.jointTest(1), fit.tau2(), null);
    }

    /**
     * Quantile bins: cut at the values of rank i n / bins (i = 1 .. bins - 1), each bin [cut, next cut); equal values
     * share a bin, so a covariate of few values gets fewer bins, never an empty one.
     */
    static List<Group> bins(double[] x, double[] y, int bins) {
        int n = x.length;
        if (n == 0) {
            return List.of();
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> x[i]));
        List<Double> cuts = new ArrayList<>();
        for (int b = 1; b < bins && n > 0; b++) {
            double cut = x[order[(int) ((long) b * n / bins)]];
            if (cut > x[order[0]] && (cuts.isEmpty() || cut > cuts.get(cuts.size() - 1))) {
                cuts.add(cut);
            }
        }
        List<Group> groups = new ArrayList<>();
        int at = 0;
        for (int b = 0; b <= cuts.size(); b++) {
            double upper = b < cuts.size() ? cuts.get(b) : Double.POSITIVE_INFINITY;
            List<Double> values = new ArrayList<>();
            double from = x[order[at]];
            double to = from;
            while (at < n && x[order[at]] < upper) {
                values.add(y[order[at]]);
                to = x[order[at]];
                at++;
            }
            groups.add(group(label(from, to), from, to, values.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return groups;
    }

    private static String label(double from, double to) {
        return from == to ? number(from) : number(from) + " to " + number(to);
    }

    private static String number(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : String.format(Locale.ROOT, "%.4g", x);
    }

    /**
     * A group's mean with Student's t interval from its documents' spread: each observed value is the document's true
     * ratio plus its Monte Carlo error, so their sample variance estimates the sum of both, and s^2 / n is the variance of
     * the mean over a draw of documents with their noise (covariates.md).
     */
    private static Group group(String label, double from, double to, double[] y) {
        int n = y.length;
        double mean = StatUtils.mean(y);
        if (n < 2) {
            return new Group(label, from, to, n, mean, Double.NaN, Double.NaN);
        }
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + MetaRegression.LEVEL / 2) * Math.sqrt(StatUtils.variance(y) / n);
        return new Group(label, from, to, n, mean, mean - half, mean + half);
    }

    /** The test's result in words, for the summary and the view. */
    public String describe() {
        String name = covariate.name();
        if (problem != null) {
            return name + ": no test (" + problem + ")";
        }
        String missingNote = missing == 0 ? "" : "; " + missing + " documents have no value";
        if (slope != null) {
            boolean decided = slope.low() > 0 || slope.high() < 0;
            return String.format(Locale.ROOT, "%s: the log ratio per token %s by %.4g per unit (95%% interval %.4g to %.4g, p = %s, %d documents%s)%s",
                    name, slope.value() >= 0 ? "rises" : "falls", Math.abs(slope.value()), slope.low(), slope.high(), p(slope.p()), documents,
                    missingNote, decided ? "" : ": no association shown");
        }
        Level reference = levels.get(0);
        return String.format(Locale.ROOT, "%s: %s (chi-square %.3g on %d df, p = %s; %d levels, reference '%s', %d documents%s)", name,
                levelsTest[1] < 1 - MetaRegression.LEVEL ? "the levels differ" : "no difference between the levels shown", levelsTest[0],
                levels.size() - 1, p(levelsTest[1]), levels.size(), reference.name(), documents, missingNote);
    }

    static String p(double p) {
        return p < 1e-4 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
