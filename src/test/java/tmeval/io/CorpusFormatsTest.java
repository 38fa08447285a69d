package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.Corpus;
import tmeval.model.Vocabulary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorpusFormatsTest {
    @TempDir
    Path dir;

    private static final Vocabulary MODEL_VOCAB = Vocabulary.of(List.of("apple", "banana", "cherry"));

    @Test
    void uciWithEmptyDocumentsAndGzip() throws Exception {
        Files.writeString(dir.resolve("vocab.x.txt"), "apple\nbanana\ndurian\n");
        Path docword = dir.resolve("docword.x.txt.gz");
        NativeModelFormatTest.gzip(docword, "4\n3\n3\n1 1 2\n1 3 1\n3 2 1\n");
        Corpus c = CorpusLoader.read(CorpusLoader.Spec.of(docword));
        assertEquals(2, c.size());
        assertEquals(2, c.droppedDocuments(), "documents 2 and 4 are empty");
        assertArrayEquals(new int[] {0, 0, 2}, c.document(0).tokens());
        assertEquals("3", c.document(1).id());

        Corpus mapped = CorpusLoader.mapOnto(c, MODEL_VOCAB, docword);
        assertEquals(1, mapped.droppedTokens(), "durian is out of vocabulary");
        assertEquals(3, mapped.tokenCount());
    }

    @Test
    void uciErrors() throws Exception {
        Files.writeString(dir.resolve("vocab.y.txt"), "apple\nbanana\n");
        Path docword = dir.resolve("docword.y.txt");
        Files.writeString(docword, "2\n2\n2\n1 1 2\n2 3 1\n");
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(docword)));
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("wordID 3 is out of range"), e.getMessage());
        Files.writeString(docword, "2\n2\n3\n1 1 2\n2 2 1\n");
        e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(docword)));
        assertTrue(e.getMessage().contains("NNZ = 3"), e.getMessage());
        Files.writeString(docword, "2\n2\n2\n2 1 2\n1 2 1\n");
        e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(docword)));
        assertTrue(e.getMessage().contains("not sorted"), e.getMessage());
    }

    @Test
    void ldac() throws Exception {
        Files.writeString(dir.resolve("vocab.txt"), "apple\nbanana\ncherry\n");
        Path dat = dir.resolve("c.dat");
        Files.writeString(dat, "2 0:1 2:2\n0\n1 1:3\n");
        Corpus c = CorpusLoader.read(CorpusLoader.Spec.of(dat));
        assertEquals(2, c.size());
        assertEquals(1, c.droppedDocuments());
        assertArrayEquals(new int[] {0, 2, 2}, c.document(0).tokens());
        assertEquals("3", c.document(1).id());
        Files.writeString(dat, "3 0:1 2:2\n");
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(dat)));
        assertTrue(e.getMessage().contains("M = 3"), e.getMessage());
    }

    @Test
    void tokenLinesAreVerbatim() throws Exception {
        Path t = dir.resolve("tokens.tsv");
        Files.writeString(t, "a\tApple banana apple\nb\t\nc\tcherry kiwi\n");
        Corpus c = CorpusLoader.read(CorpusLoader.Spec.of(t), MODEL_VOCAB);
        assertEquals(2, c.size());
        assertEquals(1, c.droppedDocuments());
        assertEquals(2, c.droppedTokens(), "'Apple' is not 'apple'; kiwi is unknown");
        assertArrayEquals(new int[] {1, 0}, c.document(0).tokens());
        Files.writeString(t, "a\tapple\na\tbanana\n");
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(t)));
        assertEquals(2, e.line());
    }

    @Test
    void rawTextLinesAndDirectoryWithStopList() throws Exception {
        Path lines = dir.resolve("docs.txt");
        Files.writeString(lines, "Apple, BANANA! an apple; the cherry.\n\n42 ?!\nDon't eat the banana\n");
        Path stop = dir.resolve("stop.txt");
        Files.writeString(stop, "# stop words\nthe\n");
        Corpus c = CorpusLoader.read(new CorpusLoader.Spec(lines, CorpusLoader.Format.TEXT, null,
                new Tokenizer.Options(stop, false, null, null, false)));
        assertEquals(2, c.size());
        assertEquals(2, c.droppedDocuments(), "an empty line and one with no word of three letters");
        assertEquals(List.of("apple", "banana", "cherry", "don't", "eat"), c.vocabulary().words());
        Path d = dir.resolve("texts");
        Files.createDirectories(d);
        Files.writeString(d.resolve("b.txt"), "cherry cherry");
        Files.writeString(d.resolve("a.txt"), "apple\nbanana");
        Files.writeString(d.resolve("ignored.md"), "apple");
        Corpus fromDir = CorpusLoader.read(CorpusLoader.Spec.of(d), MODEL_VOCAB);
        assertEquals(2, fromDir.size());
        assertEquals("a", fromDir.document(0).id());
        assertArrayEquals(new int[] {2, 2}, fromDir.document(1).tokens());
    }

    @Test
    void corpusWithNoKnownWordIsAnError() throws Exception {
        Path t = dir.resolve("tokens.tsv");
        Files.writeString(t, "a\tkiwi mango\n");
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(t), MODEL_VOCAB));
        assertTrue(e.getMessage().contains("no word of the corpus"), e.getMessage());
    }

    @Test
    void invalidUtf8NamesTheLine() throws Exception {
        Path t = dir.resolve("tokens.tsv");
        Files.write(t, new byte[] {'a', '\t', 'x', '\n', 'b', '\t', (byte) 0xC3, (byte) 0x28, '\n'});
        InputException e = assertThrows(InputException.class, () -> CorpusLoader.read(CorpusLoader.Spec.of(t)));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void tokenizerFollowsMalletDefaults() {
        List<String> out = new java.util.ArrayList<>();
        new Tokenizer(3, Set.of()).tokenize("Ab cde FGH-ij x9yz élan", out::add);
        assertEquals(List.of("cde", "fgh-ij", "élan"), out);
    }
}
