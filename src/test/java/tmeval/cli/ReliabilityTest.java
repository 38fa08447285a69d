package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.anneal.Schedule;
import tmeval.estimate.EstimationException;
import tmeval.estimate.Methods;
import tmeval.io.InputException;
import tmeval.io.ModelLoader;
import tmeval.io.NativeModelFormat;
import tmeval.model.Document;
import tmeval.model.TopicModel;
import tmeval.progress.CancelToken;
import tmeval.sampling.RandomStreams;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The promises of the Guarantees section: determinism, streaming, cancellation, extremes, mismatches. */
class ReliabilityTest {
    @TempDir
    Path dir;

    private Path[] smallData() throws IOException {
        return smallData(dir, 12);
    }

    /** Models A and B (K = 3, V = 40) and a held-out corpus of {@code documents} documents of 9 tokens drawn from A. */
    static Path[] smallData(Path dir, int documents) throws IOException {
        TopicModel a = Fixtures.randomModel("A", 40, new double[] {0.1, 0.4, 0.9}, 0.2, 1);
        TopicModel b = Fixtures.randomModel("B", 40, new double[] {0.3, 0.3, 0.3}, 0.2, 2);
        Path fa = dir.resolve("a.tsv");
        Path fb = dir.resolve("b.tsv");
        NativeModelFormat.write(a, fa);
        NativeModelFormat.write(b, fb);
        Path corpus = dir.resolve("heldout.tsv");
        writeCorpus(corpus, a, Fixtures.generate(a, documents, 9, 3).documents());
        return new Path[] {fa, fb, corpus};
    }

