package tmeval.app.shell;

import tmeval.app.common.BackgroundJob;
import tmeval.app.common.Results;
import tmeval.run.plan.ComparisonJob;
import tmeval.app.common.TaskExecutor;
import tmeval.app.common.UserMessages;
import tmeval.app.common.Workspace;
import tmeval.app.curves.CurvesViewModel;
import tmeval.report.HtmlReport;
import tmeval.report.ReportContent;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * File > Export report: the results on screen, their plan, the loaded inputs (each with its SHA-256) and the curves, as
 * the one self-contained HTML page that {@code tmeval report} writes ({@link HtmlReport}), drawn and written off the FX
 * thread through a {@link BackgroundJob}; a problem goes to the {@link UserMessages}.
 */
final class ReportExport {
    private final Workspace workspace;
    private final Results results;
    private final CurvesViewModel curves;
    private final UserMessages messages;
    private final BackgroundJob<Path> job;

    ReportExport(Workspace workspace, Results results, CurvesViewModel curves, TaskExecutor executor, UserMessages messages) {
        this.workspace = workspace;
        this.results = results;
        this.curves = curves;
        this.messages = messages;
        this.job = new BackgroundJob<>(executor);
    }

    /** Starts writing the report to {@code path}; the results are copied first, so that a run going on does not change it. */
    void export(Path path) {
        ComparisonJob made = results.planProperty().get();
        if (made == null || results.all().isEmpty()) {
            messages.error("Cannot export the report", made == null && !results.all().isEmpty()
                    ? "the plan that made these results is not known (a session saved by an earlier version keeps none): run them again"
                    : "there are no results to report: run a comparison or open results first");
            return;
        }
        Map<String, String> settings = made.toSettings();
        List<Provenance.Input> inputs = workspace.comparisonInputs();
        List<ComparisonRunner.Result> rows = List.copyOf(results.all());
        List<CurveRunner.Point> points = List.copyOf(curves.points());
        boolean partial = !results.partialProperty().get().isEmpty();
        job.of((sink, cancel) -> {
            List<ProvenanceHeader.Input> recorded = new ArrayList<>();
            for (Provenance.Input in : inputs) {
                recorded.add(new ProvenanceHeader.Input(in.role(), in.path(), Provenance.digest(in.path())));
            }
            HtmlReport.write(ReportContent.of(settings, recorded, rows, points, partial), path, null);
            return path;
        }).onFailure(f -> messages.error("Cannot export the report", path + ": " + f.message())).start();
    }
}
