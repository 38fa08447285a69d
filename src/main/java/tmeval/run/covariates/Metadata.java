package tmeval.run.covariates;

import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A metadata file (formats.md, "Metadata"): tab-separated with a header line, the document id first, then one column per
 * covariate. A column whose every non-empty value is a finite number is numeric, any other categorical; an empty value
 * is missing. Lines starting with {@code #} are comments (as in tmeval's own files), and blank lines are skipped.
 *
 * @param path the file
 * @param ids the documents, in the file's order
 * @param columns one covariate per column, in the file's order
 */
public record Metadata(Path path, List<String> ids, List<Covariate> columns) {
    /**
     * The most covariate columns a metadata file may have: each is a covariate analysed on its own (its bins, its
     * regression, its lines in the output), so a file of more is not a table of covariates (a transposed one, say).
     */
    public static final int MAX_COLUMNS = 1000;

    public static Metadata read(Path path) throws InputException {
        String[] header = null;
        List<String> ids = new ArrayList<>();
        Map<String, Long> lineOf = new HashMap<>();
        List<Map<String, String>> values = new ArrayList<>();
        try (LineReader in = LineReader.open(path)) {
            String line;
            while ((line = in.next()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (header == null) {
                    header = header(in, f);
                    for (int c = 1; c < header.length; c++) {
                        values.add(new LinkedHashMap<>());
                    }
                    continue;
                }
                if (f.length != header.length) {
                    throw in.error("the header has " + header.length + " tab-separated columns, this line has " + f.length);
                }
                String id = f[0].strip();
                if (id.isEmpty()) {
                    throw in.error("a line needs a document id in its first column");
                }
                Long first = lineOf.putIfAbsent(id, in.lineNumber());
                if (first != null) {
                    throw in.error("document '" + id + "' is listed twice (first on line " + first + ")");
                }
                ids.add(id);
                for (int c = 1; c < f.length; c++) {
                    String v = f[c].strip();
                    if (!v.isEmpty()) {
                        values.get(c - 1).put(id, v);
                    }
                }
            }
        }
        if (header == null) {
            throw InputException.ofFile(path, "empty: a metadata file has a header line (the document id, then the covariates' names)");
        }
        if (ids.isEmpty()) {
            throw InputException.ofFile(path, "a header and no document");
        }
        String source = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        List<Covariate> columns = new ArrayList<>();
        for (int c = 1; c < header.length; c++) {
            columns.add(column(header[c], source, values.get(c - 1)));
        }
        return new Metadata(path, List.copyOf(ids), List.copyOf(columns));
    }

    private static String[] header(LineReader in, String[] f) throws InputException {
        if (f.length < 2) {
            throw in.error("the header names the document id column and at least one covariate, tab-separated");
        }
        if (f.length - 1 > MAX_COLUMNS) {
            throw in.error("the header names " + (f.length - 1) + " covariates; a metadata file has at most " + MAX_COLUMNS
                    + " (one column per covariate, one line per document: is the table transposed?)");
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int c = 0; c < f.length; c++) {
            f[c] = f[c].strip();
            if (c > 0 && f[c].isEmpty()) {
                throw in.error("column " + (c + 1) + " of the header has no name");
            }
            if (c > 0 && !seen.add(f[c])) {
                throw in.error("two columns are named '" + f[c] + "'");
            }
            seen.add(f[c]);
        }
        return f;
    }

    /** Numeric when every value is a finite number (a column with no value at all is categorical, with no level). */
    private static Covariate column(String name, String source, Map<String, String> values) {
        Map<String, Double> numbers = new LinkedHashMap<>();
        for (var e : values.entrySet()) {
            Double x = finite(e.getValue());
            if (x == null) {
                return Covariate.categorical(name, source, values);
            }
            numbers.put(e.getKey(), x);
        }
        return numbers.isEmpty() ? Covariate.categorical(name, source, values) : Covariate.numeric(name, source, numbers);
    }

    /** The value as a finite decimal number, or null (Java's own spellings, "NaN", "Infinity", "0x1p3", "1d", are text here). */
    private static Double finite(String s) {
        // no number is written in more than 64 characters; a longer value is text (and the pattern stays cheap)
        if (s.length() > 64 || !s.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
            return null;
        }
        double x = Double.parseDouble(s);
        return Double.isFinite(x) ? x : null;
    }

    /** How many of these documents the file does not list. */
    public int unlisted(List<String> documentIds) {
        java.util.Set<String> listed = new java.util.HashSet<>(ids);
        return (int) documentIds.stream().filter(id -> !listed.contains(id)).count();
    }

    /** How many of the file's ids are none of these documents' (a typo, or another corpus's documents): ignored. */
    public int unmatched(List<String> documentIds) {
        java.util.Set<String> known = new java.util.HashSet<>(documentIds);
        return (int) ids.stream().filter(id -> !known.contains(id)).count();
    }

    /**
     * How the file's ids meet these documents, as {@code covariates} prints it and the Covariates view shows it: the
     * documents it does not list and the ids it lists that match no document, neither dropped in silence; empty when
     * every id matches and every document is listed.
     */
    public String matches(List<String> documentIds) {
        int unlisted = unlisted(documentIds);
        int unmatched = unmatched(documentIds);
        List<String> said = new java.util.ArrayList<>();
        if (unlisted > 0) {
            said.add(String.format(java.util.Locale.ROOT, "%d of the %d documents are not in %s (missing from its columns' analyses)", unlisted,
                    documentIds.size(), path));
        }
        if (unmatched > 0) {
            said.add(String.format(java.util.Locale.ROOT, "%d of its %d ids match no document of the results (ignored)", unmatched, ids.size()));
        }
        return said.isEmpty() ? "" : "Metadata: " + String.join("; ", said) + ".";
    }
}
