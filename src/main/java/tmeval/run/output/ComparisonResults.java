package tmeval.run.output;

import tmeval.io.InputException;
import tmeval.progress.CancelToken;
import tmeval.run.exec.AdaptiveComparison;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Vocabulary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one reader of a comparison's results, from any file: a {@code compare} output (plain, adaptive, auto, or merged
 * from shards; {@link ComparisonOutput}) or a workbench session (the run it shows; {@link SessionFile}). {@code report},
 * {@code covariates} and the workbench read results through it, so that each gets the same checks: every row by
 * {@code merge}'s rules ({@link ComparisonRows}: no row twice, none outside the plan, no document twice or outside its
 * corpus, a complete file's documents whole), and a session's inputs against the SHA-256 it recorded. A session's
 * inputs are named by compare's roles ({@link #MODEL_A}, {@link #MODEL_B}, {@link #CORPUS}), so that callers need not
 * know which kind of file they read.
 */
public final class ComparisonResults {
    /** The roles of the inputs, as a {@code compare} output names them. */
    public static final String MODEL_A = "model-a";
    public static final String MODEL_B = "model-b";
    public static final String CORPUS = CorpusDocuments.CORPUS;
    /** A session's inputs by compare's roles. */
    private static final Map<String, String> SESSION_ROLES = Map.of("modelA", MODEL_A, "modelB", MODEL_B, "corpus", CORPUS);

    /** Which kind of file the results came from. */
    public enum Kind {
        OUTPUT, SESSION
    }

    /**
     * What a file says of its comparison, its rows apart.
     *
     * @param settings the plan's settings, by their provenance names (a session's shown run's; a session saved before runs:
     *                 its own settings)
     * @param inputs   the inputs as recorded, each with its SHA-256 (a session saved before sessions recorded them:
     *                 {@code sha256:-})
     * @param partial  why the rows are not all their plan's (a run cancelled or failed), or "" when they are
     * @param curve    the curves a session holds (none in an output)
     * @param warnings what could not be checked, in words, for the caller to show
     * @param written  when its run was (an output's written time, a session's shown run's start), or null when not recorded
     */
    public record Source(Path path, Kind kind, Map<String, String> settings, List<ProvenanceHeader.Input> inputs, boolean adaptive,
                         String partial, List<CurveRunner.Point> curve, List<String> warnings, java.time.Instant written) {
        /** The recorded input of a role, or null. */
        public ProvenanceHeader.Input input(String role) {
            return inputs.stream().filter(i -> i.role().equals(role)).findFirst().orElse(null);
        }

        /** Whether the comparison was made on the models' shared words ({@code --vocabulary intersect}). */
        public boolean intersect() {
            return Vocabulary.INTERSECT.label().equals(settings.get(SettingName.VOCABULARY.key()));
        }
    }

    /**
     * Takes each row once it is checked: its result (with its document's position) and its adaptive round (temperatures 0:
     * none). Documents come in the order of their positions, each document's rows together.
     */
    public interface Rows {
        /** Before the first row: the most runs a row may have (the plan's, or a session's most without a plan). */
        default void start(int runs) {
        }

        void accept(AdaptiveComparison.Row row) throws InputException;
    }

    /**
     * A file read whole.
     *
     * @param session the session, every run of it, when the file is one (null for an output)
     * @param rows    the rows: an output's, or the shown run's of a session
     */
    public record Opened(Source source, SessionFile.Session session, List<AdaptiveComparison.Row> rows) {
        /** The rows' results. */
        public List<ComparisonRunner.Result> results() {
            return rows.stream().map(AdaptiveComparison.Row::result).toList();
        }
    }

    private ComparisonResults() {
    }

    /** Whether the file is a compare output (it starts as every output of tmeval does) rather than a session. */
    public static Kind kind(Path path) throws InputException {
        return ComparisonOutput.looksLikeOutput(path) ? Kind.OUTPUT : Kind.SESSION;
    }

    /** Reads the file whole: for a session, every run (the workbench's history), and the rows of the one it shows. */
    public static Opened open(Path path) throws InputException {
        List<AdaptiveComparison.Row> rows = new ArrayList<>();
        if (kind(path) == Kind.OUTPUT) {
            return new Opened(read(path, rows::add, new CancelToken()), null, rows);
        }
        SessionFile.Session session = SessionFile.read(path);
        return new Opened(shownRun(path, session, rows::add), session, rows);
    }

