package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeModelFormatTest {
    @TempDir
    Path dir;

    private static final String GOOD = "#tmeval-model v1\n#name\ttiny\n#alpha\t0.5\t1.5\napple\t0.25\t0.5\nbanana\t0.75\t0.5\n";

    @Test
    void aWordMayStartWithAHash() throws Exception {
        Path p = dir.resolve("hash.tsv");
        Files.writeString(p, "#tmeval-model v1\n#name\tn\n#alpha\t0.5\n#hash\t0.25\n#alpha\t0.25\n#name\t0.5\n");
        TopicModel m = NativeModelFormat.read(p);
        assertEquals(java.util.List.of("#hash", "#alpha", "#name"), m.vocabulary().words());
        Path again = dir.resolve("again.tsv");
        NativeModelFormat.write(m, again);
        assertEquals(m, NativeModelFormat.read(again));
    }

    @Test
    void roundTripIsExactPlainAndGzip() throws Exception {
        TopicModel model = Fixtures.randomModel("round trip", 200, new double[] {0.013, 0.7, 2.5e-3, 11}, 0.05, 7);
        for (String name : new String[] {"m.tsv", "m.tsv.gz"}) {
            Path p = dir.resolve(name);
            NativeModelFormat.write(model, p);
            TopicModel back = NativeModelFormat.read(p);
            assertEquals(model, back, name);
            assertArrayEquals(model.phiMatrix(), back.phiMatrix(), 0.0);
        }
        assertTrue(isGzip(dir.resolve("m.tsv.gz")));
    }

    @Test
    void readsSmallFile() throws Exception {
        TopicModel m = NativeModelFormat.read(write("good.tsv", GOOD));
        assertEquals("tiny", m.name());
        assertEquals(2, m.numTopics());
        assertEquals(0.75, m.phi(m.vocabulary().id("banana"), 0));
        assertEquals(1.5, m.alpha(1));
    }

    @Test
    void wrongColumnCountNamesTheLine() {
        InputException e = bad("#tmeval-model v1\n#alpha\t0.5\t1.5\napple\t0.25\t0.5\nbanana\t0.75\n");
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("expected a word and 2 probabilities"), e.getMessage());
    }

    @Test
    void nonNumericValue() {
        InputException e = bad(GOOD.replace("0.75", "seven"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("'seven' is not a number"), e.getMessage());
    }

    @Test
    void negativeProbability() {
        InputException e = bad(GOOD.replace("0.75", "-0.75"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("not a probability"), e.getMessage());
    }

    @Test
    void nanProbability() {
        InputException e = bad(GOOD.replace("0.75", "NaN"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("'NaN' is not a number"), e.getMessage());
    }

    @Test
    void columnNotSummingToOneNamesTopicAndSum() {
        InputException e = bad(GOOD.replace("0.75\t", "0.7\t"));
        assertTrue(e.getMessage().contains("topic 1 sums to 0.95"), e.getMessage());
    }

    @Test
    void renormalizeIsExplicit() throws Exception {
        Path p = write("off.tsv", GOOD.replace("0.75\t", "0.7\t"));
        TopicModel m = NativeModelFormat.read(p, true);
        assertEquals(0.7 / 0.95, m.phi(1, 0), 1e-15);
    }

    @Test
    void missingAlphaLine() {
        InputException e = bad("#tmeval-model v1\napple\t0.25\t0.5\nbanana\t0.75\t0.5\n");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("#alpha"), e.getMessage());
    }

    @Test
    void alphaWithWrongKIsAColumnCountError() {
        InputException e = bad("#tmeval-model v1\n#alpha\t0.5\t1.5\t2\napple\t0.25\t0.5\nbanana\t0.75\t0.5\n");
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("K from #alpha"), e.getMessage());
    }

    @Test
    void nonPositiveAlpha() {
        InputException e = bad(GOOD.replace("#alpha\t0.5", "#alpha\t0"));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("must be positive"), e.getMessage());
    }

    @Test
    void duplicateWord() {
        InputException e = bad(GOOD.replace("banana", "apple"));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("appears twice"), e.getMessage());
    }

    @Test
    void missingHeader() {
        InputException e = bad(GOOD.substring(GOOD.indexOf('\n') + 1));
        assertEquals(1, e.line());
    }

    @Test
    void truncatedGzipIsAnInputError() throws Exception {
        TopicModel model = Fixtures.randomModel("big", 3000, new double[] {0.1, 0.2, 0.3}, 0.1, 3);
        Path p = dir.resolve("t.tsv.gz");
        NativeModelFormat.write(model, p);
        byte[] bytes = Files.readAllBytes(p);
        Path cut = dir.resolve("cut.tsv.gz");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        InputException e = assertThrows(InputException.class, () -> NativeModelFormat.read(cut));
        assertTrue(e.getMessage().contains("truncated or corrupt gzip"), e.getMessage());
        assertTrue(e.getMessage().startsWith(cut.toString()), e.getMessage());
    }

    @Test
    void writeLeavesNoPartialFileOnFailure() throws Exception {
        Path target = Files.createDirectory(dir.resolve("sub")).resolve("m.tsv");
        NativeModelFormat.write(Fixtures.randomModel("x", 10, new double[] {1, 1}, 1, 1), target);
        try (var files = Files.list(target.getParent())) {
            assertEquals(1, files.count(), "only the finished file is left");
        }
    }

    private InputException bad(String text) {
        return assertThrows(InputException.class, () -> NativeModelFormat.read(write("bad.tsv", text)));
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static boolean isGzip(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        return (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b;
    }

    static void gzip(Path p, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
