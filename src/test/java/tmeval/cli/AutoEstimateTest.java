package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.estimate.ExactEvaluator;
import tmeval.io.NativeModelFormat;
import tmeval.model.Corpus;
import tmeval.model.Document;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code estimate}'s default method, {@code auto}: it chooses by measurement, certifies, and its rows do not depend on threads or shards. */
class AutoEstimateTest {
    @TempDir
    Path dir;

    private Path[] data(int documents, int length) throws Exception {
        TopicModel model = Fixtures.randomModel("A", 30, new double[] {0.05, 0.1, 0.2}, 0.1, 3);
        Path m = dir.resolve("a.tsv");
        NativeModelFormat.write(model, m);
        Path corpus = dir.resolve("heldout.tsv");
        ReliabilityTest.writeCorpus(corpus, model, Fixtures.generate(model, documents, length, 5).documents());
        return new Path[] {m, corpus};
    }

    @Test
    void certifiedValuesAreWithinTheirTargetOfTheExactAnswer() throws Exception {
        Path[] d = data(16, 12);
        Path out = dir.resolve("auto.tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", d[0].toString(), "--corpus", d[1].toString(), "--out", out.toString(), "--summary");
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("auto chose "), o.out());
        // the last progress line of the pilot and of the run: what was done and how many documents are certified so far
        assertTrue(o.err().lines().anyMatch(l -> l.startsWith("auto pilot: ") && l.contains("(100%)")), o.err());
        assertTrue(o.err().lines().anyMatch(l -> l.startsWith("auto ") && l.contains("16/16 (100%)") && l.contains(" certified so far")), o.err());
        assertTrue(o.out().contains("# setting\tauto\ttrue") || Files.readString(out).contains("# setting\tauto\ttrue"), "the provenance says auto chose");
        TopicModel model = tmeval.io.ModelLoader.read(tmeval.io.ModelLoader.Spec.of(d[0]));
        Corpus corpus = tmeval.io.CorpusLoader.mapOnto(tmeval.io.CorpusLoader.read(tmeval.io.CorpusLoader.Spec.of(d[1])), model.vocabulary(), d[1]);
        Map<String, Double> exact = new HashMap<>();
        for (Document doc : corpus.documents()) {
            exact.put(doc.id(), new ExactEvaluator().estimate(doc, model, null, new tmeval.progress.CancelToken()).logValue());
        }
        Map<String, double[]> sums = new HashMap<>();
        int certifiedRows = 0;
        List<String> rows = Files.readAllLines(out).stream().filter(l -> !l.startsWith("#") && !l.startsWith("docId")).toList();
        for (String row : rows) {
            String[] f = row.split("\t", -1);
            if (f[9].equals("yes")) {
                certifiedRows++;
                sums.computeIfAbsent(f[0], k -> new double[2])[0] += Double.parseDouble(f[4]);
                sums.get(f[0])[1]++;
            }
        }
        assertTrue(certifiedRows >= 0.9 * rows.size(), "most documents certified: " + certifiedRows + " of " + rows.size() + "\n" + o.out());
        // the target is 0.1 nats for these documents; a certified mean is within it of the truth up to its noise
        sums.forEach((id, s) -> assertEquals(exact.get(id), s[0] / s[1], 0.3, "document " + id));
    }

    @Test
    void theRowsAreTheSameForAnyThreadCountAndInShards() throws Exception {
        Path[] d = data(10, 15);
        List<String> base = List.of("estimate", "--model", d[0].toString(), "--corpus", d[1].toString(), "--no-timing");
        Path one = dir.resolve("t1.tsv");
        Path two = dir.resolve("t2.tsv");
        assertEquals(0, CliTest.run(args(base, List.of("--threads", "1", "--out", one.toString()))).code());
        assertEquals(0, CliTest.run(args(base, List.of("--threads", "2", "--out", two.toString()))).code());
        assertEquals(Files.readAllLines(one), Files.readAllLines(two));
        Path s1 = dir.resolve("s1.tsv");
        Path s2 = dir.resolve("s2.tsv");
        assertEquals(0, CliTest.run(args(base, List.of("--shard", "1/2", "--out", s1.toString()))).code());
        assertEquals(0, CliTest.run(args(base, List.of("--shard", "2/2", "--out", s2.toString()))).code());
        Path merged = dir.resolve("merged.tsv");
        CliTest.Outcome m = CliTest.run("merge", "--no-timing", "--out", merged.toString(), s1.toString(), s2.toString());
        assertEquals(0, m.code(), m.err());
        assertEquals(Files.readAllLines(one), Files.readAllLines(merged).stream().filter(l -> !l.startsWith("# shard")).toList());
    }

    private static String[] args(List<String> base, List<String> more) {
        return java.util.stream.Stream.concat(base.stream(), more.stream()).toArray(String[]::new);
    }

    @Test
    void selectChoosesForEachModelAndSaysSoInItsProvenance() throws Exception {
        Path[] d = data(8, 12);
        TopicModel other = Fixtures.randomModel("B", 30, new double[] {0.3, 0.3, 0.3, 0.3}, 0.1, 4);
        Path b = dir.resolve("b.tsv");
        NativeModelFormat.write(other, b);
        List<String> base = List.of("select", "--models", d[0] + "," + b, "--corpus", d[1].toString(), "--no-timing");
        Path one = dir.resolve("s1.tsv");
        Path two = dir.resolve("s2.tsv");
        CliTest.Outcome o = CliTest.run(args(base, List.of("--threads", "1", "--out", one.toString())));
        assertEquals(0, o.code(), o.err());
        assertEquals(0, CliTest.run(args(base, List.of("--threads", "2", "--out", two.toString()))).code());
        assertEquals(Files.readAllLines(one), Files.readAllLines(two));
        List<String> lines = Files.readAllLines(one);
        assertTrue(lines.contains("# setting\tmethod\tauto") && lines.stream().anyMatch(l -> l.startsWith("# setting\tmodel-2-method\t")), lines.toString());
        assertTrue(o.out().contains("model 1 (A): auto: a pilot of 8 documents") && o.out().contains("model 2 (B): auto: a pilot"), o.out());
        assertEquals(2, o.out().lines().filter(l -> l.startsWith("certified ")).count(), "each model's verdicts counted: " + o.out());
        CliTest.Outcome runs = CliTest.run(args(base, List.of("--runs", "2", "--out", dir.resolve("x.tsv").toString())));
        assertEquals(2, runs.code());
    }

    @Test
    void autoRefusesTheSettingsItChoosesItself() throws Exception {
        Path[] d = data(2, 5);
        CliTest.Outcome o = CliTest.run("estimate", "--model", d[0].toString(), "--corpus", d[1].toString(), "--samples", "10",
                "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, o.code());
        assertTrue(o.err().contains("auto chooses the method and its budget"), o.err());
        assertTrue(!Files.exists(dir.resolve("x.tsv")));
    }
}
