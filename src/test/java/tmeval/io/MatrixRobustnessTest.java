package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The matrix files that numpy.savetxt and pandas really write: words that look like numbers, commas, quotes, indexes. */
class MatrixRobustnessTest {
    @TempDir
    Path dir;

    private TopicModel read(String text, MatrixModelFormat.Header header) throws Exception {
        return read(text, header, null);
    }

    private TopicModel read(String text, MatrixModelFormat.Header header, Path vocab) throws Exception {
        Path m = dir.resolve("topics.csv");
        Files.writeString(m, text);
        Path a = dir.resolve("alpha.txt");
        Files.writeString(a, "0.5\n");
        return ModelLoader.read(new ModelLoader.Spec(m, a, vocab, false, Double.NaN, header));
    }

    private InputException fails(String text, MatrixModelFormat.Header header) {
        return assertThrows(InputException.class, () -> read(text, header));
    }

    @Test
    void wordsThatLookLikeNumbersStayWords() throws Exception {
        TopicModel m = read("00,0000a0,1e5\n0.5,0.25,0.25\n0.1,0.1,0.8\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("00", "0000a0", "1e5"), m.vocabulary().words());
        // every word looks like a number: the guess is "no header", and the message says how to say otherwise
        String allNumbers = "00,01,1e5\n0.5,0.25,0.25\n0.1,0.1,0.8\n";
        assertTrue(fails(allNumbers, MatrixModelFormat.Header.AUTO).getMessage().contains("--matrix-header yes"));
        assertEquals(List.of("00", "01", "1e5"), read(allNumbers, MatrixModelFormat.Header.YES).vocabulary().words());
        // a word column whose first word looks like a number
        TopicModel vk = read("00\t0.5\t0.1\napple\t0.5\t0.9\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("00", "apple"), vk.vocabulary().words());
        assertEquals(0.9, vk.phi(1, 1));
        // --matrix-header no: the first line is data
        Path v = dir.resolve("vocab.txt");
        Files.writeString(v, "a\nb\nc\n");
        assertEquals(0.5, read("0.25,0.5,0.25\n0.5,0.25,0.25\n", MatrixModelFormat.Header.NO, v).phi(1, 0));
    }

    @Test
    void quotedFieldsFollowRfc4180() throws Exception {
        TopicModel m = read("\"a,b\",\"say \"\"hi\"\"\",c\n0.5,0.25,0.25\n0.1,0.1,0.8\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("a,b", "say \"hi\"", "c"), m.vocabulary().words());
        // quoting is how a space that belongs to the word is kept
        assertEquals(List.of("a", " b"), read("a,\" b\"\n0.5,0.5\n", MatrixModelFormat.Header.AUTO).vocabulary().words());
        InputException open = fails("\"a,b\n0.5,0.5\n", MatrixModelFormat.Header.AUTO);
        assertEquals(1, open.line());
        assertTrue(open.getMessage().contains("quote"), open.getMessage());
        InputException after = fails("\"a\"x,b\n0.5,0.5\n", MatrixModelFormat.Header.AUTO);
        assertTrue(after.getMessage().contains("after the closing quote"), after.getMessage());
    }

    @Test
    void tabSeparatedWithPandasQuoting() throws Exception {
        TopicModel m = read("apple\t\"x\"\"y\"\n0.5\t0.5\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("apple", "x\"y"), m.vocabulary().words());
        InputException tab = fails("\"a\tb\",c\n0.5,0.5\n", MatrixModelFormat.Header.AUTO);
        assertTrue(tab.getMessage().contains("tab"), tab.getMessage());
    }

    @Test
    void surroundingWhitespaceIsAnErrorNamingTheWord() {
        InputException e = fails("apple, banana\n0.5,0.5\n", MatrixModelFormat.Header.AUTO);
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("' banana'") && e.getMessage().contains("whitespace"), e.getMessage());
        InputException col = fails("apple ,0.5\nbanana,0.5\n", MatrixModelFormat.Header.AUTO);
        assertTrue(col.getMessage().contains("'apple '"), col.getMessage());
    }

    @Test
    void pandasIndexIsRecognised() throws Exception {
        // df.to_csv() of a K x V frame: an empty first header cell, rows numbered 0..K-1: refused, saying what to write
        InputException e = fails(",apple,banana\n0,0.5,0.5\n1,0.25,0.75\n", MatrixModelFormat.Header.AUTO);
        assertTrue(e.getMessage().contains("index=False"), e.getMessage());
        // a bare matrix with the index: the shape gives it away
        Path v = dir.resolve("vocab.txt");
        Files.writeString(v, "apple\nbanana\n");
        InputException bare = assertThrows(InputException.class, () -> read("0,0.5,0.5\n1,0.25,0.75\n", MatrixModelFormat.Header.AUTO, v));
        assertTrue(bare.getMessage().contains("index=False"), bare.getMessage());
        // a V x K frame indexed by the words is the word-column layout, its header the topic labels
        TopicModel m = read(",0,1\napple,0.5,0.25\nbanana,0.5,0.75\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("apple", "banana"), m.vocabulary().words());
        assertEquals(0.75, m.phi(1, 1));
        TopicModel labelled = read("word,topic0,topic1\napple,0.5,0.25\nbanana,0.5,0.75\n", MatrixModelFormat.Header.AUTO);
        assertEquals(List.of("apple", "banana"), labelled.vocabulary().words());
    }

    @Test
    void numpySavetxtCommentHeaderIsExplained() {
        InputException e = fails("# apple,banana\n0.5,0.5\n0.5,0.5\n", MatrixModelFormat.Header.AUTO);
        assertTrue(e.getMessage().contains("comments=''"), e.getMessage());
    }
}
