package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.run.output.SessionFile;
import tmeval.model.TopicModel;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every reader over thousands of mutated inputs derived from valid files (seeded): truncations, flipped bytes, huge,
 * negative and non-finite numbers, wrong counts, duplicated and deleted lines, empty and one-line files, gzip with a
 * broken trailer or body, invalid UTF-8. Each case must read or fail with {@link InputException} (file, line, reason),
 * nothing else, within two seconds.
 */
class ParserFuzzTest {
    private static final int CASES_PER_READER = 450;
    private static final String[] NUMBERS = {"1e309", "-1", "-0.5", "NaN", "Infinity", "-Infinity", "0", "99999999999", "2147483648",
        "1e-320", "9999999", "", "x", "0x10", "1,5"};

    @TempDir
    Path dir;

    /** A reader under test: reads the mutated file (and, for two-file formats, a valid companion). */
    private interface Reader {
        Object read(Path mutated) throws InputException;
    }

    private record Target(String name, byte[] valid, Reader reader) {
    }

    @Test
    void everyReaderSurvivesMutatedInputs() throws Exception {
        TopicModel model = Fixtures.randomModel("fuzz", 12, new double[] {0.2, 0.5, 1.5}, 0.3, 1);
        Path nativeFile = dir.resolve("valid.tsv");
        NativeModelFormat.write(model, nativeFile);
        String state = "#doc source pos typeindex type topic\n#alpha : 0.1 0.3\n#beta : 0.5\n0 NA 0 0 apple 0\n0 NA 1 1 banana 1\n"
                + "0 NA 2 0 apple 0\n2 NA 0 2 cherry 1\n";
        Path vocab3 = write("vocab3.txt", "apple\nbanana\ncherry\n");
        Path alpha2 = write("alpha2.txt", "0.2 0.4\n");
        Path ucivocab = write("vocab.f.txt", "apple\nbanana\ncherry\n");
        String matrix = "apple,banana,cherry\n0.5,0.25,0.25\n0.1,0.1,0.8\n";
        String session = SessionFile.MAGIC + "\ninput\tmodelA\t/tmp/a.tsv\nsetting\truns\t2\n"
                + "result\t0\td1\t5\tratio-convex\tFORWARD\t1\t0\t-0.25\t100\t5\n";
        List<Target> targets = List.of(
                new Target("native model", Files.readAllBytes(nativeFile), NativeModelFormat::read),
                new Target("MALLET state", utf8(state), p -> MalletStateFormat.read(p).toModel("m")),
                new Target("model loader (state)", utf8(state), p -> ModelLoader.read(ModelLoader.Spec.of(p))),
                new Target("matrix + alpha", utf8(matrix), p -> MatrixModelFormat.read(p, null, alpha2, false)),
                new Target("alpha file", utf8("0.2 0.4\n"), p -> MatrixModelFormat.read(write("m.csv", matrix), null, p, false)),
                new Target("UCI docword", utf8("4\n3\n3\n1 1 2\n1 3 1\n3 2 1\n"), p -> UciFormat.read(p, ucivocab)),
                new Target("UCI vocabulary", utf8("apple\nbanana\ncherry\n"), p -> UciFormat.read(write("docword.g.txt", "2\n3\n2\n1 1 2\n2 3 1\n"), p)),
                new Target("LDA-C", utf8("2 0:1 2:2\n0\n1 1:3\n"), p -> LdacFormat.read(p, vocab3)),
                new Target("token lines", utf8("a\tapple banana apple\nb\tcherry\nc\t\n"), TextCorpusFormat::readTokenLines),
                new Target("raw text", utf8("Apple, BANANA! an apple; the cherry.\n\nDon't eat\n"), p -> TextCorpusFormat.readRawText(p, Tokenizer.standard())),
                new Target("session", utf8(session), SessionFile::read),
                new Target("covariates metadata", utf8("docId\tyear\tsource\nd1\t2001\tnews\nd2\t\tblog\n# a comment\nd3\t1.5e3\t7\n"),
                        tmeval.run.covariates.Metadata::read));
        int[] result = fuzz(targets, 20261122);
        int cases = result[0];
        int accepted = result[1];
        System.out.printf("parser fuzzing: %d mutated inputs over %d readers, %d read correctly, %d refused with an input error%n",
                cases, targets.size(), accepted, cases - accepted);
        assertTrue(cases >= 3000 && accepted > 0 && accepted < cases);
    }

