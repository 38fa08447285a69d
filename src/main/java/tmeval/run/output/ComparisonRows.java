package tmeval.run.output;

import tmeval.compare.ComparisonMethods;
import tmeval.compare.Direction;
import tmeval.io.InputException;
import tmeval.io.InputLimits;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.Setting;
import tmeval.run.plan.SettingName;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the rows of one comparison may be, checked row by row as they are read, by {@code merge}'s rules, for every reader
 * of a comparison's results ({@link ComparisonResults}): each row one of the plan's (method, direction, run), its run
 * within the plan's runs; a document's rows together, none of them twice, all with one N (and, in a session, one
 * position); no document twice; every document one of the corpus's, when the corpus is known; and, in a file that is not
 * partial, every row of the plan for every document. A problem is refused at its line, so a file of a million copies of
 * one row stops at the second. What is kept is one entry per document (never per row), and no more documents than a
 * corpus may have ({@link InputLimits#maxDocuments}).
 */
public final class ComparisonRows {
    /** The key of a reference row (a session's; one per document). */
    private static final String REFERENCE = "reference";

    private final Path file;
    /** The plan's rows of a document by key, in the order compare writes them; null when the plan is not known. */
    private final Map<String, Integer> keys;
    private final int runs;
    private final String planText;
    private final Predicate<String> inCorpus;
    private final boolean complete;
    private final boolean together;
    /** Each document read, by id. */
    private final Map<String, Document> documents = new HashMap<>();
    /** A session's positions taken (any number up to 2^31: never an array by position). */
    private final Map<Integer, String> positions = new HashMap<>();
    /** The document of the last row (a file whose documents' rows are together keeps only its rows' keys). */
    private Document current;

    /** A document: where it was first seen, its position and N, and its rows so far by key, each with its line. */
    private static final class Document {
        final String id;
        final long line;
        final int position;
        final int length;
        Map<String, Long> rows = new HashMap<>();

        Document(String id, long line, int position, int length) {
            this.id = id;
            this.line = line;
            this.position = position;
            this.length = length;
        }
    }

    /**
     * @param plan     the plan's settings (methods, direction, runs), or an empty map when it is not known (a session saved
     *                 before its results kept their plan, a run stopped before auto chose its method)
     * @param inCorpus whether a document id is one of the corpus's, or null when the corpus is not known
     * @param complete whether every document must have every row of the plan (a file that is not partial); its documents'
     *                 rows are then together, as compare writes them, and the file is read in the memory of its documents
     * @throws IllegalArgumentException when the plan's settings do not give its methods, direction and runs
     */
    public ComparisonRows(Path file, Map<String, String> plan, Predicate<String> inCorpus, boolean complete) {
        this(file, plan, inCorpus, complete, complete);
    }

    /**
     * @param together whether each document's rows are together (a compare output's are; a session saved before runs
     *                 kept its rows in the order they finished)
     */
    public ComparisonRows(Path file, Map<String, String> plan, Predicate<String> inCorpus, boolean complete, boolean together) {
        this.file = file;
        this.inCorpus = inCorpus;
        this.together = together;
        List<String> planKeys = plan.isEmpty() ? null : keys(plan);
        this.complete = complete && planKeys != null;
        if (planKeys == null) {
            keys = null;
            runs = (int) Setting.RUNS.max();
            planText = "";
        } else {
            keys = new LinkedHashMap<>();
            planKeys.forEach(k -> keys.put(k, keys.size()));
            runs = Setting.RUNS.parseInt(plan.get(SettingName.RUNS.key()));
            planText = " (methods " + plan.get(SettingName.METHODS.key()) + ", direction " + plan.get(SettingName.DIRECTION.key()) + ", runs " + runs
                    + ")";
        }
    }

    /**
     * The rows of one document as compare writes them, in order: each method of the plan, each of its directions, each
     * run ({@code method TAB direction TAB run}). Merge's rules ({@code ShardRows}) use the same list.
     *
     * @throws IllegalArgumentException when the settings do not give the plan's methods, direction and runs
     */
    public static List<String> keys(Map<String, String> plan) {
        int runs = Setting.RUNS.parseInt(required(plan, SettingName.RUNS.key()));
        ComparisonPlan.Directions directions = ComparisonPlan.Directions.parse(required(plan, SettingName.DIRECTION.key()));
        List<String> keys = new ArrayList<>();
        for (String m : Setting.methods(required(plan, SettingName.METHODS.key()), null, false)) {
            for (Direction d : directions.of(ComparisonMethods.get(m))) {
                for (int r = 1; r <= runs; r++) {
                    keys.add(key(m, d, r));
                }
            }
        }
        return keys;
    }

    /** Which (method, direction, run) a row is. */
    public static String key(String method, Direction direction, int run) {
        return method + "\t" + direction.label() + "\t" + run;
    }

    private static String required(Map<String, String> settings, String name) {
        String v = settings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no setting " + name);
        }
        return v;
    }

    /**
     * Checks the next row.
     *
     * @param position the document's position in a session (its {@code docIndex}), or -1 in a compare output, where
     *                 documents are numbered in the order they come
     * @return the document's position
     * @throws InputException naming the file, the line and the problem
     */
    public int add(ComparisonRunner.Result r, int position, long line) throws InputException {
        String id = r.documentId();
        Document d = current != null && current.id.equals(id) ? current : documents.get(id);
        if (d == null || d.rows == null) {
            d = startDocument(d, id, r.length(), position, line);
        } else if (r.length() != d.length) {
            throw new InputException(file, line, "document " + id + " has N " + r.length() + " here and N " + d.length + " at line " + d.line
                    + ": rows edited, or of two documents");
        } else if (position >= 0 && position != d.position) {
            throw new InputException(file, line, "document " + id + " at position " + position + " here and " + d.position + " at line "
                    + d.line + ": rows edited");
        }
        current = d;
        String what = r.reference() ? "its reference row" : r.method() + " " + r.direction().label() + " run " + r.run();
        String key;
        if (r.reference()) {
            if (r.run() != 1) {
                throw new InputException(file, line, "document " + id + ": a reference row of run " + r.run() + " (the reference runs once)");
            }
            key = REFERENCE;
        } else {
            if (r.run() > runs) {
                throw new InputException(file, line, "document " + id + ": run " + r.run() + " beyond the plan's " + runs + " runs: a row added");
            }
            key = key(r.method(), r.direction(), r.run());
            if (keys != null && !keys.containsKey(key)) {
                throw new InputException(file, line, "document " + id + ": " + what + " is not a row of the plan" + planText + ": a row added");
            }
        }
        Long before = d.rows.putIfAbsent(key, line);
        if (before != null) {
            throw new InputException(file, line, "document " + id + ": " + what + " is given twice (also at line " + before + ")");
        }
        return d.position;
    }

    private Document startDocument(Document seen, String id, int length, int position, long line) throws InputException {
        finishDocument();
        if (seen != null) {
            throw new InputException(file, line, "document " + id + " appears twice (also at line " + seen.line + "): its rows are together,"
                    + " once");
        }
        if (inCorpus != null && !inCorpus.test(id)) {
            throw new InputException(file, line, "document " + id + " is not in the corpus the results name: a row added, or another corpus");
        }
        if (documents.size() >= InputLimits.current().maxDocuments()) {
            throw new InputException(file, line, "more than " + InputLimits.current().maxDocuments() + " documents, the most a corpus may have"
                    + " in this heap (raise it with -Xmx)");
        }
        int p = position >= 0 ? position : documents.size();
        String other = position >= 0 ? positions.putIfAbsent(p, id) : null;
        if (other != null) {
            throw new InputException(file, line, "document " + id + " at position " + p + ", which document " + other + " has: rows edited");
        }
        Document d = new Document(id, line, p, length);
        documents.put(id, d);
        return d;
    }

    /** The last document's rows all in (in a complete file): call once every row is read. */
    public void finish() throws InputException {
        finishDocument();
    }

    /** In a file whose documents' rows are together, the current document is done: whole, when the file is complete. */
    private void finishDocument() throws InputException {
        if (current == null || !together) {
            return;
        }
        if (complete && current.rows.size() < keys.size()) {
            String missing = keys.keySet().stream().filter(k -> !current.rows.containsKey(k)).findFirst().orElseThrow().replace('\t', ' ');
            throw new InputException(file, current.line, "document " + current.id + " has " + current.rows.size() + " of the plan's "
                    + keys.size() + " rows" + planText + " (" + missing + " is missing): rows deleted, or the file is truncated");
        }
        current.rows = null; // done: only its id and first line are kept
        current = null;
    }
}
