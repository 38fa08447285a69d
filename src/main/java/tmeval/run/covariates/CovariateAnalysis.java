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
 * @param levelsTest a categorical covariate's joint test that every level's mean is the reference's, or null
 * @param tau2 the documents' own variance beyond their noise (per token squared), NaN when there is no test
 * @param small a categorical covariate's levels too small to be tested alone ({@link Small#NONE} for none)
 * @param problem why there is no test, or null
 */
public record CovariateAnalysis(Covariate covariate, int documents, int missing, List<Group> groups, MetaRegression.Estimate slope,
                                double[] centre, List<Level> levels, LevelsTest.Result levelsTest, double tau2, Small small, String problem) {
    /** Quantile bins of a numeric covariate, unless asked otherwise. */
    public static final int DEFAULT_BINS = 5;

    /**
     * The fewest documents a level is tested alone with (covariates.md): a level's variance comes from its own
     * documents' residuals, and with one document there is none (the fit passes through it; the joint test printed
     * chi-square 0.00 beside level differences of p = 1e-13), with two it is too unsure for the chi-square's reference.
     */
    static final int MIN_LEVEL_DOCUMENTS = 3;

    /**
     * The levels of fewer than {@link #MIN_LEVEL_DOCUMENTS} documents: how many, their documents, and whether they are
     * tested together as one level (pooled: under the hypothesis that all levels share one mean, so do they) or, too few
     * even together, left out of the test. Their own rows (the plain means) are shown as for any level.
     */
    public record Small(int levels, int documents, boolean pooled) {
        public static final Small NONE = new Small(0, 0, false);

        /** The pooled level's name; in parentheses, as no metadata value is written. */
        public String name() {
            return "(" + levels + " levels of fewer than " + MIN_LEVEL_DOCUMENTS + " documents)";
        }

        /** The documents the test leaves out. */
        public int leftOut() {
            return pooled ? 0 : documents;
        }

        /** What was done with them, in words; empty when there were none. */
        public String describe() {
            if (levels == 0) {
                return "";
            }
            String what = levels + (levels == 1 ? " level" : " levels") + " of fewer than " + MIN_LEVEL_DOCUMENTS + " documents ("
                    + documents + (documents == 1 ? " document)" : " documents)");
            return pooled ? what + " tested as one level" : what + " left out of the test";
        }
    }

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
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, Small.NONE, why);
        }
        // centred: the same slope, and a better-conditioned system
        double[][] design = new double[n][];
        for (int d = 0; d < n; d++) {
            design[d] = new double[] {1, x[d] - mean};
        }
        MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
        if (fit == null) {
            return new CovariateAnalysis(c, n, missing, groups, null, null, List.of(), null, Double.NaN, Small.NONE,
                    "the values do not vary enough to fit a slope");
        }
        return new CovariateAnalysis(c, n, missing, groups, fit.coefficient(1), new double[] {mean, fit.coefficients()[0]}, List.of(), null,
                fit.tau2(), Small.NONE, null);
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
        // the test's levels: the small ones pooled (or, too few even together, left out)
        List<String> tested = new ArrayList<>();
        List<DocumentRatio> small = new ArrayList<>();
        int smallLevels = 0;
        for (String level : order) {
            if (byLevel.get(level).size() >= MIN_LEVEL_DOCUMENTS) {
                tested.add(level);
            } else {
                small.addAll(byLevel.get(level));
                smallLevels++;
            }
        }
        Small pooled = new Small(smallLevels, small.size(), small.size() >= MIN_LEVEL_DOCUMENTS);
        Map<String, List<DocumentRatio>> members = new LinkedHashMap<>();
        tested.forEach(l -> members.put(l, byLevel.get(l)));
        if (pooled.pooled()) {
            members.put(pooled.name(), small);
        }
        List<String> names = new ArrayList<>(members.keySet());
        int n = members.values().stream().mapToInt(List::size).sum();
        int p = names.size();
        if (p < 2) {
            String why = docs.isEmpty() ? "no document" : order.size() < 2 ? "one level only"
                    : "fewer than two levels to compare once levels of fewer than " + MIN_LEVEL_DOCUMENTS + " documents are pooled";
            return new CovariateAnalysis(c, docs.size(), missing, groups, null, null, List.of(), null, Double.NaN, pooled, why);
        }
        if (n <= p) {
            return new CovariateAnalysis(c, docs.size(), missing, groups, null, null, List.of(), null, Double.NaN, pooled,
                    "as many levels as documents: nothing is left to tell the levels' spread");
        }
        double[][] design = new double[n][p];
        int[] index = new int[n];
        double[] y = new double[n];
        double[] v = new double[n];
        int d = 0;
        for (int j = 0; j < p; j++) {
            for (DocumentRatio r : members.get(names.get(j))) {
                design[d][0] = 1;
                if (j > 0) {
                    design[d][j] = 1;
                }
                index[d] = j;
                y[d] = r.value();
                v[d] = r.variance();
                d++;
            }
        }
        MetaRegression.Fit fit = MetaRegression.fit(design, y, v);
        if (fit == null) {
            return new CovariateAnalysis(c, docs.size(), missing, groups, null, null, List.of(), null, Double.NaN, pooled,
                    "the levels cannot be told apart");
        }
        List<Level> levels = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            double[] mean = new double[p];
            mean[0] = 1;
            if (j > 0) {
                mean[j] = 1;
            }
            levels.add(new Level(names.get(j), members.get(names.get(j)).size(), fit.combination(mean), j == 0 ? null : fit.coefficient(j)));
        }
        return new CovariateAnalysis(c, docs.size(), missing, groups, null, null, levels, LevelsTest.of(index, p, y, v), fit.tau2(), pooled, null);
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
        String smallNote = small.levels() == 0 ? "" : "; " + small.describe();
        if (problem != null) {
            return name + ": no test (" + problem + smallNote + ")";
        }
        String missingNote = (missing == 0 ? "" : "; " + missing + " documents have no value") + smallNote;
        if (slope != null) {
            boolean decided = slope.low() > 0 || slope.high() < 0;
            return String.format(Locale.ROOT, "%s: the log ratio per token %s by %.4g per unit (95%% interval %.4g to %.4g, p = %s, %d documents%s)%s",
                    name, slope.value() >= 0 ? "rises" : "falls", Math.abs(slope.value()), slope.low(), slope.high(), p(slope.p()), documents,
                    missingNote, decided ? "" : ": no association shown");
        }
        Level reference = levels.get(0);
        return String.format(Locale.ROOT, "%s: %s (chi-square %.3g on %d df, p = %s by %d permutations; %d levels, reference '%s', %d documents%s)",
                name, levelsTest.p() < 1 - MetaRegression.LEVEL ? "the levels differ" : "no difference between the levels shown",
                levelsTest.chiSquare(), levelsTest.degreesOfFreedom(), p(levelsTest.p()), levelsTest.permutations(), levels.size(),
                reference.name(), documents - small.leftOut(), missingNote);
    }

    static String p(double p) {
        return p < 1e-4 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
