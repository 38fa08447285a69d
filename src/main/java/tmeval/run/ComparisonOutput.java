package tmeval.run;

import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code compare} output read back (as the command line, {@code merge} or the workbench's export wrote it): its
 * provenance lines (the plan's settings, each input with its SHA-256) and its rows, so that the workbench can open the
 * merged results of a distributed run as a session.
 */
public final class ComparisonOutput {
    /** One {@code # input} line: the role ({@code model-a}, {@code model-b}, {@code corpus}), the path and its digest. */
    public record Input(String role, Path path, String digest) {
        /** Why this input cannot be used as recorded, or null: missing, or changed since the results were made. */
        public String problem() {
            if (!Files.exists(path)) {
                return role + " " + path + " does not exist here";
            }
            if (digest.startsWith("sha256:-")) {
                return null; // a stream when the results were made: nothing to compare
            }
            try {
                String now = Provenance.digest(path);
                return now.equals(digest) ? null : role + " " + path + " has changed since the results were made (its SHA-256 differs)";
            } catch (IOException e) {
                return role + " " + path + " cannot be read: " + e.getMessage();
            }
        }
    }

    /**
     * One row, by document id (its position is the loaded corpus's business).
     *
     * @param temperatures the adaptive round's temperatures, or 0 in a plain run's file
     * @param converged the adaptive round's verdict (null: no directions, or a plain run)
     */
    public record Row(String documentId, int length, String method, Direction direction, int run, RatioResult result, Status status,
                      int temperatures, Boolean converged) {
    }

    /** The file's content; {@code adaptive} when it has the temperatures and converged columns. */
    public record Content(Map<String, String> settings, List<Input> inputs, boolean adaptive, List<Row> rows) {
    }

    private ComparisonOutput() {
    }

    /** Whether a file starts as every output of tmeval does (a provenance line), rather than as a session. */
    public static boolean looksLikeOutput(Path path) throws InputException {
        try (LineReader in = LineReader.open(path)) {
            String first = in.next();
            return first != null && first.startsWith("# tmeval\t");
        }
    }

    public static Content read(Path path) throws InputException {
        Map<String, String> settings = new LinkedHashMap<>();
        List<Input> inputs = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        Boolean adaptive = null;
        RowChecks.Totals totals = new RowChecks.Totals();
        try (LineReader in = LineReader.open(path)) {
            String line;
            while ((line = in.next()) != null) {
                if (line.startsWith("#")) {
                    String[] f = Provenance.fields(line);
                    if (f[0].equals("# setting") && f.length == 3) {
                        try {
                            Setting.check(settings.get("plan"), f[1], f[2]);
                        } catch (IllegalArgumentException e) {
                            throw in.error(e.getMessage());
                        }
                        settings.put(f[1], f[2]);
                    } else if (f[0].equals("# input") && f.length >= 5) {
                        try {
                            inputs.add(new Input(f[1], Path.of(f[2]), f[3] + "\t" + f[4]));
                        } catch (InvalidPathException e) {
                            throw in.error("invalid path for " + f[1]);
                        }
                    }
                    continue;
                }
                if (adaptive == null) {
                    if ((line + "\n").equals(ComparisonRows.HEADER)) {
                        adaptive = false;
                    } else if ((line + "\n").equals(ComparisonRows.HEADER_ADAPTIVE)) {
                        adaptive = true;
                    } else {
                        throw in.error("not a compare output: expected the header '" + ComparisonRows.HEADER.strip().replace("\t", " ") + "'");
                    }
                    continue;
                }
                Row row = row(in, Provenance.fields(line), adaptive);
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
        if (!"compare".equals(settings.get("plan"))) {
            throw new InputException(path, 0, "not a compare output: its provenance names no compare plan ('# setting\tplan\tcompare')");
        }
        return new Content(settings, inputs, adaptive, rows);
    }

    private static Row row(LineReader in, String[] f, boolean adaptive) throws InputException {
        int columns = adaptive ? 13 : 11;
        if (f.length != columns) {
            throw in.error("a row has " + columns + " tab-separated fields, this one has " + f.length);
        }
        try {
            if (f[0].isEmpty() || f[2].isEmpty()) {
                throw in.error("a row needs a document id and a method");
            }
            int length = (int) RowChecks.whole(f[1], "N", 1, Integer.MAX_VALUE);
            Direction direction = Direction.parse(f[3]);
            int run = (int) RowChecks.whole(f[4], "run", 1, Setting.RUNS.max());
            Status status = status(in, f[9]);
            RatioResult result = null;
            if (status.hasValue()) {
                result = new RatioResult(RowChecks.logValue(f[5], "logRatio", length), new double[0],
                        RowChecks.whole(f[7], "siteUpdates", 0, Long.MAX_VALUE), RowChecks.millisAsNanos(f[8]));
            } else if (!f[5].isEmpty()) {
                throw in.error("a " + status.label() + " row has no logRatio, this one has '" + f[5] + "'");
            }
            if (!f[10].equals("yes") && !f[10].equals("no")) {
                throw in.error("certified is yes or no, was '" + f[10] + "'");
            }
            int temperatures = adaptive ? (int) RowChecks.whole(f[11], "temperatures", 1, Integer.MAX_VALUE) : 0;
            Boolean converged = !adaptive || f[12].equals("-") ? null : switch (f[12]) {
                case "yes" -> true;
                case "no" -> false;
                default -> throw in.error("converged is yes, no or -, was '" + f[12] + "'");
            };
            return new Row(f[0], length, f[2], direction, run, result, status, temperatures, converged);
        } catch (NumberFormatException e) {
            throw in.error("a number is not valid: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    private static Status status(LineReader in, String label) throws InputException {
        for (Status s : Status.values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        throw in.error("unknown status '" + label + "'");
    }

    /** The row as the workbench's result of the document at this corpus position. */
    public static ComparisonRunner.Result result(Row row, int documentIndex) {
        return new ComparisonRunner.Result(documentIndex, row.documentId(), row.length(), row.method(), row.direction(), row.run(), false,
                row.result(), row.result() == null ? row.status().label() : null, row.status());
    }
}