    /**
     * The readers of MALLET's text outputs (topic-word weights, word-topic counts, topic keys) and quoted matrices,
     * mutated as above: an input error naming the file or a correct model, never another exception or a hang.
     */
    @Test
    void malletTextOutputsAndQuotedMatricesSurviveMutatedInputs() throws Exception {
        Path alpha2 = write("alpha2m.txt", "0.2 0.4\n");
        Path keys = write("keys.txt", "0\t0.2\tapple banana \n1\t0.4\tcherry \n");
        String weights = "0\tapple\t2.01\n0\tbanana\t0.01\n0\tcherry\t1.01\n1\tapple\t0.01\n1\tbanana\t3.01\n1\tcherry\t0.01\n";
        String counts = "0 apple 0:2\n1 banana 1:3\n2 cherry 0:1\n3 unused\n";
        String quoted = "\"a,b\",\"say \"\"hi\"\"\",00\n0.5,0.25,0.25\n0.1,0.1,0.8\n";
        List<Target> targets = List.of(
                new Target("MALLET topic-word weights", utf8(weights),
                        p -> ModelLoader.read(new ModelLoader.Spec(p, keys, null, false, Double.NaN, MatrixModelFormat.Header.AUTO))),
                new Target("MALLET word-topic counts", utf8(counts),
                        p -> ModelLoader.read(new ModelLoader.Spec(p, alpha2, null, false, 0.01, MatrixModelFormat.Header.AUTO))),
                new Target("MALLET topic keys as alpha", utf8("0\t0.2\tapple banana \n1\t0.4\tcherry \n"),
                        p -> ModelLoader.read(new ModelLoader.Spec(write("w.txt", weights), p, null, false, Double.NaN, MatrixModelFormat.Header.AUTO))),
                new Target("quoted matrix", utf8(quoted), p -> MatrixModelFormat.read(p, null, alpha2, false)));
        int[] result = fuzz(targets, 20261123);
        assertTrue(result[0] >= 4 * CASES_PER_READER - 1 && result[1] > 0 && result[1] < result[0]);
    }

    /**
     * The readers of what the tool writes and reads back (a shard merged with its companion, a compare output opened
     * as results, a session with every kind of setting), mutated as above: an input error naming the file or a correct
     * read, never another exception or a hang, whatever the mutation does to a number, a field or a provenance line.
     */
    @Test
    void shardsResultsAndSessionsSurviveMutatedInputs() throws Exception {
        TopicModel model = Fixtures.randomModel("fuzz", 12, new double[] {0.2, 0.5, 1.5}, 0.3, 1);
        Path modelFile = dir.resolve("model.tsv");
        NativeModelFormat.write(model, modelFile);
        Path corpus = dir.resolve("corpus.tokens");
        TextCorpusFormat.writeTokenLines(Fixtures.generate(model, 6, 8, 3), corpus);
        List<String> estimate = List.of("estimate", "--model", modelFile.toString(), "--corpus", corpus.toString(), "--method", "is-prior",
                "--samples", "3", "--runs", "2", "--no-timing");
        Path[] shards = {dir.resolve("shard-1.tsv"), dir.resolve("shard-2.tsv")};
        for (int i = 0; i < 2; i++) {
            cli(estimate, "--shard", (i + 1) + "/2", "--out", shards[i].toString());
        }
        Path compare = dir.resolve("compare.tsv");
        cli(List.of("compare", "--model-a", modelFile.toString(), "--model-b", modelFile.toString(), "--corpus", corpus.toString(),
                "--method", "ratio-convex,lr-diff", "--temperatures", "3", "--burn-in", "1", "--no-timing"), "--out", compare.toString());
        String session = SessionFile.MAGIC + "\ninput\tmodelA\t/tmp/a\\tb.tsv\nsetting\truns\t2\nsetting\tthreads\t4\n"
                + "setting\tagreeWithin\t0.5\nsetting\tmethods\tratio-convex,lr-diff\nsetting\tcurves.points\t10,ais,1,100,-2.5,10,5,0.25,0;"
                + "20,ais,1,100,-2.25,10,5,,1\nresult\t0\td\\t1\t5\tratio-convex\tFORWARD\t1\t0\t-0.25\t100\t5\tok\t\n"
                + "result\t1\td2\t4\texact\tNONE\t1\t0\t\t0\t0\trefused\ttoo\\nlong\nround\t0\tratio-convex\t2000\tyes\n";
        List<Target> targets = List.of(
                new Target("estimate shard (merged with its companion)", Files.readAllBytes(shards[0]),
                        p -> tmeval.run.distributed.ShardMerge.merge(List.of(p, shards[1]))),
                new Target("compare output opened as results", Files.readAllBytes(compare), tmeval.run.output.ComparisonOutput::read),
                new Target("session with every kind of setting", utf8(session), SessionFile::read));
        int[] result = fuzz(targets, 20261126);
        assertTrue(result[0] == 3 * CASES_PER_READER && result[1] > 0 && result[1] < result[0]);
    }

