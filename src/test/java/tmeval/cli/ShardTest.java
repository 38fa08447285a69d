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

    /**
     * A document-completion comparison's rows have N = the second half's tokens (5 of 9), so its shards record their
     * documents by those counts and merge into the unsharded file.
     */
    @Test
    void completionShardsMergeIntoTheUnshardedFile() throws Exception {
        Path[] d = data();
        String[] base = {"compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString(),
                "--method", "completion-ratio-convex,completion-exact", "--temperatures", "10", "--burn-in", "2", "--no-timing"};
        Path whole = dir.resolve("completion-whole.tsv");
        CliTest.Outcome w = CliTest.run(ReliabilityTest.concat(List.of(base), List.of("--out", whole.toString())));
        assertEquals(0, w.code(), w.err());
        List<String> shards = new ArrayList<>(List.of("merge", "--no-timing", "--out", dir.resolve("completion-merged.tsv").toString()));
        for (int i = 1; i <= 2; i++) {
            Path shard = dir.resolve("completion-" + i + ".tsv");
            CliTest.Outcome s = CliTest.run(ReliabilityTest.concat(List.of(base), List.of("--shard", i + "/2", "--out", shard.toString())));
            assertEquals(0, s.code(), s.err());
            shards.add(shard.toString());
        }
        CliTest.Outcome m = CliTest.run(shards.toArray(new String[0]));
        assertEquals(0, m.code(), m.err());
        assertEquals(Files.readAllLines(whole), withoutShardLine(dir.resolve("completion-merged.tsv")));
        assertTrue(CliTest.table(whole).stream().skip(1).allMatch(l -> l.split("\t")[1].equals("5")), "N is the second half of 9 tokens");
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
        // shards byte-identical to the whole run's file only on one platform: one made elsewhere does not fit
        Path otherRuntime = dir.resolve("runtime.tsv");
        Files.writeString(otherRuntime, text.replace(tmeval.run.output.ProvenanceHeader.runtime(),
                "# runtime\tjava:17.0.1+12\tvendor:Other\tvm:OpenJDK 64-Bit Server VM\tos:Mac OS X\tarch:aarch64\n"));
        Path out = dir.resolve("m.tsv");
        String[][] cases = {
                {"missing", files.get(0).toString()},
                {"another runtime", files.get(0).toString(), otherRuntime.toString()},
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

    /** Shard {@code i} of {@code n} of a run, in this JVM. */
    private Path shard(List<String> base, String name, int i, int n) {
        Path f = dir.resolve(name + "-" + i + ".tsv");
        CliTest.Outcome o = CliTest.run(ReliabilityTest.concat(base, List.of("--shard", i + "/" + n, "--out", f.toString())));
        assertEquals(0, o.code(), o.err());
        return f;
    }

    /** The shard file with its rows changed by {@code edit} (given the row lines, the provenance and header kept). */
    private Path edited(Path shard, String name, java.util.function.UnaryOperator<List<String>> edit) throws Exception {
        List<String> lines = Files.readAllLines(shard);
        int header = 0;
        while (lines.get(header).startsWith("#")) {
            header++;
        }
        List<String> out = new ArrayList<>(lines.subList(0, header + 1));
        out.addAll(edit.apply(new ArrayList<>(lines.subList(header + 1, lines.size()))));
        Path f = dir.resolve(name);
        Files.write(f, out);
        return f;
    }

    /** A row with field {@code column} replaced. */
    private static String withField(String row, int column, String value) {
        String[] f = row.split("\t", -1);
        f[column] = value;
        return String.join("\t", f);
    }

    /**
     * Merge vouches for every row: a shard that lost a row (its last or a middle one), gained one, holds one twice, has
     * two swapped, or has an edited docId or N is refused naming the file, and so is a value that is not a finite number
     * (or an empty value where the status says there is one); nothing is written. One run per document, so a lost row
     * is a lost document: before, the merge of 20 documents with one deleted said "19 documents" and exited 0.
     */
    @Test
    void mergeRefusesAShardWhoseRowsAreNotExactlyItsDocuments() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 20);
        List<String> base = List.of("estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--method", "is-prior",
                "--samples", "5", "--no-timing");
        Path one = shard(base, "e", 1, 3);
        Path two = shard(base, "e", 2, 3);
        Path three = shard(base, "e", 3, 3);
        Path whole = dir.resolve("e-whole.tsv");
        assertEquals(0, CliTest.run(ReliabilityTest.concat(base, List.of("--out", whole.toString()))).code());
        Path merged = dir.resolve("merged.tsv");
        CliTest.Outcome ok = CliTest.run("merge", "--no-timing", "--out", merged.toString(), one.toString(), two.toString(), three.toString());
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("SHA-256 its '# shard' line records"), "says what it checked: " + ok.out());
        assertEquals(Files.readAllLines(whole), withoutShardLine(merged));
        Files.delete(merged);
        List<String> shardOne = Files.readAllLines(one);
        record Case(String what, Path file, String expected) {
        }
        List<Case> cases = List.of(
                new Case("last row deleted", edited(two, "last.tsv", rows -> rows.subList(0, rows.size() - 1)), "1 missing"),
                new Case("middle row deleted", edited(two, "middle.tsv", rows -> {
                    rows.remove(3);
                    return rows;
                }), "1 missing"),
                new Case("a row of another shard added", edited(two, "added.tsv", rows -> {
                    rows.add(shardOne.get(shardOne.size() - 1));
                    return rows;
                }), "appears twice"),
                new Case("a row duplicated", edited(two, "twice.tsv", rows -> {
                    rows.add(2, rows.get(1));
                    return rows;
                }), "appears twice"),
                new Case("two rows swapped", edited(two, "swapped.tsv", rows -> {
                    java.util.Collections.swap(rows, 1, 4);
                    return rows;
                }), "rows moved"),
                new Case("docId edited", edited(two, "id.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 0, "not-a-document"));
                    return rows;
                }), "docId or N edited"),
                new Case("N edited", edited(two, "n.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 1, Integer.toString(Integer.parseInt(rows.get(2).split("\t")[1]) + 1)));
                    return rows;
                }), "docId or N edited"),
                new Case("NaN", edited(two, "nan.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 4, "NaN"));
                    return rows;
                }), "line "),
                new Case("-Infinity", edited(two, "inf.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 4, "-Infinity"));
                    return rows;
                }), "not a finite number"),
                new Case("a perplexity of Infinity", edited(two, "perplexity.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 5, "Infinity"));
                    return rows;
                }), "not a finite number"),
                new Case("a finite value no document can have", edited(two, "huge.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 4, "-1e308"));
                    return rows;
                }), "beyond what"),
                new Case("an empty value with status ok", edited(two, "empty.tsv", rows -> {
                    rows.set(2, withField(withField(rows.get(2), 4, ""), 5, ""));
                    return rows;
                }), "a value"),
                new Case("a verdict forged (one run is never certified)", edited(two, "forged.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 9, "yes"));
                    return rows;
                }), "where its rows give 'no'"),
                new Case("a verdict that is no verdict", edited(two, "maybe.tsv", rows -> {
                    rows.set(2, withField(rows.get(2), 9, "maybe"));
                    return rows;
                }), "certified is yes or no"),
                new Case("site updates that add up beyond a long", edited(two, "overflow.tsv", rows -> {
                    rows.set(1, withField(rows.get(1), 6, Long.toString(Long.MAX_VALUE - 10)));
                    rows.set(2, withField(rows.get(2), 6, Long.toString(Long.MAX_VALUE - 10)));
                    return rows;
                }), "add up beyond"));
        for (Case c : cases) {
            CliTest.Outcome o = CliTest.run("merge", "--out", merged.toString(), one.toString(), c.file().toString(), three.toString());
            assertEquals(1, o.code(), c.what() + ": " + o.out() + o.err());
            assertTrue(o.err().contains(c.file().getFileName().toString()), c.what() + ": names the shard: " + o.err());
            assertTrue(o.err().contains(c.expected()) || c.expected().equals("a value") && o.err().contains("not a number"),
                    c.what() + ": " + o.err());
            assertTrue(!Files.exists(merged), c.what() + ": nothing written");
        }
    }

    /** The values of compare and curve shards are checked as estimate's are: NaN and infinities never reach a merged file. */
    @Test
    void mergeRefusesNonFiniteValuesInCompareAndCurveShards() throws Exception {
        Path[] d = data();
        List<String> compare = List.of("compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString(),
                "--method", "ratio-convex,lr-diff", "--temperatures", "5", "--burn-in", "2", "--runs", "1", "--no-timing");
        List<String> curve = List.of("curve", "--series", series(d).toString(), "--corpus", d[2].toString(), "--method", "ais,vb",
                "--temperatures", "5", "--runs", "1", "--no-timing");
        Path merged = dir.resolve("m.tsv");
        for (List<String> base : List.of(compare, curve)) {
            String kind = base.get(0);
            Path one = shard(base, kind, 1, 2);
            Path two = shard(base, kind, 2, 2);
            int value = 5; // logRatio in compare's rows, logLik in curve's
            for (String bad : List.of("NaN", "Infinity", "-Infinity")) {
                Path f = edited(two, kind + "-" + bad + ".tsv", rows -> {
                    rows.set(1, withField(rows.get(1), value, bad));
                    return rows;
                });
                CliTest.Outcome o = CliTest.run("merge", "--out", merged.toString(), one.toString(), f.toString());
                assertEquals(1, o.code(), kind + " " + bad + ": " + o.out());
                assertTrue(o.err().contains(f.getFileName() + ", line ") && o.err().contains("not a finite number"), kind + " " + bad + ": " + o.err());
                assertTrue(!Files.exists(merged));
            }
        }
    }

    /**
     * A file name may hold a line break or a tab: the provenance lines escape them, so the tool's own shards of a
     * corpus so named merge, and the merged file reopens with the corpus's path as it is.
     */
    @Test
    void shardsOfFilesNamedWithALineBreakOrATabMergeAndReopen() throws Exception {
        Path[] d = data();
        Path corpus = Files.copy(d[2], dir.resolve("held\nout\tcorpus\\.tsv"));
        Path modelA = Files.copy(d[0], dir.resolve("model\rA.tsv"));
        List<String> base = List.of("compare", "--model-a", modelA.toString(), "--model-b", d[1].toString(), "--corpus", corpus.toString(),
                "--method", "lr-diff", "--temperatures", "5", "--runs", "1", "--no-timing");
        Path one = shard(base, "odd", 1, 2);
        Path two = shard(base, "odd", 2, 2);
        Path merged = dir.resolve("odd\nmerged.tsv");
        CliTest.Outcome m = CliTest.run("merge", "--no-timing", "--out", merged.toString(), one.toString(), two.toString());
        assertEquals(0, m.code(), m.err());
        tmeval.run.output.ComparisonOutput.Content content = tmeval.run.output.ComparisonOutput.read(merged);
        assertEquals(List.of(modelA.toAbsolutePath(), d[1].toAbsolutePath(), corpus.toAbsolutePath()),
                content.inputs().stream().map(tmeval.run.output.ProvenanceHeader.Input::path).toList(), "the inputs' paths as they are");
        assertTrue(content.inputs().stream().allMatch(i -> i.problem() == null), "and their digests match");
        assertEquals(13, content.rows().size());
    }
}
