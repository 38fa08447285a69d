package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The modes whose rounds stop document by document ({@code compare --adaptive}, {@code compare}'s and {@code estimate}'s
 * {@code auto}, {@code select}) write one file however they run: with 1 or 2 threads, as {@code --shard 1/1}, and as
 * three shards merged (but for the line naming the shards). Each document's rounds draw from the streams of its corpus
 * position, and each shard recomputes the same pilot over the whole corpus; a stream that followed a document's place
 * in its shard fails this.
 */
class RoundsInShardsTest {
    @TempDir
    Path dir;

    /**
     * Models A and B (B of K 2) on one vocabulary, C on a vocabulary of its own, and twelve short documents from A, some
     * of whose words C does not know: later rounds, fallbacks and a selection across vocabularies in seconds.
     */
    private Path[] data() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.05, 0.1, 0.2}, 0.1, 3);
        TopicModel other = Fixtures.randomModel("other", 30, new double[] {0.1, 0.1, 0.1}, 0.1, 8);
        TopicModel b = Fixtures.derived("B", a, new int[][] {{0, 1}, {2}}, other, 0.2, new double[] {0.2, 0.4});
        TopicModel c = Fixtures.randomModel("C", 25, new double[] {0.1, 0.1}, 0.1, 11);
        Path[] files = {dir.resolve("a.tsv"), dir.resolve("b.tsv"), dir.resolve("c.tsv"), dir.resolve("heldout.tsv")};
        NativeModelFormat.write(a, files[0]);
        NativeModelFormat.write(b, files[1]);
        NativeModelFormat.write(c, files[2]);
        Fixtures.writeCorpus(files[3], a, Fixtures.generate(a, 12, 15, 5).documents());
        return files;
    }

    private Path run(String name, List<String> args, String... more) {
        Path out = dir.resolve(name + ".tsv");
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        all.addAll(List.of("--no-timing", "--out", out.toString()));
        CliTest.Outcome o = CliTest.run(all.toArray(new String[0]));
        assertEquals(0, o.code(), name + ": " + o.err() + o.out());
        return out;
    }

    /** The command's file with 1 thread; the same with 2, as shard 1/1, and as three shards merged. */
    private List<String> sameEveryWay(String label, List<String> args) throws Exception {
        List<String> whole = Files.readAllLines(run(label + "-1", args, "--threads", "1"));
        assertTrue(whole.stream().filter(l -> !l.startsWith("#")).count() > 12, label + ": rows written\n" + String.join("\n", whole));
        assertEquals(whole, Files.readAllLines(run(label + "-2", args, "--threads", "2")), label + ": 2 threads");
        assertEquals(whole, Files.readAllLines(run(label + "-1of1", args, "--shard", "1/1")), label + ": shard 1/1");
        List<String> merge = new ArrayList<>(List.of("merge", "--no-timing", "--out", dir.resolve(label + "-merged.tsv").toString()));
        for (int i = 1; i <= 3; i++) {
            merge.add(run(label + "-shard" + i, args, "--threads", "2", "--shard", i + "/3").toString());
        }
        CliTest.Outcome m = CliTest.run(merge.toArray(new String[0]));
        assertEquals(0, m.code(), label + ": " + m.err() + m.out());
        assertEquals(whole, Files.readAllLines(dir.resolve(label + "-merged.tsv")).stream().filter(l -> !l.startsWith("# shard\t")).toList(),
                label + ": three shards merged");
        // an auto shard whose pilot differs (as one that drew it from its own documents would) is refused, naming the setting
        String pilot = "# setting\t(model-1-)?auto-pilot\t.*";
        Path last = Path.of(merge.get(merge.size() - 1));
        List<String> lines = Files.readAllLines(last);
        if (lines.stream().anyMatch(l -> l.matches(pilot))) {
            Files.write(last, lines.stream().map(l -> l.matches(pilot) ? l.substring(0, l.lastIndexOf('\t')) + "\t[0,1,2,3]" : l).toList());
            CliTest.Outcome refused = CliTest.run(merge.toArray(new String[0]));
            assertEquals(1, refused.code(), label + ": " + refused.out());
            assertTrue(refused.err().contains("auto-pilot") && refused.err().contains(last.getFileName().toString()), label + ": " + refused.err());
        }
        return whole;
    }

    @Test
    void adaptiveAndAutoComparisonsAreTheSameForAnyThreadsAndShards() throws Exception {
        Path[] d = data();
        List<String> compare = List.of("compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[3].toString());
        List<String> adaptive = new ArrayList<>(compare);
        adaptive.addAll(List.of("--method", "ratio-convex,lr-diff", "--temperatures", "5", "--burn-in", "2", "--adaptive", "--agree-within", "0.2"));
        List<String> rows = sameEveryWay("adaptive", adaptive);
        List<String> table = rows.stream().filter(l -> !l.startsWith("#")).toList();
        int column = List.of(table.get(0).split("\t")).indexOf("temperatures");
        assertTrue(table.stream().skip(1).map(l -> l.split("\t")[column]).distinct().count() > 1, "later rounds were run:\n" + String.join("\n", table));
        sameEveryWay("auto-compare", compare);
    }

    @Test
    void anAutoEstimateIsTheSameForAnyThreadsAndShards() throws Exception {
        Path[] d = data();
        sameEveryWay("auto-estimate", List.of("estimate", "--model", d[0].toString(), "--corpus", d[3].toString()));
    }

    /** select by auto (a pilot per model) and by a named method, its models on two vocabularies (C's corpus the shorter). */
    @Test
    void aSelectionIsTheSameForAnyThreadsAndShards() throws Exception {
        Path[] d = data();
        String models = d[0] + "," + d[1] + "," + d[2];
        sameEveryWay("select-auto", List.of("select", "--models", models, "--corpus", d[3].toString()));
        sameEveryWay("select-ais", List.of("select", "--models", models, "--corpus", d[3].toString(), "--method", "ais", "--temperatures", "10"));
    }

    /**
     * merge checks a selection's shards as it checks the others': a shard of another pilot (another seed: every model's
     * pilot and choice differ) or of other models, a document moved into another model's rows, an edited N, and a lost
     * row are refused, naming the file; --pairs, which needs every model's whole corpus, is refused with --shard.
     */
    @Test
    void mergeRefusesSelectionShardsThatDoNotFit() throws Exception {
        Path[] d = data();
        List<String> select = List.of("select", "--models", d[0] + "," + d[1] + "," + d[2], "--corpus", d[3].toString());
        Path one = run("s1", select, "--shard", "1/2");
        Path two = run("s2", select, "--shard", "2/2");
        CliTest.Outcome ok = CliTest.run("merge", "--no-timing", "--out", dir.resolve("ok.tsv").toString(), one.toString(), two.toString());
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("model 3: C") && ok.out().contains("certified "), ok.out());

        List<String> otherSeed = new ArrayList<>(select);
        otherSeed.addAll(List.of("--seed", "2"));
        refused("another pilot", one, run("seed2", otherSeed, "--shard", "2/2"), "comes from another plan, other inputs or another runtime");
        refused("other models", one, run("two-models", List.of("select", "--models", d[0] + "," + d[1], "--corpus", d[3].toString()),
                "--shard", "2/2"), "another plan, other inputs or another runtime");

        List<String> lines = Files.readAllLines(two);
        // the same plan but another pilot (as a shard that drew its pilot from its own documents would have)
        List<String> otherPilot = lines.stream().map(l -> l.startsWith("# setting\tmodel-1-auto-pilot\t") ? "# setting\tmodel-1-auto-pilot\t[0,1,2,3]" : l).toList();
        assertTrue(!otherPilot.equals(lines), "the shard records model 1's pilot");
        refused("another pilot, the plan the same", one, write("other-pilot", otherPilot), "model-1-auto-pilot");
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("model\t")).findFirst().orElseThrow());
        // the last row of model 1's block taken as model 2's: the model names no longer run in blocks of the recorded sizes
        List<String> moved = new ArrayList<>(lines);
        int lastOfModelOne = (int) lines.stream().filter(l -> l.startsWith("A\t")).count() + header;
        moved.set(lastOfModelOne, "B" + moved.get(lastOfModelOne).substring(1));
        refused("a row moved between models", one, write("moved", moved), "model 1");
        List<String> edited = new ArrayList<>(lines);
        String[] f = edited.get(header + 1).split("\t", -1);
        f[2] = Integer.toString(Integer.parseInt(f[2]) + 1);
        edited.set(header + 1, String.join("\t", f));
        refused("an edited N", one, write("edited", edited), "");
        refused("a lost row", one, write("lost", lines.subList(0, lines.size() - 1)), "");

        // a shard line that counts one corpus (as estimate's does), or other models' corpora, is not a selection's
        refused("one corpus counted", one, write("one-corpus", lines.stream().map(l -> l.startsWith("# shard\t")
                ? l.replaceFirst("corpus-documents:[0-9,]+", "corpus-documents:12") : l).toList()), "counts one corpus");
        refused("four models counted", one, write("four-models", lines.stream().map(l -> l.startsWith("# shard\t")
                ? l.replaceFirst("corpus-documents:", "corpus-documents:12,") : l).toList()), "its inputs name 3 models");

        // and an estimate shard's line that counts several corpora, as only a selection's does
        List<String> estimate = List.of("estimate", "--model", d[0].toString(), "--corpus", d[3].toString(), "--method", "is-vb", "--samples", "5");
        Path e1 = run("e1", estimate, "--shard", "1/2");
        List<String> e2 = Files.readAllLines(run("e2", estimate, "--shard", "2/2"));
        refused("an estimate shard counting two corpora", e1, write("e2-two", e2.stream().map(l -> l.startsWith("# shard\t")
                ? l.replaceFirst("corpus-documents:", "corpus-documents:6,") : l).toList()), "as only a select shard's does");

        List<String> pairs = new ArrayList<>(select);
        pairs.addAll(List.of("--pairs", "ratio-convex", "--shard", "1/2", "--out", dir.resolve("pairs.tsv").toString()));
        CliTest.Outcome usage = CliTest.run(pairs.toArray(new String[0]));
        assertEquals(2, usage.code(), usage.err());
        assertTrue(usage.err().contains("--pairs") && usage.err().contains("--shard"), usage.err());
        assertTrue(!Files.exists(dir.resolve("pairs.tsv")));
    }

    private Path write(String name, List<String> lines) throws Exception {
        return Files.write(dir.resolve(name + ".tsv"), lines);
    }

    private void refused(String what, Path one, Path bad, String message) {
        Path out = dir.resolve("refused.tsv");
        CliTest.Outcome m = CliTest.run("merge", "--no-timing", "--out", out.toString(), one.toString(), bad.toString());
        assertEquals(1, m.code(), what + ": " + m.out());
        assertTrue(m.err().contains(bad.getFileName().toString()) && m.err().contains(message), what + ": " + m.err());
        assertTrue(!Files.exists(out), what + ": nothing written");
    }
}
