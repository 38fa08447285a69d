package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.Fixtures;
import tmeval.model.TopicModel;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --alpha-file}: read from every file a MALLET user has that carries alpha, and refused where it would change nothing. */
class MalletAlphaTest {
    @TempDir
    Path dir;

    private static ModelLoader.Spec spec(Path model, Path alpha, double beta) {
        return new ModelLoader.Spec(model, alpha, null, false, beta, MatrixModelFormat.Header.AUTO);
    }

    /** The state's {@code #alpha :} line is alpha for the counts and weights files, exact, as {@code --beta-from} reads its beta. */
    @Test
    void theStatesAlphaLineIsReadExactly() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        double beta = MalletBeta.read(f.state());
        TopicModel counts = ModelLoader.read(spec(f.counts(), f.state(), beta));
        assertArrayEquals(f.mallet().alpha, counts.alpha(), 0.0);
        TopicModel weights = ModelLoader.read(spec(f.weights(), f.state(), Double.NaN));
        assertArrayEquals(f.mallet().alpha, weights.alpha(), 0.0);
        // the same model as the alpha file of MALLET's exact values gives
        TopicModel byHand = ModelLoader.read(spec(f.counts(), f.alpha(), beta));
        assertArrayEquals(byHand.alpha(), counts.alpha(), 0.0);
        assertEquals(byHand.phi(0, 0), counts.phi(0, 0), 0.0);
    }

    @Test
    void aStateWithoutAnAlphaLineOrWithABadValueIsNamed() throws Exception {
        Path state = dir.resolve("no-alpha.txt");
        Files.writeString(state, "#doc source pos typeindex type topic\n#beta : 0.01\n0 NA 0 0 a 0\n");
        Path counts = dir.resolve("counts.txt");
        Files.writeString(counts, "0 a 0:3 1:1\n1 b 1:2\n");
        InputException e = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, state, 0.01)));
        assertTrue(e.getMessage().contains("no-alpha.txt") && e.getMessage().contains("#alpha :"), e.getMessage());
        Files.writeString(state, "#doc source pos typeindex type topic\n#alpha : 0.1 x\n#beta : 0.01\n0 NA 0 0 a 0\n");
        e = assertThrows(InputException.class, () -> ModelLoader.read(spec(counts, state, 0.01)));
        assertTrue(e.line() == 2 && e.getMessage().contains("alpha for topic 2"), e.getMessage());
    }

    /** A native model and a MALLET state carry their alpha: an alpha file for them would be read, recorded, and change nothing. */
    @Test
    void anAlphaFileForAModelThatCarriesAlphaIsRefused() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        Path model = dir.resolve("model.tsv");
        NativeModelFormat.write(Fixtures.randomModel("m", 10, new double[] {0.5, 0.5, 0.5}, 0.2, 1), model);
        for (Path carrier : new Path[] {model, f.state()}) {
            InputException e = assertThrows(InputException.class, () -> ModelLoader.read(spec(carrier, f.alpha(), Double.NaN)));
            assertTrue(e.getMessage().contains(carrier.getFileName().toString()) && e.getMessage().contains("--alpha-file")
                    && e.getMessage().contains("#alpha"), e.getMessage());
        }
        // without it both read as before
        assertEquals(3, ModelLoader.read(ModelLoader.Spec.of(model)).numTopics());
        assertEquals(3, ModelLoader.read(ModelLoader.Spec.of(f.state())).numTopics());
    }
}
