package tmeval.report;

import tmeval.run.certify.ComparisonVerdicts;
import tmeval.compare.ComparisonTable;
import tmeval.io.InputException;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.output.ComparisonResults;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.progress.CancelToken;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.certify.VerdictCounts;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.SettingName;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report shows, computed by the code every other summary uses: the answer line ({@link ComparisonAnswer}), the
 * summary table and its brackets ({@link ComparisonTable}), the documents certified by the rule of the {@code certified}
 * column ({@link ComparisonVerdicts#byMethod}), the curves a session holds, and the provenance (the results' own file with its
 * SHA-256, then the inputs and every setting the results record).
 *
 * @param inputs   the results file first, then the inputs the results record, each with its SHA-256
 * @param curve    the corpus points of the curves (a session's), empty when there are none
 * @param warnings what the reader could not check, in words
 */
public record ReportContent(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, String version,
                            ComparisonTable table, List<ComparisonTable.Row> rows, VerdictCounts verdicts, String answer,
                            List<CurveRunner.Point> curve, List<String> warnings) {
    /**
     * Reads a {@code compare} output (plain, adaptive, auto or merged) or a workbench session (the run it shows) through
     * the one reader of results ({@link ComparisonResults}, which checks every row), its rows straight into the table: an
     * output of any length is read in the memory of its documents.
     */
    public static ReportContent read(Path results, CancelToken cancel) throws InputException, IOException {
        List<ProvenanceHeader.Input> inputs = new ArrayList<>();
        inputs.add(new ProvenanceHeader.Input("results", results, Provenance.digest(results)));
        Summary summary = new Summary();
        ComparisonResults.Source source = ComparisonResults.read(results, new ComparisonResults.Rows() {
            @Override
            public void start(int runs) {
                summary.start(runs);
            }

            @Override
            public void accept(AdaptiveComparison.Row row) {
                summary.add(row.result());
            }
        }, cancel);
        inputs.addAll(source.inputs());
        return summary.content(source.settings(), inputs, source.curve(), !source.partial().isEmpty(), source.warnings());
    }

    /**
     * The report of results already in memory (the workbench's).
     *
     * @param rows    every result, each with its document's position
     * @param partial the rows are not all their job meant to produce (a run cancelled or failed)
     */
    public static ReportContent of(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, List<ComparisonRunner.Result> rows,
                                   List<CurveRunner.Point> curve, boolean partial) {
        Summary summary = new Summary();
        summary.start(rows.stream().mapToInt(ComparisonRunner.Result::run).max().orElse(1));
        rows.stream().sorted(Comparator.comparingInt(ComparisonRunner.Result::documentIndex)).forEach(summary::add);
        return summary.content(settings, inputs, curve, partial, List.of());
    }

    /**
     * The table and the verdicts, taken row by row with each document's rows together and documents in the order of their
     * positions: the memory of the table, whatever the number of rows. The table numbers the documents as they come (a
     * session's positions may have gaps, up to 2^31: never a table row for each).
     */
    private static final class Summary {
        private ComparisonTable table;
        private final VerdictCounts verdicts = new VerdictCounts();
        private final List<ComparisonRunner.Result> document = new ArrayList<>();
        /** The table's row of the current document. */
        private int row;

        void start(int runs) {
            table = new ComparisonTable(runs);
        }

        void add(ComparisonRunner.Result r) {
            if (!document.isEmpty() && document.get(0).documentIndex() != r.documentIndex()) {
                endDocument();
            }
            if (document.isEmpty()) {
                row = table.addDocument(r.documentId(), r.length());
            }
            document.add(r);
            ComparisonRunner.record(table, new ComparisonRunner.Result(row, r.documentId(), r.length(), r.method(), r.direction(), r.run(),
                    r.reference(), r.result(), r.refusal(), r.status()));
        }

        private void endDocument() {
            ComparisonVerdicts.byMethod(document).forEach(verdicts::add);
            document.clear();
        }

        ReportContent content(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, List<CurveRunner.Point> curve, boolean partial,
                              List<String> warnings) {
            if (table == null) {
                start(1);
            }
            if (!document.isEmpty()) {
                endDocument();
            }
            List<ComparisonTable.Row> tableRows = table.rows();
            // auto's choice is the method of its plan: its answer is the one to give, as compare and the workbench give it
            String methods = settings.getOrDefault(SettingName.METHODS.key(), "");
            String preferred = "true".equals(settings.get(SettingName.AUTO.key())) && !methods.isEmpty() ? methods.split(",")[0] : null;
            String answer = ComparisonAnswer.line(tableRows, verdicts, table.convergenceChecks(gapThreshold(settings)), preferred, partial);
            return new ReportContent(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings)), List.copyOf(inputs),
                    Provenance.version(), table, tableRows, verdicts, answer, List.copyOf(curve), List.copyOf(warnings));
        }
    }

    /** The forward/reverse gap above which the scatter rings a document: the results' own threshold. */
    public double gapThreshold() {
        return gapThreshold(settings);
    }

    private static double gapThreshold(Map<String, String> settings) {
        String recorded = settings.get(SettingName.GAP_THRESHOLD.key());
        return recorded == null ? ComparisonPlan.DEFAULT_GAP_THRESHOLD : Double.parseDouble(recorded);
    }

    /** "A a.tsv against B b.tsv on heldout.tokens": the inputs' file names, or "(not recorded)". */
    public String compared() {
        return "A " + name(ComparisonResults.MODEL_A) + " against B " + name(ComparisonResults.MODEL_B) + " on " + name(ComparisonResults.CORPUS);
    }

    private String name(String role) {
        for (ProvenanceHeader.Input in : inputs) {
            if (in.role().equals(role)) {
                Path file = in.path().getFileName();
                return file == null ? in.path().toString() : file.toString();
            }
        }
        return "(not recorded)";
    }
}
