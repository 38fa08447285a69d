package tmeval.run.output;

import tmeval.io.InputException;

import java.nio.file.Path;

/**
 * The rows of the {@code select} output (formats.md, "Results (write)"): {@code model}, the model's name, before
 * {@link EstimateRowFormat}'s columns, each model's rows in turn. The name is {@link Provenance#escape}d as every cell
 * is, so that a name with a tab or a line break keeps its row whole.
 */
public final class SelectRowFormat {
    /** The one column before estimate's. */
    public static final String MODEL = "model";
    public static final String HEADER = MODEL + "\t" + EstimateRowFormat.HEADER;

    /** One row: the model's name and its estimate row. */
    public record Row(String model, EstimateRowFormat.Row estimate) {
    }

    private SelectRowFormat() {
    }

    public static String write(Row row, boolean timing) {
        return Provenance.escape(row.model()) + "\t" + EstimateRowFormat.write(row.estimate(), timing);
    }

    /**
     * The row of a line (without its newline), checked as {@link EstimateRowFormat#parse} checks estimate's.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static Row parse(String line) {
        int tab = line.indexOf('\t');
        if (tab <= 0) {
            throw new IllegalArgumentException("a row starts with the model's name and a tab");
        }
        return new Row(Provenance.unescape(line.substring(0, tab)), EstimateRowFormat.parse(line.substring(tab + 1)));
    }

    /** {@link #parse}, its problem named by file and line. */
    public static Row read(String line, Path file, long lineNumber) throws InputException {
        try {
            return parse(line);
        } catch (IllegalArgumentException e) {
            throw new InputException(file, lineNumber, e.getMessage());
        }
    }
}
