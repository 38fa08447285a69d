package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.model.LibraryNumbers;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library's numbers in a native model file: comment lines that the model reader skips (the model is the same with
 * them or without), read with their values; a file without them carries none; a wrong or missing one is an error naming
 * the file and line.
 */
class LibraryLinesTest {
    @TempDir
    Path dir;

    private static final String WORDS = "#alpha\t0.5\t0.5\napple\t0.5\t0.25\nbanana\t0.5\t0.75\n";
    private static final String BOUND = "# library-bound\tlibrary\tgensim\n# library-bound\tlambda-sums\t10.5\t20\n"
            + "# library-bound\teta\t0.25\n# library-bound\te-step\t50\t0.001\n";

    private Path model(String comments) throws Exception {
        Path p = dir.resolve("m" + System.nanoTime() + ".tsv");
        Files.writeString(p, "#tmeval-model v1\n#name\tm\n" + comments + WORDS);
        return p;
    }

    @Test
    void theLinesAreReadAndTheModelIsTheSameWithThemOrWithout() throws Exception {
        Path with = model(BOUND + "# library-reported\telbo-perplexity\t812.5\t20\t3000\tpyro ProdLDA\n");
        TopicModel plain = NativeModelFormat.read(model(""));
        assertEquals(plain, NativeModelFormat.read(with).withName(plain.name()));
        LibraryNumbers n = LibraryLines.read(with);
        assertEquals(LibraryNumbers.Library.GENSIM, n.variational().library());
        assertArrayEquals(new double[] {10.5, 20}, n.variational().lambdaSums());
        assertEquals(0.25, n.variational().eta(1));
        assertEquals(50, n.variational().iterations());
        assertEquals(0.001, n.variational().tolerance());
        assertEquals(new LibraryNumbers.Reported(LibraryNumbers.Kind.ELBO_PERPLEXITY, 812.5, 20, 3000, "pyro ProdLDA"), n.reported().get(0));
    }

    @Test
    void aFileWithoutThemCarriesNone() throws Exception {
        assertTrue(LibraryLines.read(model("# trained by tmeval train\n")).isEmpty());
        assertTrue(LibraryLines.read(dir).isEmpty(), "a directory (a model series)");
        LibraryNumbers reportedOnly = LibraryLines.read(model("# library-reported\tperplexity\t90\t2\t30\n"));
        assertNull(reportedOnly.variational());
        assertEquals(1, reportedOnly.reported().size());
    }

    @Test
    void aWrongOrIncompleteLineIsAnErrorNamingTheFileAndLine() throws Exception {
        InputException bad = assertThrows(InputException.class, () -> LibraryLines.read(model("# library-bound\teta\t-1\n")));
        assertTrue(bad.getMessage().contains("line 3") && bad.getMessage().contains("eta 1"), bad.getMessage());
        InputException incomplete = assertThrows(InputException.class, () -> LibraryLines.read(model("# library-bound\tlibrary\tgensim\n")));
        assertTrue(incomplete.getMessage().contains("incomplete"), incomplete.getMessage());
        InputException kind = assertThrows(InputException.class, () -> LibraryLines.read(model("# library-reported\telbo\t9\t1\t2\n")));
        assertTrue(kind.getMessage().contains("unknown kind 'elbo'"), kind.getMessage());
        InputException library = assertThrows(InputException.class, () -> LibraryLines.read(model("# library-bound\tlibrary\ttomotopy\n")));
        assertTrue(library.getMessage().contains("scikit-learn and gensim"), library.getMessage());
    }
}
