package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    void threeShardsInSeparateProcessesMergeIntoTheUnshardedFile() throws Exception {
        Path[] d = data();
        String[] compare = {"compare", "--model-a", d[0].toString(), "--model-b", d[1].toString(), "--corpus", d[2].toString(),
                "--method", "ratio-convex,lr-diff,exact", "--temperatures", "20", "--burn-in", "3", "--no-timing"};
        String[] estimate = {"estimate", "--model", d[0].toString(), "--corpus", d[2].toString(), "--method", "ais",
                "--temperatures", "20", "--runs", "2", "--no-timing"};
        for (String[] base : List.of(compare, estimate)) {
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
            if (kind.equals("compare")) {
                assertTrue(m.out().contains("ratio-convex (forward)") && m.out().contains("the two annealing directions"), m.out());
                // the same table row as the unsharded run, but for its seconds (0 under --no-timing)
                String row = m.out().lines().filter(l -> l.startsWith("lr-diff")).findFirst().orElseThrow().replaceAll("\\s+\\S+$", "");
                assertTrue(w.out().contains(row), "the same table row as the unsharded run:\n" + w.out() + "\n" + m.out());
            }
        }
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
}