    /** The option pairs among {@code pairs} that the method reads (an option it ignores is a usage error). */
    static List<String> optionsOf(String method, String... pairs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            if (Methods.get(method).options().contains(tmeval.estimate.MethodOption.ofOption(pairs[i].substring(2)))) {
                out.add(pairs[i]);
                out.add(pairs[i + 1]);
            }
        }
        return out;
    }

    @SafeVarargs
    static String[] concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> p : parts) {
            all.addAll(p);
        }
        return all.toArray(new String[0]);
    }

    static void writeCorpus(Path file, TopicModel m, List<Document> docs) throws IOException {
        tmeval.Fixtures.writeCorpus(file, m, docs);
    }

    @Test
    void sameSeedGivesByteIdenticalFilesFor1And2And8ThreadsAndAcrossInvocations() throws Exception {
        Path[] data = smallData();
        for (Methods.Method m : Methods.all()) {
            if (m.name().equals(Methods.IS_ETA) || m.name().equals(Methods.AIS_ETA)) {
                continue; // another family's method, refused on an LDA before any work (ModelFamiliesCliTest)
            }
            List<String> base = List.of("estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", m.name());
            List<String> tail = optionsOf(m.name(), "--samples", "20", "--temperatures", "20", "--particles", "3", "--chain-length", "5",
                    "--burn-in", "3");
            assertSameBytesForEveryThreadCount(m.name(), threads -> concat(base, tail, List.of("--runs", "2", "--seed", "11",
                    "--threads", threads, "--no-timing")));
        }
        assertSameBytesForEveryThreadCount("compare", threads -> new String[] {"compare", "--model-a", data[0].toString(),
                "--model-b", data[1].toString(), "--corpus", data[2].toString(), "--method", "ratio-convex,ratio-geometric,ais-diff,lr-diff,exact",
                "--temperatures", "20", "--burn-in", "3", "--threads", threads, "--no-timing"});
        Path series = dir.resolve("series");
        Files.createDirectories(series);
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[1])), series.resolve("iter-10.tsv"));
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[0])), series.resolve("iter-20.tsv"));
        assertSameBytesForEveryThreadCount("curve", threads -> new String[] {"curve", "--series", series.toString(),
                "--corpus", data[2].toString(), "--method", "iteration-ais,ais,lr", "--temperatures", "20", "--runs", "2",
                "--threads", threads, "--no-timing"});
    }

    /**
     * Runs the command (given its arguments for a thread count, without --out) with 1, 2, 8 and again 8 threads and
     * asserts that every run writes the same bytes as the first.
     */
    private void assertSameBytesForEveryThreadCount(String what, Function<String, String[]> arguments) throws IOException {
        byte[] reference = null;
        for (String threads : new String[] {"1", "2", "8", "8"}) {
            Path out = dir.resolve(what + "-" + threads + ".tsv");
            String[] args = arguments.apply(threads);
            String[] withOut = Arrays.copyOf(args, args.length + 2);
            withOut[args.length] = "--out";
            withOut[args.length + 1] = out.toString();
            var o = CliTest.run(withOut);
            assertEquals(0, o.code(), o.err());
            byte[] bytes = Files.readAllBytes(out);
            if (reference == null) {
                reference = bytes;
            } else {
                assertArrayEquals(reference, bytes, what + " with " + threads + " threads");
            }
        }
    }

    /** A JVM of its own, running the command line as a user would. */
    static Process launch(Path log, String heap, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(heap);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("tmeval.Main");
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void aHundredThousandDocumentsStreamThroughHalfAGigabyteOfHeap() throws Exception {
        TopicModel model = Fixtures.randomModel("M", 200, new double[] {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, 0.1, 4);
        Path modelFile = dir.resolve("m.tsv");
        NativeModelFormat.write(model, modelFile);
        Path corpus = dir.resolve("big.tsv");
        SplittableRandom random = new SplittableRandom(5);
        try (BufferedWriter w = Files.newBufferedWriter(corpus)) {
            for (int d = 0; d < 100_000; d++) {
                w.write("d" + d + "\t");
                int length = 5 + random.nextInt(30);
                for (int i = 0; i < length; i++) {
                    w.write("w" + random.nextInt(200) + " ");
                }
                w.write("\n");
            }
        }
        Path out = dir.resolve("big-out.tsv");
        Path log = dir.resolve("big.log");
        Process p = launch(log, "-Xmx512m", "estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(),
                "--method", "is-prior", "--samples", "5", "--out", out.toString(), "--summary");
        try {
            assertTrue(p.waitFor(240, TimeUnit.SECONDS), "finished in time");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), Files.readString(log));
        try (var lines = Files.lines(out)) {
            assertEquals(100_001, lines.filter(l -> !l.startsWith("#")).count(), "a header and one row per document");
        }
        assertTrue(Files.readString(log).contains("100000 documents"), Files.readString(log));
    }

    /**
     * Ctrl-C (SIGINT) and SIGTERM both run the launcher's shutdown hook, which cancels the job and waits for its clean-up.
     * The test sends SIGTERM: a JVM started in the background by a non-interactive shell (as build tools start tests)
     * inherits SIGINT as ignored and installs no handler for it, so SIGINT cannot be tested reliably here.
     */
    @Test
    void interruptStopsPromptlyAndLeavesNoFileBehind() throws Exception {
        Path[] data = smallData();
        Path out = dir.resolve("interrupted.tsv");
        Path log = dir.resolve("interrupted.log");
        Process p = launch(log, "-Xmx256m", "estimate", "--model", data[0].toString(), "--corpus", data[2].toString(),
                "--method", "ais", "--temperatures", "50000000", "--out", out.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.readString(log).contains("corpus") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(500);
        long start = System.nanoTime();
        try {
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(5, TimeUnit.SECONDS), "the process ended after the signal");
        } finally {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 2.5, "stopped " + seconds + " s after the signal; log:\n" + Files.readString(log));
        assertEquals(143, p.exitValue(), "ended by the signal (128 + 15), after the hook's clean-up");
        assertFalse(Files.exists(out), "no output file");
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void numericalExtremesGiveFiniteAnswersOrAClearRefusal() throws Exception {
        // K = 1000 with a short document; alpha from 1e-4 to 1e4; phi entries of 1e-300
        double[] alpha = new double[1000];
        for (int k = 0; k < alpha.length; k++) {
            alpha[k] = Math.pow(10, -4 + 8.0 * k / (alpha.length - 1));
        }
        TopicModel wide = tiny(Fixtures.randomModel("K1000", 60, alpha, 0.1, 6));
        Document shortDoc = Fixtures.generate(wide, 1, 8, 7).document(0);
        TopicModel narrow = tiny(Fixtures.randomModel("K4", 60, new double[] {1e-4, 1, 100, 1e4}, 0.1, 8));
        int[] words = new int[20_000];
        SplittableRandom random = new SplittableRandom(9);
        for (int i = 0; i < words.length; i++) {
            words[i] = random.nextInt(60);
        }
        Document longDoc = new Document("long", words);
        for (var c : List.of(new Object[] {wide, shortDoc}, new Object[] {narrow, longDoc})) {
            TopicModel m = (TopicModel) c[0];
            Document d = (Document) c[1];
            for (Methods.Method method : Methods.all()) {
                if (!Methods.supports(method.name(), m)) {
                    continue;
                }
                var s = method.defaults().withSamples(3).withTemperatures(3).withBurnIn(1).withParticles(1).withChainLength(2)
                        .withIterations(1).withSchedule(Schedule.UNIFORM).withResampling(d.length() < 1000);
                try {
                    double v = method.create(s).estimate(d, m, RandomStreams.stream(1), new CancelToken()).logValue();
                    assertTrue(Double.isFinite(v), method.name() + " on " + m.name() + ", N = " + d.length() + ": " + v);
                } catch (EstimationException refusal) {
                    assertEquals("exact", method.name(), method.name() + " refused: " + refusal.getMessage());
                }
            }
            // the two-model paths, between the model and a perturbed copy with other alphas
            double[] otherAlpha = m.alpha();
            for (int k = 0; k < otherAlpha.length; k++) {
                otherAlpha[k] = 1e4 / (1 + 1e4 * k % 7) + 1e-4;
            }
            TopicModel other = new TopicModel("other", m.vocabulary(), m.permuteTopics(reverse(m.numTopics())).phiMatrix(), otherAlpha);
            for (var method : tmeval.compare.ComparisonMethods.all()) {
                var comparison = method.create(tmeval.run.plan.ComparisonPlan.DEFAULT_METHOD_SETTINGS.withTemperatures(3)
                        .withBurnIn(1).withResampling(false));
                for (var direction : comparison.directional()
                        ? List.of(tmeval.compare.Direction.FORWARD, tmeval.compare.Direction.REVERSE) : List.of(tmeval.compare.Direction.NONE)) {
                    try {
                        double v = comparison.estimate(d, m, other, direction, RandomStreams.stream(2), new CancelToken()).logRatio();
                        assertTrue(Double.isFinite(v), method.name() + " " + direction + " on " + m.name() + ", N = " + d.length() + ": " + v);
                    } catch (EstimationException refusal) {
                        assertTrue(List.of(tmeval.compare.ComparisonMethods.EXACT, tmeval.compare.ComparisonMethods.COMPLETION_EXACT).contains(method.name()),
                                method.name() + " refused: " + refusal.getMessage());
                    }
                }
            }
            var iteration = new tmeval.curve.IterationAis(3, 3, 1, Schedule.UNIFORM).start(d, m.numTopics(), RandomStreams.stream(3));
            for (TopicModel snapshot : List.of(other, m)) {
                double v = iteration.advance(snapshot, new CancelToken()).logLikelihood();
                assertTrue(Double.isFinite(v), "iteration-ais on " + m.name() + ": " + v);
            }
        }
    }

    private static int[] reverse(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = n - 1 - i;
        }
        return p;
    }

    /** Some entries set to 1e-300 and topics renormalised. */
    private static TopicModel tiny(TopicModel m) {
        double[] phi = m.phiMatrix();
        for (int i = 0; i < phi.length; i += 7) {
            phi[i] = 1e-300;
        }
        double[] sums = TopicModel.columnSums(phi, m.numTopics());
        for (int i = 0; i < phi.length; i++) {
            phi[i] /= sums[i % m.numTopics()];
        }
        return new TopicModel(m.name(), m.vocabulary(), phi, m.alpha());
    }

    @Test
    void aSeriesWithAGapIsRefusedUnlessAllowed() throws Exception {
        Path series = dir.resolve("gappy");
        Files.createDirectories(series);
        for (int it : new int[] {10, 20, 40}) {
            NativeModelFormat.write(Fixtures.randomModel("s", 30, new double[] {0.5, 0.5}, 0.5, it), series.resolve("iter-" + it + ".tsv"));
        }
        InputException e = assertThrows(InputException.class, () -> ModelLoader.readSeries(series, false));
        assertTrue(e.getMessage().contains("not evenly spaced: 20 to 40"), e.getMessage());
        assertEquals(3, ModelLoader.readSeries(series, true).size());
    }

    @Test
    void noNanOrInfinityReachesAnOutputFile() throws Exception {
        Path[] data = smallData();
        TopicModel extreme = tiny(Fixtures.randomModel("X", 40, new double[] {1e-4, 1e4, 1}, 0.2, 1));
        Path m = dir.resolve("extreme.tsv");
        NativeModelFormat.write(extreme, m);
        for (String method : List.of("ais", "lr", "is-prior", "hm", "chib", "lee-is")) {
            Path out = dir.resolve("x-" + method + ".tsv");
            var o = CliTest.run(concat(List.of("estimate", "--model", m.toString(), "--corpus", data[2].toString(), "--method", method),
                    optionsOf(method, "--temperatures", "10", "--samples", "10", "--chain-length", "5"), List.of("--out", out.toString())));
            assertEquals(0, o.code(), o.err());
            String text = Files.readString(out);
            assertFalse(text.contains("NaN") || text.contains("Infinity"), method + ":\n" + text);
        }
    }

    // --- issue 13: never destroy a file, check before working, stop when asked --------------------------------------

    private static boolean isCharacterDevice(Path p) throws IOException {
        return ((Integer) Files.getAttribute(p, "unix:mode") & 0170000) == 0020000;
    }

    /**
     * An output that a member of an input directory links to is refused, and the link is called what it is: a symbolic
     * link (it was called "a hard link"), and a hard link still a hard link.
     */
    @Test
    void anOutputLinkedFromAnInputDirectoryIsRefusedNamingTheKindOfLink() throws Exception {
        Path[] data = smallData();
        Path texts = Files.createDirectories(dir.resolve("texts"));
        Files.writeString(texts.resolve("a.txt"), "apple pie\n");
        Path out = dir.resolve("out.tsv");
        Files.writeString(out, "an earlier output\n");
        Files.createSymbolicLink(texts.resolve("b.txt"), out);
        CliTest.Outcome o = CliTest.run("estimate", "--model", data[0].toString(), "--corpus", texts.toString(), "--out", out.toString());
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("(a symbolic link)") && !o.err().contains("hard link"), o.err());
        Files.delete(texts.resolve("b.txt"));
        Files.createLink(texts.resolve("b.txt"), out);
        o = CliTest.run("estimate", "--model", data[0].toString(), "--corpus", texts.toString(), "--out", out.toString());
        assertEquals(2, o.code(), o.err());
        assertTrue(o.err().contains("(a hard link)"), o.err());
        assertEquals("an earlier output\n", Files.readString(out));
    }

    private String[] estimateTo(Path[] data, String out) {
        return new String[] {"estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "is-prior",
                "--samples", "5", "--no-timing", "--out", out};
    }

    @Test
    void outputsThatAreNotRegularFilesAreWrittenThroughOrRefusedButNeverReplaced() throws Exception {
        Path[] data = smallData();
        Path reference = dir.resolve("reference.tsv");
        assertEquals(0, CliTest.run(estimateTo(data, reference.toString())).code());
        String expected = Files.readString(reference);

        // devices and descriptors are written through
        assertEquals(0, CliTest.run(estimateTo(data, "/dev/null")).code());
        assertTrue(isCharacterDevice(Path.of("/dev/null")), "/dev/null is still the device");
        for (String stdout : new String[] {"-", "/dev/stdout"}) {
            CliTest.Outcome o = CliTest.run(estimateTo(data, stdout));
            assertEquals(0, o.code(), o.err());
            assertEquals(expected, o.out(), "the results, and nothing else, on standard output");
            assertTrue(o.err().contains("wrote"), "the report moves to standard error");
        }
        Path fifo = dir.resolve("fifo");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            var read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return Files.readString(fifo);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertEquals(0, CliTest.run(estimateTo(data, fifo.toString())).code());
            assertEquals(expected, read.get(20, TimeUnit.SECONDS));
            assertEquals("fifo", tmeval.io.OutputFile.fileType(fifo));
        }

        // a link to a regular file is written through to its target; the link survives
        Path target = dir.resolve("target.tsv");
        Files.writeString(target, "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), target);
        assertEquals(0, CliTest.run(estimateTo(data, link.toString())).code());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(expected, Files.readString(target));

        // directories, links to them and read-only files are refused before any work, and kept
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path linkToSub = Files.createSymbolicLink(dir.resolve("to-sub"), sub);
        Path readOnly = dir.resolve("read-only.tsv");
        Files.writeString(readOnly, "precious\n");
        Files.setPosixFilePermissions(readOnly, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
        for (Path refused : new Path[] {sub, linkToSub, readOnly}) {
            CliTest.Outcome o = CliTest.run(estimateTo(data, refused.toString()));
            assertEquals(1, o.code(), refused + ": " + o.err());
            assertTrue(o.err().contains("--out") && o.err().contains(refused.toString()), o.err());
            assertTrue((o.out() + o.err()).lines().noneMatch(l -> l.startsWith("corpus ")), "refused before the corpus was read: " + o.err());
        }
        assertTrue(Files.isDirectory(sub) && Files.isSymbolicLink(linkToSub));
        assertEquals("precious\n", Files.readString(readOnly));
    }

    @Test
    void anOutputThatIsOneOfItsInputsIsRefusedBeforeAnyWork() throws Exception {
        Path[] data = smallData();
        String corpusBefore = Files.readString(data[2]);
        Path linkToModel = Files.createSymbolicLink(dir.resolve("model-link.tsv"), data[0]);
        Path series = Files.createDirectory(dir.resolve("series"));
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[0])), series.resolve("iter-10.tsv.gz"));
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[1])), series.resolve("iter-20.tsv.gz"));
        String[][] cases = {
                {"--out", "--corpus", "estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "lr",
                        "--out", data[2].toString()},
                {"--out", "--model", "estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "lr",
                        "--out", linkToModel.toString()},
                {"--out", "--model-b", "compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus",
                        data[2].toString(), "--method", "lr-diff", "--out", dir.resolve("x/../b.tsv").toString()},
                {"--train-out", "--heldout-out", "split", "--corpus", data[2].toString(), "--train-out", dir.resolve("s.tsv").toString(),
                        "--heldout-out", dir.resolve("./s.tsv").toString()},
                {"--out", "--series", "curve", "--series", series.toString(), "--corpus", data[2].toString(), "--method", "lr",
                        "--out", series.resolve("curve.tsv").toString()},
                {"--series-dir", "--corpus", "train", "--corpus", series.resolve("iter-10.tsv.gz").toString(), "--topics", "3",
                        "--iterations", "2", "--snapshot-every", "1", "--series-dir", series.toString(), "--out", dir.resolve("t.tsv").toString()},
                {"the state beside --out", "--init-state", "train", "--init-state", dir.resolve("m.tsv.state.gz").toString(), "--topics", "3",
                        "--iterations", "2", "--out", dir.resolve("m.tsv").toString()},
                {"--out", "the state beside --model", "perturb", "--model", dir.resolve("p.tsv").toString(),
                        "--out", dir.resolve("p.tsv.state.gz").toString()},
        };
        Files.writeString(dir.resolve("m.tsv.state.gz"), "state\n");
        Files.writeString(dir.resolve("p.tsv"), "model\n");
        Files.writeString(dir.resolve("p.tsv.state.gz"), "state\n");
        for (String[] c : cases) {
            String[] args = Arrays.copyOfRange(c, 2, c.length);
            CliTest.Outcome o = CliTest.run(args);
            assertEquals(2, o.code(), String.join(" ", args) + "\n" + o.err());
            assertTrue(o.err().contains(c[0]) && o.err().contains(c[1]), "names both: " + o.err());
            assertTrue((o.out() + o.err()).lines().noneMatch(l -> l.startsWith("corpus ")), "refused before any input was read: " + o.err());
        }
        assertEquals(corpusBefore, Files.readString(data[2]));
        assertEquals("state\n", Files.readString(dir.resolve("m.tsv.state.gz")));
        assertEquals("state\n", Files.readString(dir.resolve("p.tsv.state.gz")));
        try (var files = Files.list(series)) {
            assertEquals(2, files.count(), "nothing written into the series");
        }
    }

    @Test
    void settingsAreCheckedBeforeAnyWork() throws Exception {
        Path[] data = smallData();
        String out = dir.resolve("o.tsv").toString();
        String[][] cases = {
                {"compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(), "--method", ",", "--out", out},
                {"compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(),
                        "--method", "ratio-convex,ratio-convex", "--out", out},
                {"curve", "--series", dir.toString(), "--corpus", data[2].toString(), "--method", "lr, lr", "--out", out},
                {"bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--pad-vocabulary", "0"},
                {"bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--pad-vocabulary", "20"},
                {"bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--methods", "ais,,lr"},
                {"bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--methods", "frobnicate"},
                {"train", "--corpus", data[2].toString(), "--topics", "3", "--iterations", "2", "--out", "-"},
                {"estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "ais", "--particles", "3", "--out", out},
        };
        Path notADirectory = dir.resolve("plain-file");
        Files.writeString(notADirectory, "x");
        CliTest.Outcome series = CliTest.run("train", "--corpus", data[2].toString(), "--topics", "3", "--iterations", "2",
                "--snapshot-every", "1", "--series-dir", notADirectory.toString(), "--out", dir.resolve("t.tsv").toString());
        assertEquals(1, series.code(), series.err());
        assertTrue(series.err().contains("--series-dir") && series.out().isEmpty(), "refused before training: " + series.err() + series.out());
        for (String[] args : cases) {
            long start = System.nanoTime();
            CliTest.Outcome o = CliTest.run(args);
            assertEquals(2, o.code(), String.join(" ", args) + "\n" + o.err() + o.out());
            assertTrue(o.out().isEmpty() || !o.out().contains("ms/document"), "nothing was timed: " + o.out());
            assertTrue((System.nanoTime() - start) / 1e9 < 5, "refused at once");
        }
        assertFalse(Files.exists(Path.of(out)));
    }

    @Test
    void staleTemporaryFilesOfAKilledRunAreCleanedUpOnTheNextRun() throws Exception {
        Path[] data = smallData();
        Path out = dir.resolve("out.tsv");
        Path stale = dir.resolve(".out.tsv.99999999.1.part");
        Files.writeString(stale, "left by kill -9");
        assertEquals(0, CliTest.run(estimateTo(data, out.toString())).code());
        assertFalse(Files.exists(stale));
    }

    /** A training corpus large enough that a run lasts minutes unless stopped. */
    private Path trainingCorpus() throws IOException {
        TopicModel m = Fixtures.randomModel("T", 500, new double[] {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, 0.1, 9);
        Path corpus = dir.resolve("train.tsv");
        writeCorpus(corpus, m, Fixtures.generate(m, 4000, 100, 3).documents());
        return corpus;
    }

    private void assertStopsWithinASecondOfSigterm(String what, Path out, String... args) throws Exception {
        Path log = dir.resolve(what + ".log");
        Process p = launch(log, "-Xmx512m", args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(log).contains("corpus") && !Files.readString(log).contains("documents") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(1500);
        assertTrue(p.isAlive(), what + " still running before the signal: " + Files.readString(log));
        long start = System.nanoTime();
        try {
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the process ended after the signal");
        } finally {
            p.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        // one second to stop, plus the JVM's own exit, on a loaded 2-core machine
        assertTrue(seconds < 1.5, what + " stopped " + seconds + " s after SIGTERM; log:\n" + Files.readString(log));
        assertEquals(143, p.exitValue());
        if (out != null) {
            assertFalse(Files.exists(out), "no output file");
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void trainAndBenchStopWithinASecondOfSigterm() throws Exception {
        Path corpus = trainingCorpus();
        Path model = dir.resolve("trained.tsv");
        assertStopsWithinASecondOfSigterm("train", model, "train", "--corpus", corpus.toString(), "--topics", "50",
                "--iterations", "100000", "--snapshot-every", "1", "--series-dir", dir.resolve("snapshots").toString(),
                "--out", model.toString());
        Path[] data = smallData();
        assertStopsWithinASecondOfSigterm("bench", null, "bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(),
                "--methods", "ais", "--temperatures", "100000000", "--repetitions", "1", "--no-save-rates");
    }

    @Test
    void anOutOfMemoryErrorIsOneLineAndExitOne() throws Exception {
        Path[] data = smallData();
        Path log = dir.resolve("oom.log");
        // padding the vocabulary to ten million words asks for 240 MB of topics in a 48 MB heap
        Process p = launch(log, "-Xmx48m", "bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(),
                "--methods", "lr", "--particles", "1", "--repetitions", "1", "--documents", "1", "--pad-vocabulary", "10000000",
                "--no-save-rates");
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        String text = Files.readString(log);
        assertEquals(1, p.exitValue(), text);
        assertTrue(text.contains("out of memory") && text.contains("-Xmx"), text);
        assertFalse(text.contains("\tat "), "no stack trace: " + text);
    }

    /**
     * A command stuck where Java cannot interrupt it (opening a FIFO that no one writes to, or reads from) holds no
     * temporary file, so the signal's hook lets it go at once: within a second of SIGTERM, JVM exit included.
     */
    @Test
    void aFifoInputOrOutputWithNobodyAtTheOtherEndStopsWithinASecondOfSigterm() throws Exception {
        Path fifo = dir.resolve("nobody");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        Path[] data = smallData();
        String[][] commands = {
                {"info", "--corpus", fifo.toString()},
                {"estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "is-prior", "--out", fifo.toString()},
        };
        for (String[] command : commands) {
            Path log = dir.resolve("fifo-" + command[0] + ".log");
            Process p = launch(log, "-Xmx256m", command);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // blocked in the FIFO's open: info at once, estimate after reading its inputs
            while (command[0].equals("estimate") && !Files.readString(log).contains("out-of-vocabulary") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(1000);
            assertTrue(p.isAlive(), "waiting for the FIFO: " + Files.readString(log));
            long start = System.nanoTime();
            try {
                new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
                assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            } finally {
                p.destroyForcibly();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 1.0, command[0] + " ended " + seconds + " s after SIGTERM");
            assertEquals(143, p.exitValue());
            assertEquals("fifo", tmeval.io.OutputFile.fileType(fifo));
        }
    }

    @Test
    void honestEdgesAModelAgainstItselfTiesAndAllRefusedPrintsNoTotals() throws Exception {
        Path[] data = smallData();
        CliTest.Outcome self = CliTest.run("compare", "--model-a", data[0].toString(), "--model-b", data[0].toString(), "--corpus",
                data[2].toString(), "--method", "ratio-convex", "--temperatures", "20", "--burn-in", "2", "--out", dir.resolve("self.tsv").toString());
        assertEquals(0, self.code(), self.err());
        assertTrue(self.out().lines().anyMatch(l -> l.startsWith("ratio-convex (forward)") && l.matches(".*\\s50\\.0\\s.*")),
                "a tie is half a win: " + self.out());
        assertTrue(self.out().contains("ratio-convex: the two annealing directions agree"), self.out());
        CliTest.Outcome refused = CliTest.run("estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "exact",
                "--max-exact-states", "1", "--summary", "--out", dir.resolve("refused.tsv").toString());
        assertEquals(0, refused.code(), refused.err());
        assertTrue(refused.out().contains("no corpus log-likelihood") && !refused.out().contains("perplexity 1.0000"), refused.out());
        assertTrue(Files.readAllLines(dir.resolve("refused.tsv")).stream().filter(l -> l.endsWith("\trefused\tno")).count() == 12,
                "every refused document has its row");
    }

    /**
     * Issue 36: plain, adaptive and auto runs are one entry (run.services.Comparisons) and the summary is written from its
     * rows alike: an adaptive run says how many estimates were refused, as a plain one always did (it said nothing).
     */
    @Test
    void anAdaptiveRunSaysItsRefusedEstimatesAsAPlainRunDoes() throws Exception {
        Path[] data = smallData();
        for (boolean adaptive : new boolean[] {false, true}) {
            List<String> args = new ArrayList<>(List.of("compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus",
                    data[2].toString(), "--method", "ratio-convex,exact", "--temperatures", "20", "--burn-in", "2", "--max-exact-states", "1",
                    "--out", dir.resolve("refused-" + adaptive + ".tsv").toString()));
            if (adaptive) {
                args.add("--adaptive");
            }
            CliTest.Outcome o = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, o.code(), o.err());
            assertTrue(o.out().contains("24 estimates refused or at weight zero"), (adaptive ? "adaptive: " : "plain: ") + o.out());
        }
    }

    // --- issue 23: every promise holds against a hostile user ------------------------------------------------------

    /**
     * A UCI corpus ({@code docword.small.txt}, its vocabulary {@code vocab.small.txt} beside it) and an LDA-C one
     * ({@code small.dat}, {@code vocab.txt}), both over model A's words: the vocabularies are found, not named.
     */
    private Path[] cornersWithFoundVocabularies(Path model) throws Exception {
        TopicModel a = ModelLoader.read(ModelLoader.Spec.of(model));
        List<String> words = new ArrayList<>();
        for (int w = 0; w < a.numWords(); w++) {
            words.add(a.vocabulary().word(w));
        }
        Path uci = Files.createDirectory(dir.resolve("uci"));
        Files.write(uci.resolve("vocab.small.txt"), words);
        Files.writeString(uci.resolve("docword.small.txt"), "2\n" + words.size() + "\n3\n1 1 2\n1 3 1\n2 2 4\n");
        Path ldac = Files.createDirectory(dir.resolve("ldac"));
        Files.write(ldac.resolve("vocab.txt"), words);
        Files.writeString(ldac.resolve("small.dat"), "2 0:2 2:1\n1 1:4\n");
        return new Path[] {uci.resolve("docword.small.txt"), uci.resolve("vocab.small.txt"), ldac.resolve("small.dat"), ldac.resolve("vocab.txt")};
    }

    @Test
    void noOutputReplacesAFileTheCommandReadsNotOneItFindsItselfNorOneReachedByAnotherName() throws Exception {
        Path[] data = smallData();
        Path[] found = cornersWithFoundVocabularies(data[0]);
        Path series = Files.createDirectory(dir.resolve("series"));
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[0])), series.resolve("iter-10.tsv.gz"));
        NativeModelFormat.write(ModelLoader.read(ModelLoader.Spec.of(data[1])), series.resolve("iter-20.tsv.gz"));
        Path corpusLink = Files.createLink(dir.resolve("corpus-link.tsv"), data[2]);
        Path modelLink = Files.createLink(dir.resolve("model-link.tsv"), data[0]);
        Path memberLink = Files.createLink(dir.resolve("member-link.tsv.gz"), series.resolve("iter-10.tsv.gz"));
        List<Path> inputs = List.of(data[0], data[2], found[1], found[3], series.resolve("iter-10.tsv.gz"));
        List<byte[]> before = new ArrayList<>();
        for (Path p : inputs) {
            before.add(Files.readAllBytes(p));
        }
        String[] estimate = {"--method", "is-prior", "--samples", "5"};
        try (var heldOpen = Files.newInputStream(data[0])) {
            // as a shell's 3<a.tsv would hand it over: /dev/fd/3 is /proc/self/fd/3
            Path descriptor = tmeval.Fixtures.descriptorOf(data[0]);
            String[][] cases = {
                    {"--out", "the vocabulary found beside --corpus", "estimate", "--model", data[0].toString(), "--corpus", found[0].toString(),
                            estimate[0], estimate[1], estimate[2], estimate[3], "--out", found[1].toString()},
                    {"--train-out", "the vocabulary found beside --corpus", "split", "--corpus", found[2].toString(),
                            "--train-out", found[3].toString(), "--heldout-out", dir.resolve("h.tsv").toString()},
                    {"--out", "--corpus", "estimate", "--model", data[0].toString(), "--corpus", data[2].toString(),
                            estimate[0], estimate[1], estimate[2], estimate[3], "--out", corpusLink.toString()},
                    {"--out", "--model", "estimate", "--model", descriptor.toString(), "--corpus", data[2].toString(),
                            estimate[0], estimate[1], estimate[2], estimate[3], "--out", modelLink.toString()},
                    {"--out", "--series", "curve", "--series", series.toString(), "--corpus", data[2].toString(), "--method", "lr",
                            "--out", memberLink.toString()},
            };
            for (String[] c : cases) {
                String[] args = Arrays.copyOfRange(c, 2, c.length);
                CliTest.Outcome o = CliTest.run(args);
                assertEquals(2, o.code(), String.join(" ", args) + "\n" + o.err());
                assertTrue(o.err().contains(c[0]) && o.err().contains(c[1]), "names both: " + o.err());
                assertTrue((o.out() + o.err()).lines().noneMatch(l -> l.startsWith("corpus ")), "refused before any input was read: " + o.err());
            }
        }
        for (int i = 0; i < inputs.size(); i++) {
            assertArrayEquals(before.get(i), Files.readAllBytes(inputs.get(i)), inputs.get(i) + " is unchanged");
        }
        assertFalse(Files.exists(dir.resolve("h.tsv")));
    }

    private static String permissions(Path p) throws IOException {
        return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void replacingAnOutputKeepsWhatTheUserSetAndNoDirectoryIsMadeUnlessAskedFor() throws Exception {
        Path[] data = smallData();
        // mode, owner and group are kept (as root, the tests' user in CI, a file given to another user stays theirs)
        Path kept = dir.resolve("kept.tsv");
        Files.writeString(kept, "old\n");
        Files.setPosixFilePermissions(kept, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        if ((Integer) Files.getAttribute(kept, "unix:uid") == 0) {
            Files.setAttribute(kept, "unix:uid", 12345);
            Files.setAttribute(kept, "unix:gid", 12345);
        }
        Object owner = Files.getAttribute(kept, "unix:uid");
        Object group = Files.getAttribute(kept, "unix:gid");
        CliTest.Outcome o = CliTest.run(estimateTo(data, kept.toString()));
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.readString(kept).startsWith("#"), "replaced");
        assertEquals("rw-------", permissions(kept));
        assertEquals(owner, Files.getAttribute(kept, "unix:uid"));
        assertEquals(group, Files.getAttribute(kept, "unix:gid"));

        // a hard-linked output, a dangling link and a missing directory are refused before any work, and nothing is made
        Path shared = dir.resolve("shared.tsv");
        Files.writeString(shared, "shared\n");
        Path otherName = Files.createLink(dir.resolve("other-name.tsv"), shared);
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.tsv"), dir.resolve("nowhere/deeper/out.tsv"));
        Path inMissing = dir.resolve("missing/out.tsv");
        for (Path refused : new Path[] {otherName, dangling, inMissing}) {
            o = CliTest.run(estimateTo(data, refused.toString()));
            assertEquals(1, o.code(), refused + ": " + o.err());
            assertTrue(o.err().contains("--out") && o.err().contains(refused.toString().contains("missing") ? dir.resolve("missing").toString()
                    : refused.toString()), o.err());
            assertTrue(o.out().isEmpty(), "refused before any work: " + o.out());
        }
        assertTrue(Files.isSameFile(shared, otherName), "the hard link is not split");
        assertEquals("shared\n", Files.readString(shared));
        assertFalse(Files.exists(dir.resolve("nowhere")) || Files.exists(dir.resolve("missing")), "no directory made");

        // naming a series directory asks for it
        Path series = dir.resolve("new/series");
        o = CliTest.run("train", "--corpus", data[2].toString(), "--topics", "3", "--iterations", "2", "--snapshot-every", "1",
                "--series-dir", series.toString(), "--out", dir.resolve("t.tsv").toString(), "--no-state");
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.exists(series.resolve("iter-2.tsv.gz")));
    }

    @Test
    void theLongestLegalOutputNameIsWrittenAndAFullDeviceIsNamed() throws Exception {
        Path[] data = smallData();
        Path longest = dir.resolve("r".repeat(251) + ".tsv");
        CliTest.Outcome o = CliTest.run(estimateTo(data, longest.toString()));
        assertEquals(0, o.code(), o.err());
        assertTrue(Files.readString(longest).startsWith("#"));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")));
        o = CliTest.run(estimateTo(data, "/dev/full"));
        assertEquals(1, o.code(), o.err());
        assertTrue(o.err().contains("/dev/full: no space left on device"), o.err());
    }

    @Test
    void benchChecksItsRatesFileBeforeTimingAndReplacesADamagedOneKeepingIt() throws Exception {
        Path[] data = smallData();
        Path rates = dir.resolve("rates.tsv");
        String damaged = "method\tK\tsite_updates_per_second\tmeasured\nlr\t3\tfast\ttoday\n";
        Files.writeString(rates, damaged);
        java.io.ByteArrayOutputStream both = new java.io.ByteArrayOutputStream();
        java.io.PrintStream ps = new java.io.PrintStream(both, true, java.nio.charset.StandardCharsets.UTF_8);
        int code = new Cli().run(new String[] {"bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--documents", "2",
                "--methods", "lr", "--particles", "1", "--repetitions", "1", "--threads", "1", "--save-rates", rates.toString()}, ps, ps);
        String text = both.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, code, text);
        int warning = text.indexOf("warning: " + rates);
        assertTrue(warning >= 0 && text.contains("line 2") && warning < text.indexOf("ms/document"), "reported before any timing:\n" + text);
        assertEquals(damaged, Files.readString(dir.resolve("rates.tsv.corrupt")), "the damaged file is kept beside");
        assertFalse(tmeval.run.local.Throughput.read(rates).rates().isEmpty(), "and replaced by this run's rates");

        // a rates file that cannot be written is refused before anything is timed
        Path plain = dir.resolve("plain");
        Files.writeString(plain, "x");
        CliTest.Outcome o = CliTest.run("bench", "--model-a", data[0].toString(), "--corpus", data[2].toString(), "--documents", "2",
                "--methods", "lr", "--particles", "1", "--repetitions", "1", "--save-rates", plain.resolve("rates.tsv").toString());
        assertEquals(1, o.code(), o.err());
        assertTrue(o.err().contains("--save-rates") && !o.out().contains("ms/document"), o.err() + o.out());
    }

    /** The real launcher with {@code HOME} set and no test property: where ~/.tmeval is. */
    @Test
    void theRatesFileFollowsHome() throws Exception {
        Path[] data = smallData();
        Path home = Files.createDirectory(dir.resolve("home"));
        Path homeIsAFile = dir.resolve("home-file");
        Files.writeString(homeIsAFile, "x");
        for (Path h : new Path[] {home, homeIsAFile}) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), "tmeval.Main", "bench", "--model-a", data[0].toString(), "--corpus",
                    data[2].toString(), "--documents", "2", "--methods", "lr", "--particles", "1", "--repetitions", "1", "--threads", "1"));
            Path log = dir.resolve("home.log");
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("HOME", h.toString());
            Process p = pb.start();
            try {
                assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            } finally {
                p.destroyForcibly();
            }
            String text = Files.readString(log);
            if (h == home) {
                assertEquals(0, p.exitValue(), text);
                assertFalse(tmeval.run.local.Throughput.read(home.resolve(".tmeval/throughput.tsv")).rates().isEmpty(), text);
            } else {
                assertEquals(1, p.exitValue(), text);
                assertTrue(text.contains(homeIsAFile.resolve(".tmeval").toString()) && !text.contains("ms/document"),
                        "refused before timing: " + text);
            }
        }
    }

    @Test
    void anOptionWhereAValueShouldBeIsAUsageError() throws Exception {
        Path[] data = smallData();
        for (String[] tail : new String[][] {{"--out", "--help"}, {"--out", "-h"}, {"--runs", "--seed", "3", "--out", "x.tsv"}}) {
            String[] args = concat(List.of("estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "lr"),
                    List.of(tail));
            CliTest.Outcome o = CliTest.run(args);
            assertEquals(2, o.code(), String.join(" ", args) + "\n" + o.out() + o.err());
            assertTrue(o.err().contains("needs a value") && !o.out().contains("usage:"), o.err() + o.out());
        }
        // a negative number and - are values; --help where an option stands is help
        Path out = dir.resolve("negative-seed.tsv");
        CliTest.Outcome o = CliTest.run("estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "is-prior",
                "--samples", "2", "--seed", "-5", "--out", out.toString());
        assertEquals(0, o.code(), o.err());
        o = CliTest.run("estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "is-prior",
                "--samples", "2", "--out", "-");
        assertEquals(0, o.code(), o.err());
        o = CliTest.run("estimate", "--out", "x.tsv", "--help");
        assertEquals(0, o.code());
        assertTrue(o.out().contains("usage: tmeval estimate"), o.out());
    }

    @Test
    void standardOutputUsesAsciiDigitsInEveryLocale() throws Exception {
        Path[] data = smallData();
        java.util.Locale user = java.util.Locale.getDefault();
        try {
            for (String tag : List.of("ar-EG", "th-TH-u-nu-thai", "hi-IN-u-nu-deva", "fa-IR")) {
                java.util.Locale.setDefault(java.util.Locale.forLanguageTag(tag));
                String[][] commands = {
                        {"info", "--corpus", data[2].toString(), "--model", data[0].toString()},
                        {"estimate", "--model", data[0].toString(), "--corpus", data[2].toString(), "--method", "is-prior", "--samples", "5",
                                "--runs", "2", "--summary", "--out", dir.resolve("e.tsv").toString()},
                        {"compare", "--model-a", data[0].toString(), "--model-b", data[1].toString(), "--corpus", data[2].toString(),
                                "--method", "ratio-convex,lr-diff", "--temperatures", "10", "--burn-in", "2",
                                "--out", dir.resolve("c.tsv").toString()},
                        {"split", "--corpus", data[2].toString(), "--train-out", dir.resolve("t.tsv").toString(), "--heldout-out",
                                dir.resolve("h.tsv").toString()},
                        {"train", "--corpus", data[2].toString(), "--topics", "2", "--iterations", "3", "--log-every", "1", "--no-state",
                                "--out", dir.resolve("m.tsv").toString()},
                };
                for (String[] args : commands) {
                    CliTest.Outcome o = CliTest.run(args);
                    assertEquals(0, o.code(), tag + " " + args[0] + ": " + o.err());
                    String text = o.out() + o.err();
                    for (String line : text.split("\n")) {
                        assertTrue(line.chars().noneMatch(c -> Character.isDigit(c) && (c < '0' || c > '9')), tag + " " + args[0] + ": " + line);
                    }
                }
                assertTrue(Files.readString(dir.resolve("c.tsv")).chars().noneMatch(c -> Character.isDigit(c) && (c < '0' || c > '9')));
            }
        } finally {
            java.util.Locale.setDefault(user);
        }
    }

    /** The snapshot files of a series directory, by name. */
    private static List<String> snapshots(Path series) throws IOException {
        try (var files = Files.list(series)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("iter-")).sorted().toList();
        }
    }

    private static String[] train(Path corpus, Path series, int iterations, int seed, Path out, String... more) {
        return concat(List.of("train", "--corpus", corpus.toString(), "--topics", "3", "--iterations", Integer.toString(iterations),
                "--snapshot-every", "10", "--series-dir", series.toString(), "--seed", Integer.toString(seed), "--log-every", "0",
                "--no-state", "--out", out.toString()), List.of(more));
    }

    /**
     * A series is one run: a second train into a directory that holds another run's snapshots (other iterations, seed
     * or corpus) is refused before any work, naming the difference, and leaves them as they were; with
     * --replace-series the old snapshots go first. The same run again may write over its own. (Before, the second
     * run overwrote the first two of four snapshots and curve annealed across both runs.)
     */
    @Test
    void trainIntoASeriesOfAnotherRunIsRefusedUnlessAskedToReplaceIt() throws Exception {
        Path corpus = smallData()[2];
        Path series = dir.resolve("series");
        CliTest.Outcome first = CliTest.run(train(corpus, series, 40, 1, dir.resolve("m1.tsv")));
        assertEquals(0, first.code(), first.err());
        assertEquals(List.of("iter-10.tsv.gz", "iter-20.tsv.gz", "iter-30.tsv.gz", "iter-40.tsv.gz"), snapshots(series));
        byte[] before = Files.readAllBytes(series.resolve("iter-10.tsv.gz"));
        assertEquals(0, CliTest.run(train(corpus, series, 40, 1, dir.resolve("m1.tsv"))).code(), "the same run may write over its own");
        assertArrayEquals(before, Files.readAllBytes(series.resolve("iter-10.tsv.gz")), "and writes the same snapshot");
        Path other = dir.resolve("other.tsv");
        Files.copy(corpus, other);
        Files.writeString(other, "extra\t" + Files.readAllLines(corpus).get(0).split("\t")[1] + "\n", java.nio.file.StandardOpenOption.APPEND);
        String[][] others = {train(corpus, series, 20, 1, dir.resolve("m2.tsv")), train(corpus, series, 40, 2, dir.resolve("m2.tsv")),
                train(other, series, 40, 1, dir.resolve("m2.tsv"))};
        for (String[] args : others) {
            CliTest.Outcome o = CliTest.run(args);
            assertEquals(2, o.code(), String.join(" ", args) + ": " + o.err());
            assertTrue(o.err().contains("holds snapshots of another run") && o.err().contains("--replace-series"), o.err());
            assertFalse(Files.exists(dir.resolve("m2.tsv")), "refused before any work");
            assertArrayEquals(before, Files.readAllBytes(series.resolve("iter-10.tsv.gz")));
            assertEquals(4, snapshots(series).size());
        }
        CliTest.Outcome replaced = CliTest.run(train(corpus, series, 20, 2, dir.resolve("m2.tsv"), "--replace-series"));
        assertEquals(0, replaced.code(), replaced.err());
        assertEquals(List.of("iter-10.tsv.gz", "iter-20.tsv.gz"), snapshots(series), "the old run's snapshots went first");
        assertTrue(NativeModelFormat.provenance(series.resolve("iter-10.tsv.gz")).contains("# setting\tseed\t2"));
        CliTest.Outcome curve = CliTest.run("curve", "--series", series.toString(), "--corpus", corpus.toString(), "--method", "ais",
                "--temperatures", "5", "--runs", "1", "--out", dir.resolve("curve.tsv").toString());
        assertEquals(0, curve.code(), curve.err());
    }

    /** curve refuses a series whose snapshots name different runs (iteration apart), naming the snapshot and the difference. */
    @Test
    void curveRefusesASeriesThatMixesTwoRuns() throws Exception {
        Path corpus = smallData()[2];
        assertEquals(0, CliTest.run(train(corpus, dir.resolve("run1"), 20, 1, dir.resolve("m1.tsv"))).code());
        assertEquals(0, CliTest.run(train(corpus, dir.resolve("run2"), 20, 2, dir.resolve("m2.tsv"))).code());
        Path mixed = Files.createDirectories(dir.resolve("mixed"));
        Files.copy(dir.resolve("run1").resolve("iter-10.tsv.gz"), mixed.resolve("iter-10.tsv.gz"));
        Files.copy(dir.resolve("run2").resolve("iter-20.tsv.gz"), mixed.resolve("iter-20.tsv.gz"));
        Path out = dir.resolve("curve.tsv");
        CliTest.Outcome o = CliTest.run("curve", "--series", mixed.toString(), "--corpus", corpus.toString(), "--method", "ais",
                "--temperatures", "5", "--runs", "1", "--out", out.toString());
        assertEquals(1, o.code(), o.out());
        assertTrue(o.err().contains("iter-20.tsv.gz") && o.err().contains("another training run") && o.err().contains("seed"), o.err());
        assertFalse(Files.exists(out));
    }

    /**
     * A train that does not finish (cancelled here; a full disk takes the same path) takes back the snapshots it had
     * written: no partial series is left behind for curve, and no model.
     */
    @Test
    void aTrainThatDoesNotFinishLeavesNoPartialSeries() throws Exception {
        Path series = dir.resolve("partial");
        Path model = dir.resolve("unfinished.tsv");
        String[] args = train(trainingCorpus(), series, 100000, 1, model);
        tmeval.progress.CancelToken cancel = new tmeval.progress.CancelToken();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int[] code = {-1};
        Thread run = new Thread(() -> code[0] = new Cli(cancel).run(args, new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(err, true)));
        run.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while ((!Files.isDirectory(series) || snapshots(series).size() < 2) && run.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(snapshots(series).size() >= 2, "snapshots were written before the cancel");
        cancel.cancel();
        run.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(130, code[0], err.toString());
        assertEquals(List.of(), snapshots(series), "no partial series: " + err);
        assertTrue(err.toString().contains("removed the"), err.toString());
        assertFalse(Files.exists(model));
    }
}
