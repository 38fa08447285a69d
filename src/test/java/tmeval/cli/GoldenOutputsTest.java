package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tmeval.compare.ModelPair;
import tmeval.compare.RatioResult;
import tmeval.io.CorpusLoader;
import tmeval.model.Corpus;
import tmeval.progress.CancelToken;
import tmeval.progress.Progress;
import tmeval.run.plan.ComparisonPlan;
import tmeval.run.plan.ComparisonPlanSettingsTest;
import tmeval.run.exec.ComparisonRunner;
import tmeval.run.output.SessionFile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files a fixed set of plans writes (estimate, compare, curve, select, coherence, merge, a session), byte for byte under
 * {@code --no-timing}, against copies kept in {@code src/test/resources/golden/}. It pins behaviour across refactors
 * of the code that turns plans and rows into text: a change to any of these files must be a decision, made by
 * regenerating them with {@code -Dgolden.update=true} and reading the diff.
 *
 * <p>Each file's temporary directory is written as {@code <dir>}; the line with the time a file was written is left
 * out (it is there only without {@code --no-timing}, which the session has no way to turn off), and so is the line
 * naming the Java runtime, OS and architecture, once checked to be this machine's.
 */
class GoldenOutputsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");
    /** The provenance's runtime line of this machine, left out of the comparison as the time written is. */
    private static final String RUNTIME = tmeval.run.output.ProvenanceHeader.runtime().strip();

    @TempDir
    Path dir;

    @Test
    void everyOutputKindIsByteIdenticalToItsGoldenCopy() throws Exception {
        Path[] d = ReliabilityTest.smallData(dir, 7);
        Path series = Files.createDirectories(dir.resolve("series"));
        Files.copy(d[0], series.resolve("iter-10.tsv"));
        Files.copy(d[1], series.resolve("iter-20.tsv"));
        String a = d[0].toString();
        String b = d[1].toString();
        String corpus = d[2].toString();
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("estimate-auto", List.of("estimate", "--model", a, "--corpus", corpus));
        commands.put("estimate-ais", List.of("estimate", "--model", a, "--corpus", corpus, "--method", "ais", "--temperatures", "20",
                "--runs", "2", "--seed", "7"));
        commands.put("estimate-lr", List.of("estimate", "--model", a, "--corpus", corpus, "--method", "lr", "--particles", "5"));
        commands.put("estimate-is-vb", List.of("estimate", "--model", a, "--corpus", corpus, "--method", "is-vb", "--samples", "50"));
        commands.put("estimate-chib", List.of("estimate", "--model", a, "--corpus", corpus, "--method", "chib", "--chain-length", "20"));
        commands.put("estimate-exact", List.of("estimate", "--model", a, "--corpus", corpus, "--method", "exact"));
        commands.put("compare-auto", List.of("compare", "--model-a", a, "--model-b", b, "--corpus", corpus));
        commands.put("compare-methods", List.of("compare", "--model-a", a, "--model-b", b, "--corpus", corpus,
                "--method", "ratio-convex,ratio-geometric,lr-diff,ais-diff,exact", "--temperatures", "20", "--burn-in", "3", "--runs", "2"));
        commands.put("compare-adaptive", List.of("compare", "--model-a", a, "--model-b", b, "--corpus", corpus,
                "--method", "ratio-convex", "--temperatures", "10", "--adaptive", "--max-temperatures", "40"));
        commands.put("curve", List.of("curve", "--series", series.toString(), "--corpus", corpus, "--method", "iteration-ais,ais,lr,vb",
                "--temperatures", "20"));
        commands.put("select-auto", List.of("select", "--models", a + "," + b, "--corpus", corpus));
        commands.put("select-ais", List.of("select", "--models", a + "," + b, "--corpus", corpus, "--method", "ais", "--temperatures", "30"));
        commands.put("coherence", List.of("coherence", "--model", a, "--corpus", corpus, "--top-n", "5"));
        List<String> failures = new ArrayList<>();
        for (var c : commands.entrySet()) {
            Path out = dir.resolve(c.getKey() + ".tsv");
            List<String> args = new ArrayList<>(c.getValue());
            args.addAll(List.of("--no-timing", "--out", out.toString()));
            CliTest.Outcome o = CliTest.run(args.toArray(new String[0]));
            assertEquals(0, o.code(), c.getKey() + ": " + o.err());
            check(c.getKey(), out, failures);
        }
        // merge: the compare, estimate and curve runs, each in two shards
        for (String kind : List.of("compare-methods", "estimate-ais", "curve")) {
            List<String> shards = new ArrayList<>();
            for (int i = 1; i <= 2; i++) {
                Path s = dir.resolve(kind + "-shard-" + i + ".tsv");
                List<String> args = new ArrayList<>(commands.get(kind));
                args.addAll(List.of("--shard", i + "/2", "--no-timing", "--out", s.toString()));
                CliTest.Outcome o = CliTest.run(args.toArray(new String[0]));
                assertEquals(0, o.code(), o.err());
                shards.add(s.toString());
            }
            Path merged = dir.resolve("merge-" + kind + ".tsv");
            List<String> merge = new ArrayList<>(List.of("merge", "--no-timing", "--out", merged.toString()));
            merge.addAll(shards);
            CliTest.Outcome m = CliTest.run(merge.toArray(new String[0]));
            assertEquals(0, m.code(), m.err());
            check(kind.equals("compare-methods") ? "merge" : "merge-" + kind, merged, failures);
        }
        check("session", session(d), failures);
        assertTrue(failures.isEmpty(), "outputs that differ from their golden copy (regenerate with -Dgolden.update=true only"
                + " if the change is intended):\n" + String.join("\n", failures));
    }

    /** A session as the workbench writes one: every setting of a plan off its default, its rows and rounds. */
    private Path session(Path[] d) throws Exception {
        ComparisonPlan plan = ComparisonPlanSettingsTest.everySettingChanged().withMethods(List.of("ratio-convex", "lr-diff"))
                .withTemperatures(15);
        ModelPair pair = ModelPair.prepare(tmeval.io.NativeModelFormat.read(d[0]), tmeval.io.NativeModelFormat.read(d[1]), plan.align(),
                plan.intersectVocabularies(), plan.annealingMethod());
        Corpus held = CorpusLoader.mapOnto(CorpusLoader.read(CorpusLoader.Spec.of(d[2])), pair.a().vocabulary(), d[2]);
        List<ComparisonRunner.Result> results = new ArrayList<>();
        ComparisonRunner.run(ComparisonRunner.Job.of(plan, held, pair), r -> { }, r -> results.add(withFixedTime(r, results.size())),
                Progress.NONE, new CancelToken());
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("modelA", d[0]);
        inputs.put("modelB", d[1]);
        inputs.put("corpus", d[2]);
        List<SessionFile.Round> rounds = List.of(new SessionFile.Round(0, "ratio-convex", 30, true),
                new SessionFile.Round(2, "ratio-convex", 60, false), new SessionFile.Round(1, "lr-diff", 1000, null));
        Path p = dir.resolve("session.tsv");
        SessionFile.write(new SessionFile.Session(inputs, plan.toSettings(), results, rounds), p);
        return p;
    }

    /** A row with a time that does not depend on the machine, and is not a whole number of milliseconds. */
    private static ComparisonRunner.Result withFixedTime(ComparisonRunner.Result r, int i) {
        RatioResult v = r.result();
        RatioResult fixed = v == null ? null : new RatioResult(v.logRatio(), v.logWeights(), v.siteUpdates(), 1_234_567L * (i + 1), v.logA(), v.logB());
        return new ComparisonRunner.Result(r.documentIndex(), r.documentId(), r.length(), r.method(), r.direction(), r.run(), r.reference(),
                fixed, r.refusal(), r.status());
    }

    private void check(String name, Path out, List<String> failures) throws Exception {
        if (!name.equals("session") && !Files.readAllLines(out, StandardCharsets.UTF_8).contains(RUNTIME)) {
            failures.add(name + ": no line naming this runtime (" + RUNTIME + ")");
        }
        String text = normalised(out);
        Path golden = GOLDEN.resolve(name + ".tsv");
        if (UPDATE) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, text);
            return;
        }
        assertTrue(Files.exists(golden), "no golden copy " + golden + " (make it with -Dgolden.update=true)");
        String expected = Files.readString(golden, StandardCharsets.UTF_8);
        if (!expected.equals(text)) {
            List<String> e = expected.lines().toList();
            List<String> t = text.lines().toList();
            int i = 0;
            while (i < Math.min(e.size(), t.size()) && e.get(i).equals(t.get(i))) {
                i++;
            }
            failures.add(name + ": first difference at line " + (i + 1) + "\n  golden: " + (i < e.size() ? e.get(i) : "(end)")
                    + "\n  now:    " + (i < t.size() ? t.get(i) : "(end)"));
        }
    }

    private String normalised(Path out) throws Exception {
        StringBuilder s = new StringBuilder();
        for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            if (line.startsWith(tmeval.run.output.Provenance.WRITTEN_LINE)) {
                continue;
            }
            if (line.equals(RUNTIME)) {
                continue; // this machine's; a file without it, or with another, differs from its golden copy
            }
            s.append(line.replace(dir.toString(), "<dir>")).append('\n');
        }
        return s.toString();
    }
}