    /**
     * Reads the file, handing each row to {@code rows} as it is checked: an output's rows stream (a file of any length
     * is read in the memory of its documents); a session is read whole, then its shown run's rows are handed on.
     *
     * @throws InputException naming the file and line of the first problem
     */
    public static Source read(Path path, Rows rows, CancelToken cancel) throws InputException {
        if (kind(path) == Kind.SESSION) {
            return shownRun(path, SessionFile.read(path), rows);
        }
        ComparisonOutput.Header h = ComparisonOutput.read(path, new ComparisonOutput.RowSink() {
            @Override
            public void start(Map<String, String> settings) {
                rows.start(Integer.parseInt(settings.get(SettingName.RUNS.key()))); // checked by the rows' checks before this
            }

            @Override
            public void accept(CompareRowFormat.Row row, int position) throws InputException {
                rows.accept(new AdaptiveComparison.Row(row.result(position), row.temperatures(), row.converged()));
            }
        }, cancel);
        List<String> warnings = h.unchecked() == null ? List.of()
                : List.of("its rows' documents were not checked against the corpus: " + h.unchecked());
        return new Source(path, Kind.OUTPUT, h.settings(), h.inputs(), h.adaptive(), h.partial(), List.of(), warnings, h.written());
    }

    /** A session's shown run (else its rows of before runs): its plan, its inputs by compare's roles, its rows with their rounds. */
    private static Source shownRun(Path path, SessionFile.Session session, Rows rows) throws InputException {
        List<ProvenanceHeader.Input> inputs = new ArrayList<>();
        List<String> unrecorded = new ArrayList<>();
        session.inputs().forEach((name, p) -> {
            String digest = session.digests().get(name);
            if (digest == null) {
                unrecorded.add(name);
            }
            inputs.add(new ProvenanceHeader.Input(SESSION_ROLES.getOrDefault(name, name), p,
                    digest == null ? "sha256:-\tbytes:- (a session saved before sessions recorded digests)" : digest));
        });
        List<String> warnings = unrecorded.isEmpty() ? List.of() : List.of("a session saved before sessions recorded their inputs' SHA-256:"
                + " its " + String.join(", ", unrecorded) + " could not be checked, and are taken as they are");
        SessionFile.RunBlock shown = session.shownRun();
        Map<String, String> settings = new LinkedHashMap<>(shown == null ? session.settings() : shown.plan());
        settings.remove("curves.points"); // the curves, not a setting of the plan
        String points = session.settings().get("curves.points");
        List<CurveRunner.Point> curve = points == null ? List.of() : SessionFile.curvePoints(points);
        List<ComparisonRunner.Result> results = shown == null ? session.results() : shown.results();
        List<SessionFile.Round> rounds = shown == null ? session.rounds() : shown.rounds();
        Map<String, SessionFile.Round> byKey = new HashMap<>();
        rounds.forEach(r -> byKey.put(r.documentIndex() + "\t" + r.method(), r));
        // the rows were checked against their run's plan where the session keeps one; the table needs room for every row
        rows.start(results.stream().mapToInt(ComparisonRunner.Result::run).max().orElse(1));
        // in the order of their positions, as an output's come (each document's rows are together: checked)
        for (ComparisonRunner.Result r : results.stream().sorted(java.util.Comparator.comparingInt(ComparisonRunner.Result::documentIndex)).toList()) {
            SessionFile.Round round = r.reference() ? null : byKey.get(r.documentIndex() + "\t" + r.method());
            rows.accept(new AdaptiveComparison.Row(r, round == null ? 0 : round.temperatures(), round == null ? null : round.converged()));
        }
        String partial = shown == null || shown.status().equals("finished") ? "" : shown.partial().isEmpty() ? shown.status() : shown.partial();
        return new Source(path, Kind.SESSION, java.util.Collections.unmodifiableMap(settings), List.copyOf(inputs), !byKey.isEmpty(), partial,
                curve, warnings, shown == null ? null : shown.started());
    }
}
