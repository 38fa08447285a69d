package tmeval.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tmeval.io.MalletFixture;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MALLET's routes on the command line when held-out text has words only MALLET's alphabet knows (imported with
 * {@code --use-pipe-from}): the state says what it cannot know, the counts file takes beta from the state.
 */
class MalletRoutesCliTest {
    @TempDir
    Path dir;

    /** Held-out documents, one with the word only MALLET's alphabet holds (2 of 9 tokens). */
    private Path heldOut() throws Exception {
        Path corpus = dir.resolve("heldout.tsv");
        Files.writeString(corpus, "h1\tapple banana " + MalletFixture.UNUSED + " cherry " + MalletFixture.UNUSED + "\nh2\tdate elder fig date\n");
        return corpus;
    }

    @Test
    void theStateRouteSaysMalletMayScoreTheWordsItLacksAndNamesTheWholeAlphabetRoute() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        Path corpus = heldOut();
        CliTest.Outcome drop = CliTest.run("estimate", "--model", f.state().toString(), "--corpus", corpus.toString(), "--method", "is-prior",
                "--samples", "10", "--out", dir.resolve("e.tsv").toString());
        assertEquals(0, drop.code(), drop.err());
        assertTrue(drop.out().contains("out-of-vocabulary: 2 of 9 tokens"), drop.out());
        assertTrue(drop.out().contains("MALLET's alphabet may hold them") && drop.out().contains("--use-pipe-from")
                && drop.out().contains("--word-topic-counts-file") && drop.out().contains("--topic-word-weights-file"), drop.out());

        // smooth on the state is true: it does not claim the whole alphabet, and says the words are dropped
        CliTest.Outcome smooth = CliTest.run("info", "--model", f.state().toString(), "--corpus", corpus.toString(), "--unknown-words", "smooth");
        assertEquals(0, smooth.code(), smooth.err());
        assertFalse(smooth.out().contains("holds MALLET's whole alphabet"), smooth.out());
        assertTrue(smooth.out().contains("only the 6 words its training tokens use") && smooth.out().contains("dropped, not smoothed"), smooth.out());

        // the counts route carries the alphabet: nothing unknown, no note, and smooth's line is the whole-alphabet one
        CliTest.Outcome counts = CliTest.run("info", "--model", f.counts().toString(), "--alpha-file", f.alpha().toString(),
                "--beta-from", f.state().toString(), "--corpus", corpus.toString(), "--unknown-words", "smooth");
        assertEquals(0, counts.code(), counts.err());
        assertTrue(counts.out().contains("out-of-vocabulary: 0 of 9 tokens"), counts.out());
        assertTrue(counts.out().contains("holds MALLET's whole alphabet") && !counts.out().contains("note:"), counts.out());
    }

    @Test
    void theCountsRouteTakesBetaFromTheStateAndGivesTheSameResultsAsTheNumber() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        Path corpus = heldOut();
        Path byHand = dir.resolve("hand.tsv");
        Path fromState = dir.resolve("state.tsv");
        String[] common = {"estimate", "--model", f.counts().toString(), "--alpha-file", f.alpha().toString(), "--corpus", corpus.toString(),
                "--method", "lr", "--particles", "5", "--no-timing"};
        CliTest.Outcome hand = CliTest.run(concat(common, "--beta", Double.toString(f.mallet().beta), "--out", byHand.toString()));
        assertEquals(0, hand.code(), hand.err());
        CliTest.Outcome state = CliTest.run(concat(common, "--beta-from", f.state().toString(), "--out", fromState.toString()));
        assertEquals(0, state.code(), state.err());
        assertEquals(CliTest.table(byHand), CliTest.table(fromState));
        assertTrue(Files.readString(fromState).contains("beta-from"), "the file beta came from is an input of the provenance");

        CliTest.Outcome both = CliTest.run(concat(common, "--beta", "0.01", "--beta-from", f.state().toString(), "--out", byHand.toString()));
        assertEquals(2, both.code(), both.err());
        CliTest.Outcome keys = CliTest.run(concat(common, "--beta-from", f.keys().toString(), "--out", byHand.toString()));
        assertEquals(1, keys.code());
        assertTrue(keys.err().contains("carries alpha") && keys.err().contains(f.keys().toString()), keys.err());
        CliTest.Outcome missing = CliTest.run(concat(common, "--out", byHand.toString()));
        assertTrue(missing.code() == 1 && missing.err().contains("--beta-from FILE"), missing.err());
    }

    /**
     * The state is alpha's file as it is beta's: the counts file with {@code --alpha-file state.gz --beta-from state.gz}
     * gives the rows the exact alpha file gives (before, "alpha value 1 '#doc' is not a number"). An alpha file for a
     * model that carries its alpha (native or a state) is refused naming the option as the command calls it (before, it was
     * ignored and still recorded as an input).
     */
    @Test
    void theStateIsAnAlphaFileAndAnAlphaFileForAModelWithAlphaIsRefused() throws Exception {
        MalletFixture.Files f = MalletFixture.write(dir);
        Path corpus = heldOut();
        Path exact = dir.resolve("exact.tsv");
        Path fromState = dir.resolve("from-state.tsv");
        String[] common = {"estimate", "--model", f.counts().toString(), "--beta-from", f.state().toString(), "--corpus", corpus.toString(),
                "--method", "lr", "--particles", "5", "--no-timing"};
        CliTest.Outcome byValues = CliTest.run(concat(common, "--alpha-file", f.alpha().toString(), "--out", exact.toString()));
        assertEquals(0, byValues.code(), byValues.err());
        CliTest.Outcome byState = CliTest.run(concat(common, "--alpha-file", f.state().toString(), "--out", fromState.toString()));
        assertEquals(0, byState.code(), byState.err());
        assertEquals(CliTest.table(exact), CliTest.table(fromState));

        Path out = dir.resolve("refused.tsv");
        CliTest.Outcome state = CliTest.run("estimate", "--model", f.state().toString(), "--alpha-file", f.alpha().toString(),
                "--corpus", corpus.toString(), "--method", "lr", "--particles", "5", "--out", out.toString());
        assertEquals(1, state.code(), state.out());
        assertTrue(state.err().contains("--alpha-file applies only to") && state.err().contains(f.state().toString()), state.err());
        CliTest.Outcome side = CliTest.run("compare", "--model-a", f.state().toString(), "--model-b", f.counts().toString(),
                "--alpha-file-a", f.alpha().toString(), "--alpha-file-b", f.alpha().toString(), "--beta-from-b", f.state().toString(),
                "--corpus", corpus.toString(), "--method", "lr-diff", "--out", out.toString());
        assertEquals(1, side.code(), side.err());
        assertTrue(side.err().contains("--alpha-file-a applies only to"), side.err());
        assertFalse(Files.exists(out), "nothing is written");
    }

    static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
