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
 * (document p came from shard p mod N + 1), and the summary is recomputed from them. A curve's rows come snapshot by
 * snapshot: they are interleaved snapshot by snapshot, and each snapshot's corpus lines, which a shard cannot write,
 * are computed from the merged rows by {@link CurveRunner#points}, as the unsharded run computes them.
 */
public final class ShardMerge {
    /** Which command wrote the shards. */
    public enum Kind {
        ESTIMATE(EstimateTable.HEADER, "estimate"), COMPARE(ComparisonRows.HEADER, "compare"),
        /** compare --adaptive: compare's rows and the temperatures and verdict of each row's last round */
        COMPARE_ADAPTIVE(ComparisonRows.HEADER_ADAPTIVE, "compare --adaptive"), CURVE(CurveRunner.HEADER, "curve");

        private final String header;
        private final String label;

        Kind(String header, String label) {
            this.header = header;
            this.label = label;
        }

        public String header() {
            return header;
        }

        /** The command that writes this kind, as messages name it. */
        public String label() {
            return label;
        }
    }

    /**
     * The merged file's parts and what the summary needs.
     *
     * @param provenance the provenance lines, the shard line saying what was merged
     * @param rows the rows in corpus order, with their newlines
     * @param rowsPerDocument rows each document has (runs, times directions for compare; per snapshot for a curve)
     * @param curvePoints a curve's corpus points, snapshot by snapshot (empty for the other kinds)
     */
    public record Merged(Kind kind, List<String> provenance, List<String> rows, Map<String, String> settings, int rowsPerDocument,
                         int documents, List<CurveRunner.Point> curvePoints) {
    }

    /**
     * One shard file: its documents' rows block by block (a curve has a block per snapshot, the others one block),
     * each block a list of documents, each document its rows.
     */
    private record Part(Path file, List<String> provenance, Shard shard, List<Integer> iterations, List<List<List<String>>> blocks) {
        int documents() {
            return blocks.isEmpty() ? 0 : blocks.get(0).size();
        }
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
                                throw in.error("not the header of an estimate, compare or curve output: '" + line + "'");
                            }
                            if (shard == null) {
                                throw InputException.ofFile(file, "no '# shard' line: it was not written with --shard I/N");
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
                        throw in.error("not a row of " + fileKind.label() + "'s output (" + e.getMessage() + ")");
                    }
                    rows.add(line + "\n");
                }
            }
            if (fileKind == null) {
                throw InputException.ofFile(file, "no header row: not an estimate, compare or curve output, or truncated");
            }
            List<String> comparable = provenance.stream().filter(l -> !l.startsWith(Provenance.WRITTEN_LINE)).toList();
            if (reference == null) {
                reference = comparable;
                kind = fileKind;
                settings = settingsOf(comparable);
                perDocument = rowsPerDocument(kind, settings, file);
            } else {
                if (fileKind != kind) {
                    throw InputException.ofFile(file, "a " + fileKind.label() + " output among " + kind.label() + " outputs");
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
            parts.add(part(file, provenance, shard, kind, settings, perDocument, rows));
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
            total += p.documents();
        }
        for (Part p : byIndex) {
            int expected = p.shard().positions(total).length;
            if (p.documents() != expected) {
                throw InputException.ofFile(p.file(), "holds " + p.documents() + " documents where shard " + p.shard().label()
                        + " of " + total + " documents has " + expected + ": truncated, or from another corpus");
            }
        }
        // every shard with documents must have reached the same snapshots (a shard with none has no rows at all)
        Part longest = byIndex[0];
        for (Part p : byIndex) {
            if (p.iterations().size() > longest.iterations().size()) {
                longest = p;
            }
        }
        for (Part p : byIndex) {
            if (p.documents() > 0 && !p.iterations().equals(longest.iterations())) {
                throw InputException.ofFile(p.file(), "has the snapshots " + p.iterations() + " where " + longest.file().getFileName() + " has "
                        + longest.iterations() + ": truncated, or from another series");
            }
        }
        // a curve's corpus millis are the sum of its rows' (0 under --no-timing), written as the shards wrote theirs
        boolean timing = parts.get(0).provenance().stream().anyMatch(l -> l.startsWith(Provenance.WRITTEN_LINE));
        List<String> rows = new ArrayList<>();
        List<CurveRunner.Point> points = new ArrayList<>();
        for (int b = 0; b < longest.blocks().size(); b++) {
            int first = rows.size();
            for (int position = 0; position < total; position++) {
                rows.addAll(byIndex[position % count].blocks().get(b).get(position / count));
            }
            if (kind == Kind.CURVE) {
                int iteration = longest.iterations().get(b);
                List<CurveRunner.Point> snapshot = CurveRunner.points(iteration, List.of(settings.get("methods").split(",")),
                        Integer.parseInt(settings.get("runs")), curveRows(rows.subList(first, rows.size()), perDocument));
                for (CurveRunner.Point p : snapshot) {
                    rows.add(CurveRunner.corpusLine(p, timing));
                }
                points.addAll(snapshot);
            }
        }
        List<String> provenance = new ArrayList<>(reference);
        provenance.add(Provenance.SHARD_LINE + "merged from " + count + " shards");
        return new Merged(kind, provenance, rows, settings, perDocument, total, points);
    }

    /** A shard file's rows cut into blocks (a curve's snapshots) of whole documents, each checked for being whole. */
    private static Part part(Path file, List<String> provenance, Shard shard, Kind kind, Map<String, String> settings, int perDocument,
                             List<String> rows) throws InputException {
        List<Integer> iterations = new ArrayList<>();
        List<List<String>> blockRows = new ArrayList<>();
        if (kind != Kind.CURVE) {
            if (!rows.isEmpty()) {
                blockRows.add(rows);
            }
        } else {
            for (String row : rows) {
                int iteration = Integer.parseInt(row.split("\t", -1)[2]);
                if (iterations.isEmpty() || iterations.get(iterations.size() - 1) != iteration) {
                    if (iterations.contains(iteration)) {
                        throw InputException.ofFile(file, "the rows of snapshot " + iteration + " are not together: not a curve output");
                    }
                    iterations.add(iteration);
                    blockRows.add(new ArrayList<>());
                }
                blockRows.get(blockRows.size() - 1).add(row);
            }
        }
        List<List<List<String>>> blocks = new ArrayList<>();
        for (int b = 0; b < blockRows.size(); b++) {
            List<String> block = blockRows.get(b);
            String where = kind == Kind.CURVE ? " at snapshot " + iterations.get(b) : "";
            if (block.size() % perDocument != 0) {
                throw InputException.ofFile(file, block.size() + " rows" + where + ", not a whole number of documents of " + perDocument
                        + " rows each: the file is truncated");
            }
            List<List<String>> documents = new ArrayList<>();
            for (int i = 0; i < block.size(); i += perDocument) {
                documents.add(block.subList(i, i + perDocument));
            }
            if (kind == Kind.CURVE) {
                checkCurveDocuments(file, where, documents, settings, blocks.isEmpty() ? null : blocks.get(0));
            }
            blocks.add(documents);
        }
        return new Part(file, provenance, shard, iterations, blocks);
    }

    /**
     * Each document's rows are the plan's methods and runs in order, for one document, and every snapshot has the
     * first snapshot's documents: a file cut or spliced at a document boundary is caught here.
     */
    private static void checkCurveDocuments(Path file, String where, List<List<String>> documents, Map<String, String> settings,
                                            List<List<String>> firstSnapshot) throws InputException {
        String[] methods = settings.get("methods").split(",");
        int runs = Integer.parseInt(settings.get("runs"));
        if (firstSnapshot != null && documents.size() != firstSnapshot.size()) {
            throw InputException.ofFile(file, documents.size() + " documents" + where + " where the first snapshot has " + firstSnapshot.size()
                    + ": the file is truncated");
        }
        for (int d = 0; d < documents.size(); d++) {
            List<String> rows = documents.get(d);
            String id = rows.get(0).split("\t", -1)[0];
            if (firstSnapshot != null && !id.equals(firstSnapshot.get(d).get(0).split("\t", -1)[0])) {
                throw InputException.ofFile(file, "document " + id + where + " where the first snapshot has "
                        + firstSnapshot.get(d).get(0).split("\t", -1)[0] + ": not one curve output");
            }
            for (int i = 0; i < rows.size(); i++) {
                String[] f = rows.get(i).split("\t", -1);
                String method = methods[i / runs];
                int run = i % runs + 1;
                if (!f[0].equals(id) || !f[3].equals(method) || Integer.parseInt(f[4]) != run) {
                    throw InputException.ofFile(file, "row '" + rows.get(i).strip() + "'" + where + " where document " + id + ", " + method
                            + ", run " + run + " belongs: rows missing or out of order");
                }
            }
        }
    }

    /** A curve's document rows (position = corpus index times rows per document), as the runner's rows. */
    private static List<CurveRunner.Row> curveRows(List<String> lines, int perDocument) {
        List<CurveRunner.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).strip().split("\t", -1);
            boolean refused = f[5].isEmpty();
            rows.add(new CurveRunner.Row(i / perDocument, f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3], Integer.parseInt(f[4]),
                    refused ? Double.NaN : Double.parseDouble(f[5]), Long.parseLong(f[6]), Math.round(Double.parseDouble(f[7]) * 1e6),
                    refused ? "refused" : null));
        }
        return rows;
    }

    /** Parses a row's numbers and labels, as the summary will. */
    private static void check(Kind kind, String[] f) {
        Integer.parseInt(f[1]);
        if (kind == Kind.CURVE) {
            if (f[0].equals("*")) {
                throw new IllegalArgumentException("a corpus line: a shard's file has none");
            }
            Integer.parseInt(f[2]);
            if (!CurveRunner.METHODS.contains(f[3])) {
                throw new IllegalArgumentException("unknown curve method '" + f[3] + "'");
            }
            Integer.parseInt(f[4]);
            if (!f[5].isEmpty()) {
                Double.parseDouble(f[5]);
            }
            Long.parseLong(f[6]);
            Double.parseDouble(f[7]);
        } else if (kind == Kind.ESTIMATE) {
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
            if (kind == Kind.COMPARE_ADAPTIVE) {
                Integer.parseInt(f[10]);
                if (!List.of("yes", "no", "-").contains(f[11])) {
                    throw new IllegalArgumentException("converged is yes, no or -, was '" + f[11] + "'");
                }
            }
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

    /**
     * Rows per document from the plan: runs for estimate; runs times each method's directions for compare; runs times
     * methods (per snapshot) for a curve.
     */
    private static int rowsPerDocument(Kind kind, Map<String, String> s, Path file) throws InputException {
        try {
            int runs = Integer.parseInt(s.get("runs"));
            if (kind == Kind.ESTIMATE) {
                return runs;
            }
            if (kind == Kind.CURVE) {
                return s.get("methods").split(",").length * runs;
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