    private static void cli(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = new tmeval.cli.Cli().run(all.toArray(new String[0]), new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(err));
        assertTrue(code == 0, err.toString());
    }

    /** Runs CASES_PER_READER seeded mutations of each target; returns {cases, accepted}. */
    private int[] fuzz(List<Target> targets, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
        int cases = 0;
        int accepted = 0;
        try {
            for (Target target : targets) {
                for (int c = 0; c < CASES_PER_READER; c++) {
                    Mutation m = mutate(target.valid(), random);
                    Path file = dir.resolve("case-" + cases + (m.gzip() ? ".gz" : ""));
                    Files.write(file, m.bytes());
                    Future<Object> f = executor.submit(() -> target.reader().read(file));
                    try {
                        f.get(2, TimeUnit.SECONDS);
                        accepted++;
                    } catch (ExecutionException e) {
                        if (!(e.getCause() instanceof InputException ie)) {
                            fail(target.name() + ", " + m.description() + ": " + e.getCause() + " is not an input error", e.getCause());
                        } else {
                            assertTrue(ie.getMessage().contains(file.getFileName().toString()) || ie.file() != null,
                                    target.name() + ": the message names a file: " + ie.getMessage());
                        }
                    } catch (TimeoutException e) {
                        f.cancel(true);
                        fail(target.name() + ", " + m.description() + ": took more than 2 s");
                    }
                    Files.delete(file);
                    cases++;
                }
            }
        } finally {
            executor.shutdownNow();
        }
        return new int[] {cases, accepted};
    }

    /** The limits of a pretend 32 MB heap: every amplification below crosses one without allocating gigabytes. */
    private static final InputLimits SMALL = InputLimits.forHeap(32L << 20);

    /** A reader under the small limits, given an open reader of the hostile file. */
    private interface Limited {
        Object read(LineReader in) throws InputException;
    }

    private record Hostile(String name, Path file, Limited reader) {
    }

