package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.FamilyFixtures;
import tmeval.model.DirichletPrior;
import tmeval.model.LogisticNormalPrior;
import tmeval.model.ProductDecoder;
import tmeval.model.TopicModel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The native format's logistic-normal prior and product decoder (issue 37, item 1): read, written, refused with their line. */
class ModelFamilyFormatTest {
    @TempDir
    Path dir;

    /** The issue's example layout: a logistic-normal prior of D = K - 1 with a full covariance, a product decoder. */
    private static final String PRODUCT_FULL = "#tmeval-model v1\n#name\tprod\n#prior logistic-normal\n#mu 0.5 -0.25\n"
            + "#cov 1.0 0.3\n#cov 0.3 2.0\n#decoder product\n"
            + "apple\t1.5\t-0.5\t0.25\t0.1\nbanana\t-1\t2\t0\t-0.2\ncherry\t0\t0\t0\t0\n";

    private static final String MIXTURE_DIAGONAL = "#tmeval-model v1\n#name\tctm\n#prior\tlogistic-normal\n#mu\t0.1\t0.2\n#var\t1.5\t0.5\n"
            + "apple\t0.25\t0.5\nbanana\t0.75\t0.5\n";

    @Test
    void readsTheIssuesLayoutWithSpacesOrTabs() throws Exception {
        TopicModel m = NativeModelFormat.read(write("p.tsv", PRODUCT_FULL));
        assertEquals(3, m.numTopics());
        assertFalse(m.isLda());
        LogisticNormalPrior prior = (LogisticNormalPrior) m.prior();
        assertEquals(2, prior.dimension());
        assertTrue(prior.hasReferenceTopic());
        assertArrayEquals(new double[] {1.0, 0.3, 0.3, 2.0}, prior.covariance(), 0);
        ProductDecoder decoder = (ProductDecoder) m.decoder();
        assertEquals(-0.5, decoder.weight(0, 1));
        assertEquals(-0.2, decoder.bias(1));
        assertEquals("logistic-normal (D = K - 1, full covariance) prior, product decoder", m.family());

        TopicModel d = NativeModelFormat.read(write("m.tsv", MIXTURE_DIAGONAL));
        assertEquals(2, d.numTopics());
        assertEquals(0.75, d.phi(1, 0));
        assertFalse(((LogisticNormalPrior) d.prior()).hasReferenceTopic());
        assertTrue(((LogisticNormalPrior) d.prior()).isDiagonal());
    }

