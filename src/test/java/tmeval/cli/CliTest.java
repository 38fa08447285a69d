package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.io.NativeModelFormat;
import tmeval.model.TopicModel;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {
    @TempDir
    Path dir;

    /** What one invocation printed and returned. */
    record Outcome(int code, String out, String err) {
    }

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Cli().run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** An output's table: its lines after the provenance lines ({@code #}). */
    static java.util.List<String> table(Path out) throws java.io.IOException {
        return Files.readAllLines(out).stream().filter(l -> !l.startsWith("#")).toList();
    }

    @Test
    void helpEverywhere() {
        assertTrue(run("--help").out().contains("commands:"));
        assertTrue(run("--version").out().matches("tmeval \\d+\\.\\d+\\.\\d+.*\\s*"), run("--version").out());
        assertTrue(run("train", "--help").out().contains("--corpus PATH              training corpus"), run("train", "--help").out());
        assertTrue(run("split", "--help").out().contains("corpus to split"));
        String compareHelp = run("compare", "--help").out();
        assertTrue(!compareHelp.contains("--particles") && !compareHelp.contains("--epsilon"), "only options compare's methods read: " + compareHelp);
        for (String c : new String[] {"info", "train", "perturb"}) {
            Outcome o = run(c, "--help");
            assertEquals(0, o.code());
            assertTrue(o.out().contains("usage: tmeval " + c), o.out());
        }
    }

    @Test
    void usageErrorsExitTwoWithOneLine() {
        Outcome o = run("train", "--topics", "five", "--iterations", "3", "--corpus", "c", "--out", "m.tsv");
        assertEquals(2, o.code());
        assertTrue(o.err().contains("--topics needs a whole number"), o.err());
        assertEquals(1, o.err().strip().lines().count());
        assertEquals(2, run("frobnicate").code());
        assertEquals(2, run("info", "--bogus").code());
        assertEquals(2, run("info").code());
    }

    /** The command line refuses a vocabulary as a results file's settings do (Vocabulary.parse), naming the option and the value given. */
    @Test
    void aVocabularyOtherThanStrictOrIntersectIsAUsageErrorNamingTheValue() {
        for (String method : new String[] {"lr-diff", "auto"}) {
            Outcome o = run("compare", "--model-a", "a.tsv", "--model-b", "b.tsv", "--corpus", "c.tsv", "--method", method, "--vocabulary", "loose");
            assertEquals(2, o.code());
            assertTrue(o.err().contains("--vocabulary is strict or intersect, was 'loose'"), o.err());
        }
    }

    @Test
    void inputErrorsExitOneNamingFileAndLine() throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, "#tmeval-model v1\n#alpha\t1\t1\na\t0.5\nb\t0.5\t0.5\n");
        Outcome o = run("info", "--model", bad.toString());
        assertEquals(1, o.code());
        assertTrue(o.err().contains(bad + ", line 3:"), o.err());
        assertFalse(o.err().contains("Exception"), "no stack trace without --debug");
    }

    @Test
    void trainPerturbAndInfoEndToEnd() throws Exception {
        TopicModel truth = Fixtures.randomModel("t", 30, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path corpus = dir.resolve("corpus.tsv");
        StringBuilder sb = new StringBuilder();
        var generated = Fixtures.generate(truth, 50, 20, 2);
        for (var d : generated.documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(truth.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append('\n');
        }
        Files.writeString(corpus, sb);
        Path model = dir.resolve("m.tsv.gz");
        Path series = dir.resolve("series");
        Outcome t = run("train", "--corpus", corpus.toString(), "--topics", "3", "--iterations", "20", "--snapshot-every", "10",
                "--series-dir", series.toString(), "--seed", "4", "--out", model.toString());
        assertEquals(0, t.code(), t.err());
        assertTrue(Files.exists(series.resolve("iter-20.tsv.gz")));
        assertEquals(NativeModelFormat.read(model).withName("x"), NativeModelFormat.read(series.resolve("iter-20.tsv.gz")).withName("x"));
        Path perturbed = dir.resolve("p.tsv");
        Outcome p = run("perturb", "--model", model.toString(), "--out", perturbed.toString());
        assertEquals(0, p.code(), p.err());
        assertEquals(3, NativeModelFormat.read(perturbed).numTopics());
        Outcome i = run("info", "--model", model.toString(), "--corpus", corpus.toString());
        assertEquals(0, i.code(), i.err());
        assertTrue(i.out().contains("K = 3 topics"), i.out());
        assertTrue(i.out().contains("dropped 0 out-of-vocabulary tokens"), i.out());

        // continuing from the state: symmetric alpha, topics kept in place; the state supplies documents and priors
        Path state = dir.resolve("m.tsv.gz.state.gz");
        Path warm = dir.resolve("warm.tsv");
        Outcome w = run("train", "--init-state", state.toString(), "--topics", "3", "--iterations", "5", "--alpha", "symmetric",
                "--optimize-burn-in", "0", "--optimize-interval", "5", "--out", warm.toString(), "--no-state");
        assertEquals(0, w.code(), w.err());
        assertTrue(w.out().contains("continuing from") && w.out().contains("50 documents"), w.out());
        double[] alpha = NativeModelFormat.read(warm).alpha();
        assertEquals(alpha[0], alpha[2], 0.0);
        Outcome both = run("train", "--init-state", state.toString(), "--corpus", corpus.toString(), "--topics", "3",
                "--iterations", "5", "--out", warm.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("drop --corpus"), both.err());
        Outcome wrongK = run("train", "--init-state", state.toString(), "--topics", "4", "--iterations", "5", "--out", warm.toString());
        assertEquals(1, wrongK.code());
        assertTrue(wrongK.err().contains(state.getFileName().toString()) && wrongK.err().contains("3 topics"), wrongK.err());

        // --min-tokens keeps the long documents only, and says so; none long enough is an input error
        Outcome longOnly = run("info", "--corpus", corpus.toString(), "--min-tokens", "20");
        assertEquals(0, longOnly.code(), longOnly.err());
        Outcome none = run("info", "--corpus", corpus.toString(), "--min-tokens", "21");
        assertEquals(1, none.code());
        assertTrue(none.err().contains("no document has at least 21 tokens"), none.err());
    }

    @Test
    void estimateWritesTheContractColumnsAndASummary() throws Exception {
        TopicModel truth = Fixtures.randomModel("t", 30, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path modelFile = dir.resolve("m.tsv");
        NativeModelFormat.write(truth, modelFile);
        Path corpus = dir.resolve("heldout.tsv");
        StringBuilder sb = new StringBuilder();
        for (var d : Fixtures.generate(truth, 6, 15, 2).documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(truth.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append("unknownword\n");
        }
        Files.writeString(corpus, sb);
        Path out = dir.resolve("est.tsv");
        Outcome o = run("estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(), "--method", "ais",
                "--temperatures", "50", "--runs", "2", "--out", out.toString(), "--summary", "--threads", "2");
        assertEquals(0, o.code(), o.err());
        var all = Files.readAllLines(out);
        assertTrue(all.get(0).startsWith("# tmeval\t"), all.get(0));
        assertTrue(all.contains("# setting\tseed\t1") && all.contains("# setting\tmethod\tais"), String.join("\n", all));
        assertTrue(all.stream().anyMatch(l -> l.matches("# input\tmodel\t.*\tsha256:[0-9a-f]{64}\tbytes:[0-9]+")), String.join("\n", all));
        assertTrue(all.stream().anyMatch(l -> l.startsWith("# written\t")), "timing on: the time written is recorded");
        var lines = table(out);
        assertEquals("docId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis\tstatus\tcertified", lines.get(0));
        assertEquals(13, lines.size());
        String[] row = lines.get(1).split("\t");
        assertEquals("15", row[1]);
        assertEquals(Math.exp(-Double.parseDouble(row[4]) / 15), Double.parseDouble(row[5]), 1e-9);
        assertEquals("750", row[6], "15 tokens x 50 temperatures");
        assertTrue(o.out().contains("corpus log-likelihood"), o.out());
        assertTrue(o.out().contains("mean per-document variance"), o.out());
        assertTrue(o.out().contains("dropped 6 out-of-vocabulary tokens"), o.out());
        Outcome bad = run("estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(), "--method", "nope", "--out", out.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown method 'nope'"), bad.err());
    }

    /** Writes a model and a held-out corpus generated from it; returns {model, corpus}. */
    private Path[] smallModelAndCorpus(TopicModel model, int docs, int length) throws Exception {
        Path modelFile = dir.resolve(model.name() + ".tsv");
        NativeModelFormat.write(model, modelFile);
        Path corpus = dir.resolve("heldout-" + model.name() + ".tsv");
        StringBuilder sb = new StringBuilder();
        for (var d : Fixtures.generate(model, docs, length, 5).documents()) {
            sb.append(d.id()).append('\t');
            for (int i = 0; i < d.length(); i++) {
                sb.append(model.vocabulary().word(d.word(i))).append(' ');
            }
            sb.append('\n');
        }
        Files.writeString(corpus, sb);
        return new Path[] {modelFile, corpus};
    }

    @Test
    void compareWritesTheContractColumnsTheTableAndTheCheck() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 25, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        TopicModel b = Fixtures.randomModel("B", 25, new double[] {0.5, 0.5, 0.5}, 0.1, 2);
        Path[] files = smallModelAndCorpus(a, 5, 12);
        Path bFile = dir.resolve("B.tsv");
        NativeModelFormat.write(b, bFile);
        Path out = dir.resolve("cmp.tsv");
        Outcome o = run("compare", "--model-a", files[0].toString(), "--model-b", bFile.toString(), "--corpus", files[1].toString(),
                "--method", "ratio-convex,lr-diff,exact", "--temperatures", "200", "--burn-in", "10", "--align", "--reference", "exact",
                "--out", out.toString(), "--threads", "2");
        assertEquals(0, o.code(), o.err());
        var lines = table(out);
        assertEquals("docId\tN\tmethod\tdirection\trun\tlogRatio\tperplexityRatio\tsiteUpdates\tmillis\tstatus\tcertified", lines.get(0));
        // 5 documents x (convex forward + reverse, lr-diff, exact) x 2 runs
        assertEquals(1 + 5 * 4 * 2, lines.size());
        assertTrue(lines.stream().anyMatch(l -> l.contains("\tratio-convex\treverse\t")));
        assertTrue(lines.stream().anyMatch(l -> l.contains("\texact\t-\t")));
        String[] row = lines.get(1).split("\t");
        assertEquals(Math.exp(-Double.parseDouble(row[5]) / Integer.parseInt(row[1])), Double.parseDouble(row[6]), 1e-12);
        assertTrue(o.out().contains("ratio-convex (forward)"), o.out());
        assertTrue(o.out().contains("alignment (B topic for each A topic"), o.out());
        assertTrue(o.out().contains("ratio-convex: the two annealing directions"), o.out());
    }

    /** The columns of an output's table by header name: each row as a map from column to value. */
    static java.util.List<java.util.Map<String, String>> rows(Path out) throws java.io.IOException {
        var lines = table(out);
        String[] header = lines.get(0).split("\t", -1);
        java.util.List<java.util.Map<String, String>> rows = new java.util.ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            java.util.Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], f[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * compare runs the completion ratio in both directions: rows of N = the second half's tokens, forward below and
     * reverse above the exact completion value on average, the bracket printed; completion and whole-document methods
     * are not mixed in one run.
     */
    @Test
    void compareRunsDocumentCompletionInBothDirectionsWithItsBracket() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 25, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        TopicModel b = new TopicModel("B", a.vocabulary(), a.phiMatrix(), new double[] {0.9, 0.3, 0.1}); // A's topics, another alpha
        Path[] files = smallModelAndCorpus(a, 4, 11);
        Path bFile = dir.resolve("B.tsv");
        NativeModelFormat.write(b, bFile);
        Path out = dir.resolve("completion.tsv");
        Outcome o = run("compare", "--model-a", files[0].toString(), "--model-b", bFile.toString(), "--corpus", files[1].toString(),
                "--method", "completion-ratio-convex,completion-exact", "--temperatures", "300", "--burn-in", "20", "--reference", "exact",
                "--runs", "4", "--out", out.toString(), "--threads", "2");
        assertEquals(0, o.code(), o.err());
        var rows = rows(out);
        assertEquals(4 * 3 * 4, rows.size(), "documents x (forward, reverse, exact) x runs");
        java.util.Map<String, Double> exact = new java.util.HashMap<>();
        java.util.Map<String, double[]> sums = new java.util.HashMap<>();
        for (var r : rows) {
            assertEquals("6", r.get("N"), "the second half of 11 tokens");
            double logRatio = Double.parseDouble(r.get("logRatio"));
            assertEquals(Math.exp(-logRatio / 6), Double.parseDouble(r.get("perplexityRatio")), 1e-12);
            if (r.get("method").equals("completion-exact")) {
                assertEquals("yes", r.get("certified"), "an exact value is certified: " + r);
                exact.put(r.get("docId"), logRatio);
            } else {
                sums.computeIfAbsent(r.get("docId"), k -> new double[2])[r.get("direction").equals("forward") ? 0 : 1] += logRatio / 4;
            }
        }
        double forward = 0;
        double reverse = 0;
        double truth = 0;
        for (var e : exact.entrySet()) {
            truth += e.getValue();
            forward += sums.get(e.getKey())[0];
            reverse += sums.get(e.getKey())[1];
        }
        // 4 documents x 4 runs a side at 300 temperatures: each total within 0.2 nats of the exact one
        assertTrue(Math.abs(forward - truth) < 0.2 && Math.abs(reverse - truth) < 0.2,
                "forward " + forward + ", exact " + truth + ", reverse " + reverse);
        assertTrue(o.out().contains("completion-ratio-convex (forward)") && o.out().contains("completion-ratio-convex (reverse)"), o.out());
        assertTrue(o.out().contains("completion-ratio-convex brackets"), o.out());
        assertTrue(o.out().contains("completion-ratio-convex: the two annealing directions"), o.out());
        assertTrue(o.out().contains("corr. ref"), o.out());

        Outcome mixed = run("compare", "--model-a", files[0].toString(), "--model-b", bFile.toString(), "--corpus", files[1].toString(),
                "--method", "ratio-convex,completion-ratio-convex", "--out", dir.resolve("mixed.tsv").toString());
        assertEquals(2, mixed.code());
        assertTrue(mixed.err().contains("separate comparisons"), mixed.err());
    }

    /**
     * calibrate on the sample data: one row per simulated document and budget with finite widths whose mean is not
     * below 0 beyond its noise and falls with the budget; the printed table; the same bytes for 1 and 2 threads.
     */
    @Test
    void calibratePrintsAndWritesWidthsThatFallWithTheBudget() throws Exception {
        String[] base = {"calibrate", "--model", "sample-data/model-asymmetric.tsv.gz", "--corpus", "sample-data/kos-heldout.tokens.gz",
                "--documents", "6", "--temperatures", "5,50,500", "--no-timing"};
        Path one = dir.resolve("calibrate-1.tsv");
        Path two = dir.resolve("calibrate-2.tsv");
        Outcome o = run(ReliabilityTest.concat(java.util.List.of(base), java.util.List.of("--threads", "1", "--out", one.toString())));
        assertEquals(0, o.code(), o.err());
        Outcome o2 = run(ReliabilityTest.concat(java.util.List.of(base), java.util.List.of("--threads", "2", "--out", two.toString())));
        assertEquals(0, o2.code(), o2.err());
        assertEquals(Files.readString(one), Files.readString(two), "the same bytes for any thread count");
        assertTrue(Files.readAllLines(one).contains("# setting\ttemperatures\t5,50,500"), "the budgets are in the provenance");
        var rows = rows(one);
        assertEquals(6 * 3, rows.size());
        double previous = Double.POSITIVE_INFINITY;
        for (String budget : new String[] {"5", "50", "500"}) {
            double[] widths = rows.stream().filter(r -> r.get("budget").equals(budget)).mapToDouble(r -> Double.parseDouble(r.get("width"))).toArray();
            assertEquals(6, widths.length);
            for (var r : rows) {
                double lower = Double.parseDouble(r.get("lower"));
                double upper = Double.parseDouble(r.get("upper"));
                assertTrue(Double.isFinite(lower) && Double.isFinite(upper), r.toString());
                assertEquals(upper - lower, Double.parseDouble(r.get("width")), 1e-9);
                assertEquals("ok", r.get("status"));
                assertEquals("0", r.get("millis"));
            }
            double mean = java.util.Arrays.stream(widths).average().orElseThrow();
            assertTrue(mean >= -0.5 && mean < previous, "budget " + budget + ": mean width " + mean + " after " + previous);
            previous = mean;
        }
        assertTrue(o.out().contains("mean width") && o.out().lines().anyMatch(l -> l.matches("ais\\s+500\\s+6\\s.*")), o.out());

        Outcome notABound = run("calibrate", "--model", "sample-data/model-asymmetric.tsv.gz", "--corpus", "sample-data/kos-heldout.tokens.gz",
                "--method", "lr", "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, notABound.code());
        assertTrue(notABound.err().contains("no stochastic lower bound"), notABound.err());
        Outcome zero = run("calibrate", "--model", "sample-data/model-asymmetric.tsv.gz", "--corpus", "sample-data/kos-heldout.tokens.gz",
                "--temperatures", "10,0", "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--temperatures"), zero.err());
        assertFalse(Files.exists(dir.resolve("x.tsv")));
    }

    @Test
    void benchAlignsModelBAndTimesTheRatioPathsAgainstAModelOfAnotherK() throws Exception {
        TopicModel a = Fixtures.randomModel("A3", 25, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path[] files = smallModelAndCorpus(a, 3, 5);
        Path shuffled = dir.resolve("B-shuffled.tsv");
        NativeModelFormat.write(a.permuteTopics(new int[] {2, 0, 1}), shuffled);
        String[] quick = {"--corpus", files[1].toString(), "--methods", "ratio-convex", "--documents", "3", "--repetitions", "1",
                "--temperatures", "10", "--burn-in", "2", "--threads", "2", "--no-save-rates"};
        Outcome aligned = run(concat(new String[] {"bench", "--model-a", files[0].toString(), "--model-b", shuffled.toString(), "--align",
                "--pad-vocabulary", "60"}, quick));
        assertEquals(0, aligned.code(), aligned.err());
        assertTrue(aligned.out().contains("topics of B aligned to A (Hungarian, L1): total L1 distance 0.0000"), aligned.out());
        assertTrue(aligned.out().lines().anyMatch(l -> l.matches("ratio-convex .* [0-9]+\\.[0-9]+x +[0-9]+\\.[0-9]+x")),
                "a row with its speed-up and the machine's ceiling: " + aligned.out());
        assertTrue(aligned.out().lines().anyMatch(l -> l.matches("ratio-convex +vocabulary padded to V = 60 .* [0-9]+\\.[0-9]+ x the unpadded time .*")),
                "the padded row with its paired time ratio: " + aligned.out());

        Path b = dir.resolve("B2.tsv");
        NativeModelFormat.write(Fixtures.randomModel("B2", 25, new double[] {0.5, 0.5}, 0.1, 2), b);
        // a B of another K: the ratio paths are timed between A and B split to A's K, as compare runs them
        Outcome otherK = run(concat(new String[] {"bench", "--model-a", files[0].toString(), "--model-b", b.toString()}, quick));
        assertEquals(0, otherK.code(), otherK.err());
        assertTrue(otherK.out().contains("B is split to K = 3, P(w | B) unchanged"), otherK.out());
        assertTrue(otherK.out().lines().anyMatch(l -> l.matches("ratio-convex .* [0-9]+\\.[0-9]+x +[0-9]+\\.[0-9]+x")), otherK.out());
        assertEquals(2, run(concat(new String[] {"bench", "--model-a", files[0].toString(), "--align"}, quick)).code(), "--align without B");
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = java.util.Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    /**
     * "Which K is better?" by ratio-AIS: models of different K, either one as A, both ratio paths in both directions
     * beside a differenced method; the note says which model was split to which K, what was aligned and brought in.
     */
    @Test
    void compareRunsTheRatioPathsOnModelsOfDifferentK() throws Exception {
        Path[] files = smallModelAndCorpus(Fixtures.randomModel("A3", 25, new double[] {0.2, 0.4, 0.6}, 0.1, 1), 3, 5);
        Path b = dir.resolve("B2.tsv");
        NativeModelFormat.write(Fixtures.randomModel("B2", 25, new double[] {0.5, 0.5}, 0.1, 2), b);
        for (boolean smallerIsB : new boolean[] {true, false}) {
            Path modelA = smallerIsB ? files[0] : b;
            Path modelB = smallerIsB ? b : files[0];
            Path out = dir.resolve("k" + smallerIsB + ".tsv");
            Outcome o = run("compare", "--model-a", modelA.toString(), "--model-b", modelB.toString(), "--corpus", files[1].toString(),
                    "--method", "ratio-convex,ratio-geometric,lr-diff", "--temperatures", "20", "--out", out.toString());
            assertEquals(0, o.code(), o.err());
            String split = smallerIsB ? "models of different K (A 3, B 2): the single-model methods evaluate each on its own; for the ratio"
                    + " paths B is split to K = 3, P(w | B) unchanged: its 2 topics aligned to 2 of A's"
                    : "models of different K (A 2, B 3): the single-model methods evaluate each on its own; for the ratio"
                    + " paths A is split to K = 3, P(w | A) unchanged: its 2 topics aligned to 2 of B's";
            assertTrue(o.out().contains(split), o.out());
            assertTrue(o.out().contains("ratio-convex: the two annealing directions") && o.out().contains("ratio-geometric: the two annealing directions"),
                    "the forward/reverse check of each path: " + o.out());
            List<String> rows = table(out);
            List<String> header = List.of(rows.get(0).split("\t"));
            Map<String, Integer> perArm = new java.util.TreeMap<>();
            for (String row : rows.subList(1, rows.size())) {
                String[] f = row.split("\t", -1);
                assertEquals("ok", f[header.indexOf("status")], row);
                assertTrue(Double.isFinite(Double.parseDouble(f[header.indexOf("logRatio")])), row);
                perArm.merge(f[header.indexOf("method")] + "/" + f[header.indexOf("direction")], 1, Integer::sum);
            }
            // 3 documents, 2 runs each
            assertEquals(Map.of("ratio-convex/forward", 6, "ratio-convex/reverse", 6, "ratio-geometric/forward", 6, "ratio-geometric/reverse", 6,
                    "lr-diff/-", 6), perArm, smallerIsB + "");
        }
    }

    @Test
    void theSameWordsInAnotherOrderAreReorderedWithoutBeingAsked() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 25, new double[] {0.2, 0.4, 0.6}, 0.1, 1);
        Path[] files = smallModelAndCorpus(a, 4, 8);
        java.util.List<String> words = new java.util.ArrayList<>(a.vocabulary().words());
        java.util.Collections.reverse(words);
        double[] phi = new double[words.size() * a.numTopics()];
        for (int w = 0; w < words.size(); w++) {
            a.copyRow(a.vocabulary().id(words.get(w)), phi, w * a.numTopics());
        }
        TopicModel reversed = new TopicModel("A reversed", tmeval.model.Vocabulary.of(words), phi, a.alpha());
        Path b = dir.resolve("reversed.tsv");
        NativeModelFormat.write(reversed, b);
        Outcome o = run("compare", "--model-a", files[0].toString(), "--model-b", b.toString(), "--corpus", files[1].toString(),
                "--method", "ratio-convex", "--temperatures", "20", "--out", dir.resolve("r.tsv").toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("in another order; its rows were reordered"), o.out());
    }

    @Test
    void curveWritesDocumentAndCorpusLinesPerSnapshot() throws Exception {
        TopicModel t1 = Fixtures.randomModel("s1", 25, new double[] {0.3, 0.3, 0.3}, 0.5, 1);
        TopicModel t2 = Fixtures.randomModel("s2", 25, new double[] {0.2, 0.3, 0.5}, 0.3, 2);
        Path series = dir.resolve("series");
        Files.createDirectories(series);
        NativeModelFormat.write(t1, series.resolve("iter-10.tsv"));
        NativeModelFormat.write(t2, series.resolve("iter-20.tsv.gz"));
        Path[] files = smallModelAndCorpus(t2, 4, 10);
        Path out = dir.resolve("curve.tsv");
        Outcome o = run("curve", "--series", series.toString(), "--corpus", files[1].toString(), "--method", "iteration-ais,lr",
                "--temperatures", "30", "--runs", "2", "--out", out.toString(), "--threads", "2");
        assertEquals(0, o.code(), o.err());
        var lines = table(out);
        assertEquals("docId\tN\titeration\tmethod\trun\tlogLik\tsiteUpdates\tmillis", lines.get(0));
        // per snapshot: 4 documents x 2 methods x 2 runs, then 2 methods x 2 runs corpus lines
        assertEquals(1 + 2 * (16 + 4), lines.size());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("*\t40\t20\titeration-ais\t2\t")), String.join("\n", lines));
        assertTrue(o.out().contains("var per doc"), o.out());
        // each snapshot's 95% interval over the two runs, from the corpus lines: mean +- t(0.975, 1) |a - b| / 2
        for (String method : java.util.List.of("iteration-ais", "lr")) {
            double[] runs = lines.stream().filter(l -> l.startsWith("*\t40\t20\t" + method + "\t")).mapToDouble(l -> Double.parseDouble(l.split("\t")[5]))
                    .toArray();
            assertEquals(2, runs.length);
            String expected = String.format(java.util.Locale.ROOT, "%9d  %-14s %4s %16.3f +- %.3f (95%% Monte Carlo interval over the 2 runs", 20, method, "mean",
                    (runs[0] + runs[1]) / 2, 12.706204736174698 * Math.abs(runs[0] - runs[1]) / 2);
            assertTrue(o.out().contains(expected), expected + "\n" + o.out());
        }
    }

    @Test
    void adaptiveRunsGiveMoreTemperaturesWhereTheDirectionsDisagree() throws Exception {
        TopicModel a = Fixtures.randomModel("A", 30, new double[] {0.1, 0.4, 0.9}, 0.2, 1);
        TopicModel b = Fixtures.randomModel("B", 30, new double[] {0.3, 0.3, 0.3}, 0.2, 2);
        Path[] files = smallModelAndCorpus(a, 6, 15);
        Path bFile = dir.resolve("B.tsv");
        NativeModelFormat.write(b, bFile);
        Path out = dir.resolve("adaptive.tsv");
        Outcome o = run("compare", "--model-a", files[0].toString(), "--model-b", bFile.toString(), "--corpus", files[1].toString(),
                "--method", "ratio-convex,lr-diff", "--temperatures", "5", "--burn-in", "2", "--adaptive", "--agree-within", "0.2",
                "--max-temperatures", "640", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        var lines = table(out);
        assertTrue(lines.get(0).endsWith("\tstatus\tcertified\ttemperatures\tconverged"), lines.get(0));
        assertEquals(1 + 6 * (2 + 1) * 2, lines.size(), "every document: both directions and lr-diff, two runs");
        var convex = lines.stream().skip(1).map(l -> l.split("\t")).filter(f -> f[2].equals("ratio-convex")).toList();
        assertTrue(convex.stream().anyMatch(f -> Integer.parseInt(f[11]) > 5), "some document needed more than 5 temperatures");
        for (String[] f : convex) {
            int n = Integer.parseInt(f[11]);
            assertTrue(n >= 5 && n <= 640 && Integer.bitCount(n / 5) == 1, "5 doubled: " + n);
            assertTrue(f[12].equals("yes") || (f[12].equals("no") && n == 640), "unconverged only at the maximum: " + String.join(" ", f));
        }
        // a converged document is one the convergence check (and the scatter) would not flag: its first runs agree too
        for (String id : convex.stream().filter(f -> f[12].equals("yes")).map(f -> f[0]).distinct().toList()) {
            double forward1 = convex.stream().filter(f -> f[0].equals(id) && f[3].equals("forward") && f[4].equals("1")).mapToDouble(f -> Double.parseDouble(f[5])).sum();
            double reverse1 = convex.stream().filter(f -> f[0].equals(id) && f[3].equals("reverse") && f[4].equals("1")).mapToDouble(f -> Double.parseDouble(f[5])).sum();
            assertFalse(tmeval.compare.ConvergenceCheck.exceeds(forward1 - reverse1, 0.2), "document " + id + ": first runs " + forward1 + " and " + reverse1);
        }
        assertTrue(lines.stream().skip(1).filter(l -> l.contains("\tlr-diff\t")).allMatch(l -> l.endsWith("\t5\t-")), "no directions, no adapting");
        assertTrue(o.out().contains("adaptive: ") && o.out().contains("site updates spent in all rounds"), o.out());
        Outcome oneWay = run("compare", "--model-a", files[0].toString(), "--model-b", bFile.toString(), "--corpus", files[1].toString(),
                "--method", "ratio-convex", "--direction", "forward", "--adaptive", "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, oneWay.code(), oneWay.err());
        assertTrue(oneWay.err().contains("--direction both"), oneWay.err());
    }

    @Test
    void curveDrawsTheVariationalFloorAtEverySnapshot() throws Exception {
        TopicModel t1 = Fixtures.randomModel("s1", 25, new double[] {0.3, 0.3, 0.3}, 0.5, 1);
        TopicModel t2 = Fixtures.randomModel("s2", 25, new double[] {0.2, 0.3, 0.5}, 0.3, 2);
        Path series = dir.resolve("series-vb");
        Files.createDirectories(series);
        NativeModelFormat.write(t1, series.resolve("iter-10.tsv"));
        NativeModelFormat.write(t2, series.resolve("iter-20.tsv"));
        Path[] files = smallModelAndCorpus(t2, 4, 10);
        Path out = dir.resolve("curve-vb.tsv");
        Outcome o = run("curve", "--series", series.toString(), "--corpus", files[1].toString(), "--method", "vb", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        var rows = table(out).stream().skip(1).map(l -> l.split("\t")).toList();
        assertEquals(2 * (4 * 2 + 2), rows.size(), "per snapshot: 4 documents x 2 runs and a corpus line per run");
        for (String[] r : rows) {
            String twin = rows.stream().filter(x -> x[0].equals(r[0]) && x[2].equals(r[2]) && !x[4].equals(r[4])).findFirst().orElseThrow()[5];
            assertEquals(r[5], twin, "deterministic: both runs give the same floor");
        }
    }

    @Test
    void selectRanksModelsOfDifferentKOnOneCorpus() throws Exception {
        TopicModel truth = Fixtures.randomModel("truth K3", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
        Path[] files = smallModelAndCorpus(truth, 12, 30);
        Path k2 = dir.resolve("k2.tsv");
        NativeModelFormat.write(Fixtures.randomModel("other K2", 30, new double[] {0.5, 0.5}, 0.05, 7), k2);
        Path out = dir.resolve("select.tsv");
        Outcome o = run("select", "--models", files[0] + "," + k2, "--corpus", files[1].toString(), "--method", "ais",
                "--temperatures", "50", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        var lines = table(out);
        assertEquals("model\tdocId\tN\tmethod\trun\tlogLik\tperplexity\tsiteUpdates\tmillis\tstatus\tcertified", lines.get(0));
        assertEquals(1 + 2 * 12 * 2, lines.size(), "two models, twelve documents, two runs");
        assertTrue(o.out().contains("model 1: truth K3 (K = 3)") && o.out().contains("model 2: other K2 (K = 2)"), o.out());
        assertTrue(o.out().contains("out-of-vocabulary: 0 of "), "select reports unknown words as every command does: " + o.out());
        String row = o.out().lines().filter(l -> l.startsWith("model 1 (K = 3)")).findFirst().orElseThrow();
        int decidedForTruth = Integer.parseInt(row.trim().split("\\s+")[row.trim().split("\\s+").length - 1]);
        assertTrue(decidedForTruth >= 9, "the generating model wins most documents decisively: " + o.out());
        Outcome one = run("select", "--models", files[0].toString(), "--corpus", files[1].toString(), "--out", dir.resolve("x.tsv").toString());
        assertEquals(2, one.code(), one.err());
    }

    /** A model's name in {@code select}'s rows is escaped as every cell is: a tab or backslash in it reads back as it is. */
    @Test
    void selectWritesEachModelsNameEscapedAsEveryCellIs() throws Exception {
        TopicModel truth = Fixtures.randomModel("truth K3", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
        Path[] files = smallModelAndCorpus(truth, 4, 30);
        String name = "odd\tname with a \\ backslash";
        Path k2 = dir.resolve("k2.tsv");
        NativeModelFormat.write(Fixtures.randomModel(name, 30, new double[] {0.5, 0.5}, 0.05, 7), k2);
        Path out = dir.resolve("select.tsv");
        Outcome o = run("select", "--models", files[0] + "," + k2, "--corpus", files[1].toString(), "--method", "vb", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        var lines = table(out);
        assertEquals(1 + 2 * 4 * 2, lines.size(), "two models, four documents, two runs each: " + lines);
        assertEquals(name, tmeval.run.output.SelectRowFormat.parse(lines.get(lines.size() - 1)).model(), "the name as it is");
    }

    /**
     * {@code select --pairs}: the models sorted by K, each against the next one up by a ratio path in both directions,
     * its bracket beside the single-model estimates differenced; an option only the ratio path reads is accepted with
     * it and refused without it, and only a ratio path is taken.
     */
    @Test
    void selectComparesEachModelWithTheNextOneUpInKByARatioPath() throws Exception {
        TopicModel truth = Fixtures.randomModel("truth K3", 30, new double[] {0.2, 0.3, 0.5}, 0.3, 1);
        Path[] files = smallModelAndCorpus(truth, 6, 10);
        Path k2 = dir.resolve("k2.tsv");
        NativeModelFormat.write(Fixtures.randomModel("other K2", 30, new double[] {0.5, 0.5}, 0.3, 7), k2);
        Path k4 = dir.resolve("k4.tsv");
        NativeModelFormat.write(Fixtures.randomModel("other K4", 30, new double[] {0.2, 0.2, 0.3, 0.3}, 0.3, 8), k4);
        Path out = dir.resolve("select-pairs.tsv");
        String models = files[0] + "," + k2 + "," + k4;
        Outcome o = run("select", "--models", models, "--corpus", files[1].toString(), "--method", "ais", "--temperatures", "50",
                "--pairs", "ratio-convex", "--burn-in", "20", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("adjacent models in K by ratio-convex in both directions"), o.out());
        assertTrue(o.out().contains("model 1 (K = 3) against model 2 (K = 2), 6 documents:")
                && o.out().contains("model 3 (K = 4) against model 1 (K = 3), 6 documents:"), o.out());
        assertTrue(o.out().contains("B is split to K = 3") && o.out().contains("B is split to K = 4"), "the split notes: " + o.out());
        assertEquals(2, o.out().lines().filter(l -> l.startsWith("  ratio-convex: forward ")).count(), o.out());
        assertEquals(2, o.out().lines().filter(l -> l.startsWith("  ais differenced: ")).count(), o.out());
        List<String> provenance = Files.readAllLines(out).stream().filter(l -> l.startsWith("#")).toList();
        assertTrue(provenance.stream().anyMatch(l -> l.contains("pairs") && l.contains("ratio-convex"))
                && provenance.stream().anyMatch(l -> l.contains("pairs-burn-in") && l.contains("20")), provenance.toString());
        Outcome notARatioPath = run("select", "--models", models, "--corpus", files[1].toString(), "--pairs", "ais-diff", "--out", out.toString());
        assertEquals(2, notARatioPath.code());
        assertTrue(notARatioPath.err().contains("--pairs takes a ratio path (ratio-convex, ratio-geometric, ratio-eta)"), notARatioPath.err());
        Outcome burnInAlone = run("select", "--models", models, "--corpus", files[1].toString(), "--method", "ais", "--burn-in", "20",
                "--out", out.toString());
        assertEquals(2, burnInAlone.code());
        assertTrue(burnInAlone.err().contains("--burn-in does not apply to ais") && burnInAlone.err().contains("ratio-convex"), burnInAlone.err());
    }

    /** As the workbench's Which K? screen: models of different vocabularies are each scored on their own; their pair is n/a. */
    @Test
    void selectScoresModelsOfDifferentVocabulariesEachOnItsOwn() throws Exception {
        TopicModel truth = Fixtures.randomModel("truth V30", 30, new double[] {0.2, 0.3, 0.5}, 0.05, 1);
        Path[] files = smallModelAndCorpus(truth, 12, 30);
        Path v25 = dir.resolve("v25.tsv");
        NativeModelFormat.write(Fixtures.randomModel("fewer words V25", 25, new double[] {0.5, 0.5}, 0.05, 7), v25);
        Path out = dir.resolve("select-vocabularies.tsv");
        Outcome o = run("select", "--models", files[0] + "," + v25, "--corpus", files[1].toString(), "--method", "ais",
                "--temperatures", "20", "--runs", "2", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("model 1 (truth V30), its own vocabulary of 30 words:")
                && o.out().contains("model 2 (fewer words V25), its own vocabulary of 25 words:"), o.out());
        String unknownForV25 = o.out().lines().dropWhile(l -> !l.startsWith("model 2 (fewer words V25)")).skip(2).findFirst().orElseThrow();
        assertTrue(unknownForV25.startsWith("out-of-vocabulary: ") && !unknownForV25.startsWith("out-of-vocabulary: 0 of"),
                "the words w25 to w29 are unknown to the smaller model: " + o.out());
        String row = o.out().lines().filter(l -> l.startsWith("model 1 (K = 3)")).findFirst().orElseThrow();
        assertTrue(row.trim().endsWith("n/a"), row);
        assertTrue(o.out().contains("n/a: the two models have different vocabularies"), o.out());
        assertTrue(o.out().contains("model 1: truth V30 (K = 3)") && o.out().contains("model 2: fewer words V25 (K = 2)"), o.out());
        var lines = table(out);
        assertTrue(lines.stream().filter(l -> l.startsWith("fewer words V25\t")).count() > 0, "the second model's rows are written");
    }
}
