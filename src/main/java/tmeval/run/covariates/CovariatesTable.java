package tmeval.run.covariates;

import tmeval.run.output.Provenance;

import java.io.IOException;
import java.io.Writer;

/**
 * The {@code covariates} output (formats.md, "Covariates"): after the provenance lines, one table
 * {@code covariate source kind row label n estimate low high p}, a block of rows per covariate. Numbers at full
 * precision; a value that does not exist (the interval of a group of one document) is an empty field, never NaN.
 */
public final class CovariatesTable {
    public static final String HEADER = "covariate\tsource\tkind\trow\tlabel\tn\testimate\tlow\thigh\tp\n";

    private CovariatesTable() {
    }

    public static void write(CovariateStudy study, Writer w) throws IOException {
        w.write(HEADER);
        String docs = "(documents)\t-\t-\t";
        w.write(docs + "documents\t" + study.method() + "\t" + study.ratios().size() + "\t\t\t\t\n");
        w.write(docs + "certified\t\t" + study.certified() + "\t\t\t\t\n");
        w.write(docs + "analysed\t" + (study.all() ? "certified or not (--all)" : "certified") + "\t" + study.included().size() + "\t\t\t\t\n");
        w.write(docs + "without-variance\t\t" + study.withoutVariance() + "\t\t\t\t\n");
        for (CovariateAnalysis a : study.analyses()) {
            String head = Provenance.escape(a.covariate().name()) + "\t" + Provenance.escape(a.covariate().source()) + "\t"
                    + (a.covariate().numeric() ? "numeric" : "categorical") + "\t";
            w.write(head + "missing\t\t" + a.missing() + "\t\t\t\t\n");
            for (CovariateAnalysis.Group g : a.groups()) {
                w.write(head + (a.covariate().numeric() ? "bin" : "level") + "\t" + Provenance.escape(g.label()) + "\t" + g.n() + "\t"
                        + number(g.mean()) + "\t" + number(g.low()) + "\t" + number(g.high()) + "\t\n");
            }
            if (a.small().levels() > 0) {
                w.write(head + "small-levels\t" + Provenance.escape(a.small().describe()) + "\t" + a.small().documents() + "\t\t\t\t\n");
            }
            if (a.problem() != null) {
                w.write(head + "no-test\t" + Provenance.escape(a.problem()) + "\t" + a.documents() + "\t\t\t\t\n");
                continue;
            }
            if (a.slope() != null) {
                w.write(head + "slope\tper unit\t" + a.documents() + "\t" + estimate(a.slope()) + "\n");
            } else {
                String reference = a.levels().get(0).name();
                for (CovariateAnalysis.Level l : a.levels()) {
                    MetaRegression.Estimate m = l.mean();
                    w.write(head + "weighted-mean\t" + Provenance.escape(l.name()) + "\t" + l.n() + "\t" + number(m.value()) + "\t"
                            + number(m.low()) + "\t" + number(m.high()) + "\t\n");
                }
                for (CovariateAnalysis.Level l : a.levels().subList(1, a.levels().size())) {
                    w.write(head + "difference\t" + Provenance.escape(l.name() + " - " + reference) + "\t" + l.n() + "\t" + estimate(l.difference()) + "\n");
                }
                LevelsTest.Result test = a.levelsTest();
                w.write(head + "levels-test\tchi-square, " + test.degreesOfFreedom() + " df, p by " + test.permutations() + " permutations\t"
                        + (a.documents() - a.small().leftOut()) + "\t" + number(test.chiSquare()) + "\t\t\t" + number(test.p()) + "\n");
            }
            w.write(head + "tau2\tdocuments' own variance\t" + a.documents() + "\t" + number(a.tau2()) + "\t\t\t\n");
        }
    }

    private static String estimate(MetaRegression.Estimate e) {
        return number(e.value()) + "\t" + number(e.low()) + "\t" + number(e.high()) + "\t" + number(e.p());
    }

    /** Full precision; empty where there is no number. */
    static String number(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }
}
