package tmeval.run.distributed;

import tmeval.run.exec.CurveRunner;
import tmeval.run.exec.Outcome;
import tmeval.run.output.CompareRowFormat;
import tmeval.run.output.CurveRowFormat;
import tmeval.run.output.EstimateRowFormat;
import tmeval.run.output.Provenance;
import tmeval.run.output.ProvenanceHeader;
import tmeval.run.output.RowChecks;
import tmeval.run.output.SelectRowFormat;
import tmeval.run.output.ShardDocuments;
import tmeval.run.plan.SettingName;
import tmeval.run.plan.Shard;

import tmeval.run.certify.Verdict;
import tmeval.run.certify.VerdictCounts;
import tmeval.compare.ComparisonTable;
import tmeval.io.InputException;
import tmeval.io.LineReader;
import tmeval.io.ProvenanceLines;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
        ESTIMATE(EstimateRowFormat.HEADER, "estimate"), COMPARE(CompareRowFormat.HEADER, "compare"),
        /** compare --adaptive: compare's rows and the temperatures and verdict of each row's last round */
        COMPARE_ADAPTIVE(CompareRowFormat.HEADER_ADAPTIVE, "compare --adaptive"), CURVE(CurveRowFormat.HEADER, "curve"),
        /** select: each model's rows in turn, estimate's with the model's name before them */
        SELECT(SelectRowFormat.HEADER, "select");

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
     * @param modelDocuments a selection's documents of each model, in the models' order (empty for the other kinds)
     */
    public record Merged(Kind kind, List<String> provenance, List<String> rows, Map<String, String> settings, int rowsPerDocument,
                         int documents, List<CurveRunner.Point> curvePoints, String checked, List<Integer> modelDocuments) {
    }

    /** One row of a shard file, with its newline (merged as it was written), the line it was on, and as its format read it. */
    private record Row(String text, long line, ShardRows.Checked checked) {
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
    private record ShardFile(Path file, ProvenanceHeader header, Shard shard, ShardDocuments documents, Kind kind, ShardRows rules,
                             List<Row> rows) {
        List<String> provenance() {
            return header.lines();
        }

        Map<String, String> settings() {
            return header.settings();
        }
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
            List<String> comparable = f.provenance().stream().filter(l -> !l.startsWith(ProvenanceHeader.Line.WRITTEN.prefix())).toList();
            if (first == null) {
                first = f;
                reference = comparable;
            } else {
                if (f.kind() != first.kind()) {
                    throw InputException.ofFile(file, "a " + f.kind().label() + " output among " + first.kind().label() + " outputs");
                }
                String difference = ProvenanceLines.firstDifference(reference, comparable, "the first");
                if (difference != null) {
                    throw InputException.ofFile(file, "comes from another plan, other inputs or another runtime than " + files.get(0).getFileName() + ": " + difference);
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
        boolean timing = first.header().timed();
        List<String> rows = new ArrayList<>();
        List<CurveRunner.Point> points = new ArrayList<>();
        for (int b = 0; b < longest.blocks().size(); b++) {
            int firstRow = rows.size();
            // a selection's block is a model's, with its own corpus
            int documents = kind == Kind.SELECT ? first.documents().modelDocuments().get(b) : total;
            for (int position = 0; position < documents; position++) {
                byIndex[position % count].blocks().get(b).get(position / count).forEach(r -> rows.add(r.text()));
            }
            if (kind == Kind.CURVE) {
                int iteration = longest.iterations().get(b);
                List<CurveRunner.Point> snapshot = CurveRunner.points(iteration, List.of(settings.get(SettingName.METHODS.key()).split(",")),
                        Integer.parseInt(settings.get(SettingName.RUNS.key())), curveRows(rows.subList(firstRow, rows.size()), perDocument));
                for (CurveRunner.Point p : snapshot) {
                    rows.add(CurveRowFormat.write(CurveRowFormat.Row.of(p), timing));
                }
                points.addAll(snapshot);
            }
        }
        List<String> provenance = new ArrayList<>(reference);
        provenance.add(ProvenanceHeader.merged(count));
        String checked = first.documents() != null
                ? "checked: every shard's documents (docId and N, in order) against the count and SHA-256 its '# shard' line records"
                : "checked: whole documents in the plan's order, no document twice; these shards record no SHA-256 of their documents"
                + " (written by an earlier tmeval), so an edited docId or N, or a document lost at a shard's end, could not be checked";
        return new Merged(kind, provenance, rows, settings, perDocument, total, points, checked,
                kind == Kind.SELECT ? first.documents().modelDocuments() : List.of());
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
        if (byIndex[0].documents() != null && byIndex[0].documents().selection()) {
            checkModels(byIndex);
            return total;
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

    /** A selection's shards: each model's documents as many as the shard has of that model's corpus, and hashed as recorded. */
    private static void checkModels(Part[] byIndex) throws InputException {
        List<Integer> models = byIndex[0].documents().modelDocuments();
        for (Part p : byIndex) {
            if (!p.documents().modelDocuments().equals(models)) {
                throw InputException.ofFile(p.file(), "records models' corpora of " + p.documents().modelDocuments() + " documents where "
                        + byIndex[0].file().getFileName() + " records " + models + ": other models, another corpus, or another --min-tokens");
            }
            for (int m = 0; m < models.size(); m++) {
                int expected = p.shard().size(models.get(m));
                int held = p.blocks().get(m).size();
                if (held != expected) {
                    throw InputException.ofFile(p.file(), "holds " + held + " documents of model " + (m + 1) + " where shard " + p.shard().label()
                            + " of its " + models.get(m) + " documents has " + expected + ": rows deleted or added, or the file truncated");
                }
            }
            if (!p.rowsDigest().equals(p.documents().sha256())) {
                throw InputException.ofFile(p.file(), "its rows' documents (model, docId and N, in order) are not the ones it was written with"
                        + " (their SHA-256 differs from the one its '# shard' line records): a docId or N edited, or rows moved");
            }
        }
    }

    /** Reads a shard file, checking its shard line, its settings and each row as it goes. */
    private static ShardFile read(Path file, RowChecks.Totals totals) throws InputException {
        ProvenanceHeader provenance = new ProvenanceHeader();
        List<Row> rows = new ArrayList<>();
        Shard shard = null;
        ShardDocuments documents = null;
        Kind kind = null;
        ShardRows rules = null;
        try (LineReader in = LineReader.open(file)) {
            String line;
            while ((line = in.next()) != null) {
                if (kind == null) {
                    if (ProvenanceHeader.isProvenance(line)) {
                        try {
                            boolean sharded = provenance.sharded();
                            provenance.read(line);
                            if (!sharded && provenance.sharded()) {
                                shard = provenance.shard();
                                documents = provenance.shardDocuments();
                            }
                        } catch (IllegalArgumentException e) {
                            throw in.error(e.getMessage());
                        }
                        continue;
                    }
                    for (Kind k : Kind.values()) {
                        if ((line + "\n").equals(k.header())) {
                            kind = k;
                        }
                    }
                    if (kind == null) {
                        throw in.error("not the header of an estimate, compare, curve or select output: '" + line + "'");
                    }
                    if (shard == null) {
                        throw InputException.ofFile(file, "no '# shard' line: it was not written with --shard I/N");
                    }
                    if (documents != null && documents.selection() != (kind == Kind.SELECT)) {
                        throw InputException.ofFile(file, "its '# shard' line counts " + (documents.selection() ? "several models' corpora, as only"
                                + " a select shard's does" : "one corpus, where a select shard's counts each model's"));
                    }
                    long models = provenance.inputs().stream().filter(i -> i.role().matches("model [0-9]+")).count();
                    if (kind == Kind.SELECT && documents != null && documents.modelDocuments().size() != models) {
                        throw InputException.ofFile(file, "its '# shard' line counts " + documents.modelDocuments().size() + " models' corpora where"
                                + " its inputs name " + models + " models");
                    }
                    try {
                        rules = ShardRows.of(kind, provenance.settings(), shard, documents);
                    } catch (IllegalArgumentException e) {
                        throw InputException.ofFile(file, "its provenance lines do not give the plan's runs, methods and direction ("
                                + e.getMessage() + ")");
                    }
                    continue;
                }
                try {
                    ShardRows.Checked checked = rules.check(line);
                    totals.add(checked.siteUpdates(), checked.nanos());
                    rows.add(new Row(line + "\n", in.lineNumber(), checked));
                } catch (IllegalArgumentException e) {
                    throw in.error("not a row of " + kind.label() + "'s output: " + e.getMessage());
                }
            }
        }
        if (kind == null) {
            throw InputException.ofFile(file, "no header row: not an estimate, compare, curve or select output, or truncated");
        }
        return new ShardFile(file, provenance, shard, documents, kind, rules, rows);
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
        boolean selection = f.kind() == Kind.SELECT;
        if (selection) {
            // a block per model, empty where the shard has none of its documents
            for (int m = 0; m < f.documents().modelDocuments().size(); m++) {
                iterations.add(m);
                blockRows.add(new ArrayList<>());
            }
            for (Row row : f.rows()) {
                blockRows.get(row.checked().iteration()).add(row);
            }
        } else if (f.kind() != Kind.CURVE) {
            if (!f.rows().isEmpty()) {
                blockRows.add(f.rows());
            }
        } else {
            for (Row row : f.rows()) {
                int iteration = row.checked().iteration();
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
            String where = f.kind() == Kind.CURVE ? " at snapshot " + iterations.get(b) : selection ? " of model " + (b + 1) : "";
            List<List<Row>> documents = new ArrayList<>();
            for (int i = 0; i < block.size(); i += perDocument) {
                List<Row> document = block.subList(i, Math.min(block.size(), i + perDocument));
                long tokens = checkDocument(f, document, where);
                String id = document.get(0).checked().documentId();
                if (b == 0 || selection) {
                    // a selection's models each score every document once
                    String key = selection ? ShardDocuments.selectionKey(b, Provenance.escape(id)) : Provenance.escape(id);
                    String other = seen.put(key, f.file() + ", line " + document.get(0).line());
                    if (other != null) {
                        throw new InputException(f.file(), document.get(0).line(), "document " + id + where + " appears twice (also at " + other + ")");
                    }
                    digest.add(key, tokens);
                } else {
                    List<List<Row>> firstSnapshot = blocks.get(0);
                    int d = documents.size();
                    String firstId = d < firstSnapshot.size() ? firstSnapshot.get(d).get(0).checked().documentId() : null;
                    if (!id.equals(firstId)) {
                        throw new InputException(f.file(), document.get(0).line(), "document " + id + where + " where the first snapshot has "
                                + (firstId == null ? "no more documents" : firstId) + ": truncated, or not one curve output");
                    }
                }
                documents.add(document);
            }
            if (b > 0 && !selection && documents.size() != blocks.get(0).size()) {
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
        ShardRows.Checked first = document.get(0).checked();
        ShardRows rules = f.rules().forBlock(first.iteration());
        // (a selection's block is one model's, judged by that model's method)
        for (int i = 0; i < rules.perDocument(); i++) {
            if (i >= document.size()) {
                Row last = document.get(document.size() - 1);
                throw new InputException(f.file(), last.line(), "document " + first.documentId() + where + " ends after " + document.size()
                        + " of its " + rules.perDocument() + " rows: rows missing, or the file is truncated");
            }
            Row row = document.get(i);
            ShardRows.Checked c = row.checked();
            if (!c.key().equals(rules.expected(i))) {
                throw new InputException(f.file(), row.line(), "row " + c.key().replace('\t', ' ') + where + " where " + first.documentId() + "'s "
                        + rules.expected(i).replace('\t', ' ') + " belongs: rows missing, added or out of order");
            }
            if (!c.documentId().equals(first.documentId()) || c.tokens() != first.tokens()) {
                throw new InputException(f.file(), row.line(), "document " + c.documentId() + " with N " + c.length() + where + " among the rows of "
                        + first.documentId() + " with N " + first.length() + ": rows missing, moved or edited");
            }
        }
        List<ShardRows.Checked> rows = document.stream().map(Row::checked).toList();
        Map<String, Verdict> verdicts = rules.verdicts(rows);
        String autoProblem = rules.autoProblem(rows, verdicts);
        if (autoProblem != null) {
            throw new InputException(f.file(), document.get(0).line(), "document " + first.documentId() + ", " + autoProblem + ": edited");
        }
        for (Row row : document) {
            Verdict v = verdicts.get(row.checked().method());
            Boolean certified = ShardRows.certified(row.checked());
            if (v != null && certified != v.certified()) {
                throw new InputException(f.file(), row.line(), "document " + first.documentId() + ", " + row.checked().method() + ": certified is '"
                        + (certified ? "yes" : "no") + "' where its rows give '" + v.label() + "' (" + v.describe() + "): edited");
            }
        }
        return first.tokens();
    }

    /** A curve's document rows (position = corpus index times rows per document), as the runner's rows. */
    private static List<CurveRunner.Row> curveRows(List<String> lines, int perDocument) {
        List<CurveRunner.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            rows.add(CurveRowFormat.parse(withoutNewline(lines.get(i))).runnerRow(i / perDocument));
        }
        return rows;
    }

    /** The merged rows as the shards' rules read them again (they were checked as the shards were read). */
    private static List<ShardRows.Checked> checked(Merged m) {
        ShardRows rules = new ShardRows(m.kind(), m.settings());
        return m.rows().stream().map(r -> rules.check(withoutNewline(r))).toList();
    }

    static String withoutNewline(String row) {
        return row.substring(0, row.length() - 1);
    }

    /** The estimate outcomes of the merged rows, for {@link tmeval.run.output.CorpusSummary} (position = corpus index). */
    public static List<Outcome> outcomes(Merged m) {
        List<Outcome> out = new ArrayList<>();
        List<ShardRows.Checked> rows = checked(m);
        for (int i = 0; i < rows.size(); i++) {
            out.add(((EstimateRowFormat.Row) rows.get(i).row()).outcome(i / m.rowsPerDocument()));
        }
        return out;
    }

    /** The merged documents' verdicts, counted by method and reason (none for a curve; a selection's are each model's, {@link MergedSelection}). */
    public static VerdictCounts verdicts(Merged m) {
        VerdictCounts counts = new VerdictCounts();
        if (m.kind() == Kind.CURVE || m.kind() == Kind.SELECT) {
            return counts;
        }
        ShardRows rules = new ShardRows(m.kind(), m.settings());
        List<ShardRows.Checked> rows = checked(m);
        for (int d = 0; d < m.documents(); d++) {
            rules.verdicts(rows.subList(d * m.rowsPerDocument(), (d + 1) * m.rowsPerDocument())).forEach(counts::add);
        }
        return counts;
    }

    /** The comparison table of the merged rows, as compare prints it. */
    public static ComparisonTable table(Merged m) {
        List<ShardRows.Checked> rows = checked(m);
        List<String> ids = new ArrayList<>();
        int[] lengths = new int[m.documents()];
        for (int d = 0; d < m.documents(); d++) {
            ids.add(rows.get(d * m.rowsPerDocument()).documentId());
            lengths[d] = rows.get(d * m.rowsPerDocument()).length();
        }
        ComparisonTable table = new ComparisonTable(ids, lengths, Integer.parseInt(m.settings().get(SettingName.RUNS.key())));
        for (int i = 0; i < rows.size(); i++) {
            CompareRowFormat.Row r = (CompareRowFormat.Row) rows.get(i).row();
            if (r.result() == null) {
                table.refuse(r.method(), r.direction());
            } else {
                table.add(r.method(), r.direction(), i / m.rowsPerDocument(), r.run(), r.result());
            }
        }
        return table;
    }
}
