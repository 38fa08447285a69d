package tmeval.report;

import tmeval.compare.ComparisonTable;
import tmeval.io.InputException;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.CertifiedRows;
import tmeval.run.output.ComparisonAnswer;
import tmeval.run.output.ComparisonOutput;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.output.SessionFile;
import tmeval.run.certify.VerdictCounts;
import tmeval.run.covariates.ComparisonSource;
import tmeval.run.plan.ComparisonPlan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report shows, computed by the code every other summary uses: the answer line ({@link ComparisonAnswer}), the
 * summary table and its brackets ({@link ComparisonTable}), the documents certified by the rule of the {@code certified}
 * column ({@link CertifiedRows#verdicts}), the curves a session holds, and the provenance (the results' own file with its
 * SHA-256, then the inputs and every setting the results record).
 *
 * @param inputs the results file first, then the inputs the results record (a session records no digest)
 * @param curve  the corpus points of the curves (a session's), empty when there are none
 */
public record ReportContent(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, String version,
                            ComparisonTable table, List<ComparisonTable.Row> rows, VerdictCounts verdicts, String answer,
                            List<CurveRunner.Point> curve) {
    /** The roles of a session's inputs, as a {@code compare} output names them. */
    private static final Map<String, String> SESSION_ROLES = Map.of("modelA", ComparisonSource.MODEL_A, "modelB",
            ComparisonSource.MODEL_B, "corpus", ComparisonSource.CORPUS);

    /** Reads a {@code compare} output (plain, adaptive, auto or merged) or a workbench session (the run it shows). */
    public static ReportContent read(Path results) throws InputException, IOException {
        List<ProvenanceHeader.Input> inputs = new ArrayList<>();
        inputs.add(new ProvenanceHeader.Input("results", results, Provenance.digest(results)));
        if (ComparisonOutput.looksLikeOutput(results)) {
            ComparisonOutput.Content content = ComparisonOutput.read(results);
            inputs.addAll(content.inputs());
            Map<String, Integer> index = new LinkedHashMap<>();
            List<ComparisonRunner.Result> rows = new ArrayList<>();
            for (CompareRowFormat.Row row : content.rows()) {
                // documents in the order of the file, as compare wrote them
                rows.add(row.result(index.computeIfAbsent(row.documentId(), id -> index.size())));
            }
            return of(content.settings(), inputs, rows, List.of(), false);
        }
        SessionFile.Session session = SessionFile.read(results);
        session.inputs().forEach((name, path) -> inputs.add(new ProvenanceHeader.Input(SESSION_ROLES.getOrDefault(name, name), path,
                "sha256:-\tbytes:- (a session records no digest)")));
        Map<String, String> settings = new LinkedHashMap<>(session.settings());
        List<ComparisonRunner.Result> rows = session.results();
        SessionFile.RunBlock shown = session.shownRun();
        boolean partial = false;
        if (shown != null) {
            settings = new LinkedHashMap<>(shown.plan());
            rows = shown.results();
            partial = !"finished".equals(shown.status());
        }
        String points = session.settings().get("curves.points");
        settings.remove("curves.points"); // drawn as the curves, not listed as a setting
        return of(settings, inputs, rows, points == null ? List.of() : SessionFile.curvePoints(points), partial);
    }

    /**
     * The report of results already in memory (the workbench's).
     *
     * @param rows    every result, each with its document's position
     * @param partial the rows are not all their job meant to produce (a run cancelled or failed)
     */
    public static ReportContent of(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, List<ComparisonRunner.Result> rows,
                                   List<CurveRunner.Point> curve, boolean partial) {
        Map<Integer, List<ComparisonRunner.Result>> byDocument = new LinkedHashMap<>();
        int runs = 1;
        int documents = 0;
        for (ComparisonRunner.Result r : rows) {
            byDocument.computeIfAbsent(r.documentIndex(), d -> new ArrayList<>()).add(r);
            runs = Math.max(runs, r.run());
            documents = Math.max(documents, r.documentIndex() + 1);
        }
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[documents];
        for (int d = 0; d < documents; d++) {
            List<ComparisonRunner.Result> of = byDocument.get(d);
            ids.add(of == null ? "" : of.get(0).documentId());
            lengths[d] = of == null ? 0 : of.get(0).length();
        }
        ComparisonTable table = new ComparisonTable(ids, lengths, runs);
        rows.forEach(r -> ComparisonRunner.record(table, r));
        VerdictCounts verdicts = new VerdictCounts();
        byDocument.values().forEach(of -> CertifiedRows.verdicts(of).forEach(verdicts::add));
        List<ComparisonTable.Row> tableRows = table.rows();
        // auto's choice is the method of its plan: its answer is the one to give, as compare and the workbench give it
        String methods = settings.getOrDefault("methods", "");
        String preferred = "true".equals(settings.get("auto")) && !methods.isEmpty() ? methods.split(",")[0] : null;
        String answer = ComparisonAnswer.line(tableRows, verdicts, table.convergenceChecks(gapThreshold(settings)), preferred, partial);
        return new ReportContent(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings)), List.copyOf(inputs),
                Provenance.version(), table, tableRows, verdicts, answer, List.copyOf(curve));
    }

    /** The forward/reverse gap above which the scatter rings a document: the results' own threshold. */
    public double gapThreshold() {
        return gapThreshold(settings);
    }

    private static double gapThreshold(Map<String, String> settings) {
        String recorded = settings.get("gap-threshold");
        return recorded == null ? ComparisonPlan.DEFAULT_GAP_THRESHOLD : Double.parseDouble(recorded);
    }

    /** "A a.tsv against B b.tsv on heldout.tokens": the inputs' file names, or "(not recorded)". */
    public String compared() {
        return "A " + name(ComparisonSource.MODEL_A) + " against B " + name(ComparisonSource.MODEL_B) + " on " + name(ComparisonSource.CORPUS);
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
