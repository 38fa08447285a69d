package tmeval.run;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.ComparisonTable;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.estimate.EstimateResult;
import tmeval.io.InputException;
import tmeval.io.LineReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins the outputs of {@code --shard I/N} runs into the file the unsharded run writes: the shards must come from one
 * plan on the same inputs (their provenance lines agree, apart from the shard and the time written), each shard
 * 1..N must be there once, and every file must hold whole documents. Rows are interleaved back into corpus order
 * (document p came from shard p mod N + 1), and the summary is recomputed from them.
 */
public final class ShardMerge {
    /** Which command wrote the shards. */
    public enum Kind {
        ESTIMATE(EstimateTable.HEADER), COMPARE(ComparisonRows.HEADER);

        private final String header;

        Kind(String header) {
            this.header = header;
        }

        public String header() {
            return header;
        }
    }

    /**
     * The merged file's parts and what the summary needs.
     *
     * @param provenance the provenance lines, the shard line saying what was merged
     * @param rows the rows in corpus order, with their newlines
     * @param rowsPerDocument rows each document has (runs, times directions for compare)
     */
    public record Merged(Kind kind, List<String> provenance, List<String> rows, Map<String, String> settings, int rowsPerDocument,
                         int documents) {
    }

    private record Part(Path file, List<String> provenance, Shard shard, List<List<String>> documents) {
    }

    private ShardMerge() {
    }

    /** @throws InputException naming the file (and line) that does not fit */
    public static Merged merge(List<Path> files) throws InputException {
        if (files.isEmpty()) {
            throw new InputException((String) null, 0, "give the shard files to merge", null);
        }
        List<Part> parts = new ArrayList<>();
        Kind kind = null;
        Map<String, String> settings = null;
        int perDocument = 0;
        List<String> reference = null;
        for (Path file : files) {
            List<String> provenance = new ArrayList<>();
            List<String> rows = new ArrayList<>();
            Shard shard = null;
            Kind fileKind = null;
            try (LineReader in = LineReader.open(file)) {
                String line;
                while ((line = in.next()) != null) {
                    if (fileKind == null) {
                        if (line.startsWith(Provenance.SHARD_LINE)) {
                            try {
                                shard = Shard.parse(line.substring(Provenance.SHARD_LINE.length()));
                            } catch (IllegalArgumentException e) {
                                throw in.error(e.getMessage());
                            }
                        } else if (line.startsWith("#")) {
                            provenance.add(line);
                        } else {
                            for (Kind k : Kind.values()) {
                                if ((line + "\n").equals(k.header())) {
                                    fileKind = k;
                                }
                            }
                            if (fileKind == null) {
                                throw in.error("not the header of an estimate or compare output: '" + line + "'");
                            }
                        }
                        continue;
                    }
                    String[] f = line.split("\t", -1);
                    int expected = fileKind.header().split("\t", -1).length;
                    if (f.length != expected) {
                        throw in.error(f.length + " fields where the header has " + expected + " (a truncated or damaged file)");
                    }
                    try {
                        check(fileKind, f);
                    } catch (RuntimeException e) {
                        throw in.error("not a row of an " + fileKind.name().toLowerCase() + " output (" + e.getMessage() + ")");
                    }
                    rows.add(line + "\n");
                }
            }
            if (fileKind == null) {
                throw InputException.ofFile(file, "no header row: not an estimate or compare output, or truncated");
            }
            if (shard == null) {
                throw InputException.ofFile(file, "no '# shard' line: it was not written with --shard I/N");
            }
            List<String> comparable = provenance.stream().filter(l -> !l.startsWith(Provenance.WRITTEN_LINE)).toList();
            if (reference == null) {
                reference = comparable;
                kind = fileKind;
                settings = settingsOf(comparable);
                perDocument = rowsPerDocument(kind, settings, file);
            } else {
                if (fileKind != kind) {
                    throw InputException.ofFile(file, "a " + fileKind.name().toLowerCase() + " output among " + kind.name().toLowerCase() + " outputs");
                }
                for (int i = 0; i < Math.max(reference.size(), comparable.size()); i++) {
                    String mine = i < comparable.size() ? comparable.get(i) : "(none)";
                    String theirs = i < reference.size() ? reference.get(i) : "(none)";
                    if (!mine.equals(theirs)) {
                        throw InputException.ofFile(file, "comes from another plan or other inputs than " + files.get(0).getFileName()
                                + ": its provenance has '" + mine + "' where the first has '" + theirs + "'");
                    }
                }
            }
            if (rows.size() % perDocument != 0) {
                throw InputException.ofFile(file, rows.size() + " rows, not a whole number of documents of " + perDocument
                        + " rows each: the file is truncated");
            }
            List<List<String>> documents = new ArrayList<>();
            for (int i = 0; i < rows.size(); i += perDocument) {
                documents.add(rows.subList(i, i + perDocument));
            }
            parts.add(new Part(file, provenance, shard, documents));
        }
        int count = parts.get(0).shard().count();
        Part[] byIndex = new Part[count];
        for (Part p : parts) {
            if (p.shard().count() != count) {
                throw InputException.ofFile(p.file(), "is shard " + p.shard().label() + " but " + parts.get(0).file().getFileName()
                        + " is shard " + parts.get(0).shard().label());
            }
            if (byIndex[p.shard().index() - 1] != null) {
                throw InputException.ofFile(p.file(), "shard " + p.shard().label() + " is given twice (also "
                        + byIndex[p.shard().index() - 1].file() + ")");
            }
            byIndex[p.shard().index() - 1] = p;
        }
        for (int i = 0; i < count; i++) {
            if (byIndex[i] == null) {
                throw new InputException((String) null, 0, "shard " + (i + 1) + "/" + count + " is missing", null);
            }
        }
        int total = 0;
        for (Part p : byIndex) {
            total += p.documents().size();
        }
        for (Part p : byIndex) {
            int expected = p.shard().positions(total).length;
            if (p.documents().size() != expected) {
                throw InputException.ofFile(p.file(), "holds " + p.documents().size() + " documents where shard " + p.shard().label()
                        + " of " + total + " documents has " + expected + ": truncated, or from another corpus");
            }
        }
        List<String> rows = new ArrayList<>();
        for (int position = 0; position < total; position++) {
            rows.addAll(byIndex[position % count].documents().get(position / count));
        }
        List<String> provenance = new ArrayList<>(reference);
        provenance.add(Provenance.SHARD_LINE + "merged from " + count + " shards");
        return new Merged(kind, provenance, rows, settings, perDocument, total);
    }

