package tmeval.run.covariates;

import tmeval.run.exec.ComparisonRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The documents of one method against every covariate: which documents enter (certified ones, or with {@code all} every
 * one with a value and a variance), how many were left out and why, and one {@link CovariateAnalysis} per covariate.
 *
 * @param method the method analysed
 * @param ratios every document of the method (the analysed ones and the rest)
 * @param included the documents analysed
 * @param all whether documents not certified were included
 * @param certified how many documents are certified
 * @param withoutVariance documents with no value (a run refused or at weight zero) or no variance (one run, one
 *                        direction): never analysed
 * @param analyses one per covariate, in order
 */
public record CovariateStudy(String method, List<DocumentRatio> ratios, List<DocumentRatio> included, boolean all, int certified,
                             int withoutVariance, List<CovariateAnalysis> analyses) {
    public static CovariateStudy of(List<ComparisonRunner.Result> results, String method, boolean all, List<Covariate> covariates, int bins) {
        List<DocumentRatio> ratios = DocumentRatios.of(results, method);
        List<DocumentRatio> included = ratios.stream().filter(r -> r.usable() && (all || r.certified())).toList();
        int certified = (int) ratios.stream().filter(DocumentRatio::certified).count();
        int withoutVariance = (int) ratios.stream().filter(r -> !r.usable()).count();
        List<CovariateAnalysis> analyses = new ArrayList<>();
        for (Covariate c : covariates) {
            analyses.add(CovariateAnalysis.of(c, included, bins));
        }
        return new CovariateStudy(method, ratios, included, all, certified, withoutVariance, List.copyOf(analyses));
    }

    /** Documents not certified (left out unless {@code all}). */
    public int notCertified() {
        return ratios.size() - certified;
    }

    /**
     * What entered and what did not, in one line.
     *
     * @param include how to include the documents not certified ({@code --all}, or the view's check box)
     */
    public String describeDocuments(String include) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s: %d documents, %d certified; %d analysed", method, ratios.size(),
                certified, included.size()));
        long uncertifiedIn = included.stream().filter(r -> !r.certified()).count();
        if (all) {
            sb.append(" (").append(uncertifiedIn).append(" of them not certified, included by ").append(include).append(")");
        } else if (notCertified() > 0) {
            sb.append(" (").append(notCertified()).append(" not certified left out; ").append(include).append(" includes those with a variance)");
        }
        if (withoutVariance > 0) {
            sb.append("; ").append(withoutVariance).append(" without a value or a Monte Carlo variance (a run refused, one run, or one direction)"
                    + " never analysed");
        }
        return sb.toString();
    }
}
