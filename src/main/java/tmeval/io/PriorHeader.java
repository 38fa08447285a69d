package tmeval.io;

import tmeval.model.LogisticNormalPrior;

/**
 * The header lines of a native model file that say its family (formats.md): LDA's {@code #alpha}, or {@code #prior
 * logistic-normal} with {@code #mu} and D {@code #cov} lines or one {@code #var} line; and {@code #decoder product}
 * or {@code mixture}. Collected line by line, each problem an input error at its line; the header is complete with
 * the prior's last line, after which every line is a word line.
 */
final class PriorHeader {
    static final String PRIOR = "#prior";
    static final String DECODER = "#decoder";
    static final String ALPHA = "#alpha";
    static final String MU = "#mu";
    static final String COV = "#cov";
    static final String VAR = "#var";
    static final String LOGISTIC_NORMAL = "logistic-normal";
    static final String DIRICHLET = "dirichlet";
    static final String PRODUCT = "product";
    static final String MIXTURE = "mixture";

    /** The keywords of a logistic-normal model's header: before its first word line, a line starting with one is a header line. */
    static final java.util.Set<String> KEYWORDS = java.util.Set.of(PRIOR, DECODER, ALPHA, MU, COV, VAR, "#name");

    double[] alpha;
    boolean logisticNormal;
    boolean dirichletNamed;
    boolean product;
    boolean decoderNamed;
    double[] mean;
    /** Sigma's rows as read, D x D row-major (a diagonal from #var) */
    double[] covariance;
    int covarianceRows;
    boolean diagonal;

    /** Whether the prior is complete: #alpha read, or #mu and the whole covariance. */
    boolean complete() {
        return alpha != null || logisticNormal && mean != null && (diagonal || covarianceRows == mean.length);
    }

    /** What is still missing before a word line (or at the end of the file), as an error's reason. */
    String missing() {
        if (!logisticNormal) {
            return "the '#alpha' line is missing (it is required, unless the model has '#prior logistic-normal' with #mu and #cov or #var)";
        }
        if (mean == null) {
            return "the '#mu' line of the logistic-normal prior is missing";
        }
        return "the covariance of the logistic-normal prior is incomplete: " + covarianceRows + " of D = " + mean.length
                + " '#cov' lines (or one '#var' line) before the word lines";
    }

    /** The values of a header line split at tabs or spaces, the keyword first. */
    static String[] fields(String line) {
        return line.strip().split("[\t ]+");
    }

    /** The first field of a line, at a tab or a space. */
    static String keyword(String line) {
        int end = 0;
        while (end < line.length() && line.charAt(end) != '\t' && line.charAt(end) != ' ') {
            end++;
        }
        return line.substring(0, end);
    }

    /** Reads one of this header's lines (its keyword is one of {@link #KEYWORDS} but #name). */
    void read(LineReader in, String line) throws InputException {
        String[] f = fields(line);
        switch (f[0]) {
            case PRIOR -> prior(in, f);
            case DECODER -> decoder(in, f);
            case ALPHA -> alpha(in, line);
            case MU -> mean(in, f);
            case COV -> covarianceRow(in, f);
            case VAR -> variances(in, f);
            default -> throw in.error("unknown header line '" + Numbers.abbreviate(f[0]) + "'");
        }
    }

    private void prior(LineReader in, String[] f) throws InputException {
        if (logisticNormal || dirichletNamed) {
            throw in.error("a second #prior line");
        }
        if (f.length != 2 || !(f[1].equals(LOGISTIC_NORMAL) || f[1].equals(DIRICHLET))) {
            throw in.error("#prior names one prior, '" + LOGISTIC_NORMAL + "' or '" + DIRICHLET + "' (with #alpha), not '"
                    + Numbers.abbreviate(String.join(" ", java.util.Arrays.copyOfRange(f, 1, f.length))) + "'");
        }
        if (alpha != null && f[1].equals(LOGISTIC_NORMAL)) {
            throw in.error("'#prior logistic-normal' after a #alpha line: a model has LDA's #alpha or a logistic-normal prior's #mu and"
                    + " #cov or #var, not both");
        }
        logisticNormal = f[1].equals(LOGISTIC_NORMAL);
        dirichletNamed = !logisticNormal;
    }

