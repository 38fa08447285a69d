package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run split into shards and merged gives the unsharded run's file, byte for byte but for the line naming the shards. */
class ShardTest {
    @TempDir
    Path dir;

    private Path[] data() throws Exception {
        return ReliabilityTest.smallData(dir, 13);
    }

    private static List<String> withoutShardLine(Path f) throws Exception {
        return Files.readAllLines(f).stream().filter(l -> !l.startsWith("# shard\t")).toList();
    }

    /** Each shard in a JVM of its own, as a batch scheduler would start them. */
    private static void runInProcesses(Path dir, List<String[]> commands) throws Exception {
        List<Process> processes = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), "tmeval.Main"));
            command.addAll(List.of(commands.get(i)));
            processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("shard-" + i + ".log").toFile()).start());
        }
        for (int i = 0; i < processes.size(); i++) {
            assertTrue(processes.get(i).waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, processes.get(i).exitValue(), Files.readString(dir.resolve("shard-" + i + ".log")));
        }
    }

    /** A series of two snapshots on the small data's vocabulary: models A and B as iterations 10 and 20. */
    private Path series(Path[] d) throws Exception {
        Path series = Files.createDirectories(dir.resolve("series"));
        Files.copy(d[0], series.resolve("iter-10.tsv"));
        Files.copy(d[1], series.resolve("iter-20.tsv"));
        return series;
    }

    /** The lines of a curve's summary table (iteration, method, run, corpus logLik, perplexity, variance). */
    private static List<String> curveTable(String out) {
        return out.lines().filter(l -> l.matches("\\s*\\d+  \\S+\\s+\\d+ .*")).toList();
    }

    @Test
    void threeShardsInSeparateProcessesMergeIntoTheUnshardedFile() throws Exception {
        Path[] d = data();
        String[] curve = {"curve", "--series", series(d).toString(), "--corpus", d[2].toString(), "--method", "iteration-ais,ais,lr,vb",
                "--temperatures", "20", "--no-timing"};
        String[] compare = {"compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString(),
                "--method", "ratio-convex,lr-diff,exact", "--temperatures", "20", "--burn-in", "3", "--no-timing"};
        String[] estimate = {"estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--method", "ais",
                "--temperatures", "20", "--runs", "2", "--no-timing"};
        for (String[] base : List.of(curve, compare, estimate)) {
            String kind = base[0];
            Path whole = dir.resolve(kind + "-whole.tsv");
            CliTest.Outcome w = CliTest.run(ReliabilityTest.concat(List.of(base), List.of("--out", whole.toString())));
            assertEquals(0, w.code(), w.err());
            List<String[]> shards = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                shards.add(ReliabilityTest.concat(List.of(base), List.of("--shard", i + "/3", "--threads", "1",
                        "--out", dir.resolve(kind + "-" + i + ".tsv").toString())));
            }
            runInProcesses(dir, shards);
            Path merged = dir.resolve(kind + "-merged.tsv");
            CliTest.Outcome m = CliTest.run("merge", "--no-timing", "--out", merged.toString(), dir.resolve(kind + "-2.tsv").toString(),
                    dir.resolve(kind + "-1.tsv").toString(), dir.resolve(kind + "-3.tsv").toString());
            assertEquals(0, m.code(), m.err());
            assertEquals(Files.readAllLines(whole), withoutShardLine(merged), kind + ": the unsharded file, line for line");
            assertEquals(Files.readString(whole).length() + "# shard\tmerged from 3 shards\n".length(), Files.readString(merged).length());
            if (kind.equals("curve")) {
                assertTrue(Files.readAllLines(dir.resolve("curve-1.tsv")).stream().noneMatch(l -> l.startsWith("*\t")), "a shard writes no corpus lines");
                assertEquals(2 * 4 * 2, Files.readAllLines(whole).stream().filter(l -> l.startsWith("*\t")).count(), "snapshots x methods x runs");
                assertEquals(2 * 4 * 2, curveTable(w.out()).size(), w.out());
                assertEquals(curveTable(w.out()), curveTable(m.out()), "merge prints the unsharded run's table:\n" + w.out() + "\n" + m.out());
            }
            if (kind.equals("compare")) {
                assertTrue(m.out().contains("ratio-convex (forward)") && m.out().contains("the two annealing directions"), m.out());
                // the same table row as the unsharded run, but for its seconds (0 under --no-timing)
                String row = m.out().lines().filter(l -> l.startsWith("lr-diff")).findFirst().orElseThrow().replaceAll("\\s+\\S+$", "");
                assertTrue(w.out().contains(row), "the same table row as the unsharded run:\n" + w.out() + "\n" + m.out());
            }
        }
    }

    /** An adaptive comparison's shards (rows with their rounds' temperatures and verdicts) merge into the unsharded file. */
    @Test
    void adaptiveShardsMergeIntoTheUnshardedFile() throws Exception {
        Path[] d = data();
        String[] base = {"compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString(),
                "--method", "ratio-convex,lr-diff", "--temperatures", "5", "--burn-in", "2", "--adaptive", "--agree-within", "0.2",
                "--max-temperatures", "40", "--no-timing"};
        Path whole = dir.resolve("adaptive-whole.tsv");
        CliTest.Outcome w = CliTest.run(ReliabilityTest.concat(List.of(base), List.of("--out", whole.toString())));
        assertEquals(0, w.code(), w.err());
        assertTrue(Files.readAllLines(whole).contains("# setting\tmax-temperatures\t40"), "the budget is in the provenance");
        List<String> shards = new ArrayList<>(List.of("merge", "--no-timing", "--out", dir.resolve("adaptive-merged.tsv").toString()));
        for (int i = 1; i <= 2; i++) {
            Path shard = dir.resolve("adaptive-" + i + ".tsv");
            CliTest.Outcome s = CliTest.run(ReliabilityTest.concat(List.of(base), List.of("--shard", i + "/2", "--out", shard.toString())));
            assertEquals(0, s.code(), s.err());
            shards.add(shard.toString());
        }
        CliTest.Outcome m = CliTest.run(shards.toArray(new String[0]));
        assertEquals(0, m.code(), m.err());
        assertEquals(Files.readAllLines(whole), withoutShardLine(dir.resolve("adaptive-merged.tsv")));
    }

    @Test
    void mergeRefusesShardsThatDoNotFit() throws Exception {
        Path[] d = data();
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path f = dir.resolve("e" + i + ".tsv");
            assertEquals(0, CliTest.run("estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--method", "is-prior",
                    "--samples", "5", "--shard", i + "/2", "--no-timing", "--out", f.toString()).code());
            files.add(f);
        }
        Path otherSeed = dir.resolve("seed.tsv");
        CliTest.run("estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--method", "is-prior", "--samples", "5",
                "--seed", "9", "--shard", "2/2", "--no-timing", "--out", otherSeed.toString());
        Path truncated = dir.resolve("truncated.tsv");
        String text = Files.readString(files.get(1));
        Files.writeString(truncated, text.substring(0, text.length() - 30));
        Path out = dir.resolve("m.tsv");
        String[][] cases = {
                {"missing", files.get(0).toString()},
                {"twice", files.get(0).toString(), files.get(0).toString()},
                {"another plan", files.get(0).toString(), otherSeed.toString()},
                {"truncated", files.get(0).toString(), truncated.toString()},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("merge", "--out", out.toString()));
            args.addAll(List.of(c).subList(1, c.length));
            CliTest.Outcome o = CliTest.run(args.toArray(new String[0]));
            assertEquals(1, o.code(), c[0] + ": " + o.err());
            assertTrue(o.err().contains(c[0].equals("truncated") ? "truncated" : c[0]), c[0] + ": " + o.err());
            assertTrue(!Files.exists(out), "nothing written");
        }
    }

    /**
     * A snapshot that gives one word probability zero makes every estimate of the documents holding it impossible:
     * each refused estimate is still a row (empty logLik), the corpus line leaves exactly those documents out, and
     * shards and their merge keep them all.
     */
    @Test
    void curveWritesRefusedEstimatesAndMergeKeepsThem() throws Exception {
        Path[] d = data();
        TopicModel a = NativeModelFormat.read(d[0]);
        String firstLine = Files.readAllLines(d[2]).get(0);
        String word = firstLine.split("\t")[1].trim().split(" ")[0];
        int w = a.vocabulary().id(word);
        double[] phi = a.phiMatrix();
        int k = a.numTopics();
        double[] sums = new double[k];
        for (int t = 0; t < k; t++) {
            phi[w * k + t] = 0;
        }
        for (int i = 0; i < phi.length; i++) {
            sums[i % k] += phi[i];
        }
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % k];
        }
        Path series = Files.createDirectories(dir.resolve("zero-series"));
        Files.copy(d[0], series.resolve("iter-10.tsv"));
        NativeModelFormat.write(new TopicModel("no " + word, a.vocabulary(), phi, a.alpha()), series.resolve("iter-20.tsv"));
        List<String> base = List.of("curve", "--series", series.toString(), "--corpus", d[2].toString(), "--method", "iteration-ais,ais,lr,vb",
                "--temperatures", "20", "--no-timing");
        Path whole = dir.resolve("zero-whole.tsv");
        CliTest.Outcome o = CliTest.run(ReliabilityTest.concat(base, List.of("--out", whole.toString())));
        assertEquals(0, o.code(), o.err());
        List<String[]> rows = CliTest.table(whole).stream().skip(1).map(l -> l.split("\t", -1)).toList();
        List<String[]> documentRows = rows.stream().filter(f -> !f[0].equals("*")).toList();
        assertEquals(2 * 13 * 4 * 2, documentRows.size(), "every (snapshot, document, method, run) has its row, refused ones too");
        List<String[]> refused = documentRows.stream().filter(f -> f[5].isEmpty()).toList();
        Set<String> refusedDocuments = refused.stream().map(f -> f[0]).collect(Collectors.toSet());
        assertTrue(refusedDocuments.contains(firstLine.split("\t")[0]), "the first document holds the word");
        assertTrue(refused.stream().allMatch(f -> f[2].equals("20")), "refused only at the snapshot without the word");
        assertEquals(refusedDocuments.size() * 4 * 2, refused.size(), "every method and run of those documents");
        long kept = documentRows.stream().filter(f -> f[2].equals("20") && f[3].equals("ais") && f[4].equals("1") && !f[5].isEmpty())
                .mapToLong(f -> Long.parseLong(f[1])).sum();
        String[] corpus = rows.stream().filter(f -> f[0].equals("*") && f[2].equals("20") && f[3].equals("ais") && f[4].equals("1")).findFirst().orElseThrow();
        assertEquals(kept, Long.parseLong(corpus[1]), "the corpus line counts the tokens of the documents it sums");
        assertTrue(o.out().contains(refused.size() + " (document, snapshot) estimates refused"), o.out());

        List<String> shardFiles = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path f = dir.resolve("zero-" + i + ".tsv");
            assertEquals(0, CliTest.run(ReliabilityTest.concat(base, List.of("--shard", i + "/2", "--out", f.toString()))).code());
            shardFiles.add(f.toString());
        }
        Path merged = dir.resolve("zero-merged.tsv");
        CliTest.Outcome m = CliTest.run(ReliabilityTest.concat(List.of("merge", "--no-timing", "--out", merged.toString()), shardFiles));
        assertEquals(0, m.code(), m.err());
        assertEquals(Files.readAllLines(whole), withoutShardLine(merged));
        assertTrue(m.out().contains(refused.size() + " (document, snapshot) estimates refused"), m.out());
        assertEquals(curveTable(o.out()), curveTable(m.out()));
    }

    @Test
    void mergeRefusesCurveShardsThatDoNotFit() throws Exception {
        Path[] d = data();
        List<String> base = List.of("curve", "--series", series(d).toString(), "--corpus", d[2].toString(), "--method", "ais,vb",
                "--temperatures", "5", "--runs", "1", "--no-timing");
        List<Path> files = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Path f = dir.resolve("c" + i + ".tsv");
            assertEquals(0, CliTest.run(ReliabilityTest.concat(base, List.of("--shard", i + "/2", "--out", f.toString()))).code());
            files.add(f);
        }
        Path otherSeed = dir.resolve("seed.tsv");
        assertEquals(0, CliTest.run(ReliabilityTest.concat(base, List.of("--seed", "9", "--shard", "2/2", "--out", otherSeed.toString()))).code());
        Path unsharded = dir.resolve("whole.tsv");
        assertEquals(0, CliTest.run(ReliabilityTest.concat(base, List.of("--out", unsharded.toString()))).code());
        String text = Files.readString(files.get(1));
        Path cutInARow = dir.resolve("cut-row.tsv");
        Files.writeString(cutInARow, text.substring(0, text.length() - 10));
        List<String> lines = Files.readAllLines(files.get(1));
        // cut where the last snapshot begins: every row whole, every document whole, a snapshot missing
        int lastSnapshot = 0;
        while (lines.get(lastSnapshot).startsWith("#") || !lines.get(lastSnapshot).split("\t")[2].equals("20")) {
            lastSnapshot++;
        }
        Path cutAtSnapshot = dir.resolve("cut-snapshot.tsv");
        Files.write(cutAtSnapshot, lines.subList(0, lastSnapshot));
        // cut inside the last snapshot, at a document boundary (two rows a document)
        Path cutAtDocument = dir.resolve("cut-document.tsv");
        Files.write(cutAtDocument, lines.subList(0, lines.size() - 2));
        Path out = dir.resolve("m.tsv");
        String[][] cases = {
                {"missing", files.get(0).toString()},
                {"twice", files.get(0).toString(), files.get(0).toString()},
                {"another plan", files.get(0).toString(), otherSeed.toString()},
                {"truncated", files.get(0).toString(), cutInARow.toString()},
                {"truncated", files.get(0).toString(), cutAtSnapshot.toString()},
                {"truncated", files.get(0).toString(), cutAtDocument.toString()},
                {"no '# shard' line", files.get(0).toString(), unsharded.toString()},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("merge", "--out", out.toString()));
            args.addAll(List.of(c).subList(1, c.length));
            CliTest.Outcome o = CliTest.run(args.toArray(new String[0]));
            assertEquals(1, o.code(), c[0] + ": " + o.err());
            assertTrue(o.err().contains(c[0]), c[0] + ": " + o.err());
            assertTrue(o.err().contains(Path.of(c[c.length - 1]).getFileName().toString()) || c[0].equals("missing"), "names the file: " + o.err());
            assertTrue(!Files.exists(out), "nothing written");
        }
    }
}
