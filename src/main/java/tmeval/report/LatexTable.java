package tmeval.report;

import tmeval.compare.ComparisonTable;
import tmeval.io.OutputFile;
import tmeval.run.certify.VerdictCounts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The variance table as a LaTeX {@code booktabs} table for a paper (the booktabs package): the cells of
 * {@link VarianceTableCells}, every one escaped ({@link #escape}), with a caption naming what was compared.
 */
public final class LatexTable {
    private LatexTable() {
    }

    /** The table environment, caption first. */
    public static String of(List<ComparisonTable.Row> rows, VerdictCounts verdicts, String caption) {
        StringBuilder sb = new StringBuilder();
        sb.append("% tmeval variance table; needs \\usepackage{booktabs}\n");
        sb.append("\\begin{table}\n\\centering\n\\caption{").append(escape(caption)).append("}\n");
        sb.append("\\begin{tabular}{ll").append("r".repeat(VarianceTableCells.HEADER.size() - 3)).append("l}\n\\toprule\n");
        sb.append(line(VarianceTableCells.HEADER)).append("\\midrule\n");
        for (List<String> row : VarianceTableCells.rows(rows, verdicts)) {
            sb.append(line(row));
        }
        sb.append("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
        return sb.toString();
    }

    /** Writes the table through the one output writer: complete or not at all ({@code stdout} for {@code -}, or null). */
    public static void write(Path file, java.io.OutputStream stdout, List<ComparisonTable.Row> rows, VerdictCounts verdicts, String caption)
            throws IOException {
        String table = of(rows, verdicts, caption); // made before the file: a signal meanwhile finds no temporary file to wait for
        try (OutputFile out = stdout == null ? OutputFile.create(file) : OutputFile.create(file, stdout)) {
            out.writer().write(table);
            out.commit();
        }
    }

    private static String line(List<String> cells) {
        return String.join(" & ", cells.stream().map(LatexTable::escape).toList()) + " \\\\\n";
    }

    /** Text with LaTeX's special characters written as text: {@code \ & % $ # _ { } ~ ^ < >}; a line break becomes a space. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> sb.append('\\').append(c);
                case '~' -> sb.append("\\textasciitilde{}");
                case '^' -> sb.append("\\textasciicircum{}");
                case '<' -> sb.append("\\textless{}");
                case '>' -> sb.append("\\textgreater{}");
                case '\n', '\r', '\t' -> sb.append(' ');
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
