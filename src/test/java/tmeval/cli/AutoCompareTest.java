package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.run.certify.Target;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code compare}'s default method, {@code auto}: it chooses by a pilot, certifies, and its rows do not depend on threads or shards. */
class AutoCompareTest {
    @TempDir
    Path dir;

    private static final TopicModel A = Fixtures.randomModel("A", 30, new double[] {0.05, 0.1, 0.2}, 0.1, 3);
    private static final TopicModel OTHER = Fixtures.randomModel("other", 30, new double[] {0.1, 0.1, 0.1}, 0.1, 8);

    /** Models A and B (B of K 2 when {@code differentK}) and a corpus drawn from A, as files. */
    private Path[] data(boolean differentK, int documents, int length) throws Exception {
        TopicModel b = differentK ? Fixtures.derived("B", A, new int[][] {{0, 1}, {2}}, OTHER, 0.2, new double[] {0.2, 0.4})
                : Fixtures.derived("B", A, new int[][] {{0}, {1}, {2}}, OTHER, 0.2, new double[] {0.3, 0.1, 0.6});
        Path a = dir.resolve("a.tsv");
        Path bFile = dir.resolve("b.tsv");
        NativeModelFormat.write(A, a);
        NativeModelFormat.write(b, bFile);
        Path corpus = dir.resolve("heldout.tsv");
        ReliabilityTest.writeCorpus(corpus, A, Fixtures.generate(A, documents, length, 5).documents());
        return new Path[] {a, bFile, corpus};
    }