    /**
     * Amplifications: a short file that asks for gigabytes (huge counts, huge indices, a gzip that expands a
     * thousandfold). Each must be refused with an input error naming the file (and a limit or range) within five
     * seconds, under the limits of a 32 MB heap; never another exception, never an OutOfMemoryError.
     */
    @Test
    void amplificationsAreRefusedQuicklyWithAnInputError() throws Exception {
        Path vocab3 = write("vocab.h.txt", "apple\nbanana\ncherry\n");
        StringBuilder manyDocs = new StringBuilder("1000\n3\n1000\n");
        StringBuilder manyLdac = new StringBuilder();
        for (int d = 1; d <= 1000; d++) {
            manyDocs.append(d).append(" 1 9999999\n");
            manyLdac.append("1 0:9999999\n");
        }
        String state = "#doc source pos typeindex type topic\n#alpha : 0.1 0.3\n#beta : 0.5\n";
        List<Hostile> cases = List.of(
                new Hostile("UCI count of two billion", write("docword.h.txt", "1\n3\n1\n1 1 2000000000\n"), in -> UciFormat.read(in, vocab3)),
                new Hostile("UCI counts adding up to ten billion", write("docword.m.txt", manyDocs.toString()), in -> UciFormat.read(in, vocab3)),
                new Hostile("UCI word id of two billion", write("docword.w.txt", "1\n3\n1\n1 2000000000 1\n"), in -> UciFormat.read(in, vocab3)),
                new Hostile("UCI doc id of two billion", write("docword.d.txt", "1\n3\n1\n2000000000 1 1\n"), in -> UciFormat.read(in, vocab3)),
                new Hostile("LDA-C count of two billion", write("h.dat", "1 0:2000000000\n"), in -> LdacFormat.read(in, vocab3)),
                new Hostile("LDA-C counts adding up to ten billion", write("m.dat", manyLdac.toString()), in -> LdacFormat.read(in, vocab3)),
                new Hostile("LDA-C term id of two billion", write("i.dat", "1 2000000000:1\n"), in -> LdacFormat.read(in, vocab3)),
                new Hostile("MALLET type index of two billion", write("state.t", state + "0 NA 0 2000000000 apple 0\n"), MalletStateFormat::read),
                new Hostile("MALLET topic of two billion", write("state.k", state + "0 NA 0 0 apple 2000000000\n"), MalletStateFormat::read),
                new Hostile("MALLET alpha for millions of topics", write("state.a", "#alpha :" + " 0.1".repeat(1 << 20) + "\n"), MalletStateFormat::read),
                new Hostile("native #alpha for millions of topics", write("wide.tsv", NativeModelFormat.MAGIC + "\n#alpha" + "\t0.1".repeat(1 << 20) + "\n"),
                        in -> NativeModelFormat.read(in, false)),
                new Hostile("gzip of one byte as a corpus", bomb("bomb-a.gz", "a", false), in -> CorpusLoader.read(new CorpusLoader.Spec(in.path(),
                        CorpusLoader.Format.AUTO, null, null), SMALL)),
                new Hostile("gzip of one byte as a model", bomb("bomb-m.gz", "a", false), in -> ModelLoader.read(ModelLoader.Spec.of(in.path()), SMALL)),
                new Hostile("gzip of one repeated word as token lines", tokenLines("bomb-t.gz"), in -> TextCorpusFormat.readTokenLines(in)),
                new Hostile("gzip of one repeated word as raw text", bomb("bomb-r.gz", "word ", true), in -> TextCorpusFormat.readRawText(in, Tokenizer.standard())),
                new Hostile("gzip of distinct words", distinctWords("bomb-v.gz"), in -> TextCorpusFormat.readRawText(in, Tokenizer.standard())),
                new Hostile("gzip of a native model with millions of words", nativeBomb("bomb-n.tsv.gz"), in -> NativeModelFormat.read(in, false)));
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "amplification");
            t.setDaemon(true);
            return t;
        });
        try {
            for (Hostile c : cases) {
                Future<Object> f = executor.submit(() -> {
                    try (LineReader in = LineReader.open(c.file(), SMALL)) {
                        return c.reader().read(in);
                    }
                });
                try {
                    f.get(5, TimeUnit.SECONDS);
                    fail(c.name() + ": read without an error");
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof InputException ie)) {
                        fail(c.name() + ": " + e.getCause() + " is not an input error", e.getCause());
                    } else {
                        assertTrue(ie.getMessage().startsWith(c.file().toString()), c.name() + ": " + ie.getMessage());
                        assertTrue(ie.getMessage().matches(".*(heap|out of range|more than).*"), c.name() + ": " + ie.getMessage());
                    }
                } catch (TimeoutException e) {
                    f.cancel(true);
                    fail(c.name() + ": took more than 5 s");
                }
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /** A gzip file of 256 MB of a repeated text (as one line, or as lines of about 1 KB): about 250 KB on disk. */
    private Path bomb(String name, String unit, boolean lines) throws IOException {
        Path p = dir.resolve(name);
        byte[] block = utf8((unit.repeat(1024 / unit.length()) + (lines ? "\n" : "")).repeat(64));
        try (GZIPOutputStream z = new GZIPOutputStream(Files.newOutputStream(p), 1 << 16)) {
            for (long written = 0; written < 256L << 20; written += block.length) {
                z.write(block);
            }
        }
        return p;
    }

    /** Token lines of one repeated word (200 a line), gzipped, until there are more than the small token limit. */
    private Path tokenLines(String name) throws IOException {
        Path p = dir.resolve(name);
        String words = "\t" + "word ".repeat(200) + "\n";
        try (java.io.Writer w = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(p)), StandardCharsets.UTF_8)) {
            for (long i = 0; i <= SMALL.maxTokens() / 200; i++) {
                w.write("d" + i + words);
            }
        }
        return p;
    }

    /** Lines of distinct words (w0 w1 w2 ...), gzipped, until there are more than the small vocabulary limit. */
    private Path distinctWords(String name) throws IOException {
        Path p = dir.resolve(name);
        try (java.io.Writer w = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(p)), StandardCharsets.UTF_8)) {
            for (int i = 0; i <= SMALL.maxVocabulary(); i++) {
                StringBuilder word = new StringBuilder("wx");
                for (char c : Integer.toString(i).toCharArray()) {
                    word.append((char) ('a' + c - '0'));
                }
                w.write(word + (i % 16 == 15 ? "\n" : " "));
            }
        }
        return p;
    }

    /** A native model of K = 100 whose word lines go on past the small limit of V x K cells. */
    private Path nativeBomb(String name) throws IOException {
        Path p = dir.resolve(name);
        try (java.io.Writer w = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(p)), StandardCharsets.UTF_8)) {
            w.write(NativeModelFormat.MAGIC + "\n#alpha" + "\t0.1".repeat(100) + "\n");
            String values = "\t0.01".repeat(100) + "\n";
            for (long i = 0; i <= SMALL.maxModelCells() / 100; i++) {
                w.write("w" + i + values);
            }
        }
        return p;
    }

    private record Mutation(byte[] bytes, boolean gzip, String description) {
    }

    private static Mutation mutate(byte[] valid, SplittableRandom random) throws IOException {
        String text = new String(valid, StandardCharsets.UTF_8);
        int kind = random.nextInt(12);
        boolean gzip = random.nextInt(3) == 0;
        byte[] out;
        String what;
        switch (kind) {
            case 0 -> {
                int cut = random.nextInt(valid.length + 1);
                out = java.util.Arrays.copyOf(valid, cut);
                what = "truncated at byte " + cut;
            }
            case 1 -> {
                out = valid.clone();
                int flips = 1 + random.nextInt(3);
                for (int i = 0; i < flips && out.length > 0; i++) {
                    out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
                }
                what = flips + " flipped bits";
            }
            case 2, 3 -> {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("-?\\d+(\\.\\d+)?([eE]-?\\d+)?").matcher(text);
                List<int[]> spans = new ArrayList<>();
                while (m.find()) {
                    spans.add(new int[] {m.start(), m.end()});
                }
                String replacement = NUMBERS[random.nextInt(NUMBERS.length)];
                if (spans.isEmpty()) {
                    out = utf8(text + replacement);
                } else {
                    int[] span = spans.get(random.nextInt(spans.size()));
                    out = utf8(text.substring(0, span[0]) + replacement + text.substring(span[1]));
                }
                what = "a number replaced by '" + replacement + "'";
            }
            case 4 -> {
                List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                int i = random.nextInt(lines.size());
                lines.add(i, lines.get(i));
                out = utf8(String.join("\n", lines));
                what = "line " + (i + 1) + " duplicated";
            }
            case 5 -> {
                List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                int i = random.nextInt(lines.size());
                lines.remove(i);
                out = utf8(String.join("\n", lines));
                what = "line " + (i + 1) + " deleted";
            }
            case 6 -> {
                out = new byte[0];
                what = "empty file";
            }
            case 7 -> {
                out = utf8(text.split("\n", -1)[0]);
                what = "first line only";
            }
            case 8 -> {
                int at = random.nextInt(valid.length + 1);
                byte[] bad = {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xFE};
                out = new byte[valid.length + bad.length];
                System.arraycopy(valid, 0, out, 0, at);
                System.arraycopy(bad, 0, out, at, bad.length);
                System.arraycopy(valid, at, out, at + bad.length, valid.length - at);
                what = "invalid UTF-8 at byte " + at;
            }
            case 9 -> {
                List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                int i = random.nextInt(lines.size());
                String[] fields = lines.get(i).split("[\t ,]");
                lines.set(i, lines.get(i) + (lines.get(i).contains("\t") ? "\t" : " ") + (fields.length > 0 ? fields[fields.length - 1] : "1"));
                out = utf8(String.join("\n", lines));
                what = "an extra field on line " + (i + 1);
            }
            case 10 -> {
                byte[] z = gzip(valid);
                int cut = Math.max(0, z.length - 1 - random.nextInt(8));
                return new Mutation(java.util.Arrays.copyOf(z, cut), true, "gzip with a broken trailer");
            }
            default -> {
                byte[] z = gzip(valid);
                if (z.length > 20) {
                    z[10 + random.nextInt(z.length - 20)] ^= (byte) 0x5A;
                }
                return new Mutation(z, true, "gzip with a corrupt body");
            }
        }
        return gzip ? new Mutation(gzip(out), true, what + ", gzipped") : new Mutation(out, false, what);
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(bytes)) {
            z.write(b);
        }
        return bytes.toByteArray();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Path write(String name, String content) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, content);
            return p;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
