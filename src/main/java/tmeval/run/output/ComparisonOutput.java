package tmeval.run.output;

import tmeval.io.InputException;
import tmeval.io.LineReader;
import tmeval.run.plan.Setting;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@code compare} output read back (as the command line, {@code merge} or the workbench's export wrote it): its
 * provenance lines ({@link ProvenanceHeader}: the plan's settings, each input with its SHA-256) and its rows
 * ({@link CompareRowFormat}), so that the workbench can open the
 * merged results of a distributed run as a session.
 */
public final class ComparisonOutput {
    /** The file's content; {@code adaptive} when it has the temperatures and converged columns. */
    /** @param written when the file was written (its run's end), or null when it records no time */
    public record Content(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, boolean adaptive, List<CompareRowFormat.Row> rows,
                          java.time.Instant written) {
    }

    private ComparisonOutput() {
    }

    /** Whether a file starts as every output of tmeval does (a provenance line), rather than as a session. */
    public static boolean looksLikeOutput(Path path) throws InputException {
        try (LineReader in = LineReader.open(path)) {
            String first = in.next();
            return first != null && first.startsWith(ProvenanceHeader.Line.VERSION.prefix());
        }
    }

    /** A setting no comparison has: refused with its line, since no reader would read it and a report would list it as if one had. */
    private static boolean isUnknownSetting(String line) {
        return line.startsWith(ProvenanceHeader.Line.SETTING.prefix()) && Setting.comparisonRule(Provenance.fields(line)[1]) == null;
    }

    public static Content read(Path path) throws InputException {
        ProvenanceHeader provenance = new ProvenanceHeader();
        List<CompareRowFormat.Row> rows = new ArrayList<>();
        Boolean adaptive = null;
        RowChecks.Totals totals = new RowChecks.Totals();
        InputException unknown = null; // the first setting no comparison has, thrown once the file is known to be a compare output
        try (LineReader in = LineReader.open(path)) {
            String line;
            while ((line = in.next()) != null) {
                if (ProvenanceHeader.isProvenance(line)) {
                    try {
                        provenance.read(line);
                    } catch (IllegalArgumentException e) {
                        throw in.error(e.getMessage());
                    }
                    if (unknown == null && isUnknownSetting(line)) {
                        unknown = in.error("setting " + Provenance.fields(line)[1] + ": not a setting of a comparison");
                    }
                    continue;
                }
                if (adaptive == null) {
                    if ((line + "\n").equals(CompareRowFormat.HEADER)) {
                        adaptive = false;
                    } else if ((line + "\n").equals(CompareRowFormat.HEADER_ADAPTIVE)) {
                        adaptive = true;
                    } else {
                        throw in.error("not a compare output: expected the header '" + CompareRowFormat.HEADER.strip().replace("\t", " ") + "'");
                    }
                    continue;
                }
                CompareRowFormat.Row row = CompareRowFormat.read(line, adaptive, path, in.lineNumber());
                if (row.result() != null) {
                    try {
                        totals.add(row.result().siteUpdates(), row.result().nanos());
                    } catch (IllegalArgumentException e) {
                        throw in.error(e.getMessage());
                    }
                }
                rows.add(row);
            }
        }
        if (adaptive == null) {
            throw new InputException(path, 0, "not a compare output: no header line");
        }
        if (!"compare".equals(provenance.settings().get("plan"))) {
            throw new InputException(path, 0, "not a compare output: its provenance names no compare plan ('# setting\tplan\tcompare')");
        }
        if (unknown != null) {
            throw unknown;
        }
        return new Content(provenance.settings(), provenance.inputs(), adaptive, rows, provenance.writtenAt());
    }
}
