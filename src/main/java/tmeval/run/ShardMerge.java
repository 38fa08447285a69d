package tmeval.run;

import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;
import tmeval.compare.ComparisonTable;
import tmeval.compare.Direction;
import tmeval.compare.RatioResult;
import tmeval.estimate.EstimateResult;
import tmeval.io.InputException;
import tmeval.io.LineReader;
import tmeval.io.ProvenanceLines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins the outputs of {@code --shard I/N} runs into the file the unsharded run writes: the shards must come from one
 * plan on the same inputs (their provenance lines agree, apart from the shard and the time written), each shard
 * 1..N must be there once, and every file must hold exactly its documents: every row checked ({@link ShardRows}: finite
 * values, a value exactly where the status has one, sums that cannot overflow), each document's rows the plan's in
 * order, no document twice, and the documents counted and hashed as the shard's '# shard' line records them
 * ({@link ShardDocuments}), each problem named by file and line. Rows are interleaved back into corpus order
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
     * @param checked what the shards' documents could be checked against, in words
     */
    public record Merged(Kind kind, List<String> provenance, List<String> rows, Map<String, String> settings, int rowsPerDocument,
                         int documents, List<CurveRunner.Point> curvePoints, String checked) {
    }

    /** One row of a shard file, with its newline, and the line it was on. */
    private record Row(String text, long line) {
        String[] fields() {
            return text.substring(0, text.length() - 1).split("\t", -1);
        }
    }

    /**
     * One shard file: its documents' rows block by block (a curve has a block per snapshot, the others one block),
     * each block a list of documents, each document its rows.
     *
     * @param documents what its '# shard' line records of its documents, or null (written before shards recorded them)
     * @param rowsDigest the SHA-256 of its documents as its rows name them, as {@link ShardDocuments} computes it
     */
    private record Part(Path file, List<String> provenance, Shard shard, ShardDocuments documents, String rowsDigest,
                        List<Integer> iterations, List<List<List<Row>>> blocks) {
        int count() {
            return blocks.isEmpty() ? 0 : blocks.get(0).size();
        }
    }

    /** A shard file as read: its provenance lines (the shard line apart), shard, kind, plan and checked rows. */
    private record ShardFile(Path file, List<String> provenance, Shard shard, ShardDocuments documents, Kind kind,
                             Map<String, String> settings, ShardRows rules, List<Row> rows) {
    }

    private ShardMerge() {
    }

    /** @throws InputException naming the file (and line) that does not fit */
    public static Merged merge(List<Path> files) throws InputException {
        if (files.isEmpty()) {
            throw new InputException((String) null, 0, "give the shard files to merge", null);
        }
        RowChecks.Totals totals = new RowChecks.Totals();
        Map<String, String> seen = new HashMap<>();
        List<Part> parts = new ArrayList<>();
        ShardFile first = null;
        List<String> reference = null;
        for (Path file : files) {
            ShardFile f = read(file, totals);
            List<String> comparable = f.provenance().stream().filter(l -> !l.startsWith(Provenance.WRITTEN_LINE)).toList();
            if (first == null) {
                first = f;
                reference = comparable;
            } else {
                if (f.kind() != first.kind()) {
                    throw InputException.ofFile(file, "a " + f.kind().label() + " output among " + first.kind().label() + " outputs");
                }
                String difference = ProvenanceLines.firstDifference(reference, comparable, "the first");
                if (difference != null) {
                    throw InputException.ofFile(file, "comes from another plan or other inputs than " + files.get(0).getFileName() + ": " + difference);
                }
                if ((f.documents() == null) != (first.documents() == null)) {
                    throw InputException.ofFile(file, "records " + (f.documents() == null ? "no" : "its") + " documents in its '# shard' line and "
                            + files.get(0).getFileName() + " " + (first.documents() == null ? "does not" : "does") + ": written by different versions");
                }
            }
            parts.add(part(f, seen));
        }
        Kind kind = first.kind();
        Map<String, String> settings = first.settings();
        int perDocument = first.rules().perDocument();
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
        int total = checkDocuments(byIndex);
        // every shard with documents must have reached the same snapshots (a shard with none has no rows at all)
        Part longest = byIndex[0];
        for (Part p : byIndex) {
            if (p.iterations().size() > longest.iterations().size()) {
                longest = p;
            }
        }
        for (Part p : byIndex) {
            if (p.count() > 0 && !p.iterations().equals(longest.iterations())) {
                throw InputException.ofFile(p.file(), "has the snapshots " + p.iterations() + " where " + longest.file().getFileName() + " has "
                        + longest.iterations() + ": truncated, or from another series");
            }
        }
        // a curve's corpus millis are the sum of its rows' (0 under --no-timing), written as the shards wrote theirs
        boolean timing = parts.get(0).provenance().stream().anyMatch(l -> l.startsWith(Provenance.WRITTEN_LINE));
        List<String> rows = new ArrayList<>();
        List<CurveRunner.Point> points = new ArrayList<>();
        for (int b = 0; b < longest.blocks().size(); b++) {
            int firstRow = rows.size();
            for (int position = 0; position < total; position++) {
                byIndex[position % count].blocks().get(b).get(position / count).forEach(r -> rows.add(r.text()));
            }
            if (kind == Kind.CURVE) {
                int iteration = longest.iterations().get(b);
                List<CurveRunner.Point> snapshot = CurveRunner.points(iteration, List.of(settings.get("methods").split(",")),
                        Integer.parseInt(settings.get("runs")), curveRows(rows.subList(firstRow, rows.size()), perDocument));
                for (CurveRunner.Point p : snapshot) {
                    rows.add(CurveRunner.corpusLine(p, timing));
                }
                points.addAll(snapshot);
            }
        }
        List<String> provenance = new ArrayList<>(reference);
        provenance.add(Provenance.SHARD_LINE + "merged from " + count + " shards");
        String checked = first.documents() != null
                ? "checked: every shard's documents (docId and N, in order) against the count and SHA-256 its '# shard' line records"
                : "checked: whole documents in the plan's order, no document twice; these shards record no SHA-256 of their documents"
                + " (written by an earlier tmeval), so an edited docId or N, or a document lost at a shard's end, could not be checked";
        return new Merged(kind, provenance, rows, settings, perDocument, total, points, checked);
    }

    /**
     * Each shard's documents against what its '# shard' line records (the corpus's documents, the SHA-256 of its own),
     * or, for shards that record nothing, against the total they hold.
     *
     * @return the documents of the whole corpus
     */
    private static int checkDocuments(Part[] byIndex) throws InputException {
        int total = 0;
        for (Part p : byIndex) {
            total += p.count();
        }
        if (byIndex[0].documents() != null) {
            total = byIndex[0].documents().corpusDocuments();
            for (Part p : byIndex) {
                if (p.documents().corpusDocuments() != total) {
                    throw InputException.ofFile(p.file(), "records a corpus of " + p.documents().corpusDocuments() + " documents where "
                            + byIndex[0].file().getFileName() + " records " + total + ": another corpus, or another --min-tokens");
                }
            }
        }
        for (Part p : byIndex) {
            int expected = p.shard().positions(total).length;
            if (p.count() != expected) {
                throw InputException.ofFile(p.file(), "holds " + p.count() + " documents where shard " + p.shard().label() + " of "
                        + total + " documents has " + expected + ": " + (p.count() < expected ? (expected - p.count()) + " missing (rows deleted, or"
                        + " the file truncated)" : (p.count() - expected) + " too many (rows added)"));
            }
            if (p.documents() != null) {
                if (!p.rowsDigest().equals(p.documents().sha256())) {
                    throw InputException.ofFile(p.file(), "its rows' documents (docId and N, in order) are not the ones it was written with"
                            + " (their SHA-256 differs from the one its '# shard' line records): a docId or N edited, or rows moved");
                }
            }
        }
        return total;
    }

    /** Reads a shard file, checking its shard line, its settings and each row as it goes. */
    private static ShardFile read(Path file, RowChecks.Totals totals) throws InputException {
        List<String> provenance = new ArrayList<>();
        Map<String, String> settings = new LinkedHashMap<>();
        List<Row> rows = new ArrayList<>();
        Shard shard = null;
        ShardDocuments documents = null;
        Kind kind = null;
        ShardRows rules = null;
        try (LineReader in = LineReader.open(file)) {
            String line;
            while ((line = in.next()) != null) {
                if (kind == null) {
                    try {
                        if (line.startsWith(Provenance.SHARD_LINE)) {
                            List<String> f = List.of(Provenance.fields(line));
                            shard = Shard.parse(f.get(1));
                            documents = ShardDocuments.parse(f.subList(2, f.size()));
                            continue;
                        }
                        if (line.startsWith("#")) {
                            provenance.add(line);
                            if (line.startsWith(Provenance.SETTING_LINE)) {
                                String[] f = Provenance.fields(line);
                                if (f.length != 3) {
                                    throw in.error("a '# setting' line has a name and a value, this one has " + (f.length - 1) + " fields");
                                }
                                Setting.check(settings.get("plan"), f[1], f[2]);
                                settings.put(f[1], f[2]);
                            }
                            continue;
                        }
                    } catch (IllegalArgumentException e) {
                        throw in.error(e.getMessage());
                    }
                    for (Kind k : Kind.values()) {
                        if ((line + "\n").equals(k.header())) {
                            kind = k;
                        }
                    }
                    if (kind == null) {
                        throw in.error("not the header of an estimate, compare or curve output: '" + line + "'");
                    }
                    if (shard == null) {
                        throw InputException.ofFile(file, "no '# shard' line: it was not written with --shard I/N");
                    }
                    try {
                        rules = new ShardRows(kind, settings);
                    } catch (IllegalArgumentException e) {
                        throw InputException.ofFile(file, "its provenance lines do not give the plan's runs, methods and direction ("
                                + e.getMessage() + ")");
                    }
                    continue;
                }
                String[] f = line.split("\t", -1);
                int expected = kind.header().split("\t", -1).length;
                if (f.length != expected) {
                    throw in.error(f.length + " fields where the header has " + expected + " (a truncated or damaged file)");
                }
                try {
                    rules.check(f);
                    totals.add(rules.siteUpdates(f), rules.nanos(f));
                } catch (IllegalArgumentException e) {
                    throw in.error("not a row of " + kind.label() + "'s output: " + e.getMessage());
                }
                rows.add(new Row(line + "\n", in.lineNumber()));
            }
        }
        if (kind == null) {
            throw InputException.ofFile(file, "no header row: not an estimate, compare or curve output, or truncated");
        }
        return new ShardFile(file, provenance, shard, documents, kind, settings, rules, rows);
    }

    /**
     * A shard file's rows cut into blocks (a curve's snapshots) of whole documents: each document's rows the plan's in
     * order, with one docId and N; no document twice (in this file or, through {@code seen}, another); and every
     * snapshot of a curve with the first snapshot's documents.
     *
     * @param seen the documents of the shards read before, by docId, with their file and line
     */
    private static Part part(ShardFile f, Map<String, String> seen) throws InputException {
        List<Integer> iterations = new ArrayList<>();
        List<List<Row>> blockRows = new ArrayList<>();
        if (f.kind() != Kind.CURVE) {
            if (!f.rows().isEmpty()) {
                blockRows.add(f.rows());
            }
        } else {
            for (Row row : f.rows()) {
                int iteration = Integer.parseInt(row.fields()[2]);
                if (iterations.isEmpty() || iterations.get(iterations.size() - 1) != iteration) {
                    if (iterations.contains(iteration)) {
                        throw new InputException(f.file(), row.line(), "the rows of snapshot " + iteration + " are not together: not a curve output");
                    }
                    iterations.add(iteration);
                    blockRows.add(new ArrayList<>());
                }
                blockRows.get(blockRows.size() - 1).add(row);
            }
        }
        int perDocument = f.rules().perDocument();
        List<List<List<Row>>> blocks = new ArrayList<>();
        ShardDocuments.Digest digest = new ShardDocuments.Digest();
        for (int b = 0; b < blockRows.size(); b++) {
            List<Row> block = blockRows.get(b);
            String where = f.kind() == Kind.CURVE ? " at snapshot " + iterations.get(b) : "";
            List<List<Row>> documents = new ArrayList<>();
            for (int i = 0; i < block.size(); i += perDocument) {
                List<Row> document = block.subList(i, Math.min(block.size(), i + perDocument));
                long tokens = checkDocument(f, document, where);
                String id = document.get(0).fields()[0];
                if (b == 0) {
                    String other = seen.put(id, f.file() + ", line " + document.get(0).line());
                    if (other != null) {
                        throw new InputException(f.file(), document.get(0).line(), "document " + id + " appears twice (also at " + other + ")");
                    }
                    digest.add(id, tokens);
                } else {
                    List<List<Row>> firstSnapshot = blocks.get(0);
                    int d = documents.size();
                    String firstId = d < firstSnapshot.size() ? firstSnapshot.get(d).get(0).fields()[0] : null;
                    if (!id.equals(firstId)) {
                        throw new InputException(f.file(), document.get(0).line(), "document " + id + where + " where the first snapshot has "
                                + (firstId == null ? "no more documents" : firstId) + ": truncated, or not one curve output");
                    }
                }
                documents.add(document);
            }
            if (b > 0 && documents.size() != blocks.get(0).size()) {
                throw InputException.ofFile(f.file(), documents.size() + " documents" + where + " where the first snapshot has "
                        + blocks.get(0).size() + ": the file is truncated");
            }
            blocks.add(documents);
        }
        return new Part(f.file(), f.provenance(), f.shard(), f.documents(), digest.hex(), iterations, blocks);
    }

    /**
     * One document's rows: the plan's (method, direction, run) in order, all with one docId and N.
     *
     * @return the document's N as the record of the shard's documents counts it
     */
    private static long checkDocument(ShardFile f, List<Row> document, String where) throws InputException {
        String[] first = document.get(0).fields();
        long tokens = f.rules().documentTokens(first);
        for (int i = 0; i < f.rules().perDocument(); i++) {
            if (i >= document.size()) {
                Row last = document.get(document.size() - 1);
                throw new InputException(f.file(), last.line(), "document " + first[0] + where + " ends after " + document.size() + " of its "
                        + f.rules().perDocument() + " rows: rows missing, or the file is truncated");
            }
            Row row = document.get(i);
            String[] fields = row.fields();
            String key = f.rules().key(fields);
            if (!key.equals(f.rules().expected(i))) {
                throw new InputException(f.file(), row.line(), "row " + key.replace('\t', ' ') + where + " where " + first[0] + "'s "
                        + f.rules().expected(i).replace('\t', ' ') + " belongs: rows missing, added or out of order");
            }
            if (!fields[0].equals(first[0]) || f.rules().documentTokens(fields) != tokens) {
                throw new InputException(f.file(), row.line(), "document " + fields[0] + " with N " + fields[1] + where + " among the rows of "
                        + first[0] + " with N " + first[1] + ": rows missing, moved or edited");
            }
        }
        Map<String, Verdict> verdicts = f.rules().verdicts(document.stream().map(Row::fields).toList());
        String autoProblem = f.rules().autoProblem(document.stream().map(Row::fields).toList(), verdicts);
        if (autoProblem != null) {
            throw new InputException(f.file(), document.get(0).line(), "document " + first[0] + ", " + autoProblem + ": edited");
        }
        for (Row row : document) {
            String[] fields = row.fields();
            Verdict v = verdicts.get(fields[2]);
            if (v != null && !fields[f.rules().certifiedColumn()].equals(v.label())) {
                throw new InputException(f.file(), row.line(), "document " + first[0] + ", " + fields[2] + ": certified is '"
                        + fields[f.rules().certifiedColumn()] + "' where its rows give '" + v.label() + "' (" + v.describe() + "): edited");
            }
        }
        return tokens;
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

    /** The estimate outcomes of the merged rows, for {@link CorpusSummary} (position = corpus index). */
    public static List<Outcome> outcomes(Merged m) {
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < m.rows().size(); i++) {
            String[] f = m.rows().get(i).strip().split("\t", -1);
            Status status = ShardRows.statusOf(f[8]);
            EstimateResult r = f[4].isEmpty() ? null
                    : new EstimateResult(Double.parseDouble(f[4]), new double[0], Long.parseLong(f[6]), Integer.parseInt(f[1]),
                    (long) (Double.parseDouble(f[7]) * 1e6));
            out.add(new Outcome(i / m.rowsPerDocument(), f[0], Integer.parseInt(f[1]), Integer.parseInt(f[3]), r,
                    r == null ? status.label() : null, status, Double.NaN));
        }
        return out;
    }

    /** The merged documents' verdicts, counted by method and reason (none for a curve). */
    public static VerdictCounts verdicts(Merged m) {
        ShardRows rules = new ShardRows(m.kind(), m.settings());
        VerdictCounts counts = new VerdictCounts();
        for (int d = 0; d < m.documents(); d++) {
            List<String[]> document = new ArrayList<>();
            for (int i = d * m.rowsPerDocument(); i < (d + 1) * m.rowsPerDocument(); i++) {
                String row = m.rows().get(i);
                document.add(row.substring(0, row.length() - 1).split("\t", -1));
            }
            rules.verdicts(document).forEach(counts::add);
        }
        return counts;
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
}