    /** The issue writes its lines with spaces: a word line without a tab is split at spaces, for every family. */
    @Test
    void wordLinesWrittenWithSpacesRead() throws Exception {
        TopicModel tabs = NativeModelFormat.read(write("t.tsv", PRODUCT_FULL));
        TopicModel spaces = NativeModelFormat.read(write("t.tsv", PRODUCT_FULL.replace('\t', ' ').replace("#name prod", "#name\tprod")));
        assertEquals(tabs, spaces);
        TopicModel lda = NativeModelFormat.read(write("l.tsv", "#tmeval-model v1\n#name\tl\n#alpha\t0.5\t1.5\napple 0.25  0.5\nbanana\t0.75\t0.5\n"));
        assertEquals(0.25, lda.phi(0, 0));
        InputException e = bad("#tmeval-model v1\n#alpha\t0.5\t1.5\napple 0.25\nbanana\t0.75\t0.5\n");
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("expected a word and 2 probabilities"), e.getMessage());
    }

    @Test
    void everyFamilyRoundTripsExactly() throws Exception {
        for (FamilyFixtures.Shape shape : FamilyFixtures.allShapes()) {
            TopicModel model = FamilyFixtures.model(shape.toString(), shape, 12, 1.3, 5);
            for (String name : new String[] {"f.tsv", "f.tsv.gz"}) {
                Path p = dir.resolve(name);
                NativeModelFormat.write(model, p);
                assertEquals(model, NativeModelFormat.read(p), shape + " " + name);
            }
        }
        // a Dirichlet prior with a product decoder is a family too
        TopicModel dirichletProduct = new TopicModel("dp", tmeval.Fixtures.vocabulary(2), new DirichletPrior(new double[] {0.5, 2}),
                new ProductDecoder(new double[] {1, -1, 0.5, 0.25}, new double[] {0, 1e-300}, 2));
        Path p = dir.resolve("dp.tsv");
        NativeModelFormat.write(dirichletProduct, p);
        assertEquals(dirichletProduct, NativeModelFormat.read(p));
        assertTrue(Files.readString(p).contains("#decoder\tproduct\n#alpha\t0.5\t2.0\n"));
    }

    @Test
    void aModelWithoutTheNewLinesIsTodaysLda() throws Exception {
        TopicModel m = NativeModelFormat.read(write("lda.tsv", "#tmeval-model v1\n#alpha\t0.5\t1.5\napple\t0.25\t0.5\nbanana\t0.75\t0.5\n"));
        assertTrue(m.isLda());
        assertEquals("LDA", m.family());
        // #decoder mixture and #prior dirichlet say the same in words
        TopicModel named = NativeModelFormat.read(write("lda2.tsv", "#tmeval-model v1\n#prior dirichlet\n#decoder mixture\n#alpha\t0.5\t1.5\n"
                + "apple\t0.25\t0.5\nbanana\t0.75\t0.5\n"));
        assertEquals(m.withName("lda2"), named);
    }

    @Test
    void aCovarianceThatIsNotPositiveDefiniteIsRefusedAtItsLastLine() {
        InputException e = bad(PRODUCT_FULL.replace("#cov 0.3 2.0", "#cov 0.3 0.05"));
        assertEquals(6, e.line());
        assertTrue(e.getMessage().contains("not positive definite"), e.getMessage());
        InputException negative = bad(MIXTURE_DIAGONAL.replace("#var\t1.5\t0.5", "#var\t1.5\t-0.5"));
        assertEquals(5, negative.line());
        assertTrue(negative.getMessage().contains("variance 2 is -0.5"), negative.getMessage());
        InputException asymmetric = bad(PRODUCT_FULL.replace("#cov 0.3 2.0", "#cov 0.31 2.0"));
        assertTrue(asymmetric.getMessage().contains("not symmetric"), asymmetric.getMessage());
    }

    @Test
    void aDimensionThatIsNeitherKNorKMinusOneIsRefusedAtTheFirstWordLine() {
        // D = 2 from #mu, but each line holds 4 weights and c: K = 4
        InputException e = bad(PRODUCT_FULL.replace("apple\t1.5\t-0.5\t0.25\t0.1", "apple\t1.5\t-0.5\t0.25\t9\t0.1"));
        assertEquals(8, e.line());
        assertTrue(e.getMessage().contains("K = 4") && e.getMessage().contains("D = 2"), e.getMessage());
        InputException later = bad(PRODUCT_FULL.replace("banana\t-1\t2\t0\t-0.2", "banana\t-1\t2\t-0.2"));
        assertEquals(9, later.line());
        assertTrue(later.getMessage().contains("expected a word and 3 weights B(w, k) and a bias c(w)"), later.getMessage());
        InputException cov = bad(PRODUCT_FULL.replace("#cov 0.3 2.0", "#cov 0.3 2.0 1"));
        assertEquals(6, cov.line());
        assertTrue(cov.getMessage().contains("3 values, expected D = 2"), cov.getMessage());
    }

    @Test
    void missingLinesAreNamed() {
        InputException noMu = bad("#tmeval-model v1\n#prior logistic-normal\n#var 1 1\napple\t0.5\t0.5\n");
        assertEquals(3, noMu.line());
        assertTrue(noMu.getMessage().contains("before the #mu line"), noMu.getMessage());
        InputException noCov = bad(PRODUCT_FULL.replace("#cov 0.3 2.0\n", ""));
        assertEquals(7, noCov.line());
        assertTrue(noCov.getMessage().contains("1 of D = 2 '#cov' lines"), noCov.getMessage());
        InputException atEnd = bad("#tmeval-model v1\n#prior logistic-normal\n#mu 0 0\n");
        assertEquals(0, atEnd.line(), atEnd.getMessage());
        assertTrue(atEnd.getMessage().contains("covariance") && atEnd.getMessage().contains("incomplete"), atEnd.getMessage());
        InputException noPrior = bad("#tmeval-model v1\n#mu 0 0\n#var 1 1\napple\t0.5\t0.5\n");
        assertEquals(2, noPrior.line());
        assertTrue(noPrior.getMessage().contains("without a '#prior logistic-normal' line"), noPrior.getMessage());
        InputException noWords = bad("#tmeval-model v1\n#prior logistic-normal\n#mu 0\n#var 1\n");
        assertTrue(noWords.getMessage().contains("no word lines"), noWords.getMessage());
    }

    @Test
    void alphaTogetherWithALogisticNormalPriorIsRefusedWhereverItStands() {
        InputException before = bad(MIXTURE_DIAGONAL.replace("#mu", "#alpha\t1\t1\n#mu"));
        assertEquals(4, before.line());
        assertTrue(before.getMessage().contains("#alpha line with '#prior logistic-normal'"), before.getMessage());
        InputException after = bad(MIXTURE_DIAGONAL.replace("apple", "#alpha\t1\t1\napple"));
        assertEquals(6, after.line());
        assertTrue(after.getMessage().contains("#alpha line with '#prior logistic-normal'"), after.getMessage());
        InputException priorAfterAlpha = bad("#tmeval-model v1\n#alpha\t1\t1\n#prior logistic-normal\napple\t0.5\t0.5\n");
        assertEquals(3, priorAfterAlpha.line());
        assertTrue(priorAfterAlpha.getMessage().contains("not both"), priorAfterAlpha.getMessage());
    }

    @Test
    void notANumberAnywhereIsRefusedWithItsLine() {
        InputException mu = bad(PRODUCT_FULL.replace("#mu 0.5", "#mu NaN"));
        assertEquals(4, mu.line());
        assertTrue(mu.getMessage().contains("mu_1 'NaN' is not a number"), mu.getMessage());
        InputException cov = bad(PRODUCT_FULL.replace("#cov 0.3 2.0", "#cov 0.3 Infinity"));
        assertEquals(6, cov.line());
        InputException b = bad(PRODUCT_FULL.replace("-0.5", "NaN"));
        assertEquals(8, b.line());
        assertTrue(b.getMessage().contains("B('apple', 2) 'NaN' is not a number"), b.getMessage());
        InputException c = bad(PRODUCT_FULL.replace("0.25\t0.1", "0.25\tnan"));
        assertTrue(c.getMessage().contains("c('apple')"), c.getMessage());
        InputException decoder = bad(PRODUCT_FULL.replace("#decoder product", "#decoder products"));
        assertEquals(7, decoder.line());
        assertTrue(decoder.getMessage().contains("'product' or 'mixture'"), decoder.getMessage());
    }

    @Test
    void lineIntoAWordOfAnLdaStaysAWord() throws Exception {
        // after #alpha a line that parses as a word line is a word, whatever it starts with (as before)
        TopicModel m = NativeModelFormat.read(write("w.tsv", "#tmeval-model v1\n#alpha\t1\t1\n#mu\t0.5\t0.5\n#var\t0.5\t0.5\n"));
        assertEquals(java.util.List.of("#mu", "#var"), m.vocabulary().words());
    }

    @Test
    void theAccessorsOfLdasPartsRefuseAModelWithoutThem() throws Exception {
        TopicModel product = NativeModelFormat.read(write("p.tsv", PRODUCT_FULL));
        IllegalArgumentException alpha = assertThrows(IllegalArgumentException.class, product::alpha);
        assertTrue(alpha.getMessage().contains("no Dirichlet alpha"), alpha.getMessage());
        IllegalArgumentException phi = assertThrows(IllegalArgumentException.class, () -> product.phi(0, 0));
        assertTrue(phi.getMessage().contains("no mixture of topics"), phi.getMessage());
        TopicModel mixture = NativeModelFormat.read(write("m.tsv", MIXTURE_DIAGONAL));
        assertEquals(0.25, mixture.phi(0, 0));
        assertThrows(IllegalArgumentException.class, mixture::alphaSum);
        // top words of a product topic by B(w, k) + c(w): apple 1.6, banana -0.8, cherry 0
        assertArrayEquals(new int[] {0, 2, 1}, product.topWords(0, 3));
    }

    private InputException bad(String text) {
        return assertThrows(InputException.class, () -> NativeModelFormat.read(write("bad.tsv", text)));
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }
}
