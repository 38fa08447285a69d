package tmeval.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Beta for MALLET's counts file read from the files a MALLET user has, never copied by hand. */
class MalletBetaTest {
    @TempDir
    Path dir;

    @Test
    void theStatesBetaLineIsReadExactly() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        assertEquals(f.mallet().beta, MalletBeta.read(f.state()));
        // the counts file read with it is the model read with MALLET's own beta
        var withFile = ModelLoader.read(new ModelLoader.Spec(f.counts(), f.alpha(), null, false, MalletBeta.read(f.state()),
                MatrixModelFormat.Header.AUTO));
        var byHand = ModelLoader.read(new ModelLoader.Spec(f.counts(), f.alpha(), null, false, f.mallet().beta, MatrixModelFormat.Header.AUTO));
        for (int w = 0; w < byHand.numWords(); w++) {
            for (int k = 0; k < byHand.numTopics(); k++) {
                assertEquals(byHand.phi(w, k), withFile.phi(w, k));
            }
        }
    }

    @Test
    void trainTopicsLogGivesItsLastOptimisedBeta() throws Exception {
        Path log = dir.resolve("train.log");
        Files.writeString(log, """
                Coded LDA: 30 topics, 5 topic bits, 11111 topic mask
                <10> LL/token: -9.21
                [beta: 0.01234]\s
                <20> LL/token: -8.90
                [beta: 0,00876]\s
                Total time: 12 seconds
                """);
        assertEquals(0.00876, MalletBeta.read(log), 0);
    }

    @Test
    void filesWithoutBetaNameTheRoute() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        InputException keys = assertThrows(InputException.class, () -> MalletBeta.read(f.keys()));
        assertTrue(keys.getMessage().contains("--output-topic-keys") && keys.getMessage().contains("--alpha-file")
                && keys.getMessage().contains("--output-state"), keys.getMessage());
        Path log = dir.resolve("plain.log");
        Files.writeString(log, "<10> LL/token: -9.21\n");
        InputException none = assertThrows(InputException.class, () -> MalletBeta.read(log));
        assertTrue(none.getMessage().contains("--optimize-interval") && none.getMessage().contains("--beta B"), none.getMessage());
        Path bad = dir.resolve("bad.log");
        Files.writeString(bad, "x\n[beta: 0.5.5]\n");
        InputException badNumber = assertThrows(InputException.class, () -> MalletBeta.read(bad));
        assertTrue(badNumber.getMessage().contains("line 2"), badNumber.getMessage());
    }

    /**
     * A beta that overflows (a state's '#beta : 1e308') is named as such, by the counts route (--beta-from) and by the
     * state read as a model; it was blamed on "topic 1 has no probability mass".
     */
    @Test
    void anOverflowingBetaIsNamedNotBlamedOnATopic() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        String state;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(f.state()))) {
            state = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Path huge = dir.resolve("huge-state.txt");
        Files.writeString(huge, state.replaceFirst("(?m)^#beta : .*$", "#beta : 1e308"));
        assertEquals(1e308, MalletBeta.read(huge));
        InputException counts = assertThrows(InputException.class, () -> ModelLoader.read(new ModelLoader.Spec(f.counts(), f.alpha(), null,
                false, MalletBeta.read(huge), MatrixModelFormat.Header.AUTO)));
        assertTrue(counts.getMessage().contains("beta 1.0E308 overflows") && counts.getMessage().contains(f.counts().toString())
                && !counts.getMessage().contains("probability mass"), counts.getMessage());
        InputException model = assertThrows(InputException.class, () -> ModelLoader.read(ModelLoader.Spec.of(huge)));
        assertTrue(model.getMessage().contains("beta 1.0E308 overflows"), model.getMessage());
    }

    /** A log whose last beta is NaN says so on its line; it was "neither a MALLET state nor a train-topics log". */
    @Test
    void aNotANumberBetaInTheLogIsNamedOnItsLine() throws Exception {
        Path log = dir.resolve("nan.log");
        Files.writeString(log, "<10> LL/token: -9.21\n[beta: 0.01234] \n<20> LL/token: NaN\n[beta: NaN] \n");
        InputException e = assertThrows(InputException.class, () -> MalletBeta.read(log));
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("[beta: NaN]") && e.getMessage().contains("not a finite number")
                && !e.getMessage().contains("neither"), e.getMessage());
    }
}
