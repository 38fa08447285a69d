package tmeval.run;

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
 * rounds) still open.
 */
public final class SessionFile {
    public static final String MAGIC = "#tmeval-session v1";
    private static final List<String> INPUTS = List.of("modelA", "modelB", "corpus", "series");

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
                    w.write("input\t" + e.getKey() + "\t" + e.getValue().toAbsolutePath() + "\n");
                }
            }
            for (var e : session.settings().entrySet()) {
                w.write("setting\t" + e.getKey() + "\t" + e.getValue() + "\n");
            }
            for (ComparisonRunner.Result r : session.results()) {
                boolean value = !r.refused();
                w.write("result\t" + r.documentIndex() + "\t" + r.documentId() + "\t" + r.length() + "\t" + r.method() + "\t"
                        + r.direction().name() + "\t" + r.run() + "\t" + (r.reference() ? 1 : 0) + "\t"
                        + (value ? r.result().logRatio() + "\t" + r.result().siteUpdates() + "\t" + r.result().nanos() : "\t0\t0") + "\t"
                        + r.status().label() + "\t" + (r.refusal() == null ? "" : r.refusal().replaceAll("[\\t\\r\\n]", " ")) + "\n");
            }
            for (Round round : session.rounds()) {
                w.write("round\t" + round.documentIndex() + "\t" + round.method() + "\t" + round.temperatures() + "\t"
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
        try (LineReader in = LineReader.open(path)) {
            String line = in.next();
            if (line == null || !line.equals(MAGIC)) {
                throw new InputException(path, 1, "not a tmeval session (expected '" + MAGIC + "')");
            }
            while ((line = in.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
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
                        settings.put(f[1], f[2]);
                    }
                    case "result" -> {
                        if (f.length != 11) {
                            expect(in, f, 13);
                        }
                        results.add(parseResult(in, f));
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
        int length = (int) number(in, f[3], "N", 1, Integer.MAX_VALUE);
        Direction direction;
        try {
            direction = Direction.valueOf(f[5]);
        } catch (IllegalArgumentException e) {
            throw in.error("unknown direction '" + f[5] + "'");
        }
        int run = (int) number(in, f[6], "run", 1, 1_000_000);
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
            logRatio = Double.parseDouble(f[8]);
        } catch (NumberFormatException e) {
            throw in.error("logRatio '" + f[8] + "' is not a number");
        }
        if (!Double.isFinite(logRatio)) {
            throw in.error("logRatio is not finite");
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
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw in.error(what + " '" + s + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw in.error(what + " " + v + " is out of range");
        }
        return v;
    }

    private static void expect(LineReader in, String[] f, int fields) throws InputException {
        if (f.length != fields) {
            throw in.error("a " + f[0] + " line has " + fields + " tab-separated fields, this one has " + f.length);
        }
    }
}
