package tmeval.run.output;

import tmeval.io.InputException;
import tmeval.io.LineReader;
import tmeval.progress.CancelToken;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@code compare} output read back (as the command line, {@code merge} or the workbench's export wrote it): its
 * provenance lines ({@link ProvenanceHeader}: the plan's settings, each input with its SHA-256) and its rows
 * ({@link CompareRowFormat}), each row checked as it comes by {@code merge}'s rules ({@link ComparisonRows}). The rows
 * stream to the caller, so that a file of any length is read in the memory of its documents; readers of a
 * comparison's results come through {@link ComparisonResults}.
 */
public final class ComparisonOutput {
    /** The file's content; {@code adaptive} when it has the temperatures and converged columns. */
    /** @param written when the file was written (its run's end), or null when it records no time */
    public record Content(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, boolean adaptive, List<CompareRowFormat.Row> rows,
                          java.time.Instant written) {
    }

    /**
     * The file's provenance: its plan's settings, its inputs, whether it is adaptive, and why it is partial ("" when it
     * is not: a workbench export of a cancelled run says why in its {@code # partial} line).
     *
     * @param unchecked why the rows' documents could not be checked against the corpus, or null when they were
     * @param written when the file was written (its run's end), or null when it records no time
     */
    public record Header(Map<String, String> settings, List<ProvenanceHeader.Input> inputs, boolean adaptive, String partial,
                         String unchecked, java.time.Instant written) {
    }

    /** Takes each row as it is read, with its document's position (documents numbered in the order they come). */
    public interface RowSink {
        /** Before the first row: the plan's settings. */
        default void start(Map<String, String> settings) {
        }

        void accept(CompareRowFormat.Row row, int position) throws InputException;
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

    /** The whole file, its rows checked (for tests and small files; readers of any size stream: {@link #read(Path, RowSink, CancelToken)}). */
    public static Content read(Path path) throws InputException {
        List<CompareRowFormat.Row> rows = new ArrayList<>();
        Header h = read(path, (row, position) -> rows.add(row), new CancelToken());
        return new Content(h.settings(), h.inputs(), h.adaptive(), rows, h.written());
    }

    /**
     * Reads the file, handing each row to {@code rows} once it is checked.
     *
     * @throws InputException naming the file and line of the first problem: a row that is not the format's, or not the
     *                        plan's, a row twice, a document twice or outside the corpus, a document missing rows
     */
    public static Header read(Path path, RowSink rows, CancelToken cancel) throws InputException {
        ProvenanceHeader provenance = new ProvenanceHeader();
        Boolean adaptive = null;
        String partial = "";
        ComparisonRows checks = null;
        CorpusDocuments.Known corpus = null;
        RowChecks.Totals totals = new RowChecks.Totals();
        InputException unknown = null; // the first setting no comparison has, thrown once the file is known to be a compare output
        try (LineReader in = LineReader.open(path)) {
            String line;
            while ((line = in.next()) != null) {
                cancel.checkEvery(in.lineNumber());
                if (adaptive == null && ProvenanceHeader.isProvenance(line)) {
                    if (line.startsWith(ProvenanceHeader.Line.PARTIAL.prefix())) {
                        String[] f = Provenance.fields(line);
                        partial = f.length > 1 && !f[1].isEmpty() ? f[1] : "partial";
                    }
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
                    if (!"compare".equals(provenance.settings().get(SettingName.PLAN.key()))) {
                        throw new InputException(path, 0, "not a compare output: its provenance names no compare plan"
                                + " ('# setting\tplan\tcompare')");
                    }
                    if (unknown != null) {
                        throw unknown;
                    }
                    corpus = CorpusDocuments.of(provenance.settings(), provenance.inputs());
                    checks = checks(path, provenance.settings(), corpus, partial.isEmpty());
                    rows.start(provenance.settings());
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
                rows.accept(row, checks.add(row.result(0), -1, in.lineNumber()));
            }
        }
        if (adaptive == null) {
            throw new InputException(path, 0, "not a compare output: no header line");
        }
        checks.finish();
        return new Header(provenance.settings(), provenance.inputs(), adaptive, partial, corpus.unchecked(), provenance.writtenAt());
    }

    /** The checks of the rows of a compare output with these provenance lines: its plan's, against its corpus when that is known. */
    private static ComparisonRows checks(Path path, Map<String, String> settings, CorpusDocuments.Known corpus, boolean complete)
            throws InputException {
        try {
            return new ComparisonRows(path, settings, corpus.test(), complete);
        } catch (IllegalArgumentException e) {
            throw InputException.ofFile(path, "its provenance lines do not give the plan's methods, direction and runs (" + e.getMessage() + ")");
        }
    }
}
