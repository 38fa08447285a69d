package tmeval.report;

import tmeval.compare.ComparisonTable;
import tmeval.estimate.LibraryBound;
import tmeval.io.CorpusLoader;
import tmeval.io.InputException;
import tmeval.io.LibraryLines;
import tmeval.io.ModelLoader;
import tmeval.model.Corpus;
import tmeval.model.LibraryNumbers;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.output.ComparisonResults;
import tmeval.run.output.CorpusSummary;
import tmeval.run.output.LibraryGap;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.plan.Setting;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's section on the numbers the compared models' libraries print (formats.md, "The libraries' own numbers"):
 * each model's number recomputed on the results' corpus, as the files recorded in the results hold them, and where
 * both models carry a library's bound over the same tokens, the libraries' difference A - B per token against each
 * method's corpus log ratio, the difference of their gaps in the four named terms. Empty when no model records one.
 */
final class LibraryNumbersSection {
    private LibraryNumbersSection() {
    }

    static List<String> lines(ReportContent content, CancelToken cancel) {
        List<String> lines = new ArrayList<>();
        ProvenanceHeader.Input corpusInput = input(content, ComparisonResults.CORPUS);
        List<LibraryBound.Result> bounds = new ArrayList<>();
        boolean any = false;
        for (String role : List.of(ComparisonResults.MODEL_A, ComparisonResults.MODEL_B)) {
            ProvenanceHeader.Input model = input(content, role);
            String label = role.equals(ComparisonResults.MODEL_A) ? "A" : "B";
            bounds.add(null);
            if (model == null || model.problem() != null) {
                continue;
            }
            try {
                LibraryNumbers numbers = LibraryLines.read(model.path());
                if (numbers.isEmpty()) {
                    continue;
                }
                any = true;
                String problem = corpusInput == null ? "the results record no corpus" : corpusInput.problem();
                if (problem == null && Setting.TOKENIZING.stream().anyMatch(content.settings()::containsKey)) {
                    problem = "the corpus was read with tokenizing options, which the report does not repeat";
                }
                if (problem != null) {
                    lines.add(label + " " + model.path().getFileName() + ": not recomputed: " + problem);
                    continue;
                }
                TopicModel m = ModelLoader.read(ModelLoader.Spec.of(model.path()));
                Corpus corpus = CorpusLoader.mapOnto(CorpusLoader.read(CorpusLoader.Spec.of(corpusInput.path())), m.vocabulary(), corpusInput.path());
                CorpusSummary.Totals none = new CorpusSummary(1).totals();
                LibraryGap gap = LibraryGap.of(numbers, corpus, m, none, cancel);
                gap.lines().forEach(l -> lines.add(label + " " + model.path().getFileName() + ": " + l));
                bounds.set(bounds.size() - 1, gap.bound());
            } catch (InputException e) {
                lines.add(label + " " + model.path().getFileName() + ": not recomputed: " + e.getMessage());
            }
        }
        if (!any) {
            return List.of();
        }
        LibraryBound.Result a = bounds.get(0);
        LibraryBound.Result b = bounds.get(1);
        if (a != null && b != null && a.tokens() == b.tokens()) {
            differences(content, a, b, lines);
        }
        return lines;
    }

    /** The libraries' A - B per token, and against each method's corpus log ratio per token the four terms of the difference. */
    private static void differences(ReportContent content, LibraryBound.Result a, LibraryBound.Result b, List<String> lines) {
        double n = a.tokens();
        double library = (a.bound() - b.bound()) / n;
        lines.add(String.format(Locale.ROOT, "the libraries' bounds put A %s B by %.6f nats per token (%d tokens)", library >= 0 ? "above" : "below",
                Math.abs(library), a.tokens()));
        for (ComparisonTable.Row row : content.rows()) {
            double ratio = -Math.log(row.corpusPerplexityRatio());
            if (!Double.isFinite(ratio)) {
                continue;
            }
            LibraryBound.Decomposition da = a.decompose(0);
            LibraryBound.Decomposition db = b.decompose(0);
            double slack = (a.best() - b.best()) / n - ratio;
            lines.add(String.format(Locale.ROOT, "against %s's corpus log ratio %.6f nats per token: the libraries' difference is off by %.6f ="
                            + " topic-word prior term %.6f + E_q[log beta] against log phi %.6f + held-out inference %.6f + per-document bound's slack"
                            + " %.6f (per token, A's less B's)", row.label(), ratio, library - ratio, (da.topicPrior() - db.topicPrior()) / n,
                    (da.expectedLogBeta() - db.expectedLogBeta()) / n, (da.inference() - db.inference()) / n, slack));
        }
    }

    private static ProvenanceHeader.Input input(ReportContent content, String role) {
        return content.inputs().stream().filter(i -> i.role().equals(role)).findFirst().orElse(null);
    }
}