    /** Parses a row's numbers and labels, as the summary will. */
    private static void check(Kind kind, String[] f) {
        Integer.parseInt(f[1]);
        if (kind == Kind.ESTIMATE) {
            Integer.parseInt(f[3]);
            if (!f[4].isEmpty()) {
                Double.parseDouble(f[4]);
            }
            Long.parseLong(f[6]);
            Double.parseDouble(f[7]);
            statusOf(f[8]);
        } else {
            Direction.parse(f[3]);
            Integer.parseInt(f[4]);
            if (!f[5].isEmpty()) {
                Double.parseDouble(f[5]);
            }
            Long.parseLong(f[7]);
            Double.parseDouble(f[8]);
            statusOf(f[9]);
        }
    }

    private static Map<String, String> settingsOf(List<String> provenance) {
        Map<String, String> s = new LinkedHashMap<>();
        for (String line : provenance) {
            if (line.startsWith("# setting\t")) {
                String[] f = line.split("\t", 3);
                if (f.length == 3) {
                    s.put(f[1], f[2]);
                }
            }
        }
        return s;
    }

    /** Rows per document from the plan: runs for estimate; runs times each method's directions for compare. */
    private static int rowsPerDocument(Kind kind, Map<String, String> s, Path file) throws InputException {
        try {
            int runs = Integer.parseInt(s.get("runs"));
            if (kind == Kind.ESTIMATE) {
                return runs;
            }
            ComparisonPlan.Directions directions = ComparisonPlan.Directions.parse(s.get("direction"));
            int arms = 0;
            for (String m : s.get("methods").split(",")) {
                arms += directions.of(ComparisonMethods.get(m)).size();
            }
            return arms * runs;
        } catch (RuntimeException e) {
            throw InputException.ofFile(file, "its provenance lines do not give the plan's runs, methods and direction (" + e.getMessage() + ")");
        }
    }

    /** The estimate outcomes of the merged rows, for {@link CorpusSummary} (position = corpus index). */
    public static List<Outcome> outcomes(Merged m) {
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < m.rows().size(); i++) {
            String[] f = m.rows().get(i).strip().split("\t", -1);
            Status status = statusOf(f[8]);
            EstimateResult r = f[4].isEmpty() ? null
                    : new EstimateResult(Double.parseDouble(f[4]), new double[0], Long.parseLong(f[6]), Integer.parseInt(f[1]),
                    (long) (Double.parseDouble(f[7]) * 1e6));
            out.add(new Outcome(i / m.rowsPerDocument(), f[0], Integer.parseInt(f[1]), Integer.parseInt(f[3]), r,
                    r == null ? status.label() : null, status, Double.NaN));
        }
        return out;
    }

    /** The comparison table of the merged rows, as compare prints it. */
    public static ComparisonTable table(Merged m) {
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[m.documents()];
        for (int d = 0; d < m.documents(); d++) {
            String[] f = m.rows().get(d * m.rowsPerDocument()).split("\t", -1);
            ids.add(f[0]);
            lengths[d] = Integer.parseInt(f[1]);
        }
        ComparisonTable table = new ComparisonTable(ids, lengths, Integer.parseInt(m.settings().get("runs")));
        for (int i = 0; i < m.rows().size(); i++) {
            String[] f = m.rows().get(i).strip().split("\t", -1);
            Direction direction = Direction.parse(f[3]);
            if (f[5].isEmpty()) {
                table.refuse(f[2], direction);
            } else {
                table.add(f[2], direction, i / m.rowsPerDocument(), Integer.parseInt(f[4]),
                        new RatioResult(Double.parseDouble(f[5]), new double[0], Long.parseLong(f[7]), (long) (Double.parseDouble(f[8]) * 1e6)));
            }
        }
        return table;
    }

    private static Status statusOf(String label) {
        for (Status s : Status.values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + label + "'");
    }
}