    private static List<String> compare(Path[] d, String... more) {
        List<String> args = new ArrayList<>(List.of("compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString()));
        args.addAll(List.of(more));
        return args;
    }

    private static CliTest.Outcome run(List<String> args) {
        return CliTest.run(args.toArray(new String[0]));
    }

    /** An output's rows as maps from column name to value (columns by the header's names, not their position). */
    private static List<Map<String, String>> rows(Path out) throws Exception {
        List<String> table = CliTest.table(out);
        String[] header = table.get(0).split("\t", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : table.subList(1, table.size())) {
            String[] f = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], f[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void withNoMethodAutoChoosesByAPilotAndEveryCertifiedValueIsWithinThreeTargetsOfTheExactLogRatio() throws Exception {
        Path[] d = data(false, 12, 20);
        Path out = dir.resolve("auto.tsv");
        CliTest.Outcome o = run(compare(d, "--out", out.toString()));
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("auto: a pilot of 8 documents") && o.out().contains("auto chose "), o.out());
        assertTrue(o.err().lines().anyMatch(l -> l.contains("12/12 (100%)") && l.contains(" certified so far")), o.err());
        String text = Files.readString(out);
        assertTrue(text.contains("# setting\tauto\ttrue\n") && text.contains("# setting\tauto-pilot\t[") && text.contains("# setting\tauto-max-doublings\t4\n"),
                "the provenance says auto chose, and on which pilot:\n" + text);
        Corpus corpus = tmeval.io.CorpusLoader.mapOnto(tmeval.io.CorpusLoader.read(tmeval.io.CorpusLoader.Spec.of(d[2])), A.vocabulary(), d[2]);
        TopicModel b = tmeval.io.ModelLoader.read(tmeval.io.ModelLoader.Spec.of(d[1]));
        Map<String, List<Map<String, String>>> byDocument = new LinkedHashMap<>();
        for (Map<String, String> row : rows(out)) {
            byDocument.computeIfAbsent(row.get("docId"), id -> new ArrayList<>()).add(row);
        }
        assertEquals(corpus.size(), byDocument.size());
        int certified = 0;
        for (Document doc : corpus.documents()) {
            List<Map<String, String>> rows = byDocument.get(doc.id());
            assertEquals(1, rows.stream().map(r -> r.get("method")).distinct().count(), "one method, the one auto chose");
            assertTrue(o.out().contains("auto chose " + rows.get(0).get("method") + " at n = "), o.out());
            if (rows.get(0).get("certified").equals("yes")) {
                certified++;
                assertTrue(rows.stream().allMatch(r -> r.get("converged").equals("yes")), "converged is the verdict under auto");
                double exact = exact(doc, A) - exact(doc, b);
                assertEquals(exact, value(rows), 3 * Target.nats(doc.length()), "document " + doc.id());
            }
        }
        assertTrue(certified >= 10, certified + " of 12 documents certified\n" + o.out());
        assertTrue(o.out().contains("certified " + byDocument.values().iterator().next().get(0).get("method") + ": " + certified + " of 12"), o.out());
    }

    /** A document's value: the mean of its runs, or for a ratio path the midpoint of its directions' means. */
    private static double value(List<Map<String, String>> rows) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            double[] s = sums.computeIfAbsent(r.get("direction"), k -> new double[2]);
            s[0] += Double.parseDouble(r.get("logRatio"));
            s[1]++;
        }
        return sums.values().stream().mapToDouble(s -> s[0] / s[1]).average().orElseThrow();
    }

    private static double exact(Document doc, TopicModel model) {
        return new ExactEvaluator().estimate(doc, model, null, new CancelToken()).logValue();
    }

    @Test
    void theRowsAreTheSameForAnyThreadCountAndTwoShardsMergedAreTheOneRun() throws Exception {
        Path[] d = data(true, 10, 15);
        Path one = dir.resolve("t1.tsv");
        Path two = dir.resolve("t2.tsv");
        assertEquals(0, run(compare(d, "--no-timing", "--threads", "1", "--out", one.toString())).code());
        assertEquals(0, run(compare(d, "--no-timing", "--threads", "2", "--out", two.toString())).code());
        assertEquals(Files.readAllLines(one), Files.readAllLines(two));
        Path[] shards = shards(d);
        Path merged = dir.resolve("merged.tsv");
        CliTest.Outcome m = CliTest.run("merge", "--no-timing", "--out", merged.toString(), shards[0].toString(), shards[1].toString());
        assertEquals(0, m.code(), m.err());
        assertEquals(Files.readAllLines(one), Files.readAllLines(merged).stream().filter(l -> !l.startsWith("# shard")).toList());
        assertTrue(m.out().contains("certified "), m.out());
    }

    private Path[] shards(Path[] d) throws Exception {
        Path s1 = dir.resolve("s1.tsv");
        Path s2 = dir.resolve("s2.tsv");
        CliTest.Outcome o1 = run(compare(d, "--no-timing", "--shard", "1/2", "--out", s1.toString()));
        assertEquals(0, o1.code(), o1.err());
        assertEquals(0, run(compare(d, "--no-timing", "--shard", "2/2", "--out", s2.toString())).code());
        return new Path[] {s1, s2};
    }

    /** merge checks what auto wrote: each row's budget one of its doublings, one round per document, converged its verdict. */
    @Test
    void mergeRefusesAnAutoShardWhoseBudgetsOrConvergedColumnWereEdited() throws Exception {
        Path[] d = data(true, 6, 15);
        Path[] shards = shards(d);
        List<String> lines = Files.readAllLines(shards[1]);
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("docId\t")).findFirst().orElseThrow());
        List<String> columns = List.of(lines.get(header).split("\t", -1));
        int temperatures = columns.indexOf("temperatures");
        int converged = columns.indexOf("converged");
        Map<String, UnaryOperator<String[]>> edits = new LinkedHashMap<>();
        edits.put("not one of auto's budgets", f -> set(f, temperatures, Integer.toString(Integer.parseInt(f[temperatures]) * 3 / 2)));
        edits.put("beyond the cap", f -> set(f, temperatures, Integer.toString(Integer.parseInt(f[temperatures]) * 32)));
        edits.put("converged is", f -> set(f, converged, f[converged].equals("yes") ? "no" : "yes"));
        for (Map.Entry<String, UnaryOperator<String[]>> edit : edits.entrySet()) {
            List<String> edited = new ArrayList<>(lines);
            String[] f = edited.get(header + 1).split("\t", -1);
            edited.set(header + 1, String.join("\t", edit.getValue().apply(f)));
            Path bad = dir.resolve("edited.tsv");
            Files.write(bad, edited);
            Path merged = dir.resolve("m.tsv");
            CliTest.Outcome m = CliTest.run("merge", "--out", merged.toString(), shards[0].toString(), bad.toString());
            assertEquals(1, m.code(), edit.getKey() + ": " + m.out());
            String expected = edit.getKey().equals("beyond the cap") ? "not one of auto's budgets" : edit.getKey();
            assertTrue(m.err().contains("edited.tsv, line ") && m.err().contains(expected), edit.getKey() + ": " + m.err());
            assertFalse(Files.exists(merged));
        }
    }

    private static String[] set(String[] f, int column, String value) {
        f[column] = value;
        return f;
    }

    @Test
    void whatAutoChoosesItselfCannotBeGivenWithIt() throws Exception {
        Path[] d = data(false, 2, 5);
        Path out = dir.resolve("x.tsv");
        for (List<String> given : List.of(List.of("--temperatures", "10"), List.of("--samples", "2"), List.of("--burn-in", "3"),
                List.of("--schedule", "uniform"), List.of("--runs", "2"), List.of("--direction", "forward"), List.of("--adaptive"),
                List.of("--max-temperatures", "100"), List.of("--reference", "lr"), List.of("--method", "auto", "--temperatures", "10"))) {
            CliTest.Outcome o = run(Stream.concat(compare(d, "--out", out.toString()).stream(), given.stream()).toList());
            assertEquals(2, o.code(), given + ": " + o.out());
            assertTrue(o.err().contains("--" + (given.get(0).equals("--method") ? "temperatures" : given.get(0).substring(2))
                    + ": auto chooses the method"), given + ": " + o.err());
            assertFalse(Files.exists(out));
        }
        CliTest.Outcome both = run(compare(d, "--method", "auto,ratio-convex", "--out", out.toString()));
        assertEquals(2, both.code());
        assertTrue(both.err().contains("--method auto chooses one method itself"), both.err());
        assertFalse(Files.exists(out));
    }
}
