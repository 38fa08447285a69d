package tmeval.cli;

import tmeval.io.InputException;
import tmeval.progress.CancelToken;
import tmeval.report.HtmlReport;
import tmeval.report.LatexTable;
import tmeval.report.ReportContent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code report}: a comparison's results as one self-contained HTML page, and its variance table in LaTeX. */
final class ReportCommand implements Command {
    private final CancelToken cancel;

    ReportCommand(CancelToken cancel) {
        this.cancel = cancel;
    }

    @Override
    public String name() {
        return "report";
    }

    @Override
    public String summary() {
        return "a compare output, a merged one or a session as one self-contained HTML page to share (and its table in LaTeX)";
    }

    @Override
    public List<OptionSpec> options() {
        return List.of(
                OptionSpec.input("results", "FILE", "a compare output (plain, adaptive, auto or merged shards) or a workbench session"),
                OptionSpec.output("out", "FILE", "the report: one HTML file that fetches nothing (figures inline as SVG)"),
                OptionSpec.output("latex", "FILE", "also the variance table as a LaTeX booktabs table (\\usepackage{booktabs})"));
    }

    @Override
    public int run(Options o, PrintStream out, PrintStream err) throws UsageException, InputException, IOException {
        Path results = o.requiredPath("results");
        Path html = o.requiredPath("out");
        ReportContent content = ReportContent.read(results, cancel);
        if (content.rows().isEmpty()) {
            throw InputException.ofFile(results, "no rows: nothing to report");
        }
        content.warnings().forEach(w -> err.println("tmeval report: " + results + ": " + w));
        HtmlReport.write(content, HtmlReport.libraryNumbers(content, cancel), html, o.standardOutput());
        out.println(content.answer());
        out.println("wrote " + html);
        if (o.has("latex")) {
            Path latex = o.path("latex");
            LatexTable.write(latex, o.standardOutput(), content.rows(), content.verdicts(), "Variance table: " + content.compared() + ".");
            out.println("wrote " + latex);
        }
        return 0;
    }
}
