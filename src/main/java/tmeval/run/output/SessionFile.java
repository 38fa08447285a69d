package tmeval.run.output;

import tmeval.estimate.MethodOption;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.exec.CurveRunner;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.CurvePlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import tmeval.anneal.Schedule;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A workbench session as plain TSV (never Java serialisation): the inputs' paths, the run settings and every result,
 * so that reopening it restores the same state.
 * <pre>
 * #tmeval-session v1
 * input   modelA|modelB|corpus|series   PATH   sha256:HEX   bytes:N
 * setting NAME    VALUE
 * result  docIndex docId N method direction run reference(0/1) logRatio siteUpdates nanos status refusal
 * round   docIndex method temperatures converged(yes/no/-)
 * run     ID started(ISO instant) finished|partial|failed partial-note
 * runsetting NAME VALUE
 * </pre>
 * A workbench keeps a history of runs: each {@code run} line opens a run's block, its plan ({@code runsetting} lines, by
 * their provenance names), its result and round lines, up to the next {@code run} line. Result and round lines before
 * any {@code run} line are those of a session saved before sessions kept runs (one run, its plan in {@code results.}
 * settings).
 * An input line records the SHA-256 and size of its file when the session was saved (as compare's provenance does); a
 * reader refuses a session whose input is there but has changed since, at its line. An input line of a session saved
 * before sessions recorded them has the path alone: it is read, and {@link ComparisonResults} says its inputs are
 * unchecked. The rows of each run are checked as compare's are ({@link ComparisonRows}): none twice, each one of its
 * run's plan, every document one of the corpus's when the corpus is there with its SHA-256. A session holds at most
 * {@link #MAX_RUNS} runs.
 * The result and round lines are {@link SessionRowFormat}'s: a result without a value keeps its row, with its status and
 * the reason, so that a reopened session counts it as the run did; an adaptive run's last round of each document and
 * method keeps its temperatures and verdict. Paths, ids and texts are {@link Provenance#escape}d, so any file name round-trips. Reading checks
 * every setting by the rule the command line applies ({@link Setting}) and every number as merge does, naming the
 * line: a hand-edited session is refused, never clamped into range.
 */
public final class SessionFile {
    public static final String MAGIC = "#tmeval-session v1";
    /**
     * The most runs a session holds: the workbench keeps every run of its history in memory and lists it; a file of more
     * is not one it wrote.
     */
    public static final int MAX_RUNS = 10_000;
    private static final List<String> INPUTS = List.of("modelA", "modelB", "corpus", "series");
    private static final List<String> TEACHING_MODELS = List.of("A", "B");

    /** Each setting a session holds (the workbench's names), with the rule of the option it stands for. */
    private static final Map<String, Consumer<String>> SETTINGS = Map.ofEntries(
            Map.entry(MethodOption.TEMPERATURES.setting(), Setting.TEMPERATURES::parse),
            Map.entry(MethodOption.SAMPLES.setting(), Setting.SAMPLES::parse),
            Map.entry("burnIn", Setting.BURN_IN::parse), Map.entry(SettingName.RUNS.key(), Setting.RUNS::parse),
            Map.entry(SettingName.SEED.key(), Setting.SEED::parse),
            Map.entry(SettingName.THREADS.key(), Setting.THREADS::parse), Map.entry("minTokens", Setting.MIN_TOKENS::parse),
            Map.entry("referenceParticles", Setting.REFERENCE_PARTICLES::parse), Map.entry("maxTemperatures", Setting.MAX_TEMPERATURES::parse),
            Map.entry("agreeWithin", Setting.AGREE_WITHIN::parse), Map.entry(MethodOption.SCHEDULE.setting(), Schedule::parse),
            Map.entry(SettingName.REFERENCE.key(), ComparisonPlan.Reference::parse), Map.entry(SettingName.ALIGN.key(), Setting::bool),
            Map.entry(SettingName.ADAPTIVE.key(), Setting::bool),
            Map.entry(SettingName.AUTO.key(), Setting::bool),
            Map.entry("history.shown", SessionFile::runNumber), Map.entry("history.compare", SessionFile::runNumber),
            Map.entry(SettingName.METHODS.key(), v -> Setting.methods(v, null, true)),
            Map.entry("curves.methods", v -> Setting.methods(v, CurvePlan.CURVE_METHODS, true)),
            Map.entry("curves.temperatures", Setting.TEMPERATURES::parse), Map.entry("curves.runs", Setting.RUNS::parse),
            Map.entry("curves.points", SessionFile::curvePoints),
            Map.entry("teaching.model", v -> {
                if (!TEACHING_MODELS.contains(v)) {
                    throw new IllegalArgumentException("is A or B, was '" + v + "'");
                }
            }),
            Map.entry("teaching.document", SessionFile::documentId),
            Map.entry("teaching.temperatures", Setting.TEACHING_TEMPERATURES::parse), Map.entry("teaching.samples", Setting.TEACHING_SAMPLES::parse),
            Map.entry("teaching.tokens", Setting.TEACHING_TOKENS::parse),
            Map.entry("whichk.models", WhichKRowFormat::parseModels), Map.entry("whichk.perK", WhichKRowFormat::parsePerK),
            Map.entry("whichk.verdict", SessionFile::text), Map.entry("whichk.plan", SessionFile::text));

    /**
     * A session's content: the rows of a session saved before runs ({@code results}, {@code rounds}) and the runs.
     *
     * @param digests each input's {@code sha256:HEX TAB bytes:N} as the file recorded it (none in a session saved before
     *                sessions recorded them); a session written records its inputs' digests as they are then
     */
    public record Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results,
                          List<Round> rounds, List<RunBlock> runs, Map<String, String> digests) {
        public Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results, List<Round> rounds,
                       List<RunBlock> runs) {
            this(inputs, settings, results, rounds, runs, Map.of());
        }

        public Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results, List<Round> rounds) {
            this(inputs, settings, results, rounds, List.of());
        }

        /** A session of a plain run (no adaptive rounds). */
        public Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results) {
            this(inputs, settings, results, List.of());
        }

        /** The run the session shows ({@code history.shown}), else its last run; null for a session saved before runs. */
        public RunBlock shownRun() {
            if (runs.isEmpty()) {
                return null;
            }
            String shown = settings.get("history.shown");
            for (RunBlock run : runs) {
                if (Integer.toString(run.id()).equals(shown)) {
                    return run;
                }
            }
            return runs.get(runs.size() - 1);
        }
    }

    /** The statuses a saved run may have. */
    public static final List<String> RUN_STATUSES = List.of("finished", "partial", "failed");

    /**
     * One run of the workbench's history: its number, when it started, how it ended (why, when partial), its plan's
     * settings by their provenance names, and its rows.
     */
    public record RunBlock(int id, Instant started, String status, String partial, Map<String, String> plan,
                           List<ComparisonRunner.Result> results, List<Round> rounds) {
    }

    /** The last adaptive round of a document's method: its temperatures and whether its directions agreed (null: none). */
    public record Round(int documentIndex, String method, int temperatures, Boolean converged) {
    }

    private SessionFile() {
    }

    public static void write(Session session, Path path) throws IOException {
        for (var e : session.inputs().entrySet()) {
            if (e.getValue() != null && OutputFile.sameFile(path, e.getValue())) {
                throw new IOException(path + ": is the session's input " + e.getKey() + " (" + e.getValue() + "); not overwriting it with the session");
            }
        }
        try (OutputFile file = OutputFile.create(path)) {
            Writer w = file.writer();
            w.write(MAGIC + "\n");
            for (var e : session.inputs().entrySet()) {
                if (e.getValue() != null) {
                    w.write("input\t" + e.getKey() + "\t" + Provenance.escape(e.getValue().toAbsolutePath().toString()) + "\t"
                            + Provenance.digest(e.getValue()) + "\n");
                }
            }
            for (var e : session.settings().entrySet()) {
                w.write("setting\t" + Provenance.escape(e.getKey()) + "\t" + Provenance.escape(e.getValue()) + "\n");
            }
            for (ComparisonRunner.Result r : session.results()) {
                w.write(SessionRowFormat.write(r));
            }
            for (Round round : session.rounds()) {
                w.write(SessionRowFormat.write(round));
            }
            for (RunBlock run : session.runs()) {
                w.write("run\t" + run.id() + "\t" + run.started() + "\t" + run.status() + "\t" + Provenance.escape(run.partial()) + "\n");
                for (var e : run.plan().entrySet()) {
                    w.write("runsetting\t" + Provenance.escape(e.getKey()) + "\t" + Provenance.escape(e.getValue()) + "\n");
                }
                for (ComparisonRunner.Result r : run.results()) {
                    w.write(SessionRowFormat.write(r));
                }
                for (Round round : run.rounds()) {
                    w.write(SessionRowFormat.write(round));
                }
            }
            file.commit();
        }
    }

    public static Session read(Path path) throws InputException {
        Map<String, Path> inputs = new LinkedHashMap<>();
        Map<String, String> digests = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        java.util.Set<Integer> runIds = new java.util.HashSet<>();
        RowsOfRuns checks = new RowsOfRuns(path);
        List<ComparisonRunner.Result> results = new ArrayList<>();
        List<Round> rounds = new ArrayList<>();
        List<RunBlock> runs = new ArrayList<>();
        RunBlock run = null; // the block the result and round lines go to, null before any run line
        RowChecks.Totals totals = new RowChecks.Totals();
        Map<String, Long> settingLines = new java.util.HashMap<>();
        try (LineReader in = LineReader.open(path)) {
            String line = in.next();
            if (line == null || !line.equals(MAGIC)) {
                throw new InputException(path, 1, "not a tmeval session (expected '" + MAGIC + "')");
            }
            while ((line = in.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = Provenance.fields(line);
                switch (f[0]) {
                    case "input" -> input(in, f, inputs, digests);
                    case "setting" -> {
                        expect(in, f, 3);
                        Consumer<String> rule = SETTINGS.containsKey(f[1]) ? SETTINGS.get(f[1]) : planRule(f[1]);
                        if (rule == null) {
                            throw in.error("setting " + f[1] + ": not a setting of a session");
                        }
                        try {
                            rule.accept(f[2]);
                        } catch (IllegalArgumentException e) {
                            throw in.error("setting " + f[1] + ": " + e.getMessage());
                        }
                        if (settings.put(f[1], f[2]) != null) {
                            throw in.error("setting " + f[1] + " is given twice");
                        }
                        settingLines.put(f[1], in.lineNumber());
                    }
                    case SessionRowFormat.RESULT -> {
                        ComparisonRunner.Result r = row(in, SessionRowFormat::parseResult, line);
                        if (r.result() != null) {
                            add(in, totals, r.result().siteUpdates(), r.result().nanos());
                        }
                        checks.of(run, settings, inputs, digests).add(r, r.documentIndex(), in.lineNumber());
                        (run == null ? results : run.results()).add(r);
                    }
                    case SessionRowFormat.ROUND -> (run == null ? rounds : run.rounds()).add(row(in, SessionRowFormat::parseRound, line));
                    case "run" -> {
                        run = runLine(in, f, runIds);
                        runs.add(run);
                    }
                    case "runsetting" -> {
                        expect(in, f, 3);
                        if (run == null) {
                            throw in.error("a runsetting line before any run line");
                        }
                        Consumer<String> rule = Setting.comparisonRule(f[1]);
                        if (rule == null) {
                            throw in.error("run " + run.id() + ": setting " + f[1] + ": not a setting of a comparison");
                        }
                        try {
                            rule.accept(f[2]);
                        } catch (IllegalArgumentException e) {
                            throw in.error("run " + run.id() + ": setting " + f[1] + ": " + e.getMessage());
                        }
                        if (run.plan().put(f[1], f[2]) != null) {
                            throw in.error("run " + run.id() + ": setting " + f[1] + " is given twice");
                        }
                    }
                    default -> throw in.error("unknown record '" + f[0] + "' (input, setting, result, round, run, runsetting)");
                }
            }
            for (String key : List.of("history.shown", "history.compare")) {
                String id = settings.get(key);
                if (id != null && runs.stream().noneMatch(r -> Integer.toString(r.id()).equals(id))) {
                    throw new InputException(path, settingLines.get(key), "setting " + key + ": names run " + id + ", which the session does not"
                            + " hold (" + (runs.isEmpty() ? "it holds no run" : "its runs: " + String.join(", ",
                            runs.stream().map(r -> Integer.toString(r.id())).toList())) + ")");
                }
            }
        }
        return new Session(inputs, settings, results, rounds, runs, digests);
    }

    /** An input line: a known name, a path, and the digest of a session saved since sessions record them, checked against the file. */
    private static void input(LineReader in, String[] f, Map<String, Path> inputs, Map<String, String> digests) throws InputException {
        if (f.length != 3) {
            expect(in, f, 5);
        }
        if (!INPUTS.contains(f[1])) {
            throw in.error("unknown input '" + f[1] + "' (" + String.join(", ", INPUTS) + ")");
        }
        if (f[2].isEmpty()) {
            throw in.error("empty path for " + f[1]);
        }
        Path p;
        try {
            p = Path.of(f[2]);
        } catch (java.nio.file.InvalidPathException e) {
            throw in.error("invalid path for " + f[1]);
        }
        if (inputs.put(f[1], p) != null) {
            throw in.error("input " + f[1] + " is given twice");
        }
        if (f.length == 5) {
            String digest = f[3] + "\t" + f[4];
            if (!f[3].matches("sha256:([0-9a-f]{64}|-)") || !f[4].startsWith("bytes:")) {
                throw in.error("input " + f[1] + ": its digest is sha256:HEX and bytes:N, was '" + f[3] + " " + f[4] + "'");
            }
            digests.put(f[1], digest);
            if (!f[3].equals("sha256:-") && java.nio.file.Files.exists(p)) {
                String now;
                try {
                    now = Provenance.digest(p);
                } catch (IOException e) {
                    throw in.error("input " + f[1] + " " + p + " cannot be read to check it (" + OutputFile.reason(e) + ")");
                }
                if (!now.equals(digest)) {
                    throw in.error("input " + f[1] + " " + p + " has changed since the session was saved (its SHA-256 differs): the session's"
                            + " results were not made with it; put back the file it was, or run again");
                }
            }
        }
    }

    /**
     * The checks of each run's rows, made at its first row (its plan is read by then): the run's plan, or for the rows of
     * a session saved before runs its {@code results.} plan; the corpus's documents once, when the corpus is there with
     * its recorded SHA-256.
     */
    private static final class RowsOfRuns {
        private final Path path;
        private RunBlock run;
        private ComparisonRows rows;
        private ComparisonRows legacy;
        private CorpusDocuments.Known corpus;

        RowsOfRuns(Path path) {
            this.path = path;
        }

        ComparisonRows of(RunBlock run, Map<String, String> settings, Map<String, Path> inputs, Map<String, String> digests)
                throws InputException {
            if (corpus == null) {
                Path c = inputs.get("corpus");
                corpus = c == null || !digests.containsKey("corpus") ? new CorpusDocuments.Known(null, "no corpus with its SHA-256")
                        : CorpusDocuments.of(Map.of(), List.of(new ProvenanceHeader.Input(CorpusDocuments.CORPUS, c, digests.get("corpus"))));
            }
            if (run == null) {
                if (legacy == null) {
                    legacy = rows(resultsPlan(settings), "the results");
                }
                return legacy;
            }
            if (run != this.run) { // a run's rows follow its run line: a new run, new checks
                this.run = run;
                rows = rows(run.plan(), "run " + run.id());
            }
            return rows;
        }

        private ComparisonRows rows(Map<String, String> plan, String whose) throws InputException {
            try {
                return new ComparisonRows(path, plan, corpus.test(), false);
            } catch (IllegalArgumentException e) {
                throw InputException.ofFile(path, whose + ": its plan does not give its methods, direction and runs (" + e.getMessage() + ")");
            }
        }

        /** The plan of the results of a session saved before runs, by its {@code results.} settings (empty when it kept none). */
        private static Map<String, String> resultsPlan(Map<String, String> settings) {
            Map<String, String> plan = new LinkedHashMap<>();
            settings.forEach((k, v) -> {
                if (k.startsWith("results.")) {
                    plan.put(k.substring("results.".length()), v);
                }
            });
            return plan;
        }
    }

    /** A run line: its number (positive, not given before), start, status and partial note; its plan and rows follow. */
    private static RunBlock runLine(LineReader in, String[] f, java.util.Set<Integer> before) throws InputException {
        expect(in, f, 5);
        int id;
        try {
            id = Integer.parseInt(f[1]);
        } catch (NumberFormatException e) {
            throw in.error("a run's number is a whole number, was '" + f[1] + "'");
        }
        if (id < 1 || !before.add(id)) {
            throw in.error("run " + f[1] + ": a run's number is positive and given once");
        }
        if (before.size() > MAX_RUNS) {
            throw in.error("more than " + MAX_RUNS + " runs: a session holds at most " + MAX_RUNS + " (the workbench keeps every run of its"
                    + " history)");
        }
        Instant started;
        try {
            started = Instant.parse(f[2]);
        } catch (java.time.format.DateTimeParseException e) {
            throw in.error("run " + id + ": its start is an ISO instant such as 2026-11-26T10:15:30Z, was '" + f[2] + "'");
        }
        if (!RUN_STATUSES.contains(f[3])) {
            throw in.error("run " + id + ": its status is one of " + String.join(", ", RUN_STATUSES) + ", was '" + f[3] + "'");
        }
        if (f[3].equals("partial") == f[4].isEmpty()) {
            throw in.error("run " + id + ": a partial run says why, and only a partial run");
        }
        return new RunBlock(id, started, f[3], f[4], new LinkedHashMap<>(), new ArrayList<>(), new ArrayList<>());
    }

    /**
     * The rule of a plan's setting a session keeps: under a prefix, the run form's and the results' plans ({@code form.},
     * {@code results.}, by their provenance names) and the plan of the curves on screen ({@code curves.shown.}); without
     * one, the plan of the results of a session saved before sessions kept runs (as its provenance names them). Null for
     * any other name: a setting no reader knows is refused, never carried along unread.
     */
    private static Consumer<String> planRule(String key) {
        for (String prefix : List.of("form.", "results.")) {
            if (key.startsWith(prefix)) {
                return Setting.comparisonRule(key.substring(prefix.length()));
            }
        }
        return switch (key) {
            case "curves.shown.methods" -> v -> Setting.methods(v, CurvePlan.CURVE_METHODS, false);
            case "curves.shown.temperatures" -> Setting.TEMPERATURES::parse;
            case "curves.shown.runs" -> Setting.RUNS::parse;
            default -> Setting.comparisonRule(key);
        };
    }

    /** The teaching view's document: an id, which may be any text but none. */
    private static void documentId(String v) {
        if (v.isEmpty()) {
            throw new IllegalArgumentException("is a document's id, was empty");
        }
    }

    /** A text Which K? keeps (its verdict, its plan's description): any but none. */
    private static void text(String v) {
        if (v.isEmpty()) {
            throw new IllegalArgumentException("is a text, was empty");
        }
    }

    private static void add(LineReader in, RowChecks.Totals totals, long siteUpdates, long nanos) throws InputException {
        try {
            totals.add(siteUpdates, nanos);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    /** A run's number as a run line writes it (1, never 01 or +1: the run it names is found by that text). */
    private static void runNumber(String v) {
        try {
            if (Integer.parseInt(v) >= 1 && Integer.toString(Integer.parseInt(v)).equals(v)) {
                return;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException("is a run's number, was '" + v + "'");
    }

    /** The curves on screen: points separated by {@code ;}, each as {@link CurveRunner.Point#text} wrote it. */
    public static List<CurveRunner.Point> curvePoints(String value) {
        List<CurveRunner.Point> points = new ArrayList<>();
        RowChecks.Totals totals = new RowChecks.Totals();
        for (String p : value.split(";")) {
            if (!p.isBlank()) {
                CurveRunner.Point point = SessionRowFormat.parsePoint(p);
                totals.add(point.siteUpdates(), point.nanos());
                points.add(point);
            }
        }
        return points;
    }

    /** The curve points as a session keeps them. */
    public static String curvePointsText(List<CurveRunner.Point> points) {
        return String.join(";", points.stream().map(SessionRowFormat::write).toList());
    }

    /** A result or round line as {@link SessionRowFormat} reads it, its problem named by file and line. */
    private static <T> T row(LineReader in, Function<String, T> read, String line) throws InputException {
        try {
            return read.apply(line);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    private static void expect(LineReader in, String[] f, int fields) throws InputException {
        if (f.length != fields) {
            throw in.error("a " + f[0] + " line has " + fields + " tab-separated fields, this one has " + f.length);
        }
    }
}
