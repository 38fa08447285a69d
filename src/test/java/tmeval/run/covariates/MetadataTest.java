package tmeval.run.covariates;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A metadata file read exactly, and each way it can be wrong named by file, line and problem. */
class MetadataTest {
    @TempDir
    Path dir;

    private Path write(String text) throws IOException {
        Path p = dir.resolve("meta.tsv");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void columnsAreNumericWhenEveryValueIsAFiniteNumberAndEmptyValuesAreMissing() throws Exception {
        Metadata m = Metadata.read(write("# made by hand\ndocId\tyear\tsource\tscore\tflag\n"
                + "d1\t2001\tnews\t1.5e3\tNaN\n"
                + "\n"
                + "d2\t-3\tblog\t\tInfinity\n"
                + "d3\t.5\t7\t+2.\t1\n"));
        assertEquals(List.of("d1", "d2", "d3"), m.ids());
        Covariate year = m.columns().get(0);
        assertTrue(year.numeric());
        assertEquals(Map.of("d1", 2001.0, "d2", -3.0, "d3", 0.5), year.numbers());
        Covariate source = m.columns().get(1);
        assertFalse(source.numeric(), "a column with one word in it is categorical");
        assertEquals(Map.of("d1", "news", "d2", "blog", "d3", "7"), source.levels());
        Covariate score = m.columns().get(2);
        assertTrue(score.numeric());
        assertEquals(Map.of("d1", 1500.0, "d3", 2.0), score.numbers());
        assertFalse(score.has("d2"), "an empty value is missing");
        assertFalse(m.columns().get(3).numeric(), "NaN and Infinity are not finite numbers: text");
        assertEquals("meta.tsv", year.source());
        assertEquals(1, m.unlisted(List.of("d1", "d9")));
    }

    @Test
    void errorsNameTheFileTheLineAndTheProblem() throws Exception {
        assertError("docId\tx\nd1\t1\nd2\t2\nd1\t3\n", 4, "document 'd1' is listed twice (first on line 2)");
        assertError("docId\tx\td\nd1\t1\t2\nd2\t2\n", 3, "the header has 3 tab-separated columns, this line has 2");
        assertError("docId\tx\nd1\t1\t5\n", 2, "this line has 3");
        assertError("docId\tx\n\t1\n", 2, "a line needs a document id");
        assertError("docId\n", 1, "at least one covariate");
        assertError("docId\tx\tx\n", 1, "two columns are named 'x'");
        assertError("docId\tx\t\n", 1, "column 3 of the header has no name");
        assertError("", 0, "empty");
        assertError("docId\tx\n", 0, "a header and no document");
    }

    private void assertError(String text, long line, String problem) throws IOException {
        Path p = write(text);
        InputException e = assertThrows(InputException.class, () -> Metadata.read(p));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
    }
}