    private void decoder(LineReader in, String[] f) throws InputException {
        if (decoderNamed) {
            throw in.error("a second #decoder line");
        }
        if (f.length != 2 || !(f[1].equals(PRODUCT) || f[1].equals(MIXTURE))) {
            throw in.error("#decoder names one decoder, '" + PRODUCT + "' or '" + MIXTURE + "', not '"
                    + Numbers.abbreviate(String.join(" ", java.util.Arrays.copyOfRange(f, 1, f.length))) + "'");
        }
        decoderNamed = true;
        product = f[1].equals(PRODUCT);
    }

    private void alpha(LineReader in, String line) throws InputException {
        if (logisticNormal) {
            throw in.error("a #alpha line with '#prior logistic-normal': a logistic-normal model has #mu and #cov or #var instead");
        }
        if (alpha != null) {
            throw in.error("a second #alpha line");
        }
        // counted before splitting: a long line would split into millions of strings at once
        in.limits().checkTopics(in, Numbers.count(line, '\t'));
        String[] f = line.split("\t", -1);
        if (f.length < 2) {
            throw in.error("#alpha line has no values");
        }
        double[] a = new double[f.length - 1];
        for (int k = 0; k < a.length; k++) {
            a[k] = Numbers.parsePositive(in, f[k + 1], "alpha for topic " + (k + 1));
        }
        alpha = a;
    }

    private void requireLogisticNormal(LineReader in, String what) throws InputException {
        if (!logisticNormal) {
            throw in.error("a " + what + " line without a '#prior logistic-normal' line before it");
        }
    }

    private void mean(LineReader in, String[] f) throws InputException {
        requireLogisticNormal(in, MU);
        if (mean != null) {
            throw in.error("a second #mu line");
        }
        if (f.length < 2) {
            throw in.error("#mu line has no values");
        }
        in.limits().checkTopics(in, f.length - 1L);
        mean = values(in, f, i -> "mu_" + i);
        covariance = new double[mean.length * mean.length];
    }

    private void covarianceRow(LineReader in, String[] f) throws InputException {
        requireLogisticNormal(in, COV);
        if (mean == null) {
            throw in.error("a #cov line before the #mu line (D, the size of eta, comes from #mu)");
        }
        if (diagonal) {
            throw in.error("a #cov line after the #var line: the covariance is given either way, not both");
        }
        int d = mean.length;
        if (covarianceRows == d) {
            throw in.error("more than D = " + d + " #cov lines (D from #mu)");
        }
        int row = covarianceRows;
        double[] values = valuesOfLength(in, f, d, "#cov line " + (row + 1), j -> "covariance entry (" + (row + 1) + ", " + j + ")");
        System.arraycopy(values, 0, covariance, row * d, d);
        covarianceRows++;
        if (covarianceRows == d) {
            check(in);
        }
    }

    private void variances(LineReader in, String[] f) throws InputException {
        requireLogisticNormal(in, VAR);
        if (mean == null) {
            throw in.error("a #var line before the #mu line (D, the size of eta, comes from #mu)");
        }
        if (covarianceRows > 0) {
            throw in.error("a #var line after #cov lines: the covariance is given either way, not both");
        }
        if (diagonal) {
            throw in.error("a second #var line");
        }
        int d = mean.length;
        double[] v = valuesOfLength(in, f, d, "#var line", j -> "variance " + j);
        for (int i = 0; i < d; i++) {
            if (!(v[i] > 0)) {
                throw in.error("variance " + (i + 1) + " is " + v[i] + ", it must be positive (the covariance is not positive definite)");
            }
            covariance[i * d + i] = v[i];
        }
        diagonal = true;
        check(in);
    }

    /** The covariance as soon as it is complete: symmetric and positive definite, or an error at its last line. */
    private void check(LineReader in) throws InputException {
        try {
            new LogisticNormalPrior(mean.length, mean, covariance, diagonal);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    /** The prior for K topics: D must be K or K - 1 (the caller has checked). */
    LogisticNormalPrior logisticNormal(int numTopics) {
        return new LogisticNormalPrior(numTopics, mean, covariance, diagonal);
    }

    private static double[] valuesOfLength(LineReader in, String[] f, int d, String what, java.util.function.IntFunction<String> name)
            throws InputException {
        if (f.length - 1 != d) {
            throw in.error(what + " has " + (f.length - 1) + " values, expected D = " + d + " (D from #mu)");
        }
        return values(in, f, name);
    }

    private static double[] values(LineReader in, String[] f, java.util.function.IntFunction<String> name) throws InputException {
        double[] v = new double[f.length - 1];
        for (int i = 0; i < v.length; i++) {
            v[i] = Numbers.parseDouble(in, f[i + 1], name.apply(i + 1));
        }
        return v;
    }
}
