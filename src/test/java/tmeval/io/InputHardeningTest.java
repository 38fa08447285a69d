package tmeval.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.model.Corpus;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pipes and FIFOs as inputs, byte-order marks, reserved ids, Java-only number forms, ragged rows, heap-scaled limits. */
class InputHardeningTest {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path dir;

    // ---- FIFOs and pipes: read once, as a stream

    /** A named FIFO fed by a writer thread; the reader must see exactly what was written (within 10 s, not hang). */
    private <T> T readThroughFifo(String name, byte[] content, Reader<T> reader) throws Exception {
        Path fifo = dir.resolve(name);
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("mkfifo is not available: " + e.getMessage());
            return null;
        }
        Assumptions.assumeTrue(p.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "fifo");
            t.setDaemon(true);
            return t;
        });
        try {
            pool.submit(() -> {
                // opening a FIFO blocks until the other end opens it, and writing blocks while nobody reads
                try (OutputStream out = Files.newOutputStream(fifo)) {
                    out.write(content);
                }
                return null;
            });
            Future<T> result = pool.submit(() -> reader.read(fifo));
            return result.get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
    }

    private interface Reader<T> {
        T read(Path path) throws Exception;
    }

    @Test
    void aCorpusThroughAFifoIsReadOnceAndCompletely() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < 3000; d++) {
            sb.append("d").append(d).append("\tapple banana apple cherry\n");
        }
        Corpus c = readThroughFifo("corpus-fifo", utf8(sb.toString()), p -> CorpusLoader.read(CorpusLoader.Spec.of(p)));
        assertEquals(3000, c.size(), "every document of the stream (more than a pipe buffer)");
        assertEquals("d0", c.document(0).id());
        assertEquals(12_000, c.tokenCount());
    }

    @Test
    void aGzipCorpusAndAModelThroughAFifo() throws Exception {
        Corpus c = readThroughFifo("gz-fifo", gzip("a\tapple banana\nb\tcherry\n"),
                p -> CorpusLoader.read(CorpusLoader.Spec.of(p)));
        assertEquals(2, c.size());
        TopicModel model = Fixtures.randomModel("m", 30, new double[] {0.1, 0.2}, 0.3, 7);
        Path file = dir.resolve("m.tsv");
        NativeModelFormat.write(model, file);
        TopicModel read = readThroughFifo("model-fifo", Files.readAllBytes(file), p -> ModelLoader.read(ModelLoader.Spec.of(p)));
        assertArrayEquals(model.phiMatrix(), read.phiMatrix(), 0.0);
    }

    // ---- byte-order marks

    @Test
    void aByteOrderMarkIsSkippedByEveryReader() throws Exception {
        Corpus tokens = CorpusLoader.read(CorpusLoader.Spec.of(write("t.tsv", bom("d1\tapple banana\n"))));
        assertEquals("d1", tokens.document(0).id());
        write("vocab.txt", bom("apple\nbanana\n"));
        Corpus ldac = CorpusLoader.read(CorpusLoader.Spec.of(write("c.dat", bom("2 0:1 1:2\n"))));
        assertEquals("apple", ldac.vocabulary().word(0));
        assertEquals(3, ldac.tokenCount());
        write("vocab.u.txt", utf8("apple\nbanana\n"));
        Corpus uci = CorpusLoader.read(CorpusLoader.Spec.of(write("docword.u.txt", bom("1\n2\n1\n1 2 3\n"))));
        assertEquals(3, uci.tokenCount());
        TopicModel model = Fixtures.randomModel("m", 10, new double[] {0.1, 0.2}, 0.3, 3);
        Path file = dir.resolve("m.tsv");
        NativeModelFormat.write(model, file);
        byte[] text = Files.readAllBytes(file);
        byte[] withBom = new byte[text.length + 3];
        System.arraycopy(BOM, 0, withBom, 0, 3);
        System.arraycopy(text, 0, withBom, 3, text.length);
        Files.write(file, withBom);
        assertEquals(10, ModelLoader.read(ModelLoader.Spec.of(file)).numWords());
        Path gz = dir.resolve("m2.tsv.gz");
        Files.write(gz, gzip(new String(withBom, StandardCharsets.UTF_8)));
        assertEquals(10, ModelLoader.read(ModelLoader.Spec.of(gz)).numWords());
        String state = "#doc source pos typeindex type topic\n#alpha : 0.1 0.3\n#beta : 0.5\n0 NA 0 0 apple 0\n";
        assertEquals(1, MalletStateFormat.read(write("state", bom(state))).numDocuments());
    }

    // ---- reserved document id

    @Test
    void theCorpusTotalMarkerIsRefusedAsADocumentId() throws Exception {
        Path tokens = write("t.tsv", utf8("d1\tapple\n*\tbanana\n"));
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(tokens)));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("'*'"), e.getMessage());
        Path texts = dir.resolve("texts");
        Files.createDirectories(texts);
        Files.writeString(texts.resolve("a.txt"), "apple banana");
        Files.writeString(texts.resolve("*.txt"), "cherry durian");
        e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(texts)));
        assertTrue(e.getMessage().contains("'*'") && e.getMessage().contains("*.txt"), e.getMessage());
    }

    // ---- only plain decimal numbers in model files

    @Test
    void javaOnlyNumberFormsAreRefusedInModelFiles() throws Exception {
        String good = NativeModelFormat.MAGIC + "\n#alpha\t0.5\t1.5\napple\t0.25\t0.75\nbanana\t0.75\t0.25\n";
        for (String bad : new String[] {"0.25d", "0.25f", "0x1p-2", "NaN", "Infinity", "+Infinity", " 0.25", "0.25e", "1e+"}) {
            Path f = write("bad.tsv", utf8(good.replace("apple\t0.25", "apple\t" + bad)));
            InputException e = assertThrows(InputException.class, () -> NativeModelFormat.read(f), bad);
            assertEquals(3, e.line(), bad);
            Path a = write("bad-alpha.tsv", utf8(good.replace("#alpha\t0.5", "#alpha\t" + bad.replace("0.25", "0.5"))));
            assertEquals(2, assertThrows(InputException.class, () -> NativeModelFormat.read(a), bad).line(), bad);
        }
        Path ok = write("ok.tsv", utf8(good.replace("apple\t0.25\t0.75", "apple\t+2.5E-1\t.75")));
        assertEquals(0.25, NativeModelFormat.read(ok).phi(0, 0), 0.0);
        Path matrix = write("m.csv", utf8("apple,banana\n0.5d,0.5\n0.25,0.75\n"));
        Path alpha = write("alpha.txt", utf8("0.1 0.2\n"));
        assertEquals(2, assertThrows(InputException.class, () -> MatrixModelFormat.read(matrix, null, alpha, false)).line());
        Path hexAlpha = write("alpha2.txt", utf8("0x1p-1\n"));
        Path matrix2 = write("m2.csv", utf8("apple,banana\n0.5,0.5\n0.25,0.75\n"));
        assertEquals(1, assertThrows(InputException.class, () -> MatrixModelFormat.read(matrix2, null, hexAlpha, false)).line());
        String state = "#doc source pos typeindex type topic\n#alpha : 0.1 0.3f\n#beta : 0.5\n0 NA 0 0 apple 0\n";
        assertEquals(2, assertThrows(InputException.class, () -> MalletStateFormat.read(write("state", utf8(state)))).line());
    }

    // ---- ragged rows

    @Test
    void aRaggedMatrixRowIsBlamedOnItsOwnLine() throws Exception {
        Path alpha = write("alpha.txt", utf8("0.1 0.2\n"));
        Path header = write("h.csv", utf8("apple,banana,cherry\n0.5,0.5\n0.25,0.5,0.25\n"));
        assertEquals(2, assertThrows(InputException.class, () -> MatrixModelFormat.read(header, null, alpha, false)).line());
        Path words = write("w.tsv", utf8("apple\t0.5\t0.5\nbanana\t0.25\t0.5\t0.25\ncherry\t0.25\t0.25\n"));
        assertEquals(2, assertThrows(InputException.class, () -> MatrixModelFormat.read(words, null, alpha, false)).line());
        String good = NativeModelFormat.MAGIC + "\n#alpha\t0.5\t1.5\napple\t0.25\t0.75\nbanana\t0.75\nc\t0\t0\n";
        assertEquals(4, assertThrows(InputException.class, () -> NativeModelFormat.read(write("n.tsv", utf8(good)))).line());
    }

    private Path write(String name, byte[] content) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, content);
        return p;
    }

    private static byte[] gzip(String s) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
            out.write(utf8(s));
        }
        return bytes.toByteArray();
    }

    private static byte[] bom(String s) {
        byte[] text = utf8(s);
        byte[] out = new byte[text.length + 3];
        System.arraycopy(BOM, 0, out, 0, 3);
        System.arraycopy(text, 0, out, 3, text.length);
        return out;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A binary file given as text (a file of NUL bytes as the held-out corpus, one with a NUL in its third line, a
     * UTF-16 file) is refused naming the file, the line and that it is binary; it was read, without a word, as raw text
     * of one token.
     */
    @Test
    void aBinaryFileGivenAsTextIsRefusedAsBinary() throws Exception {
        Path zeros = write("zeros.bin", new byte[4096]);
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(zeros)));
        assertTrue(e.getMessage().contains(zeros.toString()) && e.getMessage().contains("binary file"), e.getMessage());
        assertEquals(1, e.line());
        Path late = write("late.txt", utf8("d1\tapple pie\nd2\tfig\nd3\tpear\u0000jam\n"));
        e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(late)));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("byte 8 of the line"), e.getMessage());
        Path utf16 = write("utf16.txt", "some words of text\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
        e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(utf16)));
        assertTrue(e.getMessage().contains("UTF-16"), e.getMessage());
        assertTrue(assertThrows(InputException.class, () -> NativeModelFormat.read(zeros)).getMessage().contains("binary file"));
    }
}
