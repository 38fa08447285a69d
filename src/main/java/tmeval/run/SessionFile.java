package tmeval.run;

import tmeval.anneal.Schedule;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.io.OutputFile;
import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A workbench session as plain TSV (never Java serialisation): the inputs' paths, the run settings and every result,
 * so that reopening it restores the same state.
 * <pre>
 * #tmeval-session v1
 * input   modelA|modelB|corpus|series   PATH
 * setting NAME    VALUE
 * result  docIndex docId N method direction run reference(0/1) logRatio siteUpdates nanos status refusal
 * round   docIndex method temperatures converged(yes/no/-)
 * </pre>
 * A result without a value (refused, or every sample at weight zero) keeps its row, with an empty logRatio, its status
 * and the reason, so that a reopened session counts it as the run did; an adaptive run's last round of each document
 * and method keeps its temperatures and verdict. Sessions written before these were kept (results of 11 fields, no
 * rounds) still open. Paths, ids and texts are {@link Provenance#escape}d, so any file name round-trips. Reading checks
 * every setting by the rule the command line applies ({@link Setting}) and every number as merge does, naming the
 * line: a hand-edited session is refused, never clamped into range.
 */
public final class SessionFile {
    public static final String MAGIC = "#tmeval-session v1";
    private static final List<String> INPUTS = List.of("modelA", "modelB", "corpus", "series");
    private static final List<String> TEACHING_MODELS = List.of("A", "B");

    /** Each setting a session holds (the workbench's names), with the rule of the option it stands for. */
    private static final Map<String, Consumer<String>> SETTINGS = Map.ofEntries(
            Map.entry("temperatures", Setting.TEMPERATURES::parse), Map.entry("samples", Setting.SAMPLES::parse),
            Map.entry("burnIn", Setting.BURN_IN::parse), Map.entry("runs", Setting.RUNS::parse), Map.entry("seed", Setting.FORM_SEED::parse),
            Map.entry("threads", Setting.THREADS::parse), Map.entry("minTokens", Setting.MIN_TOKENS::parse),
            Map.entry("referenceParticles", Setting.REFERENCE_PARTICLES::parse), Map.entry("maxTemperatures", Setting.MAX_TEMPERATURES::parse),
            Map.entry("agreeWithin", Setting.AGREE_WITHIN::parse), Map.entry("schedule", Schedule::parse),
            Map.entry("reference", ComparisonPlan.Reference::parse), Map.entry("align", Setting::bool), Map.entry("adaptive", Setting::bool),
            Map.entry("auto", Setting::bool),
            Map.entry("methods", v -> Setting.methods(v, null, true)),
            Map.entry("curves.methods", v -> Setting.methods(v, CurveRunner.METHODS, true)),
            Map.entry("curves.temperatures", Setting.TEMPERATURES::parse), Map.entry("curves.runs", Setting.RUNS::parse),
            Map.entry("curves.points", SessionFile::curvePoints),
            Map.entry("teaching.model", v -> {
                if (!TEACHING_MODELS.contains(v)) {
                    throw new IllegalArgumentException("is A or B, was '" + v + "'");
                }
            }),
            Map.entry("teaching.temperatures", Setting.TEACHING_TEMPERATURES::parse), Map.entry("teaching.samples", Setting.TEACHING_SAMPLES::parse),
            Map.entry("teaching.tokens", Setting.TEACHING_TOKENS::parse));

    /** A session's content. */
    public record Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results,
                          List<Round> rounds) {
        /** A session of a plain run (no adaptive rounds). */
        public Session(Map<String, Path> inputs, Map<String, String> settings, List<ComparisonRunner.Result> results) {
            this(inputs, settings, results, List.of());
        }
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
                    w.write("input\t" + e.getKey() + "\t" + Provenance.escape(e.getValue().toAbsolutePath().toString()) + "\n");
                }
            }
            for (var e : session.settings().entrySet()) {
                w.write("setting\t" + Provenance.escape(e.getKey()) + "\t" + Provenance.escape(e.getValue()) + "\n");
            }
            for (ComparisonRunner.Result r : session.results()) {
                boolean value = !r.refused();
                w.write("result\t" + r.documentIndex() + "\t" + Provenance.escape(r.documentId()) + "\t" + r.length() + "\t"
                        + Provenance.escape(r.method()) + "\t" + r.direction().name() + "\t" + r.run() + "\t" + (r.reference() ? 1 : 0) + "\t"
                        + (value ? r.result().logRatio() + "\t" + r.result().siteUpdates() + "\t" + r.result().nanos() : "\t0\t0") + "\t"
                        + r.status().label() + "\t" + (r.refusal() == null ? "" : Provenance.escape(r.refusal())) + "\n");
            }
            for (Round round : session.rounds()) {
                w.write("round\t" + round.documentIndex() + "\t" + Provenance.escape(round.method()) + "\t" + round.temperatures() + "\t"
                        + (round.converged() == null ? "-" : round.converged() ? "yes" : "no") + "\n");
            }
            file.commit();
        }
    }

    public static Session read(Path path) throws InputException {
        Map<String, Path> inputs = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        List<ComparisonRunner.Result> results = new ArrayList<>();
        List<Round> rounds = new ArrayList<>();
        RowChecks.Totals totals = new RowChecks.Totals();
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
                    case "input" -> {
                        expect(in, f, 3);
                        if (!INPUTS.contains(f[1])) {
                            throw in.error("unknown input '" + f[1] + "' (" + String.join(", ", INPUTS) + ")");
                        }
                        if (f[2].isEmpty()) {
                            throw in.error("empty path for " + f[1]);
                        }
                        try {
                            inputs.put(f[1], Path.of(f[2]));
                        } catch (java.nio.file.InvalidPathException e) {
                            throw in.error("invalid path for " + f[1]);
                        }
                    }
                    case "setting" -> {
                        expect(in, f, 3);
                        Consumer<String> rule = SETTINGS.containsKey(f[1]) ? SETTINGS.get(f[1]) : planRule(f[1]);
                        try {
                            if (rule != null) {
                                rule.accept(f[2]);
                            }
                        } catch (IllegalArgumentException e) {
                            throw in.error("setting " + f[1] + ": " + e.getMessage());
                        }
                        if (settings.put(f[1], f[2]) != null) {
                            throw in.error("setting " + f[1] + " is given twice");
                        }
                    }
                    case "result" -> {
                        if (f.length != 11) {
                            expect(in, f, 13);
                        }
                        ComparisonRunner.Result r = parseResult(in, f);
                        if (r.result() != null) {
                            add(in, totals, r.result().siteUpdates(), r.result().nanos());
                        }
                        results.add(r);
                    }
                    case "round" -> {
                        expect(in, f, 5);
                        rounds.add(parseRound(in, f));
                    }
                    default -> throw in.error("unknown record '" + f[0] + "' (input, setting, result, round)");
                }
            }
        }
        return new Session(inputs, settings, results, rounds);
    }

    /**
     * The rule of a plan's setting a session keeps under a prefix: the run form's and the results' plans ({@code form.},
     * {@code results.}, by their provenance names), and the plan of the curves on screen ({@code curves.shown.}); null
     * for any other name.
     */
    private static Consumer<String> planRule(String key) {
        for (String prefix : List.of("form.", "results.")) {
            if (key.startsWith(prefix)) {
                return Setting.rule("compare", key.substring(prefix.length()));
            }
        }
        return switch (key) {
            case "curves.shown.methods" -> v -> Setting.methods(v, CurveRunner.METHODS, false);
            case "curves.shown.temperatures" -> Setting.TEMPERATURES::parse;
            case "curves.shown.runs" -> Setting.RUNS::parse;
            default -> null;
        };
    }

    private static void add(LineReader in, RowChecks.Totals totals, long siteUpdates, long nanos) throws InputException {
        try {
            totals.add(siteUpdates, nanos);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    /** The curves on screen: points separated by {@code ;}, each as {@link CurveRunner.Point#text} wrote it. */
    public static List<CurveRunner.Point> curvePoints(String value) {
        List<CurveRunner.Point> points = new ArrayList<>();
        RowChecks.Totals totals = new RowChecks.Totals();
        for (String p : value.split(";")) {
            if (!p.isBlank()) {
                CurveRunner.Point point = CurveRunner.Point.parse(p);
                totals.add(point.siteUpdates(), point.nanos());
                points.add(point);
            }
        }
        return points;
    }

    /** The curve points as a session keeps them. */
    public static String curvePointsText(List<CurveRunner.Point> points) {
        return String.join(";", points.stream().map(CurveRunner.Point::text).toList());
    }

    private static Round parseRound(LineReader in, String[] f) throws InputException {
        int doc = (int) number(in, f[1], "document index", 0, Integer.MAX_VALUE - 1);
        if (f[2].isEmpty()) {
            throw in.error("empty method");
        }
        int temperatures = (int) number(in, f[3], "temperatures", 1, Integer.MAX_VALUE);
        Boolean converged = switch (f[4]) {
            case "yes" -> true;
            case "no" -> false;
            case "-" -> null;
            default -> throw in.error("converged '" + f[4] + "' is not yes, no or -");
        };
        return new Round(doc, f[2], temperatures, converged);
    }

    private static ComparisonRunner.Result parseResult(LineReader in, String[] f) throws InputException {
        int doc = (int) number(in, f[1], "document index", 0, Integer.MAX_VALUE - 1);
        if (f[2].isEmpty()) {
            throw in.error("empty document id");
        }
        int length = (int) number(in, f[3], "N", 1, Integer.MAX_VALUE);
        Direction direction;
        try {
            direction = Direction.valueOf(f[5]);
        } catch (IllegalArgumentException e) {
            throw in.error("unknown direction '" + f[5] + "'");
        }
        int run = (int) number(in, f[6], "run", 1, Setting.RUNS.max());
        long reference = number(in, f[7], "reference flag", 0, 1);
        if (f[4].isEmpty()) {
            throw in.error("empty method");
        }
        Status status = f.length == 13 ? status(in, f[11]) : Status.OK;
        if (!status.hasValue()) {
            if (!f[8].isEmpty()) {
                throw in.error("a " + status.label() + " result has no logRatio, this one has '" + f[8] + "'");
            }
            return new ComparisonRunner.Result(doc, f[2], length, f[4], direction, run, reference == 1, null,
                    f[12].isEmpty() ? status.label() : f[12], status);
        }
        double logRatio;
        try {
            logRatio = RowChecks.logValue(f[8], "logRatio", length);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
        long siteUpdates = number(in, f[9], "siteUpdates", 0, Long.MAX_VALUE);
        long nanos = number(in, f[10], "nanos", 0, Long.MAX_VALUE);
        return new ComparisonRunner.Result(doc, f[2], length, f[4], direction, run, reference == 1,
                new RatioResult(logRatio, new double[0], siteUpdates, nanos), null, status);
    }

    private static Status status(LineReader in, String label) throws InputException {
        for (Status s : Status.values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        throw in.error("unknown status '" + label + "' (ok, zero-weight, below-floor, refused)");
    }

    private static long number(LineReader in, String s, String what, long min, long max) throws InputException {
        try {
            return RowChecks.whole(s, what, min, max);
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
