package tmeval.report;

import tmeval.io.OutputFile;
import tmeval.run.certify.Reason;
import tmeval.run.output.ProvenanceHeader;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A comparison's results as one self-contained HTML page to share: the answer line, the scatter and the brackets, the
 * variance table with its intervals and verdicts, the certification counts, the curves when the results hold any, and the
 * provenance (the results file and the inputs with their SHA-256, every setting, the version). Everything is inside the
 * file (the figures are inline SVG, the style is inline): the page fetches nothing. The markup is XHTML-compatible, so an
 * XML parser reads it, and every string from a file is escaped ({@link #escape}). Each section has an id
 * ({@link #SECTIONS}).
 */
public final class HtmlReport {
    /** The id of each section, in page order. */
    public static final List<String> SECTIONS = List.of("answer", "scatter", "brackets", "variance-table", "certification", "curves",
            "provenance");

    private static final String STYLE = """
            body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}
            h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
            .answer{font-size:1.1em;font-weight:bold;background:#f4f7fb;padding:.6em;border-left:4px solid #1f77b4}
            table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
            th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
            td.n{text-align:right}figure{margin:0}svg{max-width:100%;height:auto}
            .note{color:#555}code{word-break:break-all}""";

    private HtmlReport() {
    }

    /** Writes the report through the one output writer: complete or not at all ({@code stdout} for {@code -}, or null). */
    public static void write(ReportContent content, Path file, java.io.OutputStream stdout) throws IOException {
        write(content, List.of(), file, stdout);
    }

    /**
     * {@link #write(ReportContent, Path, java.io.OutputStream)} with a section on the numbers the models' libraries print
     * ({@link #libraryNumbers}), when there are any.
     */
    public static void write(ReportContent content, List<String> libraryNumbers, Path file, java.io.OutputStream stdout) throws IOException {
        String page = of(content, libraryNumbers); // made before the file: a signal meanwhile finds no temporary file to wait for
        try (OutputFile out = stdout == null ? OutputFile.create(file) : OutputFile.create(file, stdout)) {
            out.writer().write(page);
            out.commit();
        }
    }

    /** The page. */
    public static String of(ReportContent content) {
        return of(content, List.of());
    }

    /**
     * The lines of the section on the numbers the compared models' libraries print, recomputed from the files the
     * results record (formats.md, "The libraries' own numbers"): empty, and no section, when no model records one.
     */
    public static List<String> libraryNumbers(ReportContent content, tmeval.progress.CancelToken cancel) {
        return LibraryNumbersSection.lines(content, cancel);
    }

    /** The page, with the section on the libraries' numbers when {@code libraryNumbers} holds any. */
    public static String of(ReportContent content, List<String> libraryNumbers) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>tmeval report: ")
                .append(escape(content.compared())).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n");
        sb.append("<h1>tmeval report</h1>\n<p>").append(escape(content.compared())).append(" (tmeval ").append(escape(content.version()))
                .append(")</p>\n");
        section(sb, "answer", "Answer");
        sb.append("<p class=\"answer\">").append(escape(content.answer())).append("</p>\n</section>\n");
        figure(sb, "scatter", "Per-document scatter", ReportFigures.scatter(content),
                "Each document's two estimates of a method as perplexity ratios perp(A)/perp(B): forward against reverse for a ratio"
                        + " path run both ways, run 1 against run 2 otherwise. Below 1 A predicts the document better."
                        + notDrawn(ReportFigures.notDrawn(content)) + ReportFigures.sampled(content),
                "No method has two estimates per document (one run, one direction).");
        figure(sb, "brackets", "Brackets", ReportFigures.brackets(content), bracketsCaption(content),
                "No ratio path was run in both directions: there are no brackets.");
        varianceTable(sb, content);
        certification(sb, content);
        figure(sb, "curves", "Curves", ReportFigures.curves(content),
                "Held-out log-likelihood per token at each snapshot of the training series.", "These results hold no curves.");
        if (!libraryNumbers.isEmpty()) {
            section(sb, "library-numbers", "The libraries' own numbers");
            sb.append("<p class=\"note\">What the models' libraries print (scikit-learn's perplexity(), gensim's log_perplexity(), a reported"
                    + " ELBO or completion perplexity), recomputed on these held-out documents from the model files the results record:"
                    + " variational bounds or plug-in scores, not held-out likelihoods (formats.md, The libraries' own numbers).</p>\n<ul>\n");
            for (String line : libraryNumbers) {
                sb.append("<li>").append(escape(line)).append("</li>\n");
            }
            sb.append("</ul>\n</section>\n");
        }
        provenance(sb, content);
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    private static String notDrawn(int documents) {
        return documents == 0 ? "" : " " + documents + " estimates have a perplexity ratio of 0 or infinity (beyond double's range) and are"
                + " not drawn; the tables count them.";
    }

    private static String bracketsCaption(ReportContent content) {
        List<String> lines = new ArrayList<>();
        content.table().brackets().forEach(b -> lines.add(b.describe()));
        return "Forward annealing is a stochastic lower bound on log P(w|A) - log P(w|B), reverse an upper one. " + String.join(" ", lines)
                + ReportFigures.sampled(content);
    }

    private static void section(StringBuilder sb, String id, String title) {
        sb.append("<section id=\"").append(id).append("\">\n<h2>").append(title).append("</h2>\n");
    }

    private static void figure(StringBuilder sb, String id, String title, String svg, String caption, String none) {
        section(sb, id, title);
        if (svg == null) {
            sb.append("<p class=\"note\">").append(escape(none)).append("</p>\n");
        } else {
            sb.append("<figure>\n").append(svg).append("\n<figcaption>").append(escape(caption)).append("</figcaption>\n</figure>\n");
        }
        sb.append("</section>\n");
    }

    private static void varianceTable(StringBuilder sb, ReportContent content) {
        section(sb, "variance-table", "Variance table");
        List<List<String>> rows = VarianceTableCells.rows(content.rows(), content.verdicts());
        table(sb, VarianceTableCells.HEADER, rows);
        sb.append("<p class=\"note\">95% intervals: a seeded bootstrap over documents. Variance: of perp(A)/perp(B) across runs,"
                + " averaged over documents (needs two runs). Correlation: with the reference, when one ran.</p>\n</section>\n");
    }

    private static void certification(StringBuilder sb, ReportContent content) {
        section(sb, "certification", "Certification");
        List<String> header = new ArrayList<>(List.of("method", "documents", "certified"));
        List<Reason> reasons = List.of(Reason.values());
        reasons.forEach(r -> header.add(r.words()));
        List<List<String>> rows = new ArrayList<>();
        for (String method : content.verdicts().methods()) {
            List<String> row = new ArrayList<>(List.of(method, Integer.toString(content.verdicts().documents(method)),
                    Integer.toString(content.verdicts().certified(method))));
            reasons.forEach(r -> row.add(Integer.toString(content.verdicts().count(method, r))));
            rows.add(row);
        }
        table(sb, header, rows);
        sb.append("<ul>\n");
        for (String method : content.verdicts().methods()) {
            sb.append("<li>").append(escape(content.verdicts().line(method))).append("</li>\n");
        }
        sb.append("</ul>\n</section>\n");
    }

    private static void provenance(StringBuilder sb, ReportContent content) {
        section(sb, "provenance", "Provenance");
        sb.append("<p>tmeval ").append(escape(content.version())).append("</p>\n");
        for (String warning : content.warnings()) {
            sb.append("<p class=\"note\">Not checked: ").append(escape(warning)).append("</p>\n");
        }
        List<List<String>> inputs = new ArrayList<>();
        for (ProvenanceHeader.Input in : content.inputs()) {
            inputs.add(List.of(in.role(), in.path().toString(), in.digest().replace('\t', ' ')));
        }
        table(sb, List.of("input", "path", "SHA-256 and size"), inputs);
        List<List<String>> settings = new ArrayList<>();
        for (Map.Entry<String, String> e : content.settings().entrySet()) {
            settings.add(List.of(e.getKey(), e.getValue()));
        }
        table(sb, List.of("setting", "value"), settings);
        sb.append("</section>\n");
    }

    private static void table(StringBuilder sb, List<String> header, List<List<String>> rows) {
        sb.append("<table>\n<thead><tr>");
        header.forEach(h -> sb.append("<th>").append(escape(h)).append("</th>"));
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            sb.append("<tr>");
            row.forEach(c -> sb.append(c.matches("-?[0-9][0-9.,e+-]*( to -?[0-9][0-9.,e+-]*)?") ? "<td class=\"n\">" : "<td>")
                    .append(escape(c)).append("</td>"));
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    /** Text as HTML (and XML) text or attribute value: {@code & < > " '} as references, other control characters as spaces. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c < 0x20 && c != '\n' ? ' ' : c);
            }
        }
        return sb.toString();
    }
}
